/** How the sitemap is split and served: URL and byte limits per file, gzip, the XSL stylesheet. */
import { Grid } from '@strapi/design-system';
import { useSetting } from '../../hooks/useSettingsForm';
import { useTranslate } from '../../hooks/useTranslate';
import { Section } from '../Section';
import { BooleanSetting } from './fields/BooleanSetting';
import { NumberSetting } from './fields/NumberSetting';
import { SettingCell } from './fields/SettingCell';
import { SettingSourceBadge } from './fields/SettingSourceBadge';
import type { SectionProps } from './SectionProps';

export const FilesSection = (props: SectionProps) => {
  const { form, disabled, canUpdate } = props;
  const { t } = useTranslate();
  const limits = useSetting('limits');

  return (
    <Section
      title={t('settings.files', 'Files')}
      description={t(
        'settings.files.description',
        'The protocol allows at most 50,000 URLs and 50 MB per file. The default is 10,000 URLs: a publish rewrites the file that holds the entry, so smaller files are fresh sooner.'
      )}
    >
      <Grid.Root gap={5}>
        <SettingCell col={6}>
          <NumberSetting
            name="urlsPerFile"
            label={t('settings.urlsPerFile', 'URLs per file')}
            error={form.errorOf('limits', 'urlsPerFile')}
            action={<SettingSourceBadge form={form} canUpdate={canUpdate} setting="limits" />}
            value={limits.value.urlsPerFile}
            disabled={disabled}
            onChange={(value) => limits.set({ ...limits.value, urlsPerFile: value as number })}
          />
        </SettingCell>
        <SettingCell col={6}>
          <NumberSetting
            name="bytesPerFile"
            label={t('settings.bytesPerFile', 'Bytes per file')}
            error={form.errorOf('limits', 'bytesPerFile')}
            value={limits.value.bytesPerFile}
            disabled={disabled}
            onChange={(value) => limits.set({ ...limits.value, bytesPerFile: value as number })}
          />
        </SettingCell>
        <BooleanSetting
          {...props}
          setting="gzip"
          label={t('settings.gzip', 'Serve gzip to clients that accept it')}
        />
        <BooleanSetting
          {...props}
          setting="xsl"
          label={t('settings.xsl', 'Readable in browsers (XSL stylesheet)')}
        />
        <BooleanSetting
          {...props}
          setting="feed"
          label={t('settings.feed', 'Feed of recently updated pages (recent.atom)')}
        />
      </Grid.Root>
    </Section>
  );
};
