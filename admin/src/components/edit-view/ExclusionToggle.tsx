/**
 * The checkbox that leaves an entry out of the sitemap: per locale for a type with i18n (the exclusions service
 * keeps both); a whole-document exclusion shows as ticked too.
 */
import * as React from 'react';
import { Checkbox, Flex, Typography } from '@strapi/design-system';
import { useAPIErrorHandler, useNotification } from '@strapi/strapi/admin';
import type { EntryStatus, ExclusionTarget } from '../../api/sitemap';
import { useTranslate } from '../../hooks/useTranslate';

export interface ExclusionToggleProps {
  status: Extract<EntryStatus, { mapped: true }>;
  locale: string | null;
  localeName: string | null;
  onChanged: () => Promise<void>;
  exclude: (target: ExclusionTarget) => Promise<unknown>;
  include: (target: ExclusionTarget) => Promise<unknown>;
}

export const ExclusionToggle = ({
  status,
  locale,
  localeName,
  onChanged,
  exclude,
  include,
}: ExclusionToggleProps) => {
  const { t } = useTranslate();
  const { toggleNotification } = useNotification();
  const { formatAPIError } = useAPIErrorHandler();
  const [saving, setSaving] = React.useState(false);
  const hintId = React.useId();
  const wholeDocument = status.exclusions.some((exclusion) => exclusion.locale === null);
  const thisLocale =
    locale !== null && status.exclusions.some((exclusion) => exclusion.locale === locale);
  const checked = wholeDocument || thisLocale;
  // Unticking removes the exclusion that is there; ticking excludes this locale (or the document without i18n).
  const target: ExclusionTarget = {
    contentType: status.contentType,
    documentId: status.documentId,
    ...(locale !== null && !wholeDocument ? { locale } : {}),
  };

  const change = async (next: boolean) => {
    setSaving(true);
    try {
      if (next) await exclude(target);
      else await include(target);
      toggleNotification({
        type: 'success',
        message: next
          ? t(
              'editView.exclude.done',
              'Excluded from the sitemap. The sitemap is updated within seconds.'
            )
          : t(
              'editView.include.done',
              'Included in the sitemap again. The sitemap is updated within seconds.'
            ),
      });
      await onChanged();
    } catch (error) {
      toggleNotification({
        type: 'danger',
        message: `${t('editView.exclude.failed', 'The change could not be saved.')} ${formatAPIError(error as any)}`,
      });
    } finally {
      setSaving(false);
    }
  };

  const hint = wholeDocument
    ? t(
        'editView.exclude.hint.wholeDocument',
        'The whole entry is excluded, in every locale. Untick to include it again.'
      )
    : locale !== null
      ? t('editView.exclude.hint.locale', 'Applies to this locale only: {locale}.', {
          locale: localeName ?? locale,
        })
      : t(
          'editView.exclude.hint.document',
          'Leaves this entry out of the sitemap without changing its content.'
        );

  return (
    <Flex direction="column" alignItems="stretch" gap={1}>
      <Checkbox
        checked={checked}
        disabled={saving}
        aria-describedby={hintId}
        onCheckedChange={(value) => change(value === true)}
      >
        {t('editView.exclude.label', 'Exclude from the sitemap')}
      </Checkbox>
      <Typography id={hintId} variant="pi" textColor="neutral600">
        {hint}
      </Typography>
    </Flex>
  );
};
