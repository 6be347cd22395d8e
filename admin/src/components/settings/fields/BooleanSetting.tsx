/** An on/off setting as a toggle, with its source. */
import * as React from 'react';
import { Toggle } from '@strapi/design-system';
import { useSetting } from '../../../hooks/useSettingsForm';
import { useTranslate } from '../../../hooks/useTranslate';
import { SettingCell } from './SettingCell';
import { SettingField } from './SettingField';
import { SettingSourceBadge } from './SettingSourceBadge';
import type { SectionProps } from '../SectionProps';

export const BooleanSetting = ({
  form,
  disabled,
  canUpdate,
  setting,
  label,
}: SectionProps & { setting: 'gzip' | 'xsl' | 'autoGenerate' | 'feed'; label: string }) => {
  const { t } = useTranslate();
  const field = useSetting(setting);
  return (
    <SettingCell col={6}>
      <SettingField
        name={setting}
        label={label}
        error={form.errorOf(setting)}
        action={<SettingSourceBadge form={form} canUpdate={canUpdate} setting={setting} />}
      >
        <Toggle
          checked={Boolean(field.value)}
          disabled={disabled}
          onLabel={t('settings.on', 'On')}
          offLabel={t('settings.off', 'Off')}
          onChange={(event: React.ChangeEvent<HTMLInputElement>) => field.set(event.target.checked)}
        />
      </SettingField>
    </SettingCell>
  );
};
