/** Where a top-level setting's value comes from, with the button that hands an admin value back to the config file. */
import type { SettingKey } from '../../../utils/settings-form';
import { SourceBadge } from './SourceBadge';
import type { SectionProps } from '../SectionProps';

export const SettingSourceBadge = ({
  form,
  canUpdate,
  setting,
}: Omit<SectionProps, 'disabled'> & { setting: SettingKey }) => (
  <SourceBadge
    source={form.saved.sources[setting]}
    onReset={canUpdate ? () => form.resetToConfig(setting) : undefined}
  />
);
