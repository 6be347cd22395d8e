/**
 * Shown when the settings of strapi-plugin-sitemap (the Strapi 4 plugin) are in the database: what an
 * import carries over, what it cannot and why, and a button to confirm. The server validates the
 * result like any save and saves nothing when a value is wrong.
 */
import * as React from 'react';
import { Box, Button, Typography } from '@strapi/design-system';
import { isFetchError, useNotification } from '@strapi/strapi/admin';
import { useIntl } from 'react-intl';
import { useSitemapApi, type SettingsResponse } from '../../api/sitemap';
import { useSitemapQuery } from '../../hooks/useSitemapQuery';
import { useTranslate } from '../../hooks/useTranslate';
import { Section } from '../Section';

interface LegacyImportCardProps {
  /** Called with the saved settings once the import is applied. */
  onImported: (response: SettingsResponse) => void;
}

export const LegacyImportCard = ({ onImported }: LegacyImportCardProps) => {
  const { t } = useTranslate();
  const { formatDate } = useIntl();
  const api = useSitemapApi();
  const { toggleNotification } = useNotification();
  const [importing, setImporting] = React.useState(false);
  const fetchPreview = React.useCallback(
    (signal: AbortSignal) => api.legacyImport({ signal }),
    [api]
  );
  const { data, error, reload } = useSitemapQuery('legacy-import', fetchPreview);
  // Nothing to offer when the preview cannot be read: the card stays hidden.
  const preview = error ? null : data;

  if (!preview?.found || !preview.plan) return null;
  const { plan } = preview;
  const types = Object.entries(plan.contentTypes);

  const apply = async () => {
    setImporting(true);
    try {
      onImported(await api.applyLegacyImport());
      toggleNotification({
        type: 'success',
        message: t(
          'settings.legacy.done',
          'Settings imported. The sitemap is regenerated in the background.'
        ),
      });
      await reload();
    } catch (error) {
      const details = isFetchError(error)
        ? (error.response?.data as any)?.error?.details?.errors
        : undefined;
      const reasons = Array.isArray(details)
        ? details
            .map(
              (item: { path: string[]; message: string }) =>
                `${item.path.join('.')}: ${item.message}`
            )
            .join(' · ')
        : '';
      toggleNotification({
        type: 'danger',
        message: t('settings.legacy.failed', 'Nothing was imported. {reasons}', { reasons }),
      });
    } finally {
      setImporting(false);
    }
  };

  return (
    <Section
      title={t('settings.legacy.title', 'Settings from strapi-plugin-sitemap')}
      description={t(
        'settings.legacy.description',
        'The settings of the Strapi 4 sitemap plugin are in the database. Imported values are added to the current settings; an imported content type replaces its current settings.'
      )}
    >
      {preview.importedAt && (
        <Typography tag="p" textColor="success600">
          {t('settings.legacy.importedAt', 'Imported on {date}.', {
            date: formatDate(preview.importedAt, { dateStyle: 'medium', timeStyle: 'short' }),
          })}
        </Typography>
      )}
      <Typography tag="h3" variant="sigma">
        {t('settings.legacy.imported', 'What will be imported')}
      </Typography>
      <ul>
        {plan.hostname && (
          <li>
            {t('settings.legacy.hostname', 'Hostname: {hostname}', { hostname: plan.hostname })}
          </li>
        )}
        {Object.entries(plan.hostnames).map(([locale, hostname]) => (
          <li key={locale}>
            {t('settings.legacy.hostnameFor', 'Hostname for {locale}: {hostname}', {
              locale,
              hostname,
            })}
          </li>
        ))}
        {types.map(([uid, type]) => (
          <li key={uid}>
            {t(
              'settings.legacy.type',
              '{type}: {pattern}, priority {priority}, {changefreq}, lastmod {lastmod}',
              {
                type: uid,
                pattern: [
                  type.pattern,
                  ...Object.entries(type.locales ?? {}).map(
                    ([locale, override]) => `${override.pattern} (${locale})`
                  ),
                ].join(', '),
                priority: type.priority ?? '—',
                changefreq: type.changefreq ?? '—',
                lastmod: type.lastmod === false ? t('settings.off', 'Off') : t('settings.on', 'On'),
              }
            )}
          </li>
        ))}
        {plan.customUrls.map((custom) => (
          <li key={custom.url}>
            {t('settings.legacy.custom', 'Custom URL {url}, priority {priority}, {changefreq}', {
              url: custom.url,
              priority: custom.priority ?? '—',
              changefreq: custom.changefreq ?? '—',
            })}
          </li>
        ))}
        {preview.exclusions.map((exclusion) => (
          <li key={exclusion.contentType}>
            {t(
              'settings.legacy.exclusions',
              '{count, plural, one {# entry} other {# entries}} of {type} excluded with the old plugin: left out here too',
              {
                count: exclusion.count,
                type: exclusion.contentType,
              }
            )}
          </li>
        ))}
      </ul>
      {plan.notConverted.length > 0 && (
        <Box paddingTop={3}>
          <Typography tag="h3" variant="sigma">
            {t('settings.legacy.notConverted', 'What cannot be imported')}
          </Typography>
          <ul>
            {plan.notConverted.map((item) => (
              <li key={item.setting}>
                <Typography fontWeight="bold">{item.setting}</Typography>
                <Typography textColor="neutral600">{` — ${item.reason}`}</Typography>
              </li>
            ))}
          </ul>
        </Box>
      )}
      <Box paddingTop={4}>
        <Button onClick={apply} loading={importing}>
          {t('settings.legacy.confirm', 'Import these settings')}
        </Button>
      </Box>
    </Section>
  );
};
