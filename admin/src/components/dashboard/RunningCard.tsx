/** The run in progress: its scope, trigger and URLs so far, with a progress bar for a full run. */
import { Box, ProgressBar, Typography } from '@strapi/design-system';
import { useTranslate } from '../../hooks/useTranslate';
import type { DashboardCard } from './card';

export const RunningCard: DashboardCard = ({ status }) => {
  const { t } = useTranslate();
  const { running, runningEstimate } = status;
  if (!running) return null;
  return (
    <Box paddingBottom={4}>
      <Typography>
        {t(
          'dashboard.running',
          'A {scope} generation is running ({trigger}): {urls} URLs written so far.',
          { scope: running.scope, trigger: running.trigger, urls: running.urlCount }
        )}
      </Typography>
      {running.scope === 'full' && runningEstimate ? (
        <Box paddingTop={2} style={{ maxWidth: 480 }}>
          <ProgressBar
            aria-label={t('dashboard.progress', '{urls} of about {estimate} URLs', {
              urls: running.urlCount,
              estimate: runningEstimate,
            })}
            value={Math.min(100, Math.round((running.urlCount / runningEstimate) * 100))}
          />
        </Box>
      ) : null}
    </Box>
  );
};
