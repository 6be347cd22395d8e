/**
 * The plugin's page: the header with "Generate now" (and what the run it started did), then one
 * card per part of the status (components/dashboard), in the order below, each showing nothing
 * when it has nothing to say. The server's dashboard service builds the status section by section.
 */
import * as React from 'react';
import { Button } from '@strapi/design-system';
import { Layouts, Page, useNotification, useRBAC } from '@strapi/strapi/admin';
import { useSitemapApi } from '../api/sitemap';
import { PERMISSIONS } from '../permissions';
import { formatBytes } from '../utils/format';
import { describeQueryError } from '../utils/query-state';
import type { DashboardCard } from '../components/dashboard/card';
import { CountsCard } from '../components/dashboard/CountsCard';
import { ExtrasCard } from '../components/dashboard/ExtrasCard';
import { FilesCard } from '../components/dashboard/FilesCard';
import { HealthCard } from '../components/dashboard/HealthCard';
import { NoSitemapCard, NoTypesCard } from '../components/dashboard/GettingStartedCards';
import { IndexNowCard } from '../components/dashboard/IndexNowCard';
import { RobotsCard } from '../components/dashboard/RobotsCard';
import { RunningCard } from '../components/dashboard/RunningCard';
import { RunProblems } from '../components/dashboard/RunProblems';
import { RunsCard } from '../components/dashboard/RunsCard';
import { SitesCard } from '../components/dashboard/SitesCard';
import { VisitorMapCard } from '../components/dashboard/VisitorMapCard';
import { WarningsCard } from '../components/dashboard/WarningsCard';
import { useSitemapQuery } from '../hooks/useSitemapQuery';
import { useTranslate } from '../hooks/useTranslate';

const POLL_MS = 2_000;

const CARDS: DashboardCard[] = [
  RunProblems,
  RunningCard,
  NoTypesCard,
  NoSitemapCard,
  SitesCard,
  RobotsCard,
  VisitorMapCard,
  FilesCard,
  CountsCard,
  ExtrasCard,
  IndexNowCard,
  WarningsCard,
  HealthCard,
  RunsCard,
];

export const Dashboard = () => {
  const { t } = useTranslate();
  const api = useSitemapApi();
  const { toggleNotification } = useNotification();
  const { allowedActions } = useRBAC({ regenerate: PERMISSIONS.regenerate });
  const [starting, setStarting] = React.useState(false);
  // After "Generate now", the id of the newest run before it: the first run after it that ends is reported.
  const [awaitingAfter, setAwaitingAfter] = React.useState<number | null>(null);
  const fetchStatus = React.useCallback((signal: AbortSignal) => api.status({ signal }), [api]);
  const {
    data: status,
    error,
    reload,
  } = useSitemapQuery('status', fetchStatus, {
    pollMs: POLL_MS,
    pollWhile: (current) =>
      Boolean(current?.running) ||
      (current?.pendingChanges ?? 0) > 0 ||
      starting ||
      awaitingAfter !== null,
  });

  const run = status?.runs[0];
  const finished =
    awaitingAfter !== null && run && run.id > awaitingAfter && run.status !== 'running'
      ? run
      : null;
  React.useEffect(() => {
    if (!finished) return;
    setAwaitingAfter(null);
    toggleNotification(
      finished.status === 'success'
        ? {
            type: 'success',
            message: t(
              'dashboard.generate.done',
              'Generation finished: {urls, plural, one {# URL} other {# URLs}}, {files, plural, one {# file} other {# files}} written.',
              {
                urls: finished.urlCount ?? 0,
                files: finished.filesWritten ?? 0,
              }
            ),
          }
        : {
            type: 'danger',
            message: t('dashboard.generate.error', 'Generation failed: {error}', {
              error: finished.error ?? '',
            }),
          }
    );
  }, [finished, toggleNotification, t]);

  const generate = async () => {
    setStarting(true);
    try {
      setAwaitingAfter(status?.runs[0]?.id ?? 0);
      await api.generate();
      toggleNotification({
        type: 'success',
        message: t('dashboard.generate.started', 'Generation started.'),
      });
      await reload();
    } catch {
      setAwaitingAfter(null);
      toggleNotification({
        type: 'danger',
        message: t(
          'dashboard.generate.failed',
          'The generation could not be started. Check the settings.'
        ),
      });
    } finally {
      setStarting(false);
    }
  };

  if (!status)
    return error ? (
      <Page.Error content={describeQueryError(error) ?? undefined} />
    ) : (
      <Page.Loading />
    );

  return (
    <Page.Main>
      <Page.Title>{t('plugin.name', 'Sitemap')}</Page.Title>
      <Layouts.Header
        title={t('plugin.name', 'Sitemap')}
        subtitle={t(
          'dashboard.subtitle',
          '{urls, plural, one {# URL} other {# URLs}} in {files, plural, one {# file} other {# files}} ({size})',
          {
            urls: status.totals.urls,
            files: status.totals.files,
            size: formatBytes(status.totals.bytes),
          }
        )}
        primaryAction={
          allowedActions.canRegenerate ? (
            <Button onClick={generate} loading={starting || Boolean(status.running)}>
              {status.running
                ? t('dashboard.generate.running', 'Generating…')
                : t('dashboard.generate', 'Generate now')}
            </Button>
          ) : undefined
        }
      />
      <Layouts.Content>
        {CARDS.map((Card, order) => (
          <Card key={order} status={status} />
        ))}
      </Layouts.Content>
    </Page.Main>
  );
};
