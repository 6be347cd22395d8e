/**
 * The robots.txt lines to add: the index's (or each host's own index when locales have hosts of
 * their own), the feed's when it is on, and why a sitemap on Strapi's host is still accepted.
 */
import { Box, Typography } from '@strapi/design-system';
import { useNotification } from '@strapi/strapi/admin';
import { useTranslate } from '../../hooks/useTranslate';
import { isCrossHost } from '../../utils/format';
import { Section } from '../Section';
import type { DashboardCard } from './card';
import { RobotsLines } from './RobotsLines';

export const RobotsCard: DashboardCard = ({ status }) => {
  const { t } = useTranslate();
  const { toggleNotification } = useNotification();
  if (!status.index) return null;
  const copy = async (lines: string[]) => {
    await navigator.clipboard.writeText(lines.join('\n'));
    toggleNotification({
      type: 'success',
      message: t('dashboard.robots.copied', 'Copied to the clipboard.'),
    });
  };
  return (
    <Section title={t('dashboard.robots.title', 'robots.txt')}>
      <Typography tag="p">
        {t(
          'dashboard.robots.help',
          'Add this line to the robots.txt of your front end ({hostname}/robots.txt).',
          { hostname: status.hostname }
        )}
      </Typography>
      {isCrossHost(status.index.url, status.hostname) && (
        <Typography tag="p" textColor="neutral600">
          {t(
            'dashboard.robots.crossHost',
            "The sitemap is served by Strapi on another host than your pages. Search engines accept such a sitemap when the robots.txt of your site names it (cross-host submission). Alternatively, let your front end proxy /api/sitemap/ to Strapi and set the public URL in the settings to your site's address."
          )}
        </Typography>
      )}
      {status.hostRobots.length === 0 ? (
        <RobotsLines lines={status.robots} onCopy={copy} />
      ) : (
        <>
          <Typography tag="p">
            {t(
              'dashboard.robots.perHost',
              'Locales have hostnames of their own: each front end gets an index of its own files. Add to each host’s robots.txt its line:'
            )}
          </Typography>
          {status.hostRobots.map(({ origin, lines }) => (
            <Box key={origin} paddingTop={3}>
              <Typography variant="omega" fontWeight="bold" tag="h3">
                {`${origin}/robots.txt`}
              </Typography>
              <RobotsLines lines={lines} onCopy={copy} />
            </Box>
          ))}
        </>
      )}
      {status.feedRobots && (
        <Box paddingTop={4}>
          <Typography tag="p">
            {t(
              'dashboard.robots.feed',
              'Optional: search engines also take the feed of recently updated pages as a sitemap, read more often than the index. Add it as a second line:'
            )}
          </Typography>
          <RobotsLines lines={[status.feedRobots]} onCopy={copy} />
        </Box>
      )}
    </Section>
  );
};
