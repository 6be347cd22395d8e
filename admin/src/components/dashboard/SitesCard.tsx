/**
 * Several sites from one Strapi (settings `sites`, in the config file): each site's hosts, the
 * types it lists, its URLs and files, and where its feed and visitors' site map are served.
 */
import { Flex, Link, Table, Tbody, Td, Th, Thead, Tr, Typography } from '@strapi/design-system';
import { useTranslate } from '../../hooks/useTranslate';
import { Section } from '../Section';
import type { DashboardCard } from './card';

export const SitesCard: DashboardCard = ({ status }) => {
  const { t, list } = useTranslate();
  if (status.sites.length === 0) return null;
  return (
    <Section title={t('dashboard.sites.title', 'Sites')}>
      <Typography tag="p">
        {t(
          'dashboard.sites.intro',
          'This Strapi feeds several sites: each has its own files, index, robots.txt line, feed and site map for visitors. Sites are set in config/plugins.'
        )}
      </Typography>
      <Table colCount={5} rowCount={status.sites.length + 1}>
        <Thead>
          <Tr>
            <Th>{t('dashboard.sites.site', 'Site')}</Th>
            <Th>{t('dashboard.sites.hosts', 'Hosts')}</Th>
            <Th>{t('dashboard.sites.types', 'Content types')}</Th>
            <Th>{t('dashboard.sites.urls', 'URLs')}</Th>
            <Th>{t('dashboard.sites.links', 'Feed and site map')}</Th>
          </Tr>
        </Thead>
        <Tbody>
          {status.sites.map((site) => (
            <Tr key={site.name ?? ''}>
              <Td>
                <Typography fontWeight="bold">
                  {site.name ?? t('dashboard.sites.main', 'Main site')}
                </Typography>
              </Td>
              <Td>
                <Flex direction="column" alignItems="start">
                  {[...new Set([site.hostname, ...Object.values(site.hostnames)])].map((host) => (
                    <Typography key={host} variant="pi">
                      {host}
                    </Typography>
                  ))}
                </Flex>
              </Td>
              <Td>
                <Typography variant="pi">
                  {site.types.length > 0
                    ? list(site.types.map((uid) => status.typeNames[uid] ?? uid))
                    : '—'}
                </Typography>
              </Td>
              <Td>
                {t(
                  'dashboard.sites.count',
                  '{urls} in {files, plural, one {# file} other {# files}}',
                  {
                    urls: site.urls,
                    files: site.files,
                  }
                )}
              </Td>
              <Td>
                <Flex direction="column" alignItems="start">
                  {site.feed ? (
                    <Link href={site.feed} isExternal>
                      {t('dashboard.sites.feed', 'Feed')}
                    </Link>
                  ) : null}
                  {site.visitorMap ? (
                    <Link href={site.visitorMap.html} isExternal>
                      {t('dashboard.sites.visitorMap', 'Site map for visitors')}
                    </Link>
                  ) : null}
                </Flex>
              </Td>
            </Tr>
          ))}
        </Tbody>
      </Table>
    </Section>
  );
};
