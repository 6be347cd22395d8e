/**
 * The plugin settings page: global settings, mapped content types with live preview, custom URLs.
 * Saving sends only what changed; the server validates the whole result and stores nothing when
 * anything is wrong, and its field errors are shown next to the fields.
 */
import * as React from 'react';
import { Alert, Box, Button, Flex, Grid, NumberInput, SingleSelect, SingleSelectOption, TextInput, Toggle, Typography } from '@strapi/design-system';
import { Check } from '@strapi/icons';
import { Layouts, Page, isFetchError, useNotification, useRBAC } from '@strapi/strapi/admin';
import { useSitemapApi, type SettingsResponse } from '../api/sitemap';
import { ContentTypeCard } from '../components/settings/ContentTypeCard';
import { CustomUrlsTable } from '../components/settings/CustomUrlsTable';
import { LegacyImportCard } from '../components/settings/LegacyImportCard';
import { ScheduleFields } from '../components/settings/ScheduleFields';
import { SettingField } from '../components/settings/SettingField';
import { SourceBadge } from '../components/settings/SourceBadge';
import { Section } from '../components/Section';
import { useTranslate } from '../hooks/useTranslate';
import { PERMISSIONS } from '../permissions';
import {
  changedSettings,
  checkDraft,
  fieldKey,
  filtersAsText,
  formFieldKeys,
  serverFieldErrors,
  suggestPattern,
  withParsedFilters,
  type CatalogType,
  type FieldErrors,
  type SettingKey,
  type SettingsDraft,
} from '../utils/settings-form';

interface Locale {
  code: string;
  name: string;
  isDefault: boolean;
}

export const Settings = () => {
  const { t, message } = useTranslate();
  const api = useSitemapApi();
  const { toggleNotification } = useNotification();
  const { allowedActions, isLoading: permissionsLoading } = useRBAC({ update: PERMISSIONS.settingsUpdate });
  const canUpdate = allowedActions.canUpdate;
  const [loaded, setLoaded] = React.useState<SettingsResponse | null>(null);
  const [draft, setDraft] = React.useState<SettingsDraft | null>(null);
  const [filtersText, setFiltersText] = React.useState<Record<string, string>>({});
  const [catalog, setCatalog] = React.useState<Record<string, CatalogType>>({});
  const [locales, setLocales] = React.useState<Locale[]>([]);
  const [errors, setErrors] = React.useState<FieldErrors>({});
  const [otherErrors, setOtherErrors] = React.useState<string[]>([]);
  const [typeToAdd, setTypeToAdd] = React.useState<string | null>(null);
  const [saving, setSaving] = React.useState(false);
  const [failed, setFailed] = React.useState(false);

  const show = (response: SettingsResponse) => {
    setLoaded(response);
    setDraft(response.settings);
    setFiltersText(filtersAsText(response.settings.contentTypes));
    setErrors({});
    setOtherErrors([]);
  };

  React.useEffect(() => {
    Promise.all([api.settings(), api.contentTypes(), api.locales().catch(() => [] as Locale[])])
      .then(([settings, types, i18nLocales]) => {
        show(settings);
        setCatalog(Object.fromEntries(types.map((type) => [type.uid, type])));
        setLocales(i18nLocales);
      })
      .catch(() => setFailed(true));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  if (failed) return <Page.Error />;
  if (!draft || !loaded || permissionsLoading) return <Page.Loading />;

  const localeCodes = locales.map((locale) => locale.code);
  const disabled = !canUpdate || saving;
  const set = <K extends SettingKey>(key: K, value: SettingsDraft[K]) => setDraft((current) => (current ? { ...current, [key]: value } : current));
  const errorOf = (...path: string[]) => {
    const found = errors[fieldKey(path)];
    return found ? message(found) : undefined;
  };
  const source = (key: SettingKey) => <SourceBadge source={loaded.sources[key]} onReset={canUpdate ? () => save({ [key]: null }) : undefined} />;
  const booleanField = (key: 'gzip' | 'xsl' | 'autoGenerate', label: string) => (
    <Grid.Item col={6} s={12} direction="column" alignItems="stretch">
      <SettingField name={key} label={label} error={errorOf(key)} action={source(key)}>
        <Toggle
          checked={draft[key]}
          disabled={disabled}
          onLabel={t('settings.on', 'On')}
          offLabel={t('settings.off', 'Off')}
          onChange={(event: React.ChangeEvent<HTMLInputElement>) => set(key, event.target.checked)}
        />
      </SettingField>
    </Grid.Item>
  );
  const modified = Object.keys(changedSettings(loaded.settings, withParsedFilters(draft, filtersText))).length > 0;

  async function save(patch: Partial<Record<SettingKey, unknown>>) {
    setSaving(true);
    try {
      show(await api.saveSettings(patch));
      toggleNotification({ type: 'success', message: t('settings.saved', 'Settings saved. The sitemap is updated in the background.') });
    } catch (error) {
      const details = isFetchError(error) ? (error.response?.data as any)?.error?.details : undefined;
      const mapped = serverFieldErrors(details, formFieldKeys(draft!, localeCodes));
      setErrors(mapped.fields);
      setOtherErrors(mapped.other);
      toggleNotification({ type: 'danger', message: t('settings.invalid', 'Nothing was saved: fix the fields marked in red.') });
    } finally {
      setSaving(false);
    }
  }

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const found = checkDraft(draft, filtersText);
    if (Object.keys(found).length > 0) {
      setErrors(found);
      setOtherErrors([]);
      toggleNotification({ type: 'danger', message: t('settings.invalid', 'Nothing was saved: fix the fields marked in red.') });
      return;
    }
    await save(changedSettings(loaded.settings, withParsedFilters(draft, filtersText)));
  };

  const unmapped = Object.values(catalog).filter((type) => !draft.contentTypes[type.uid]);
  const addType = () => {
    if (!typeToAdd || !catalog[typeToAdd]) return;
    set('contentTypes', { ...draft.contentTypes, [typeToAdd]: { pattern: suggestPattern(catalog[typeToAdd]) } });
    setFiltersText((current) => ({ ...current, [typeToAdd]: '' }));
    setTypeToAdd(null);
  };
  const removeType = (uid: string) => {
    const { [uid]: _removed, ...rest } = draft.contentTypes;
    set('contentTypes', rest);
  };
  const setHostname = (locale: string, origin: string) => {
    const hostnames = { ...draft.hostnames };
    if (origin) hostnames[locale] = origin;
    else delete hostnames[locale];
    set('hostnames', hostnames);
  };

  return (
    <Page.Main>
      <Page.Title>{t('settings.title', 'Sitemap settings')}</Page.Title>
      <form onSubmit={submit} noValidate>
        <Layouts.Header
          title={t('settings.title', 'Sitemap settings')}
          subtitle={t('settings.subtitle', 'Which content becomes which URL, and when the sitemap is rewritten.')}
          primaryAction={
            canUpdate ? (
              <Button type="submit" startIcon={<Check />} loading={saving} disabled={!modified}>
                {t('settings.save', 'Save')}
              </Button>
            ) : undefined
          }
        />
        <Layouts.Content>
          {!canUpdate && (
            <Box paddingBottom={4}>
              <Alert variant="default" closeLabel={t('settings.close', 'Close')} title={t('settings.readOnly.title', 'Read only')}>
                {t('settings.readOnly', 'Your role can see these settings but not change them.')}
              </Alert>
            </Box>
          )}
          {otherErrors.length > 0 && (
            <Box paddingBottom={4}>
              <Alert variant="danger" closeLabel={t('settings.close', 'Close')} title={t('settings.otherErrors', 'The server refused these values')} onClose={() => setOtherErrors([])}>
                {otherErrors.join(' · ')}
              </Alert>
            </Box>
          )}

          {canUpdate && <LegacyImportCard onImported={show} />}

          <Section title={t('settings.general', 'Site')} description={t('settings.general.description', 'The front end whose URLs the sitemap lists.')}>
            <Grid.Root gap={5}>
              <Grid.Item col={6} s={12} direction="column" alignItems="stretch">
                <SettingField
                  name="hostname"
                  label={t('settings.hostname', 'Hostname')}
                  hint={t('settings.hostname.hint', 'Origin of the front end, such as https://www.example.com.')}
                  error={errorOf('hostname')}
                  required
                  action={source('hostname')}
                >
                  <TextInput value={draft.hostname} disabled={disabled} onChange={(event: React.ChangeEvent<HTMLInputElement>) => set('hostname', event.target.value)} />
                </SettingField>
              </Grid.Item>
              <Grid.Item col={6} s={12} direction="column" alignItems="stretch">
                <SettingField
                  name="defaultLocale"
                  label={t('settings.defaultLocale', 'Default locale (x-default)')}
                  hint={t('settings.defaultLocale.hint', 'The version search engines show when no language matches the visitor.')}
                  error={errorOf('defaultLocale')}
                  action={source('defaultLocale')}
                >
                  <SingleSelect
                    value={draft.defaultLocale ?? locales.find((locale) => locale.isDefault)?.code ?? null}
                    disabled={disabled || locales.length === 0}
                    onChange={(value: string | number) => set('defaultLocale', String(value))}
                  >
                    {locales.map((locale) => (
                      <SingleSelectOption key={locale.code} value={locale.code}>
                        {locale.name}
                      </SingleSelectOption>
                    ))}
                  </SingleSelect>
                </SettingField>
              </Grid.Item>
              {locales.map((locale) => (
                <Grid.Item key={locale.code} col={6} s={12} direction="column" alignItems="stretch">
                  <SettingField
                    name={`hostname-${locale.code}`}
                    label={t('settings.hostnameFor', 'Hostname for {locale}', { locale: locale.name })}
                    hint={t('settings.hostnameFor.hint', 'Optional, when this language has its own domain.')}
                    error={errorOf('hostnames', locale.code)}
                  >
                    <TextInput
                      value={draft.hostnames[locale.code] ?? ''}
                      disabled={disabled}
                      placeholder={draft.hostname}
                      onChange={(event: React.ChangeEvent<HTMLInputElement>) => setHostname(locale.code, event.target.value)}
                    />
                  </SettingField>
                </Grid.Item>
              ))}
              <Grid.Item col={12} direction="column" alignItems="stretch">
                <SettingField
                  name="publicUrl"
                  label={t('settings.publicUrl', 'Public URL of the sitemap files')}
                  hint={t('settings.publicUrl.hint', "Optional. Defaults to Strapi's server URL + /api/sitemap; set it when a proxy serves the files elsewhere.")}
                  error={errorOf('publicUrl')}
                  action={source('publicUrl')}
                >
                  <TextInput
                    value={draft.publicUrl ?? ''}
                    disabled={disabled}
                    onChange={(event: React.ChangeEvent<HTMLInputElement>) => set('publicUrl', event.target.value || undefined)}
                  />
                </SettingField>
              </Grid.Item>
            </Grid.Root>
          </Section>

          <Section title={t('settings.schedule', 'Updates')} description={t('settings.schedule.description', 'Publishing rewrites only the files that changed; the schedule runs a full regeneration.')}>
            <Grid.Root gap={5}>
              <Grid.Item col={12} direction="column" alignItems="stretch">
                <ScheduleFields
                  cron={draft.cron}
                  timezone={draft.cronTimezone}
                  onChange={(cron) => set('cron', cron)}
                  onTimezoneChange={(timezone) => set('cronTimezone', timezone)}
                  error={errorOf('cron')}
                  timezoneError={errorOf('cronTimezone')}
                  disabled={disabled}
                  action={source('cron')}
                  timezoneAction={source('cronTimezone')}
                />
              </Grid.Item>
              {booleanField('autoGenerate', t('settings.autoGenerate', 'Update on publish, unpublish and delete'))}
              <Grid.Item col={6} s={12} direction="column" alignItems="stretch">
                <SettingField
                  name="debounceMs"
                  label={t('settings.debounceMs', 'Wait after a change (milliseconds)')}
                  hint={t('settings.debounceMs.hint', 'Changes made within this delay are written together.')}
                  error={errorOf('debounceMs')}
                  action={source('debounceMs')}
                >
                  <NumberInput value={draft.debounceMs} disabled={disabled} onValueChange={(value) => set('debounceMs', value as number)} />
                </SettingField>
              </Grid.Item>
            </Grid.Root>
          </Section>

          <Section title={t('settings.files', 'Files')} description={t('settings.files.description', 'The protocol allows at most 50,000 URLs and 50 MB per file; smaller limits give more, smaller files.')}>
            <Grid.Root gap={5}>
              <Grid.Item col={6} s={12} direction="column" alignItems="stretch">
                <SettingField name="urlsPerFile" label={t('settings.urlsPerFile', 'URLs per file')} error={errorOf('limits', 'urlsPerFile')} action={source('limits')}>
                  <NumberInput
                    value={draft.limits.urlsPerFile}
                    disabled={disabled}
                    onValueChange={(value) => set('limits', { ...draft.limits, urlsPerFile: value as number })}
                  />
                </SettingField>
              </Grid.Item>
              <Grid.Item col={6} s={12} direction="column" alignItems="stretch">
                <SettingField name="bytesPerFile" label={t('settings.bytesPerFile', 'Bytes per file')} error={errorOf('limits', 'bytesPerFile')}>
                  <NumberInput
                    value={draft.limits.bytesPerFile}
                    disabled={disabled}
                    onValueChange={(value) => set('limits', { ...draft.limits, bytesPerFile: value as number })}
                  />
                </SettingField>
              </Grid.Item>
              {booleanField('gzip', t('settings.gzip', 'Serve gzip to clients that accept it'))}
              {booleanField('xsl', t('settings.xsl', 'Readable in browsers (XSL stylesheet)'))}
            </Grid.Root>
          </Section>

          <Section title={t('settings.types', 'Content types')} description={t('settings.types.description', 'Each mapped type gives one URL per published entry and locale.')}>
            <Flex justifyContent="flex-end" paddingBottom={2}>
              {source('contentTypes')}
            </Flex>
            {errorOf('contentTypes') && (
              <Typography tag="p" textColor="danger600">
                {errorOf('contentTypes')}
              </Typography>
            )}
            {Object.keys(draft.contentTypes).length === 0 && (
              <Typography tag="p">{t('settings.types.empty', 'No content type is mapped yet: add one below to list its entries.')}</Typography>
            )}
            {Object.entries(draft.contentTypes).map(([uid, typeSettings]) => (
              <ContentTypeCard
                key={uid}
                uid={uid}
                settings={typeSettings}
                filtersText={filtersText[uid] ?? ''}
                catalog={catalog}
                locales={localeCodes}
                errors={errors}
                disabled={disabled}
                onChange={(next) => set('contentTypes', { ...draft.contentTypes, [uid]: next })}
                onFiltersTextChange={(text) => setFiltersText((current) => ({ ...current, [uid]: text }))}
                onRemove={() => removeType(uid)}
              />
            ))}
            {canUpdate && unmapped.length > 0 && (
              <Flex gap={2} alignItems="flex-end">
                <Box minWidth="300px">
                  <SettingField name="add-content-type" label={t('settings.types.add.label', 'Content type to add')}>
                    <SingleSelect value={typeToAdd} placeholder={t('settings.types.add.placeholder', 'Choose a content type')} onChange={(value: string | number) => setTypeToAdd(String(value))}>
                      {unmapped.map((type) => (
                        <SingleSelectOption key={type.uid} value={type.uid}>
                          {type.displayName ?? type.uid}
                        </SingleSelectOption>
                      ))}
                    </SingleSelect>
                  </SettingField>
                </Box>
                <Button variant="secondary" onClick={addType} disabled={!typeToAdd}>
                  {t('settings.types.add', 'Add to the sitemap')}
                </Button>
              </Flex>
            )}
          </Section>

          <Section title={t('settings.custom', 'Custom URLs')} description={t('settings.custom.description', 'Pages that are not content entries. A path is joined to the hostname.')}>
            <Flex justifyContent="flex-end" paddingBottom={2}>
              {source('customUrls')}
            </Flex>
            <CustomUrlsTable urls={draft.customUrls} errors={errors} disabled={disabled} onChange={(urls) => set('customUrls', urls)} />
          </Section>
        </Layouts.Content>
      </form>
    </Page.Main>
  );
};

const ProtectedSettings = () => (
  <Page.Protect permissions={PERMISSIONS.read}>
    <Settings />
  </Page.Protect>
);

export default ProtectedSettings;
