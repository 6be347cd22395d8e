/**
 * The health check of listed URLs (config/plugins `healthCheck`): when it last ran and what it
 * found, each URL at fault with why and a link to edit its entry, and buttons to check a sample
 * now, or every URL of a small site. Reads its own route; shows nothing while the check is off.
 */
import * as React from 'react';
import {
  Button,
  Flex,
  Link,
  Table,
  Tbody,
  Td,
  Th,
  Thead,
  Tr,
  Typography,
} from '@strapi/design-system';
import { useNotification, useRBAC } from '@strapi/strapi/admin';
import { useIntl } from 'react-intl';
import type { HealthProblem } from '#sitemap/shared';
import { useSitemapApi } from '../../api/sitemap';
import { PERMISSIONS } from '../../permissions';
import { useSitemapQuery } from '../../hooks/useSitemapQuery';
import { useTranslate } from '../../hooks/useTranslate';
import { EntryLink } from '../EntryLink';
import { Section } from '../Section';
import type { DashboardCard } from './card';

const PROBLEM_LABELS: Record<HealthProblem, string> = {
  'not-found': 'Not found (404 or 410)',
  redirect: 'Redirects',
  error: 'Server error',
  noindex: 'Asks not to be indexed',
  'canonical-elsewhere': 'Canonical link to another page',
  'soft-404': 'Says the page is not found',
  unreachable: 'No answer',
  refused: 'Refused: a private or local address',
};

/** The server's reason for refusing a check (off, already running, a site too large for every URL). */
const refusal = (error: unknown) =>
  (
    error as {
      response?: { data?: { error?: { details?: { errors?: Array<{ message: string }> } } } };
    }
  )?.response?.data?.error?.details?.errors?.[0]?.message ?? (error as Error).message;

export const HealthCard: DashboardCard = ({ status }) => {
  const { t } = useTranslate();
  const { formatDate } = useIntl();
  const api = useSitemapApi();
  const { toggleNotification } = useNotification();
  const { allowedActions } = useRBAC({ regenerate: PERMISSIONS.regenerate });
  const [asked, setAsked] = React.useState(false);
  const fetchHealth = React.useCallback(
    (signal: AbortSignal) => api.healthCheck({ signal }),
    [api]
  );
  const { data, reload } = useSitemapQuery('health-check', fetchHealth, {
    pollWhile: (current) => Boolean(current?.running) || asked,
  });
  React.useEffect(() => {
    if (asked && data?.running) setAsked(false);
  }, [asked, data?.running]);
  if (!data?.enabled) return null;
  const { report } = data;

  const start = async (all: boolean) => {
    try {
      await api.startHealthCheck(all);
      setAsked(true);
      await reload();
    } catch (error) {
      toggleNotification({ type: 'danger', message: refusal(error) });
    }
  };

  return (
    <Section title={t('dashboard.health.title', 'Listed URLs as crawlers find them')}>
      <Typography tag="p">
        {report
          ? t(
              'dashboard.health.summary',
              '{checked, plural, one {# URL} other {# URLs}} checked on {date}{all, select, true { (every URL)} other { (a sample)}}: {faults} at fault.',
              {
                checked: report.checked,
                date: formatDate(report.startedAt, { dateStyle: 'medium', timeStyle: 'short' }),
                all: String(report.all),
                faults: report.faultCount,
              }
            )
          : t('dashboard.health.never', 'No check has run yet.')}
      </Typography>
      {data.running ? (
        <Typography tag="p" textColor="neutral600">
          {t('dashboard.health.running', 'A check is running…')}
        </Typography>
      ) : null}
      {report?.error ? (
        <Typography tag="p" textColor="danger600">
          {t('dashboard.health.error', 'The last check stopped: {error}', { error: report.error })}
        </Typography>
      ) : null}
      {report && report.faults.length > 0 ? (
        <Table colCount={3} rowCount={report.faults.length + 1}>
          <Thead>
            <Tr>
              <Th>{t('dashboard.health.url', 'URL')}</Th>
              <Th>{t('dashboard.health.problem', 'What a crawler finds')}</Th>
              <Th>{t('dashboard.health.entry', 'Entry')}</Th>
            </Tr>
          </Thead>
          <Tbody>
            {report.faults.map((fault) => (
              <Tr key={fault.url}>
                <Td>
                  <Link href={fault.url} isExternal>
                    {fault.url}
                  </Link>
                </Td>
                <Td>
                  <Flex direction="column" alignItems="start">
                    <Typography>
                      {t(
                        `dashboard.health.problem.${fault.problem}`,
                        PROBLEM_LABELS[fault.problem] ?? fault.problem
                      )}
                    </Typography>
                    {fault.detail ? (
                      <Typography
                        variant="pi"
                        textColor="neutral600"
                        style={{ overflowWrap: 'anywhere' }}
                      >
                        {fault.detail}
                      </Typography>
                    ) : null}
                  </Flex>
                </Td>
                <Td>
                  <EntryLink
                    contentType={fault.contentType}
                    documentId={fault.documentId}
                    locale={fault.locale}
                    label={t('dashboard.health.edit', 'Edit the entry')}
                  />
                </Td>
              </Tr>
            ))}
          </Tbody>
        </Table>
      ) : null}
      {allowedActions.canRegenerate ? (
        <Flex gap={2} paddingTop={3}>
          <Button variant="secondary" disabled={data.running || asked} onClick={() => start(false)}>
            {t('dashboard.health.sample', 'Check a sample now')}
          </Button>
          {status.totals.urls <= data.checkAllUpTo ? (
            <Button variant="tertiary" disabled={data.running || asked} onClick={() => start(true)}>
              {t('dashboard.health.all', 'Check every URL')}
            </Button>
          ) : null}
        </Flex>
      ) : null}
    </Section>
  );
};
