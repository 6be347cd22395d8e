/** The side panel's body: each version's status (the locale being edited first) and the exclusion checkbox. */
import { Box, Button, Flex, Typography } from '@strapi/design-system';
import type { EntryStatus, ExclusionTarget } from '../../api/sitemap';
import { useLocaleName } from '../../hooks/useLocaleName';
import { useTranslate } from '../../hooks/useTranslate';
import { ExclusionToggle } from './ExclusionToggle';
import { LocaleStatus } from './LocaleStatus';

interface PanelContentProps {
  status: EntryStatus | null;
  failed: boolean;
  /** Why the status could not be read, when the admin can do something about it. */
  problem?: string | null;
  currentLocale: string | null;
  canExclude: boolean;
  reload: () => Promise<void>;
  exclude: (target: ExclusionTarget) => Promise<unknown>;
  include: (target: ExclusionTarget) => Promise<unknown>;
}

export const PanelContent = ({
  status,
  failed,
  problem,
  currentLocale,
  canExclude,
  reload,
  exclude,
  include,
}: PanelContentProps) => {
  const { t } = useTranslate();
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
  const rows = [...status.locales].sort(
    (a, b) => Number(b.locale === currentLocale) - Number(a.locale === currentLocale)
  );
  return (
    <Flex direction="column" alignItems="stretch" gap={4} width="100%">
      {rows.length === 0 ? (
        <Typography variant="pi">
          {t('editView.empty', 'This entry has no version yet.')}
        </Typography>
      ) : (
        <Box tag="ul" aria-label={t('editView.locales', 'Sitemap status per locale')}>
          <Flex direction="column" alignItems="stretch" gap={3}>
            {rows.map((row) => (
              <LocaleStatus
                key={row.locale ?? ''}
                row={row}
                typeSites={status.sites}
                heading={status.localized && row.locale ? localeName(row.locale) : null}
              />
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
        />
      ) : null}
    </Flex>
  );
};
