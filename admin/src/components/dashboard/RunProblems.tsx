/**
 * The top of the dashboard when something needs the admin: runs that keep failing (since when, how
 * many, the last error, the next retry) and admin settings that runs leave out because they no
 * longer validate (which setting, and why).
 */
import * as React from 'react';
import { Box, Link, Typography } from '@strapi/design-system';
import { Link as RouterLink } from 'react-router-dom';
import { useIntl } from 'react-intl';
import { useTranslate } from '../../hooks/useTranslate';
import type { DashboardCard } from './card';

const Panel = ({ label, children }: { label: string; children: React.ReactNode }) => (
  <Box
    tag="section"
    aria-label={label}
    background="danger100"
    borderColor="danger200"
    hasRadius
    padding={5}
    marginBottom={6}
  >
    <Typography variant="delta" tag="h2" textColor="danger700">
      {label}
    </Typography>
    <Box paddingTop={2}>{children}</Box>
  </Box>
);

export const RunProblems: DashboardCard = ({ status }) => {
  const { t } = useTranslate();
  const { formatDate } = useIntl();
  const when = (iso: string) => formatDate(iso, { dateStyle: 'medium', timeStyle: 'short' });
  const { failing, settingWarnings } = status;

  return (
    <>
      {failing && (
        <Panel label={t('dashboard.failing.title', 'Generation is failing')}>
          <Typography tag="p">
            {t(
              'dashboard.failing.summary',
              'Since {since}: {count, plural, one {# failed run} other {# failed runs}} in a row. The served sitemap is the last good one.',
              {
                since: when(failing.since),
                count: failing.failures,
              }
            )}
          </Typography>
          <Typography tag="p">
            {t('dashboard.failing.error', 'Last error: {error}', {
              error: failing.lastError ?? '',
            })}
          </Typography>
          <Typography tag="p" textColor="neutral600">
            {failing.retryAt
              ? t(
                  'dashboard.failing.retry',
                  'Next retry: {when} (the wait doubles after each failure, up to an hour).',
                  {
                    when: when(failing.retryAt),
                  }
                )
              : t(
                  'dashboard.failing.noRetry',
                  'No change is waiting: the next scheduled run, change or Generate now runs again.'
                )}
          </Typography>
        </Panel>
      )}
      {settingWarnings.length > 0 && (
        <Panel label={t('dashboard.settingWarnings.title', 'Settings left out')}>
          <Typography tag="p">
            {t(
              'dashboard.settingWarnings.help',
              'These saved settings no longer match the content types (a type or field was removed): runs leave them out. Fix or remove them in the settings.'
            )}
          </Typography>
          <ul>
            {settingWarnings.map((warning) => (
              <li key={warning.setting}>
                <Typography fontWeight="bold">{warning.setting}</Typography>
                <Typography textColor="neutral600">{` — ${warning.message}`}</Typography>
              </li>
            ))}
          </ul>
          <Link tag={RouterLink} to="/settings/sitemap">
            {t('dashboard.empty.types.link', 'Open the sitemap settings')}
          </Link>
        </Panel>
      )}
    </>
  );
};
