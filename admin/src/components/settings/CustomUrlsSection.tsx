/** Pages that are not content entries, edited as one list. */
import { useSetting } from '../../hooks/useSettingsForm';
import { useTranslate } from '../../hooks/useTranslate';
import { Section } from '../Section';
import { CustomUrlsTable } from './CustomUrlsTable';
import { SettingSourceBadge } from './fields/SettingSourceBadge';
import type { SectionProps } from './SectionProps';

export const CustomUrlsSection = ({ form, disabled, canUpdate }: SectionProps) => {
  const { t } = useTranslate();
  const customUrls = useSetting('customUrls');
  return (
    <Section
      title={t('settings.custom', 'Custom URLs')}
      description={t(
        'settings.custom.description',
        'Pages that are not content entries. A path is joined to the hostname.'
      )}
      action={<SettingSourceBadge form={form} canUpdate={canUpdate} setting="customUrls" />}
    >
      <CustomUrlsTable
        urls={customUrls.value}
        errorOf={form.errorOf}
        disabled={disabled}
        onChange={customUrls.set}
      />
    </Section>
  );
};
