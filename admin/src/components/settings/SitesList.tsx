/**
 * The sites this Strapi feeds (setting `sites`), read-only: they are set in config/plugins, where
 * filters are code beside the project's other settings. Each site's hosts, and the types it lists
 * with their filter.
 */
import { Box, Flex, Typography } from '@strapi/design-system';
import { useSetting } from '../../hooks/useSettingsForm';
import { useTranslate } from '../../hooks/useTranslate';

export const SitesList = ({ typeName }: { typeName: (uid: string) => string }) => {
  const { t } = useTranslate();
  const sites = useSetting('sites').value;
  if (!sites || Object.keys(sites).length === 0) return null;
  return (
    <Box paddingTop={4}>
      <Typography variant="delta" tag="h3">
        {t('settings.sites', 'Sites')}
      </Typography>
      <Typography tag="p" variant="pi" textColor="neutral600">
        {t(
          'settings.sites.hint',
          'Several front ends fed by this Strapi, each with its own files, index and robots.txt line. Set in config/plugins; a type no site lists stays on the hostname above.'
        )}
      </Typography>
      <ul aria-label={t('settings.sites', 'Sites')}>
        {Object.entries(sites).map(([name, site]) => (
          <Box key={name} tag="li" paddingTop={2}>
            <Flex direction="column" alignItems="start" gap={1}>
              <Typography fontWeight="bold">{name}</Typography>
              <Typography variant="pi">
                {[
                  site.hostname,
                  ...Object.entries(site.hostnames ?? {}).map(
                    ([locale, origin]) => `${origin} (${locale})`
                  ),
                ].join(' · ')}
              </Typography>
              <ul aria-label={t('settings.sites.types', 'Content types of {site}', { site: name })}>
                {Object.entries(site.contentTypes).map(([uid, listing]) => (
                  <li key={uid}>
                    <Typography variant="pi">
                      {typeName(uid)}
                      {listing.filters ? (
                        <>
                          {' '}
                          <code>{JSON.stringify(listing.filters)}</code>
                        </>
                      ) : (
                        ` — ${t('settings.sites.everyEntry', 'every entry')}`
                      )}
                    </Typography>
                  </li>
                ))}
              </ul>
            </Flex>
          </Box>
        ))}
      </ul>
    </Box>
  );
};
