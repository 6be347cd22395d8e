/**
 * The schedule of full runs: the cron expression, what it means in words, the time zone it is
 * read in, and its next run times, shown in that zone.
 */
import * as React from 'react';
import { Box, Checkbox, Flex, Typography } from '@strapi/design-system';
import { useIntl } from 'react-intl';
import { isTimeZone } from '#sitemap/shared';
import { useSitemapApi } from '../../api/sitemap';
import { useDebounced } from '../../hooks/useDebounced';
import { useSitemapQuery } from '../../hooks/useSitemapQuery';
import { useTranslate } from '../../hooks/useTranslate';
import { describeCron } from '../../utils/cron';
import { TextSetting } from './fields/TextSetting';

interface ScheduleFieldsProps {
  cron: string | false;
  /** IANA zone of the schedule; empty: the server's. */
  timezone?: string;
  onChange: (cron: string | false) => void;
  onTimezoneChange: (timezone: string) => void;
  error?: string;
  timezoneError?: string;
  disabled: boolean;
  action?: React.ReactNode;
  timezoneAction?: React.ReactNode;
}

const LAST_EXPRESSION = '0 3 * * *';
const TIME_ZONES_LIST = 'sitemap-time-zones';

export const ScheduleFields = (props: ScheduleFieldsProps) => {
  const {
    cron,
    timezone = '',
    onChange,
    onTimezoneChange,
    error,
    timezoneError,
    disabled,
    action,
    timezoneAction,
  } = props;
  const { t, locale } = useTranslate();
  const { formatDate } = useIntl();
  const api = useSitemapApi();
  const expression = useDebounced(cron, 400);
  const zone = useDebounced(timezone, 400);
  const [lastExpression, setLastExpression] = React.useState(cron || LAST_EXPRESSION);
  const zones = React.useMemo(() => Intl.supportedValuesOf('timeZone'), []);
  const fetchPreview = React.useCallback(
    (signal: AbortSignal) =>
      api.cronPreview({ expression: expression || '', timezone: zone || undefined }, { signal }),
    [api, expression, zone]
  );
  // A zone being typed is not asked about: the form shows why it is not one yet.
  const asked = expression !== false && expression.trim() !== '' && (!zone || isTimeZone(zone));
  const { data, error: previewError } = useSitemapQuery(asked ? 'cron' : null, fetchPreview);
  const preview = asked && !previewError ? data : null;

  const description = cron === false ? null : describeCron(cron, locale);
  const serverError =
    preview && !preview.valid
      ? t('settings.cron.invalid', 'Not a valid cron expression: {errors}', {
          errors: preview.errors.join('; '),
        })
      : undefined;

  return (
    <Flex direction="column" alignItems="stretch" gap={3}>
      <Checkbox
        checked={cron === false}
        disabled={disabled}
        onCheckedChange={(checked) => {
          if (checked) {
            if (cron !== false) setLastExpression(cron);
            onChange(false);
          } else onChange(lastExpression);
        }}
      >
        {t('settings.cron.none', 'No scheduled regeneration (publish events only)')}
      </Checkbox>
      {cron !== false && (
        <TextSetting
          name="cron"
          label={t('settings.cron.label', 'Full regeneration schedule (cron)')}
          hint={t(
            'settings.cron.hint',
            'Five fields (minute hour day month weekday), or six with seconds first. The full run repairs anything a missed event left behind.'
          )}
          error={error ?? serverError}
          action={action}
          value={cron}
          disabled={disabled}
          onChange={onChange}
        />
      )}
      {cron !== false && (
        <TextSetting
          name="cronTimezone"
          label={t('settings.cronTimezone.label', 'Time zone of the schedule')}
          hint={t(
            'settings.cronTimezone.hint',
            "An IANA time zone name such as Europe/Paris. Empty: the server's time zone."
          )}
          error={timezoneError}
          action={timezoneAction}
          value={timezone}
          disabled={disabled}
          list={TIME_ZONES_LIST}
          autoComplete="off"
          onChange={onTimezoneChange}
        >
          <datalist id={TIME_ZONES_LIST}>
            {zones.map((name) => (
              <option key={name} value={name} />
            ))}
          </datalist>
        </TextSetting>
      )}
      {cron !== false && (
        <Box aria-live="polite">
          {description && (
            <Typography tag="p" variant="omega">
              {t('settings.cron.description', 'Runs: {description}', { description })}
            </Typography>
          )}
          {preview?.valid && preview.nextRuns.length > 0 && (
            <Typography tag="p" variant="pi" textColor="neutral600">
              {t('settings.cron.next', 'Next runs ({timezone}): {dates}', {
                timezone: preview.timezone,
                dates: preview.nextRuns
                  .map((date) =>
                    formatDate(date, {
                      dateStyle: 'medium',
                      timeStyle: 'short',
                      timeZone: preview.timezone,
                    })
                  )
                  .join(' · '),
              })}
            </Typography>
          )}
        </Box>
      )}
    </Flex>
  );
};
