/** The site map for visitors: how many pages it lists, and its HTML and JSON addresses. */
import { Link, Typography } from '@strapi/design-system';
import { useTranslate } from '../../hooks/useTranslate';
import { Section } from '../Section';
import type { DashboardCard } from './card';

export const VisitorMapCard: DashboardCard = ({ status }) => {
  const { t } = useTranslate();
  const { visitorMap } = status;
  if (!visitorMap) return null;
  return (
    <Section title={t('dashboard.visitorMap.title', 'Site map for visitors')}>
      <Typography tag="p">
        {t(
          'dashboard.visitorMap.intro',
          '{count, plural, one {# page is} other {# pages are}} listed for people, at most 100 links a page: as HTML, for a front end that proxies it, and as JSON, for one that renders it.',
          { count: visitorMap.links }
        )}
      </Typography>
      <ul>
        {[visitorMap.html, visitorMap.json].map((url) => (
          <li key={url}>
            <Link href={url} isExternal>
              {url}
            </Link>
          </li>
        ))}
      </ul>
    </Section>
  );
};
