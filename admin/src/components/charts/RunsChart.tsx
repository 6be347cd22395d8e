/**
 * The last 30 runs as a small chart: one bar per run, its height the run's duration, full runs and
 * incremental runs in two colours (and two patterns of words in the legend, never colour alone).
 * One image for screen readers, described in words: how many of each and their median duration.
 */
import { Box, Flex, Typography } from '@strapi/design-system';
import type { StatusResponse } from '#sitemap/shared';
import { useTranslate } from '../../hooks/useTranslate';

const WIDTH = 600;
const HEIGHT = 120;
const FULL = '#4945ff';
const INCREMENTAL = '#a5a5ba';

const median = (values: number[]) => {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};
const seconds = (ms: number) => (ms / 1000).toFixed(ms < 10_000 ? 2 : 1);

export const RunsChart = ({ history }: { history: StatusResponse['history'] }) => {
  const { t } = useTranslate();
  const full = history.filter((run) => run.full);
  const incremental = history.filter((run) => !run.full);
  const description = t(
    'dashboard.chart.description',
    'The last {count} runs: {full} full (median {fullTime} s), {incremental} incremental (median {incrementalTime} s).',
    {
      count: history.length,
      full: full.length,
      fullTime: seconds(median(full.map((run) => run.durationMs))),
      incremental: incremental.length,
      incrementalTime: seconds(median(incremental.map((run) => run.durationMs))),
    }
  );
  const longest = Math.max(1, ...history.map((run) => run.durationMs));
  const step = WIDTH / Math.max(history.length, 1);
  return (
    <Box paddingBottom={4}>
      <svg
        role="img"
        aria-label={description}
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        width="100%"
        height={HEIGHT}
        preserveAspectRatio="none"
      >
        {history.map((run, i) => {
          const height = Math.max(2, (run.durationMs / longest) * (HEIGHT - 4));
          return (
            <rect
              key={run.id}
              x={i * step + step * 0.15}
              y={HEIGHT - height}
              width={step * 0.7}
              height={height}
              fill={run.full ? FULL : INCREMENTAL}
            >
              <title>
                {`${run.startedAt}: ${seconds(run.durationMs)} s, ${run.urlCount} URLs (${run.full ? 'full' : 'incremental'})`}
              </title>
            </rect>
          );
        })}
      </svg>
      <Flex gap={4} aria-hidden="true">
        <Typography variant="pi">
          <span style={{ color: FULL }}>■</span> {t('dashboard.chart.full', 'Full runs')}
        </Typography>
        <Typography variant="pi">
          <span style={{ color: INCREMENTAL }}>■</span>{' '}
          {t('dashboard.chart.incremental', 'Incremental runs')}
        </Typography>
        <Typography variant="pi" textColor="neutral600">
          {t('dashboard.chart.height', 'Bar height: duration')}
        </Typography>
      </Flex>
    </Box>
  );
};
