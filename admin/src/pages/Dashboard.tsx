import * as React from 'react';
import { useIntl } from 'react-intl';
import { Link as RouterLink } from 'react-router-dom';
import {
  Badge,
  Box,
  Button,
  Flex,
  Link,
  ProgressBar,
  Table,
  Tbody,
  Td,
  Th,
  Thead,
  Tr,
  Typography,
} from '@strapi/design-system';
import { Layouts, Page, useNotification, useRBAC } from '@strapi/strapi/admin';
import { useSitemapApi } from '../api/sitemap';
import { PERMISSIONS } from '../permissions';
import { describeCron } from '../utils/cron';
import { contentManagerLink, formatBytes, formatPercent, isCrossHost } from '../utils/format';
import { describeQueryError } from '../utils/query-state';
import { Section } from '../components/Section';
import { IndexNowCard } from '../components/dashboard/IndexNowCard';
import { CountBars } from '../components/dashboard/CountBars';
import { RobotsLines } from '../components/dashboard/RobotsLines';
import { RunsChart } from '../components/dashboard/RunsChart';
import { RunProblems } from '../components/dashboard/RunProblems';
import { useSitemapQuery } from '../hooks/useSitemapQuery';
import { useTranslate } from '../hooks/useTranslate';

const POLL_MS = 2_000;

export const Dashboard = () => {
  const { formatDate, formatRelativeTime } = useIntl();
  const { t, locale } = useTranslate();
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

  const copyRobots = async (lines: string[]) => {
    await navigator.clipboard.writeText(lines.join('\n'));
    toggleNotification({
      type: 'success',
      message: t('dashboard.robots.copied', 'Copied to the clipboard.'),
    });
  };

  if (!status)
    return error ? (
      <Page.Error content={describeQueryError(error) ?? undefined} />
    ) : (
      <Page.Loading />
    );

  const lastRun = status.runs[0];
  const ruleCounts = Object.entries(status.validation.counts);

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
        <RunProblems status={status} />
        {status.running && (
          <Box paddingBottom={4}>
            <Typography>
              {t(
                'dashboard.running',
                'A {scope} generation is running ({trigger}): {urls} URLs written so far.',
                {
                  scope: status.running.scope,
                  trigger: status.running.trigger,
                  urls: status.running.urlCount,
                }
              )}
            </Typography>
            {status.running.scope === 'full' && status.runningEstimate ? (
              <Box paddingTop={2} style={{ maxWidth: 480 }}>
                <ProgressBar
                  aria-label={t('dashboard.progress', '{urls} of about {estimate} URLs', {
                    urls: status.running.urlCount,
                    estimate: status.runningEstimate,
                  })}
                  value={Math.min(
                    100,
                    Math.round((status.running.urlCount / status.runningEstimate) * 100)
                  )}
                />
              </Box>
            ) : null}
          </Box>
        )}

        {status.mappedTypes === 0 && (
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
        )}

        {!status.index && status.runs.length === 0 && (
          <Section title={t('dashboard.empty.title', 'No sitemap yet')}>
            <Typography>
              {t(
                'dashboard.empty.body',
                'Map a content type to a URL pattern in the plugin settings, then generate the sitemap.'
              )}
            </Typography>
          </Section>
        )}

        {status.index && (
          <Section title={t('dashboard.robots.title', 'robots.txt')}>
            <Typography tag="p">
              {t(
                'dashboard.robots.help',
                'Add this line to the robots.txt of your front end ({hostname}/robots.txt).',
                { hostname: status.hostname }
              )}
            </Typography>
            {status.index && isCrossHost(status.index.url, status.hostname) && (
              <Typography tag="p" textColor="neutral600">
                {t(
                  'dashboard.robots.crossHost',
                  "The sitemap is served by Strapi on another host than your pages. Search engines accept such a sitemap when the robots.txt of your site names it (cross-host submission). Alternatively, let your front end proxy /api/sitemap/ to Strapi and set the public URL in the settings to your site's address."
                )}
              </Typography>
            )}
            {status.hostRobots.length === 0 ? (
              <RobotsLines lines={status.robots} onCopy={copyRobots} />
            ) : (
              <>
                <Typography tag="p">
                  {t(
                    'dashboard.robots.perHost',
                    'Locales have hostnames of their own: each front end gets an index of its own files. Add to each host’s robots.txt its line:'
                  )}
                </Typography>
                {status.hostRobots.map(({ origin, line }) => (
                  <Box key={origin} paddingTop={3}>
                    <Typography variant="omega" fontWeight="bold" tag="h3">
                      {`${origin}/robots.txt`}
                    </Typography>
                    <RobotsLines lines={[line]} onCopy={copyRobots} />
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
                <RobotsLines lines={[status.feedRobots]} onCopy={copyRobots} />
              </Box>
            )}
          </Section>
        )}

        {status.visitorMap && (
          <Section title={t('dashboard.visitorMap.title', 'Site map for visitors')}>
            <Typography tag="p">
              {t(
                'dashboard.visitorMap.intro',
                '{count, plural, one {# page is} other {# pages are}} listed for people, at most 100 links a page: as HTML, for a front end that proxies it, and as JSON, for one that renders it.',
                { count: status.visitorMap.links }
              )}
            </Typography>
            <ul>
              <li>
                <Link href={status.visitorMap.html} isExternal>
                  {status.visitorMap.html}
                </Link>
              </li>
              <li>
                <Link href={status.visitorMap.json} isExternal>
                  {status.visitorMap.json}
                </Link>
              </li>
            </ul>
          </Section>
        )}

        {status.files.length > 0 && (
          <Section title={t('dashboard.files.title', 'Files')}>
            <Table colCount={5} rowCount={status.files.length + 1}>
              <Thead>
                <Tr>
                  <Th>{t('dashboard.files.name', 'File')}</Th>
                  <Th>{t('dashboard.files.urls', 'URLs')}</Th>
                  <Th>{t('dashboard.files.size', 'Size')}</Th>
                  <Th>{t('dashboard.files.limits', 'Share of the file limits (URLs, bytes)')}</Th>
                  <Th>{t('dashboard.files.lastmod', 'Newest lastmod')}</Th>
                </Tr>
              </Thead>
              <Tbody>
                {status.files.map((file) => (
                  <Tr key={file.name}>
                    <Td>
                      <Link href={file.url} isExternal>
                        {file.name}
                      </Link>
                    </Td>
                    <Td>{file.urlCount}</Td>
                    <Td>{formatBytes(file.byteSize)}</Td>
                    <Td>
                      {file.share
                        ? `${formatPercent(file.share.urls)} / ${formatPercent(file.share.bytes)}`
                        : '—'}
                    </Td>
                    <Td>
                      {file.lastmod
                        ? formatDate(file.lastmod, { dateStyle: 'medium', timeStyle: 'short' })
                        : '—'}
                    </Td>
                  </Tr>
                ))}
              </Tbody>
            </Table>
          </Section>
        )}

        {Object.keys(status.counts).length > 0 && (
          <Section title={t('dashboard.counts.title', 'URLs per content type and locale')}>
            <CountBars
              label={t('dashboard.counts.chart', 'URLs per content type and locale, as bars')}
              bars={Object.entries(status.counts).flatMap(([type, locales]) =>
                Object.entries(locales).map(([locale, count]) => ({
                  label: `${status.typeNames[type] ?? type}${locale === 'default' ? '' : ` (${locale})`}`,
                  value: count,
                }))
              )}
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
                {Object.entries(status.counts).flatMap(([type, locales]) =>
                  Object.entries(locales).map(([locale, count]) => (
                    <Tr key={`${type}-${locale}`}>
                      <Td>{status.typeNames[type] ?? type}</Td>
                      <Td>{locale === 'default' ? '—' : locale}</Td>
                      <Td>{count}</Td>
                    </Tr>
                  ))
                )}
              </Tbody>
            </Table>
          </Section>
        )}

        {Object.keys(status.extras).length > 0 && (
          <Section title={t('dashboard.extras.title', 'Images, videos and news per content type')}>
            <Table colCount={4} rowCount={Object.keys(status.extras).length + 1}>
              <Thead>
                <Tr>
                  <Th>{t('dashboard.counts.type', 'Content type')}</Th>
                  <Th>{t('dashboard.extras.images', 'Images')}</Th>
                  <Th>{t('dashboard.extras.videos', 'Videos')}</Th>
                  <Th>{t('dashboard.extras.news', 'URLs in the news sitemap')}</Th>
                </Tr>
              </Thead>
              <Tbody>
                {Object.entries(status.extras).map(([type, count]) => (
                  <Tr key={type}>
                    <Td>{status.typeNames[type] ?? type}</Td>
                    <Td>{count.images}</Td>
                    <Td>{count.videos}</Td>
                    <Td>{count.news}</Td>
                  </Tr>
                ))}
              </Tbody>
            </Table>
          </Section>
        )}

        {status.indexNow && <IndexNowCard indexNow={status.indexNow} />}

        <Section title={t('dashboard.warnings.title', 'Validation warnings')}>
          {ruleCounts.length === 0 ? (
            <Typography>
              {t('dashboard.warnings.none', 'The last full generation found nothing wrong.')}
            </Typography>
          ) : (
            ruleCounts.map(([rule, count]) => (
              <Box key={rule} paddingBottom={4}>
                <Flex gap={2}>
                  <Badge>{count}</Badge>
                  <Typography fontWeight="bold">{t(`rules.${rule}.title`, rule)}</Typography>
                </Flex>
                <Typography tag="p" textColor="neutral600">
                  {t(`rules.${rule}.why`, '')} {t(`rules.${rule}.fix`, '')}
                </Typography>
                <ul>
                  {status.validation.samples
                    .filter((sample) => sample.rule === rule)
                    .map((sample, i) => (
                      <li key={i}>
                        {sample.contentType &&
                        sample.documentId &&
                        sample.contentType.includes('::') ? (
                          <Link
                            href={`/admin${contentManagerLink(sample.contentType, sample.documentId, sample.locale)}`}
                          >
                            {`${sample.contentType} ${sample.documentId}${sample.locale ? ` (${sample.locale})` : ''}`}
                          </Link>
                        ) : (
                          <Typography>
                            {sample.documentId ?? sample.url ?? sample.contentType}
                          </Typography>
                        )}
                        {sample.detail ? (
                          <Typography textColor="neutral600">{` — ${sample.detail}`}</Typography>
                        ) : null}
                      </li>
                    ))}
                </ul>
              </Box>
            ))
          )}
        </Section>

        <Section title={t('dashboard.runs.title', 'Recent runs')}>
          {status.history.length > 1 && <RunsChart history={status.history} />}
          {status.nextScheduledRun && (
            <Typography tag="p">
              {t('dashboard.runs.next', 'Next scheduled full generation: {when} ({schedule})', {
                when: formatDate(status.nextScheduledRun, {
                  dateStyle: 'medium',
                  timeStyle: 'short',
                }),
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
          {!lastRun ? (
            <Typography>{t('dashboard.runs.none', 'No run yet.')}</Typography>
          ) : (
            <Table colCount={6} rowCount={status.runs.length + 1}>
              <Thead>
                <Tr>
                  <Th>{t('dashboard.runs.trigger', 'Trigger')}</Th>
                  <Th>{t('dashboard.runs.started', 'Started')}</Th>
                  <Th>{t('dashboard.runs.duration', 'Duration')}</Th>
                  <Th>{t('dashboard.runs.files', 'Files written')}</Th>
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
                    <Td>
                      {run.durationMs === null ? '—' : `${(run.durationMs / 1000).toFixed(1)} s`}
                    </Td>
                    <Td>{run.filesWritten ?? '—'}</Td>
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
      </Layouts.Content>
    </Page.Main>
  );
};
