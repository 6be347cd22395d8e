/**
 * One mapped content type: its URL pattern with a field picker (relations included), per-locale
 * patterns, priority, changefreq, lastmod field, filters, the SEO component, and a live preview on
 * real entries.
 */
import * as React from 'react';
import {
  Box,
  Flex,
  Grid,
  IconButton,
  MultiSelect,
  MultiSelectOption,
  SingleSelect,
  SingleSelectOption,
  Textarea,
  Typography,
} from '@strapi/design-system';
import { Trash } from '@strapi/icons';
import { useTranslate } from '../../../hooks/useTranslate';
import {
  imageFieldNames,
  insertToken,
  lastmodFields,
  titleFields,
  parseFilters,
  patternTokens,
  type CatalogType,
  type TypeSettings,
} from '../../../utils/settings-form';
import { PatternPreview } from './PatternPreview';
import { ChangefreqSelect } from '../fields/ChangefreqSelect';
import { FieldSelect } from '../fields/FieldSelect';
import { NumberSetting } from '../fields/NumberSetting';
import { SettingCell } from '../fields/SettingCell';
import { SettingField } from '../fields/SettingField';
import { TextSetting } from '../fields/TextSetting';
import { SeoToggle } from './SeoToggle';
import { VideoNewsFields } from './VideoNewsFields';
import { VisitorMapFields } from './VisitorMapFields';

interface ContentTypeCardProps {
  uid: string;
  settings: TypeSettings;
  filtersText: string;
  catalog: Record<string, CatalogType>;
  locales: string[];
  /** The form's error of the field at a path. */
  errorOf: (...path: string[]) => string | undefined;
  disabled: boolean;
  onChange: (settings: TypeSettings) => void;
  onFiltersTextChange: (text: string) => void;
  onRemove: () => void;
  /** Whether the feed of recent URLs is on: the title field is asked for then (and for visitors' site map types). */
  settingsFeed?: boolean;
}

const NO_LASTMOD = '__none';

export const ContentTypeCard = (props: ContentTypeCardProps) => {
  const {
    uid,
    settings,
    filtersText,
    catalog,
    locales,
    errorOf: formErrorOf,
    onChange,
    onFiltersTextChange,
    onRemove,
    settingsFeed,
  } = props;
  const { t } = useTranslate();
  const type = catalog[uid];
  // A type this admin may not read in the content manager: its mapping stays as it is (the server
  // refuses any change), and its preview, which shows entries, is not asked for.
  const readable = type?.readable !== false;
  const disabled = props.disabled || !readable;
  const name = type?.displayName ?? uid;
  const kind =
    type?.kind === 'singleType'
      ? t('settings.types.single', 'single type')
      : t('settings.types.collection', 'collection type');
  const patternInput = React.useRef<HTMLInputElement>(null);
  const errorOf = (...path: string[]) => formErrorOf('contentTypes', uid, ...path);
  const set = (patch: Partial<TypeSettings>) => onChange({ ...settings, ...patch });
  const id = (field: string) => `${uid}-${field}`;

  const setLocalePattern = (locale: string, pattern: string) => {
    const overrides = { ...(settings.locales ?? {}) };
    if (pattern) overrides[locale] = { pattern };
    else delete overrides[locale];
    set({ locales: Object.keys(overrides).length ? overrides : undefined });
  };

  const insert = (token: string) => {
    const caret = patternInput.current?.selectionStart ?? settings.pattern.length;
    set({ pattern: insertToken(settings.pattern, token, caret) });
    patternInput.current?.focus();
  };

  const parsedFilters = parseFilters(filtersText);
  const previewSettings = {
    ...settings,
    filters: parsedFilters.ok ? parsedFilters.value : settings.filters,
  };

  return (
    <Box
      tag="section"
      aria-label={name}
      background="neutral0"
      borderColor="neutral200"
      hasRadius
      padding={5}
      marginBottom={4}
    >
      <Flex justifyContent="space-between" paddingBottom={4}>
        <Flex direction="column" alignItems="flex-start">
          <Typography variant="delta" tag="h3">
            {name}
          </Typography>
          <Typography variant="pi" textColor="neutral600">
            {uid} · {kind}
            {type?.localized ? ` · ${t('settings.types.localized', 'localized')}` : ''}
          </Typography>
        </Flex>
        {!disabled && (
          <IconButton
            label={t('settings.types.remove', 'Remove {type} from the sitemap', { type: name })}
            onClick={onRemove}
            variant="ghost"
          >
            <Trash />
          </IconButton>
        )}
      </Flex>
      {!readable && (
        <Typography tag="p" textColor="neutral600" paddingBottom={4}>
          {t(
            'settings.types.unreadable',
            'You cannot read these entries in the content manager: this mapping stays as it is.'
          )}
        </Typography>
      )}
      <Grid.Root gap={4}>
        <SettingCell col={8}>
          <TextSetting
            ref={patternInput}
            name={id('pattern')}
            label={t('settings.types.pattern', 'URL pattern')}
            hint={t(
              'settings.types.pattern.hint',
              'A path with fields in brackets: [slug], [category.slug] (a relation), [locale].'
            )}
            error={errorOf('pattern')}
            required
            value={settings.pattern}
            disabled={disabled}
            onChange={(pattern) => set({ pattern })}
          />
        </SettingCell>
        <SettingCell col={4}>
          <SettingField
            name={id('insert')}
            label={t('settings.types.insert', 'Insert a field')}
            hint={t('settings.types.insert.hint', 'Adds the field at the cursor.')}
          >
            <SingleSelect
              value={null}
              disabled={disabled}
              placeholder={t('settings.types.insert.placeholder', 'Choose a field')}
              onChange={(token: string | number) => insert(String(token))}
            >
              {patternTokens(uid, catalog).map((token) => (
                <SingleSelectOption key={token} value={token}>
                  {token}
                </SingleSelectOption>
              ))}
            </SingleSelect>
          </SettingField>
        </SettingCell>
        {type?.localized &&
          locales.map((locale) => (
            <SettingCell key={locale} col={6}>
              <TextSetting
                name={id(`pattern-${locale}`)}
                label={t('settings.types.localePattern', 'Pattern for {locale}', { locale })}
                hint={t(
                  'settings.types.localePattern.hint',
                  'Optional; empty uses the pattern above.'
                )}
                error={errorOf('locales', locale, 'pattern')}
                value={settings.locales?.[locale]?.pattern ?? ''}
                disabled={disabled}
                onChange={(pattern) => setLocalePattern(locale, pattern)}
              />
            </SettingCell>
          ))}
        <SettingCell col={4}>
          <NumberSetting
            name={id('priority')}
            label={t('settings.types.priority', 'Priority')}
            hint={t('settings.types.priority.hint', '0.0 to 1.0; leave empty to omit it.')}
            error={errorOf('priority')}
            step={0.1}
            value={settings.priority}
            disabled={disabled}
            onChange={(priority) => set({ priority })}
          />
        </SettingCell>
        <SettingCell col={4}>
          <SettingField
            name={id('changefreq')}
            label={t('settings.types.changefreq', 'Change frequency')}
            error={errorOf('changefreq')}
          >
            <ChangefreqSelect
              value={settings.changefreq}
              disabled={disabled}
              onChange={(changefreq) => set({ changefreq })}
            />
          </SettingField>
        </SettingCell>
        <SettingCell col={4}>
          <SettingField
            name={id('lastmod')}
            label={t('settings.types.lastmod', 'Last modified from')}
            hint={t(
              'settings.types.lastmod.hint',
              'The date field each URL gives as its last modification date.'
            )}
            error={errorOf('lastmod')}
          >
            <SingleSelect
              value={settings.lastmod === false ? NO_LASTMOD : (settings.lastmod ?? 'updatedAt')}
              disabled={disabled}
              onChange={(value: string | number) =>
                set({ lastmod: value === NO_LASTMOD ? false : String(value) })
              }
            >
              {lastmodFields(type).map((field) => (
                <SingleSelectOption key={field} value={field}>
                  {field}
                </SingleSelectOption>
              ))}
              <SingleSelectOption value={NO_LASTMOD}>
                {t('settings.types.lastmod.none', 'No lastmod')}
              </SingleSelectOption>
            </SingleSelect>
          </SettingField>
        </SettingCell>
        {type && imageFieldNames(type).length > 0 && (
          <SettingCell col={12}>
            <SettingField
              name={id('images')}
              label={t('settings.types.images', 'Images listed with each URL')}
              hint={t(
                'settings.types.images.hint',
                'Media, rich text and blocks fields (also inside a component) whose images each URL lists in image:image entries, in this order. Google reads at most 1,000 per page.'
              )}
              error={errorOf('images')}
            >
              <MultiSelect
                value={settings.images ?? []}
                disabled={disabled}
                withTags
                placeholder={t('settings.types.images.none', 'No images')}
                onChange={(value: string[]) =>
                  set({ images: value.length > 0 ? value : undefined })
                }
              >
                {imageFieldNames(type).map((field) => (
                  <MultiSelectOption key={field} value={field}>
                    {field}
                  </MultiSelectOption>
                ))}
              </MultiSelect>
            </SettingField>
          </SettingCell>
        )}
        {type && (
          <VideoNewsFields
            uid={uid}
            type={type}
            settings={settings}
            disabled={disabled}
            errorOf={errorOf}
            set={set}
          />
        )}
        {type && (
          <SeoToggle
            uid={uid}
            type={type}
            settings={settings}
            disabled={disabled}
            errorOf={errorOf}
            set={set}
          />
        )}
        <VisitorMapFields
          uid={uid}
          catalog={catalog}
          locales={locales}
          settings={settings}
          disabled={disabled}
          errorOf={errorOf}
          set={set}
        />
        {(settingsFeed || settings.visitorMap) && (
          <SettingCell col={4}>
            <SettingField
              name={id('titleField')}
              label={t('settings.types.titleField', 'Page title (feed, site map for visitors)')}
              error={errorOf('titleField')}
            >
              <FieldSelect
                value={settings.titleField}
                options={titleFields(type)}
                noneLabel={t('settings.types.titleField.none', 'The URL')}
                disabled={disabled}
                onChange={(titleField) => set({ titleField })}
              />
            </SettingField>
          </SettingCell>
        )}
        <SettingCell col={12}>
          <SettingField
            name={id('filters')}
            label={t('settings.types.filters', 'Filters (JSON)')}
            hint={t(
              'settings.types.filters.hint',
              'Only entries that match are listed, in Strapi filter syntax, e.g. {example}. Empty lists every published entry.',
              { example: '{"noindex": {"$ne": true}}' }
            )}
            error={errorOf('filters')}
          >
            <Textarea
              value={filtersText}
              disabled={disabled}
              onChange={(event: React.ChangeEvent<HTMLTextAreaElement>) =>
                onFiltersTextChange(event.target.value)
              }
            />
          </SettingField>
        </SettingCell>
        {readable && (
          <SettingCell col={12}>
            <PatternPreview uid={uid} settings={previewSettings} />
          </SettingCell>
        )}
      </Grid.Root>
    </Box>
  );
};
