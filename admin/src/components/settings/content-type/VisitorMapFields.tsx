/**
 * A type's place in the site map for visitors: whether its pages appear, what groups them (one of
 * its fields, or a field of a to-one relation such as `category.name`), and its section's label per
 * locale. The server checks again on save.
 */
import * as React from 'react';
import { Toggle } from '@strapi/design-system';
import { useTranslate } from '../../../hooks/useTranslate';
import {
  singleValueFields,
  type CatalogType,
  type TypeSettings,
} from '../../../utils/settings-form';
import { FieldSelect } from '../fields/FieldSelect';
import { SettingCell } from '../fields/SettingCell';
import { SettingField } from '../fields/SettingField';
import { TextSetting } from '../fields/TextSetting';

interface VisitorMapFieldsProps {
  uid: string;
  catalog: Record<string, CatalogType>;
  /** The project's locales; a type without locales gets one label for all. */
  locales: string[];
  settings: TypeSettings;
  disabled: boolean;
  errorOf: (...path: string[]) => string | undefined;
  set: (patch: Partial<TypeSettings>) => void;
}

/** The key of a label for every locale without its own. */
const ANY_LOCALE = '*';

export const VisitorMapFields = ({
  uid,
  catalog,
  locales,
  settings,
  disabled,
  errorOf,
  set,
}: VisitorMapFieldsProps) => {
  const { t } = useTranslate();
  const id = (field: string) => `${uid}-visitorMap-${field}`;
  const visitorMap = settings.visitorMap;
  const labelLocales = catalog[uid]?.localized && locales.length > 0 ? locales : [ANY_LOCALE];

  const setLabel = (locale: string, label: string) => {
    const labels = { ...(visitorMap?.labels ?? {}) };
    if (label) labels[locale] = label;
    else delete labels[locale];
    set({
      visitorMap: { ...visitorMap, labels: Object.keys(labels).length ? labels : undefined },
    });
  };

  return (
    <>
      <SettingCell col={4}>
        <SettingField
          name={id('on')}
          label={t('settings.visitorMap.on', 'In the site map for visitors')}
          hint={t(
            'settings.visitorMap.hint',
            'Lists this type’s pages in plan.json and plan.html, a site map people read.'
          )}
          error={errorOf('visitorMap')}
        >
          <Toggle
            checked={visitorMap !== undefined}
            disabled={disabled}
            onLabel={t('settings.on', 'On')}
            offLabel={t('settings.off', 'Off')}
            onChange={(event: React.ChangeEvent<HTMLInputElement>) =>
              set({ visitorMap: event.target.checked ? {} : undefined })
            }
          />
        </SettingField>
      </SettingCell>
      {visitorMap && (
        <SettingCell col={4}>
          <SettingField
            name={id('groupBy')}
            label={t('settings.visitorMap.groupBy', 'Group pages by')}
            error={errorOf('visitorMap', 'groupBy')}
          >
            <FieldSelect
              value={visitorMap.groupBy}
              options={singleValueFields(uid, catalog)}
              noneLabel={t('settings.visitorMap.groupBy.none', 'No groups')}
              disabled={disabled}
              onChange={(groupBy) => set({ visitorMap: { ...visitorMap, groupBy } })}
            />
          </SettingField>
        </SettingCell>
      )}
      {visitorMap &&
        labelLocales.map((locale) => (
          <SettingCell col={4} key={locale}>
            <TextSetting
              name={id(`label-${locale}`)}
              label={
                locale === ANY_LOCALE
                  ? t('settings.visitorMap.label', 'Section label')
                  : t('settings.visitorMap.labelIn', 'Section label ({locale})', { locale })
              }
              hint={t('settings.visitorMap.label.hint', 'Empty: the type’s name, {name}.', {
                name: catalog[uid]?.displayName ?? uid,
              })}
              error={errorOf('visitorMap', 'labels', locale)}
              value={visitorMap.labels?.[locale] ?? ''}
              disabled={disabled}
              onChange={(label) => setLabel(locale, label)}
            />
          </SettingCell>
        ))}
    </>
  );
};
