/**
 * The recent runs: their durations as a chart, the next scheduled run, and the last ten with the URLs
 * each added, changed and removed (a few of them, of the types the admin may read).
 */
import { Badge, Box, Table, Tbody, Td, Th, Thead, Tr, Typography } from '@strapi/design-system';
import type { RunSummary } from '#sitemap/shared';
import { useIntl } from 'react-intl';
import { useTranslate } from '../../hooks/useTranslate';
import { describeCron } from '../../utils/cron';
import { RunsChart } from '../charts/RunsChart';
import { Section } from '../Section';
import type { DashboardCard } from './card';

const RunChanges = ({ run }: { run: RunSummary }) => {
  const { t } = useTranslate();
  const changes = run.report?.changes;
  if (!changes)
    return (
      <Typography textColor="neutral600">
        {run.status === 'success' ? t('dashboard.runs.notCompared', 'not compared') : '—'}
      </Typography>
    );
  const { added, changed, removed } = changes.counts;
  return (
    <Box>
      <Typography>
        {t('dashboard.runs.changeCounts', '+{added} · {changed} changed · −{removed}', {
          added,
          changed,
          removed,
        })}
      </Typography>
      {changes.samples.slice(0, 3).map((sample) => (
        <Typography
          key={`${sample.kind}:${sample.url}`}
          tag="p"
          variant="pi"
          textColor="neutral600"
        >
          {t(`dashboard.runs.kind.${sample.kind}`, sample.kind)}: {sample.url}
        </Typography>
      ))}
    </Box>
  );
};

export const RunsCard: DashboardCard = ({ status }) => {
  const { t, locale } = useTranslate();
  const { formatDate, formatRelativeTime } = useIntl();
  return (
    <Section title={t('dashboard.runs.title', 'Recent runs')}>
      {status.history.length > 1 && <RunsChart history={status.history} />}
      {status.nextScheduledRun && (
        <Typography tag="p">
          {t('dashboard.runs.next', 'Next scheduled full generation: {when} ({schedule})', {
            when: formatDate(status.nextScheduledRun, { dateStyle: 'medium', timeStyle: 'short' }),
            schedule: (status.cron && describeCron(status.cron, locale)) || status.cron || '',
          })}
        </Typography>
      )}
      {status.cron === false && (
        <Typography tag="p">
          {t(
            'dashboard.runs.noSchedule',
            'No scheduled full generation: only publish events update the sitemap.'
          )}
        </Typography>
      )}
      {status.runs.length === 0 ? (
        <Typography>{t('dashboard.runs.none', 'No run yet.')}</Typography>
      ) : (
        <Table colCount={7} rowCount={status.runs.length + 1}>
          <Thead>
            <Tr>
              <Th>{t('dashboard.runs.trigger', 'Trigger')}</Th>
              <Th>{t('dashboard.runs.started', 'Started')}</Th>
              <Th>{t('dashboard.runs.duration', 'Duration')}</Th>
              <Th>{t('dashboard.runs.files', 'Files written')}</Th>
              <Th>{t('dashboard.runs.changes', 'URLs')}</Th>
              <Th>{t('dashboard.runs.status', 'Result')}</Th>
              <Th>{t('dashboard.runs.error', 'Error')}</Th>
            </Tr>
          </Thead>
          <Tbody>
            {status.runs.map((run) => (
              <Tr key={run.id}>
                <Td>{t(`triggers.${run.trigger}`, run.trigger)}</Td>
                <Td>
                  {formatRelativeTime(
                    Math.round((new Date(run.startedAt).getTime() - Date.now()) / 60_000),
                    'minute'
                  )}
                </Td>
                <Td>{run.durationMs === null ? '—' : `${(run.durationMs / 1000).toFixed(1)} s`}</Td>
                <Td>{run.filesWritten ?? '—'}</Td>
                <Td>
                  <RunChanges run={run} />
                </Td>
                <Td>
                  <Badge active={run.status === 'success'}>
                    {t(`runs.status.${run.status}`, run.status)}
                  </Badge>
                </Td>
                <Td>{run.error ?? ''}</Td>
              </Tr>
            ))}
          </Tbody>
        </Table>
      )}
    </Section>
  );
};
