/** URLs per content type and locale, as bars and as a table. */
import { Table, Tbody, Td, Th, Thead, Tr } from '@strapi/design-system';
import { useTranslate } from '../../hooks/useTranslate';
import { CountBars } from '../charts/CountBars';
import { Section } from '../Section';
import type { DashboardCard } from './card';

export const CountsCard: DashboardCard = ({ status }) => {
  const { t } = useTranslate();
  const rows = Object.entries(status.counts).flatMap(([type, locales]) =>
    Object.entries(locales).map(([locale, count]) => ({
      type,
      locale,
      count,
      name: status.typeNames[type] ?? type,
    }))
  );
  if (rows.length === 0) return null;
  return (
    <Section title={t('dashboard.counts.title', 'URLs per content type and locale')}>
      <CountBars
        label={t('dashboard.counts.chart', 'URLs per content type and locale, as bars')}
        bars={rows.map(({ name, locale, count }) => ({
          label: `${name}${locale === 'default' ? '' : ` (${locale})`}`,
          value: count,
        }))}
      />
      <Table colCount={3} rowCount={Object.keys(status.counts).length + 1}>
        <Thead>
          <Tr>
            <Th>{t('dashboard.counts.type', 'Content type')}</Th>
            <Th>{t('dashboard.counts.locale', 'Locale')}</Th>
            <Th>{t('dashboard.counts.urls', 'URLs')}</Th>
          </Tr>
        </Thead>
        <Tbody>
          {rows.map(({ type, locale, count, name }) => (
            <Tr key={`${type}-${locale}`}>
              <Td>{name}</Td>
              <Td>{locale === 'default' ? '—' : locale}</Td>
              <Td>{count}</Td>
            </Tr>
          ))}
        </Tbody>
      </Table>
    </Section>
  );
};
