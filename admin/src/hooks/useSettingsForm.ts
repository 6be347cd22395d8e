/**
 * The settings page's form. Strapi's `Form` holds the values (`settings`, and each type's filters as typed
 * in `filtersText`); sections read and change them with `useSetting` (Strapi's `useField`).
 *
 * Where `Form` stops: its paths are lodash paths, so a content-type uid (`api::article.article`) would be
 * split at its dot. `settings.contentTypes` and `filtersText` are therefore each one field, edited as a
 * whole record, and the field errors (the browser's checks and the server's) are kept here, under the JSON
 * keys of `fieldKey`, rather than in Form's error state.
 */
import * as React from 'react';
import { isFetchError, useField, useForm, useNotification } from '@strapi/strapi/admin';
import { useSitemapApi, type SettingsResponse } from '../api/sitemap';
import {
  changedSettings,
  checkDraft,
  fieldKey,
  filtersAsText,
  formFieldKeys,
  serverFieldErrors,
  withParsedFilters,
  type FieldErrors,
  type SettingKey,
  type SettingsDraft,
} from '../utils/settings-form';
import { useTranslate } from './useTranslate';

export interface SettingsFormValues {
  settings: SettingsDraft;
  /** Each mapped type's filters as typed, read back into the settings on save. */
  filtersText: Record<string, string>;
}

export const formValues = (response: SettingsResponse): SettingsFormValues => ({
  settings: response.settings,
  filtersText: filtersAsText(response.settings.contentTypes),
});

/** One top-level setting of the form: its value and a setter (setting keys hold no dots, so Form's paths reach them). */
export function useSetting<K extends SettingKey>(key: K) {
  const path = `settings.${key}`;
  const { value, onChange } = useField<SettingsDraft[K]>(path);
  const set = React.useCallback((next: SettingsDraft[K]) => onChange(path, next), [onChange, path]);
  return { value: value as SettingsDraft[K], set };
}

/** The filters text of every mapped type, as one field (uids hold dots). */
export function useFiltersText() {
  const { value, onChange } = useField<Record<string, string>>('filtersText');
  const set = React.useCallback(
    (next: Record<string, string>) => onChange('filtersText', next),
    [onChange]
  );
  return { value: value ?? {}, set };
}

/** Whether the values differ from the saved settings in what a save would send. */
export function useModified(saved: SettingsDraft) {
  const values = useForm('SitemapSettings', (state) => state.values) as SettingsFormValues;
  return (
    Object.keys(changedSettings(saved, withParsedFilters(values.settings, values.filtersText)))
      .length > 0
  );
}

/**
 * Saving, the saved state and the field errors. `loaded` is the answer the page was opened with; each save
 * replaces it, and the new `initialValues` reset the form to what the server stored.
 */
export function useSettingsForm(loaded: SettingsResponse, localeCodes: string[]) {
  const { t, message } = useTranslate();
  const api = useSitemapApi();
  const { toggleNotification } = useNotification();
  const [saved, setSaved] = React.useState<SettingsResponse>(loaded);
  const [errors, setErrors] = React.useState<FieldErrors>({});
  const [otherErrors, setOtherErrors] = React.useState<string[]>([]);
  const [saving, setSaving] = React.useState(false);
  const initialValues = React.useMemo(() => formValues(saved), [saved]);

  const show = React.useCallback((response: SettingsResponse) => {
    setSaved(response);
    setErrors({});
    setOtherErrors([]);
  }, []);

  const refuse = React.useCallback(
    (fields: FieldErrors, other: string[]) => {
      setErrors(fields);
      setOtherErrors(other);
      toggleNotification({
        type: 'danger',
        message: t('settings.invalid', 'Nothing was saved: fix the fields marked in red.'),
      });
    },
    [t, toggleNotification]
  );

  /** Sends a patch; `draft` is the form's settings, so the server's field errors land on the fields shown. */
  const save = React.useCallback(
    async (patch: Partial<Record<SettingKey, unknown>>, draft: SettingsDraft) => {
      setSaving(true);
      try {
        show(await api.saveSettings(patch));
        toggleNotification({
          type: 'success',
          message: t('settings.saved', 'Settings saved. The sitemap is updated in the background.'),
        });
      } catch (error) {
        const details = isFetchError(error)
          ? (error.response?.data as any)?.error?.details
          : undefined;
        const mapped = serverFieldErrors(details, formFieldKeys(draft, localeCodes));
        refuse(mapped.fields, mapped.other);
      } finally {
        setSaving(false);
      }
    },
    [api, localeCodes, refuse, show, t, toggleNotification]
  );

  /** Form's onSubmit: the browser's checks first, then only what changed. */
  const submit = React.useCallback(
    async ({ settings, filtersText }: SettingsFormValues) => {
      const found = checkDraft(settings, filtersText);
      if (Object.keys(found).length > 0) return refuse(found, []);
      return save(
        changedSettings(saved.settings, withParsedFilters(settings, filtersText)),
        settings
      );
    },
    [refuse, save, saved]
  );

  /** Hands a setting saved in the admin back to config/plugins.ts. */
  const resetToConfig = React.useCallback(
    (key: SettingKey) => save({ [key]: null }, saved.settings),
    [save, saved]
  );

  /** The error of the field at `path`, in the admin's language. */
  const errorOf = React.useCallback(
    (...path: string[]) => {
      const found = errors[fieldKey(path)];
      return found ? message(found) : undefined;
    },
    [errors, message]
  );

  return {
    saved,
    initialValues,
    errors,
    errorOf,
    otherErrors,
    clearOtherErrors: () => setOtherErrors([]),
    saving,
    submit,
    show,
    resetToConfig,
  };
}

export type SettingsForm = ReturnType<typeof useSettingsForm>;
