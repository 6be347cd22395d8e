/** The front end whose URLs the sitemap lists: its origin, per-locale origins, x-default, and where the files are served. */
import { Grid, SingleSelect, SingleSelectOption } from '@strapi/design-system';
import type { Locale } from '../../api/sitemap';
import { useSetting } from '../../hooks/useSettingsForm';
import { useTranslate } from '../../hooks/useTranslate';
import { Section } from '../Section';
import { SettingCell } from './fields/SettingCell';
import { SettingField } from './fields/SettingField';
import { SettingSourceBadge } from './fields/SettingSourceBadge';
import { TextSetting } from './fields/TextSetting';
import type { SectionProps } from './SectionProps';
import { SitesList } from './SitesList';

export const SiteSection = ({
  form,
  disabled,
  canUpdate,
  locales,
  typeName,
}: SectionProps & { locales: Locale[]; typeName: (uid: string) => string }) => {
  const { t } = useTranslate();
  const hostname = useSetting('hostname');
  const hostnames = useSetting('hostnames');
  const defaultLocale = useSetting('defaultLocale');
  const publicUrl = useSetting('publicUrl');
  const { errorOf } = form;
  const source = (setting: 'hostname' | 'defaultLocale' | 'publicUrl') => (
    <SettingSourceBadge form={form} canUpdate={canUpdate} setting={setting} />
  );
  const setHostname = (locale: string, origin: string) => {
    const next = { ...hostnames.value };
    if (origin) next[locale] = origin;
    else delete next[locale];
    hostnames.set(next);
  };

  return (
    <Section
      title={t('settings.general', 'Site')}
      description={t('settings.general.description', 'The front end whose URLs the sitemap lists.')}
    >
      <Grid.Root gap={5}>
        <SettingCell col={6}>
          <TextSetting
            name="hostname"
            label={t('settings.hostname', 'Hostname')}
            hint={t(
              'settings.hostname.hint',
              'Origin of the front end, such as https://www.example.com.'
            )}
            error={errorOf('hostname')}
            required
            action={source('hostname')}
            value={hostname.value}
            disabled={disabled}
            onChange={hostname.set}
          />
        </SettingCell>
        <SettingCell col={6}>
          <SettingField
            name="defaultLocale"
            label={t('settings.defaultLocale', 'Default locale (x-default)')}
            hint={t(
              'settings.defaultLocale.hint',
              'The version search engines show when no language matches the visitor.'
            )}
            error={errorOf('defaultLocale')}
            action={source('defaultLocale')}
          >
            <SingleSelect
              value={
                defaultLocale.value ?? locales.find((locale) => locale.isDefault)?.code ?? null
              }
              disabled={disabled || locales.length === 0}
              onChange={(value: string | number) => defaultLocale.set(String(value))}
            >
              {locales.map((locale) => (
                <SingleSelectOption key={locale.code} value={locale.code}>
                  {locale.name}
                </SingleSelectOption>
              ))}
            </SingleSelect>
          </SettingField>
        </SettingCell>
        {locales.map((locale) => (
          <SettingCell key={locale.code} col={6}>
            <TextSetting
              name={`hostname-${locale.code}`}
              label={t('settings.hostnameFor', 'Hostname for {locale}', { locale: locale.name })}
              hint={t(
                'settings.hostnameFor.hint',
                'Optional, when this language has its own domain.'
              )}
              error={errorOf('hostnames', locale.code)}
              value={hostnames.value[locale.code] ?? ''}
              disabled={disabled}
              placeholder={hostname.value}
              onChange={(origin) => setHostname(locale.code, origin)}
            />
          </SettingCell>
        ))}
        <SettingCell col={12}>
          <TextSetting
            name="publicUrl"
            label={t('settings.publicUrl', 'Public URL of the sitemap files')}
            hint={t(
              'settings.publicUrl.hint',
              "Optional. Defaults to Strapi's server URL + /api/sitemap; set it when a proxy serves the files elsewhere."
            )}
            error={errorOf('publicUrl')}
            action={source('publicUrl')}
            value={publicUrl.value ?? ''}
            disabled={disabled}
            onChange={(url) => publicUrl.set(url || undefined)}
          />
        </SettingCell>
      </Grid.Root>
      <SitesList typeName={typeName} />
    </Section>
  );
};
