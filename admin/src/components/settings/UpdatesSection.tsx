/** When the sitemap is rewritten: the schedule of full runs, updates on publish, and the wait that groups changes. */
import { Grid } from '@strapi/design-system';
import { useSetting } from '../../hooks/useSettingsForm';
import { useTranslate } from '../../hooks/useTranslate';
import { Section } from '../Section';
import { BooleanSetting } from './fields/BooleanSetting';
import { ScheduleFields } from './ScheduleFields';
import { NumberSetting } from './fields/NumberSetting';
import { SettingCell } from './fields/SettingCell';
import { SettingSourceBadge } from './fields/SettingSourceBadge';
import type { SectionProps } from './SectionProps';

export const UpdatesSection = (props: SectionProps) => {
  const { form, disabled, canUpdate } = props;
  const { t } = useTranslate();
  const cron = useSetting('cron');
  const cronTimezone = useSetting('cronTimezone');
  const debounceMs = useSetting('debounceMs');
  const { errorOf } = form;

  return (
    <Section
      title={t('settings.schedule', 'Updates')}
      description={t(
        'settings.schedule.description',
        'Publishing rewrites only the files that changed; the schedule runs a full regeneration.'
      )}
    >
      <Grid.Root gap={5}>
        <SettingCell col={12}>
          <ScheduleFields
            cron={cron.value}
            timezone={cronTimezone.value}
            onChange={cron.set}
            onTimezoneChange={cronTimezone.set}
            error={errorOf('cron')}
            timezoneError={errorOf('cronTimezone')}
            disabled={disabled}
            action={<SettingSourceBadge form={form} canUpdate={canUpdate} setting="cron" />}
            timezoneAction={
              <SettingSourceBadge form={form} canUpdate={canUpdate} setting="cronTimezone" />
            }
          />
        </SettingCell>
        <BooleanSetting
          {...props}
          setting="autoGenerate"
          label={t('settings.autoGenerate', 'Update on publish, unpublish and delete')}
        />
        <SettingCell col={6}>
          <NumberSetting
            name="debounceMs"
            label={t('settings.debounceMs', 'Wait after a change (milliseconds)')}
            hint={t(
              'settings.debounceMs.hint',
              'Changes made within this delay are written together.'
            )}
            error={errorOf('debounceMs')}
            action={<SettingSourceBadge form={form} canUpdate={canUpdate} setting="debounceMs" />}
            value={debounceMs.value}
            disabled={disabled}
            onChange={(value) => debounceMs.set(value as number)}
          />
        </SettingCell>
      </Grid.Root>
    </Section>
  );
};
