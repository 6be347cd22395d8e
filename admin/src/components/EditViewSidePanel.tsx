/**
 * The content manager's side panel for types mapped in the sitemap: per locale, the entry's URL,
 * whether the published sitemap lists it and in which file, or why not; and, for admins with the
 * settings permission, a checkbox that excludes the entry (or this locale of it).
 * A panel is a description component: it may use hooks, and returns null to stay hidden.
 */
import * as React from 'react';
import { useIntl } from 'react-intl';
import { Badge, Box, Button, Checkbox, Flex, Link, Typography } from '@strapi/design-system';
import { useAPIErrorHandler, useNotification, useRBAC } from '@strapi/strapi/admin';
import { useSitemapApi, type EntryLocaleStatus, type EntryState, type EntryStatus, type ExclusionTarget } from '../api/sitemap';
import { useSitemapQuery } from '../hooks/useSitemapQuery';
import { describeQueryError } from '../utils/query-state';
import { PERMISSIONS } from '../permissions';
import { getTranslation } from '../utils/translations';
import { ENTRY_STATE_LABELS } from '../utils/entry-states';

/** The props the content manager gives every side panel (its PanelComponentProps). */
export interface EditViewPanelProps {
  model: string;
  collectionType: string;
  activeTab: 'draft' | 'published' | null;
  documentId?: string;
  document?: { documentId?: string; locale?: string | null; updatedAt?: string; publishedAt?: string | null; [key: string]: unknown };
  meta?: { availableStatus?: unknown[]; availableLocales?: unknown[]; [key: string]: unknown };
}

type Translate = (id: string, defaultMessage: string, values?: Record<string, React.ReactNode>) => React.ReactNode;

/** While a change waits to be written, the status is read again this often. */
const POLL_MS = 2_000;
const CHECKED_PERMISSIONS = [...PERMISSIONS.read, ...PERMISSIONS.settingsUpdate];

const BADGE_VARIANT: Record<EntryState, 'success' | 'secondary' | 'warning' | 'neutral' | 'danger'> = {
  listed: 'success',
  pending: 'secondary',
  'not-listed': 'warning',
  'draft-only': 'neutral',
  'filtered-out': 'neutral',
  excluded: 'neutral',
  'pattern-unfilled': 'danger',
};


function useTranslate(): Translate {
  const { formatMessage } = useIntl();
  return React.useCallback(
    (id, defaultMessage, values) => formatMessage({ id: getTranslation(id), defaultMessage }, values as Record<string, string>),
    [formatMessage]
  );
}

/** The status of one document: read again when the edited version changes, and while a change waits to be written. */
function useEntryStatus(contentType: string, documentId: string | undefined, enabled: boolean, versionKey: string) {
  const api = useSitemapApi();
  const fetchStatus = React.useCallback(
    (signal: AbortSignal) => api.entryStatus({ contentType, documentId: documentId ?? '' }, { signal }),
    [api, contentType, documentId]
  );
  const key = enabled && documentId ? JSON.stringify([contentType, documentId]) : null;
  const { data: status, error, reload } = useSitemapQuery(key, fetchStatus, {
    refresh: versionKey,
    pollMs: POLL_MS,
    pollWhile: (current) => Boolean(current?.mapped && current.locales.some((row) => row.pending || row.state === 'pending')),
  });
  return { status, failed: Boolean(error), problem: describeQueryError(error), load: reload, exclude: api.exclude, include: api.include };
}

const useLocaleName = () => {
  const { formatDisplayName } = useIntl();
  return (code: string) => {
    try {
      const name = formatDisplayName(code, { type: 'language' });
      return name && name !== code ? `${name} (${code})` : code;
    } catch {
      return code;
    }
  };
};

/** What one version's state means, in words (never by color alone). */
function explanation(row: EntryLocaleStatus, t: Translate) {
  const fileLink = row.file ? (
    <Link href={row.fileUrl ?? undefined} isExternal>
      {row.file}
    </Link>
  ) : null;
  switch (row.state) {
    case 'listed':
      return t('editView.explain.listed', 'In the published sitemap, in the file {file}.', { file: fileLink });
    case 'pending':
      return t('editView.explain.pending', 'Published: it is added to the sitemap as soon as the waiting change is written, usually within seconds.');
    case 'draft-only':
      return row.draftUrl
        ? t('editView.explain.draft-only', 'Only a draft exists, and drafts are not in the sitemap. Once published, it will be listed at {url}.', { url: <code>{row.draftUrl}</code> })
        : t('editView.explain.draft-only.unfilled', 'Only a draft exists, and drafts are not in the sitemap. Its URL pattern cannot be filled yet either.');
    case 'filtered-out':
      return t('editView.explain.filtered-out', 'Published, but it does not match the filters set for this content type in the sitemap settings.');
    case 'excluded':
      return row.excludedBy === 'document'
        ? t('editView.explain.excluded.document', 'Excluded from the sitemap, in every locale.')
        : t('editView.explain.excluded.locale', 'Excluded from the sitemap, in this locale only.');
    case 'pattern-unfilled':
      return t('editView.explain.pattern-unfilled', 'The URL pattern {pattern} cannot be filled: {field} is empty, or its relation is missing. Fill it, then publish.', {
        pattern: <code>{row.reason?.pattern ?? ''}</code>,
        field: <code>{row.reason?.field ?? ''}</code>,
      });
    default:
      if (row.reason?.rule === 'url-too-long') return t('editView.explain.url-too-long', 'Its URL is 2,048 characters or longer, which search engines ignore. Shorten the field the pattern uses.');
      if (row.reason?.rule === 'url-duplicate') return t('editView.explain.url-duplicate', 'Its URL is the same as the one of another locale of this entry. Make the URL pattern unique, e.g. with [locale].');
      return t('editView.explain.not-listed', 'Not in the published sitemap yet. It is added at the next generation; if it stays out, see the validation warnings on the Sitemap page.');
  }
}

const LocaleStatus = ({ row, heading, t }: { row: EntryLocaleStatus; heading: string | null; t: Translate }) => {
  const stillInFile = row.state !== 'listed' && row.file;
  return (
    <Flex direction="column" alignItems="stretch" gap={1} tag="li">
      <Flex gap={2} wrap="wrap">
        {heading ? (
          <Typography variant="omega" fontWeight="bold" tag="h3">
            {heading}
          </Typography>
        ) : null}
        <Badge variant={BADGE_VARIANT[row.state]}>{t(`editView.state.${row.state}`, ENTRY_STATE_LABELS[row.state])}</Badge>
      </Flex>
      {row.url ? (
        <Typography variant="pi" textColor="neutral700" style={{ overflowWrap: 'anywhere' }}>
          {t('editView.url', 'URL: {url}', {
            url: (
              <Link href={row.url} isExternal>
                {row.url}
              </Link>
            ),
          })}
        </Typography>
      ) : null}
      <Typography variant="pi" textColor="neutral700" style={{ overflowWrap: 'anywhere' }}>
        {explanation(row, t)}
      </Typography>
      {stillInFile ? (
        <Typography variant="pi" textColor="neutral600">
          {t('editView.stillInFile', 'Still in {file} until the waiting change is written.', {
            file: (
              <Link href={row.fileUrl ?? undefined} isExternal>
                {row.file}
              </Link>
            ),
          })}
        </Typography>
      ) : null}
      {row.pending && row.state === 'listed' ? (
        <Typography variant="pi" textColor="neutral600">
          {t('editView.pendingChange', 'A change to this entry is waiting to be written into the sitemap.')}
        </Typography>
      ) : null}
    </Flex>
  );
};

interface ToggleProps {
  status: Extract<EntryStatus, { mapped: true }>;
  locale: string | null;
  localeName: string | null;
  onChanged: () => Promise<void>;
  exclude: (target: ExclusionTarget) => Promise<unknown>;
  include: (target: ExclusionTarget) => Promise<unknown>;
  t: Translate;
}

/** Per locale for a type with i18n (the exclusions service keeps both); a whole-document exclusion shows as ticked too. */
const ExclusionToggle = ({ status, locale, localeName, onChanged, exclude, include, t }: ToggleProps) => {
  const { toggleNotification } = useNotification();
  const { formatAPIError } = useAPIErrorHandler();
  const [saving, setSaving] = React.useState(false);
  const hintId = React.useId();
  const wholeDocument = status.exclusions.some((exclusion) => exclusion.locale === null);
  const thisLocale = locale !== null && status.exclusions.some((exclusion) => exclusion.locale === locale);
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
        message: String(
          next
            ? t('editView.exclude.done', 'Excluded from the sitemap. The sitemap is updated within seconds.')
            : t('editView.include.done', 'Included in the sitemap again. The sitemap is updated within seconds.')
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
    ? t('editView.exclude.hint.wholeDocument', 'The whole entry is excluded, in every locale. Untick to include it again.')
    : locale !== null
      ? t('editView.exclude.hint.locale', 'Applies to this locale only: {locale}.', { locale: localeName ?? locale })
      : t('editView.exclude.hint.document', 'Leaves this entry out of the sitemap without changing its content.');

  return (
    <Flex direction="column" alignItems="stretch" gap={1}>
      <Checkbox checked={checked} disabled={saving} aria-describedby={hintId} onCheckedChange={(value) => change(value === true)}>
        {t('editView.exclude.label', 'Exclude from the sitemap')}
      </Checkbox>
      <Typography id={hintId} variant="pi" textColor="neutral600">
        {hint}
      </Typography>
    </Flex>
  );
};

export const PanelContent = ({
  status,
  failed,
  problem,
  currentLocale,
  canExclude,
  reload,
  exclude,
  include,
}: {
  status: EntryStatus | null;
  failed: boolean;
  /** Why the status could not be read, when the admin can do something about it. */
  problem?: string | null;
  currentLocale: string | null;
  canExclude: boolean;
  reload: () => Promise<void>;
  exclude: (target: ExclusionTarget) => Promise<unknown>;
  include: (target: ExclusionTarget) => Promise<unknown>;
}) => {
  const t = useTranslate();
  const localeName = useLocaleName();
  if (failed || !status || !status.mapped) {
    return (
      <Flex direction="column" alignItems="flex-start" gap={2}>
        <Typography variant="pi" textColor="danger600" role="alert">
          {t('editView.error', 'The sitemap status of this entry could not be loaded.')}
        </Typography>
        {problem ? (
          <Typography variant="pi" textColor="neutral600">
            {problem}
          </Typography>
        ) : null}
        <Button variant="tertiary" size="S" onClick={() => reload()}>
          {t('editView.retry', 'Try again')}
        </Button>
      </Flex>
    );
  }
  // The locale being edited first: it is the one the editor came for.
  const rows = [...status.locales].sort((a, b) => Number(b.locale === currentLocale) - Number(a.locale === currentLocale));
  return (
    <Flex direction="column" alignItems="stretch" gap={4} width="100%">
      {rows.length === 0 ? (
        <Typography variant="pi">{t('editView.empty', 'This entry has no version yet.')}</Typography>
      ) : (
        <Box tag="ul" aria-label={String(t('editView.locales', 'Sitemap status per locale'))}>
          <Flex direction="column" alignItems="stretch" gap={3}>
            {rows.map((row) => (
              <LocaleStatus key={row.locale ?? ''} row={row} heading={status.localized && row.locale ? localeName(row.locale) : null} t={t} />
            ))}
          </Flex>
        </Box>
      )}
      {canExclude ? (
        <ExclusionToggle
          status={status}
          locale={status.localized ? currentLocale : null}
          localeName={currentLocale ? localeName(currentLocale) : null}
          onChanged={reload}
          exclude={exclude}
          include={include}
          t={t}
        />
      ) : null}
    </Flex>
  );
};

export const EditViewSidePanel = ({ model, documentId, document, meta }: EditViewPanelProps) => {
  const t = useTranslate();
  const id = documentId ?? document?.documentId;
  const { allowedActions, isLoading } = useRBAC(CHECKED_PERMISSIONS);
  const canRead = !isLoading && Boolean(allowedActions.canRead);
  // Publishing, unpublishing or saving changes these: the status is read again.
  const versionKey = JSON.stringify([document?.updatedAt, document?.publishedAt, meta?.availableStatus]);
  const { status, failed, problem, load, exclude, include } = useEntryStatus(model, id, canRead && Boolean(document), versionKey);

  // Hidden for entries not saved yet (a clone has no document of its own), for admins who may not
  // read the sitemap, for types it does not map, and until that is known.
  if (!id || !document || !canRead || (status && !status.mapped) || (!status && !failed)) return null;
  return {
    title: String(t('editView.title', 'Sitemap')),
    content: (
      <PanelContent
        status={status}
        failed={failed}
        problem={problem}
        currentLocale={document?.locale ?? null}
        canExclude={Boolean(allowedActions.canUpdate)}
        reload={load}
        exclude={exclude}
        include={include}
      />
    ),
  };
};
