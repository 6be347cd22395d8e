/**
 * The mapped content types, one card each, and the picker that maps another one. The types are keyed by uid,
 * whose dots Form's paths would split: the whole record (and each type's filters text) is one field.
 */
import * as React from 'react';
import {
  Box,
  Button,
  Flex,
  SingleSelect,
  SingleSelectOption,
  Typography,
} from '@strapi/design-system';
import { useFiltersText, useSetting } from '../../hooks/useSettingsForm';
import { useTranslate } from '../../hooks/useTranslate';
import { suggestPattern, type CatalogType } from '../../utils/settings-form';
import { Section } from '../Section';
import { ContentTypeCard } from './content-type/ContentTypeCard';
import { SettingField } from './fields/SettingField';
import { SettingSourceBadge } from './fields/SettingSourceBadge';
import type { SectionProps } from './SectionProps';

export const ContentTypesSection = ({
  form,
  disabled,
  canUpdate,
  catalog,
  localeCodes,
}: SectionProps & { catalog: Record<string, CatalogType>; localeCodes: string[] }) => {
  const { t } = useTranslate();
  const contentTypes = useSetting('contentTypes');
  const feed = useSetting('feed');
  const filtersText = useFiltersText();
  const [typeToAdd, setTypeToAdd] = React.useState<string | null>(null);
  const sectionError = form.errorOf('contentTypes');
  // Only types this admin may read can be added: a mapping publishes their entries.
  const unmapped = Object.values(catalog).filter(
    (type) => type.readable && !contentTypes.value[type.uid]
  );

  const addType = () => {
    if (!typeToAdd || !catalog[typeToAdd]) return;
    contentTypes.set({
      ...contentTypes.value,
      [typeToAdd]: { pattern: suggestPattern(catalog[typeToAdd]) },
    });
    filtersText.set({ ...filtersText.value, [typeToAdd]: '' });
    setTypeToAdd(null);
  };
  const removeType = (uid: string) => {
    const { [uid]: _removed, ...rest } = contentTypes.value;
    contentTypes.set(rest);
  };

  return (
    <Section
      title={t('settings.types', 'Content types')}
      description={t(
        'settings.types.description',
        'Each mapped type gives one URL per published entry and locale.'
      )}
      action={<SettingSourceBadge form={form} canUpdate={canUpdate} setting="contentTypes" />}
    >
      {sectionError && (
        <Typography tag="p" textColor="danger600">
          {sectionError}
        </Typography>
      )}
      {Object.keys(contentTypes.value).length === 0 && (
        <Typography tag="p">
          {t(
            'settings.types.empty',
            'No content type is mapped yet: add one below to list its entries.'
          )}
        </Typography>
      )}
      {Object.entries(contentTypes.value).map(([uid, typeSettings]) => (
        <ContentTypeCard
          key={uid}
          uid={uid}
          settings={typeSettings}
          filtersText={filtersText.value[uid] ?? ''}
          catalog={catalog}
          locales={localeCodes}
          errorOf={form.errorOf}
          disabled={disabled}
          onChange={(next) => contentTypes.set({ ...contentTypes.value, [uid]: next })}
          onFiltersTextChange={(text) => filtersText.set({ ...filtersText.value, [uid]: text })}
          onRemove={() => removeType(uid)}
          settingsFeed={Boolean(feed.value)}
        />
      ))}
      {canUpdate && unmapped.length > 0 && (
        <Flex gap={2} alignItems="flex-end">
          <Box minWidth="300px">
            <SettingField
              name="add-content-type"
              label={t('settings.types.add.label', 'Content type to add')}
            >
              <SingleSelect
                value={typeToAdd}
                placeholder={t('settings.types.add.placeholder', 'Choose a content type')}
                onChange={(value: string | number) => setTypeToAdd(String(value))}
              >
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
  );
};
