/**
 * What the URL extensions count per content type (images, videos, news URLs…): one column per
 * count the server sends, named by its translation (`dashboard.extras.<key>`).
 */
import { Table, Tbody, Td, Th, Thead, Tr } from '@strapi/design-system';
import { useTranslate } from '../../hooks/useTranslate';
import { EXTRA_COUNT_NAMES } from '../../utils/extra-counts';
import { Section } from '../Section';
import type { DashboardCard } from './card';

export const ExtrasCard: DashboardCard = ({ status }) => {
  const { t } = useTranslate();
  const rows = Object.entries(status.extras);
  if (rows.length === 0) return null;
  const keys = [...new Set(rows.flatMap(([, counts]) => Object.keys(counts)))];
  return (
    <Section title={t('dashboard.extras.title', 'Images, videos and news per content type')}>
      <Table colCount={keys.length + 1} rowCount={rows.length + 1}>
        <Thead>
          <Tr>
            <Th>{t('dashboard.counts.type', 'Content type')}</Th>
            {keys.map((key) => (
              <Th key={key}>{t(`dashboard.extras.${key}`, EXTRA_COUNT_NAMES[key] ?? key)}</Th>
            ))}
          </Tr>
        </Thead>
        <Tbody>
          {rows.map(([type, counts]) => (
            <Tr key={type}>
              <Td>{status.typeNames[type] ?? type}</Td>
              {keys.map((key) => (
                <Td key={key}>{counts[key] ?? 0}</Td>
              ))}
            </Tr>
          ))}
        </Tbody>
      </Table>
    </Section>
  );
};
