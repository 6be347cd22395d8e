/**
 * IndexNow on the dashboard: where the key file is and why each front end must serve it, and the
 * last pushes (time, host, URL count, answer).
 */
import { Table, Tbody, Td, Th, Thead, Tr, Typography } from '@strapi/design-system';
import { useIntl } from 'react-intl';
import { useTranslate } from '../../hooks/useTranslate';
import { Section } from '../Section';
import type { DashboardCard } from './card';

export const IndexNowCard: DashboardCard = ({ status }) => {
  const { t } = useTranslate();
  const { formatDate } = useIntl();
  const { indexNow } = status;
  if (!indexNow) return null;
  return (
    <Section title={t('dashboard.indexNow.title', 'IndexNow')}>
      <Typography tag="p">
        {t(
          'dashboard.indexNow.key',
          'Changed URLs are pushed after each run. Search engines check the key on each front-end host: serve the file {url} at the root of each host, named after the key with .txt (copy or proxy it), or set keyLocation.',
          { url: indexNow.keyUrl }
        )}
      </Typography>
      {indexNow.pushes.length === 0 ? (
        <Typography tag="p" textColor="neutral600">
          {t('dashboard.indexNow.none', 'Nothing pushed yet.')}
        </Typography>
      ) : (
        <Table colCount={4} rowCount={indexNow.pushes.length + 1}>
          <Thead>
            <Tr>
              <Th>{t('dashboard.indexNow.at', 'Time')}</Th>
              <Th>{t('dashboard.indexNow.host', 'Host')}</Th>
              <Th>{t('dashboard.indexNow.urls', 'URLs')}</Th>
              <Th>{t('dashboard.indexNow.answer', 'Answer')}</Th>
            </Tr>
          </Thead>
          <Tbody>
            {indexNow.pushes.map((push) => (
              <Tr key={`${push.at}-${push.host}`}>
                <Td>{formatDate(push.at, { dateStyle: 'medium', timeStyle: 'medium' })}</Td>
                <Td>{push.host}</Td>
                <Td>{push.urlCount}</Td>
                <Td>
                  {push.error ?? String(push.status)}
                  {push.attempts > 1
                    ? t('dashboard.indexNow.attempts', ' (after {count} attempts)', {
                        count: push.attempts,
                      })
                    : ''}
                </Td>
              </Tr>
            ))}
          </Tbody>
        </Table>
      )}
    </Section>
  );
};
