/**
 * Whether a type's SEO component leaves pages out (a `noindex` robots value, a canonical URL naming
 * another page), and which fields it reads: shown only for a type that has such a component. The
 * field names themselves are set in config/plugins (`seo: { component, robotsField, canonicalField }`).
 */
import * as React from 'react';
import { Toggle } from '@strapi/design-system';
import { seoFields, type CatalogType } from '#sitemap/shared';
import { useTranslate } from '../../../hooks/useTranslate';
import type { TypeSettings } from '../../../utils/settings-form';
import { SettingCell } from '../fields/SettingCell';
import { SettingField } from '../fields/SettingField';

interface SeoToggleProps {
  uid: string;
  type: CatalogType;
  settings: TypeSettings;
  disabled: boolean;
  errorOf: (...path: string[]) => string | undefined;
  set: (patch: Partial<TypeSettings>) => void;
}

export const SeoToggle = ({ uid, type, settings, disabled, errorOf, set }: SeoToggleProps) => {
  const { t } = useTranslate();
  // What it reads when on: the saved field names, else the defaults found on the type.
  const fields = seoFields(settings.seo === false ? undefined : settings.seo, type);
  if (!fields) return null;
  const read = [fields.robotsField, fields.canonicalField]
    .filter(Boolean)
    .map((field) => `${fields.component}.${field}`)
    .join(', ');
  return (
    <SettingCell col={6}>
      <SettingField
        name={`${uid}-seo`}
        label={t('settings.types.seo', 'Respect the SEO component')}
        hint={t(
          'settings.types.seo.hint',
          'Reads {fields}: pages whose robots say noindex, and pages whose canonical URL is another page, are left out.',
          { fields: read }
        )}
        error={errorOf('seo')}
      >
        <Toggle
          checked={settings.seo !== false}
          disabled={disabled}
          onLabel={t('settings.on', 'On')}
          offLabel={t('settings.off', 'Off')}
          onChange={(event: React.ChangeEvent<HTMLInputElement>) =>
            set({ seo: event.target.checked ? undefined : false })
          }
        />
      </SettingField>
    </SettingCell>
  );
};
