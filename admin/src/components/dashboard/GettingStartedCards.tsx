/** What a new install shows: no type mapped yet (with the way to the settings), no sitemap yet. */
import { Box, Link, Typography } from '@strapi/design-system';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslate } from '../../hooks/useTranslate';
import { Section } from '../Section';
import type { DashboardCard } from './card';

export const NoTypesCard: DashboardCard = ({ status }) => {
  const { t } = useTranslate();
  if (status.mappedTypes !== 0) return null;
  return (
    <Section title={t('dashboard.empty.types.title', 'No content type mapped yet')}>
      <Typography tag="p">
        {t(
          'dashboard.empty.types.body',
          'Choose which content types become URLs, and their URL pattern, in the settings. Until then the sitemap lists only custom URLs.'
        )}
      </Typography>
      <Box paddingTop={3}>
        <Link tag={RouterLink} to="/settings/sitemap">
          {t('dashboard.empty.types.link', 'Open the sitemap settings')}
        </Link>
      </Box>
    </Section>
  );
};

export const NoSitemapCard: DashboardCard = ({ status }) => {
  const { t } = useTranslate();
  if (status.index || status.runs.length > 0) return null;
  return (
    <Section title={t('dashboard.empty.title', 'No sitemap yet')}>
      <Typography>
        {t(
          'dashboard.empty.body',
          'Map a content type to a URL pattern in the plugin settings, then generate the sitemap.'
        )}
      </Typography>
    </Section>
  );
};
