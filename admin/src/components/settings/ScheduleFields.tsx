/** The full-regeneration schedule: the cron expression, what it means in words, and its next run times on the server. */
import * as React from 'react';
import { Box, Checkbox, Flex, TextInput, Typography } from '@strapi/design-system';
import { useIntl } from 'react-intl';
import { useSitemapApi, type CronPreview } from '../../api/sitemap';
import { useDebounced } from '../../hooks/useDebounced';
import { useTranslate } from '../../hooks/useTranslate';
import { describeCron } from '../../utils/cron';
import { SettingField } from './SettingField';

interface ScheduleFieldsProps {
  cron: string | false;
  onChange: (cron: string | false) => void;
  error?: string;
  disabled: boolean;
  action?: React.ReactNode;
}

const LAST_EXPRESSION = '0 3 * * *';

export const ScheduleFields = ({ cron, onChange, error, disabled, action }: ScheduleFieldsProps) => {
  const { t, locale } = useTranslate();
  const { formatDate } = useIntl();
  const api = useSitemapApi();
  const expression = useDebounced(cron, 400);
  const [preview, setPreview] = React.useState<CronPreview | null>(null);
  const [lastExpression, setLastExpression] = React.useState(cron || LAST_EXPRESSION);

  React.useEffect(() => {
    let current = true;
    if (expression === false || !expression.trim()) {
      setPreview(null);
      return undefined;
    }
    api
      .cronPreview(expression)
      .then((result) => current && setPreview(result))
      .catch(() => current && setPreview(null));
    return () => {
      current = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [expression]);

  const description = cron === false ? null : describeCron(cron, locale);
  const serverError = preview && !preview.valid ? t('settings.cron.invalid', 'Not a valid cron expression: {errors}', { errors: preview.errors.join('; ') }) : undefined;

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
        <SettingField
          name="cron"
          label={t('settings.cron.label', 'Full regeneration schedule (cron)')}
          hint={t('settings.cron.hint', 'Five fields (minute hour day month weekday), or six with seconds first. The full run repairs anything a missed event left behind.')}
          error={error ?? serverError}
          action={action}
        >
          <TextInput value={cron} disabled={disabled} onChange={(event: React.ChangeEvent<HTMLInputElement>) => onChange(event.target.value)} />
        </SettingField>
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
              {t('settings.cron.next', 'Next runs: {dates}', {
                dates: preview.nextRuns.map((date) => formatDate(date, { dateStyle: 'medium', timeStyle: 'short' })).join(' · '),
              })}
            </Typography>
          )}
        </Box>
      )}
    </Flex>
  );
};
