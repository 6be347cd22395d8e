/**
 * The plugin settings page: global settings, mapped content types with live preview, custom URLs.
 * Saving sends only what changed; the server validates the whole result and stores nothing when
 * anything is wrong, and its field errors are shown next to the fields.
 */
import * as React from 'react';
import { Alert, Box, Button } from '@strapi/design-system';
import { Check } from '@strapi/icons';
import { Form, Layouts, Page, useRBAC } from '@strapi/strapi/admin';
import {
  useSitemapApi,
  type CatalogType,
  type Locale,
  type SettingsResponse,
} from '../api/sitemap';
import { ContentTypesSection } from '../components/settings/ContentTypesSection';
import { CustomUrlsSection } from '../components/settings/CustomUrlsSection';
import { FilesSection } from '../components/settings/FilesSection';
import { IndexNowSection } from '../components/settings/IndexNowSection';
import { LegacyImportCard } from '../components/settings/LegacyImportCard';
import { SiteSection } from '../components/settings/SiteSection';
import { UpdatesSection } from '../components/settings/UpdatesSection';
import { WebhooksCard } from '../components/settings/WebhooksCard';
import { useModified, useSettingsForm, type SettingsFormValues } from '../hooks/useSettingsForm';
import { useSitemapQuery } from '../hooks/useSitemapQuery';
import { useTranslate } from '../hooks/useTranslate';
import { PERMISSIONS } from '../permissions';
import { describeQueryError } from '../utils/query-state';

interface PageData {
  settings: SettingsResponse;
  catalog: Record<string, CatalogType>;
  locales: Locale[];
}

/** Inside the Form: Save is enabled once the values differ from the saved settings. */
const SaveButton = ({ saved, saving }: { saved: SettingsResponse; saving: boolean }) => {
  const { t } = useTranslate();
  const modified = useModified(saved.settings);
  return (
    <Button type="submit" startIcon={<Check />} loading={saving} disabled={!modified}>
      {t('settings.save', 'Save')}
    </Button>
  );
};

const SettingsForm = ({ data, canUpdate }: { data: PageData; canUpdate: boolean }) => {
  const { t } = useTranslate();
  const localeCodes = React.useMemo(
    () => data.locales.map((locale) => locale.code),
    [data.locales]
  );
  const form = useSettingsForm(data.settings, localeCodes);
  const sectionProps = { form, disabled: !canUpdate || form.saving, canUpdate };

  return (
    <Form<SettingsFormValues>
      method="PUT"
      initialValues={form.initialValues}
      onSubmit={form.submit}
      disabled={!canUpdate}
    >
      <Layouts.Header
        title={t('settings.title', 'Sitemap settings')}
        subtitle={t(
          'settings.subtitle',
          'Which content becomes which URL, and when the sitemap is rewritten.'
        )}
        primaryAction={
          canUpdate ? <SaveButton saved={form.saved} saving={form.saving} /> : undefined
        }
      />
      <Layouts.Content>
        {!canUpdate && (
          <Box paddingBottom={4}>
            <Alert
              variant="default"
              closeLabel={t('settings.close', 'Close')}
              title={t('settings.readOnly.title', 'Read only')}
            >
              {t('settings.readOnly', 'Your role can see these settings but not change them.')}
            </Alert>
          </Box>
        )}
        {form.otherErrors.length > 0 && (
          <Box paddingBottom={4}>
            <Alert
              variant="danger"
              closeLabel={t('settings.close', 'Close')}
              title={t('settings.otherErrors', 'The server refused these values')}
              onClose={form.clearOtherErrors}
            >
              {form.otherErrors.join(' · ')}
            </Alert>
          </Box>
        )}
        {canUpdate && <LegacyImportCard onImported={form.show} />}
        <SiteSection
          {...sectionProps}
          locales={data.locales}
          typeName={(uid) => data.catalog[uid]?.displayName ?? uid}
        />
        <UpdatesSection {...sectionProps} />
        <FilesSection {...sectionProps} />
        <IndexNowSection {...sectionProps} />
        <WebhooksCard />
        <ContentTypesSection {...sectionProps} catalog={data.catalog} localeCodes={localeCodes} />
        <CustomUrlsSection {...sectionProps} />
      </Layouts.Content>
    </Form>
  );
};

export const Settings = () => {
  const { t } = useTranslate();
  const api = useSitemapApi();
  const { allowedActions, isLoading: permissionsLoading } = useRBAC({
    update: PERMISSIONS.settingsUpdate,
  });
  const fetchPage = React.useCallback(
    async (signal: AbortSignal): Promise<PageData> => {
      const [settings, types, locales] = await Promise.all([
        api.settings({ signal }),
        api.contentTypes({ signal }),
        // Without the i18n plugin there are no locales to offer.
        api.locales({ signal }).catch(() => [] as Locale[]),
      ]);
      return {
        settings,
        catalog: Object.fromEntries(types.map((type) => [type.uid, type])),
        locales,
      };
    },
    [api]
  );
  const { data, error } = useSitemapQuery('settings', fetchPage);

  if (!data)
    return error ? (
      <Page.Error content={describeQueryError(error) ?? undefined} />
    ) : (
      <Page.Loading />
    );
  if (permissionsLoading) return <Page.Loading />;
  return (
    <Page.Main>
      <Page.Title>{t('settings.title', 'Sitemap settings')}</Page.Title>
      <SettingsForm data={data} canUpdate={Boolean(allowedActions.canUpdate)} />
    </Page.Main>
  );
};

const ProtectedSettings = () => (
  <Page.Protect permissions={PERMISSIONS.read}>
    <Settings />
  </Page.Protect>
);

export default ProtectedSettings;
