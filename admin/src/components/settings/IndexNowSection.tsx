/**
 * IndexNow: whether runs push the URLs they change, with the key the engines check and where. The
 * endpoint is one of the engines' public ones: any other (a local stand-in) only from
 * config/plugins, which the server enforces; the config file's own shows as a choice of its own.
 */
import * as React from 'react';
import {
  Button,
  Flex,
  Grid,
  SingleSelect,
  SingleSelectOption,
  Toggle,
} from '@strapi/design-system';
import { DEFAULT_INDEXNOW_ENDPOINT, PUBLIC_INDEXNOW_ENDPOINTS } from '#sitemap/shared';
import { useSetting } from '../../hooks/useSettingsForm';
import { useTranslate } from '../../hooks/useTranslate';
import { Section } from '../Section';
import { SettingCell } from './fields/SettingCell';
import { SettingField } from './fields/SettingField';
import { SettingSourceBadge } from './fields/SettingSourceBadge';
import { TextSetting } from './fields/TextSetting';
import type { SectionProps } from './SectionProps';

/** A key as the engines suggest one: 32 hexadecimal characters, from the browser's crypto. */
function newKey() {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

export const IndexNowSection = (props: SectionProps) => {
  const { form, disabled, canUpdate } = props;
  const { t } = useTranslate();
  const indexNow = useSetting('indexNow');
  const value = indexNow.value || null;
  const endpoint = value?.endpoint ?? DEFAULT_INDEXNOW_ENDPOINT;
  const endpoints: string[] = [...PUBLIC_INDEXNOW_ENDPOINTS];
  // The config file's endpoint (a local stand-in, a relay): shown, never typed in here.
  if (!endpoints.includes(endpoint)) endpoints.push(endpoint);
  const set = (patch: Partial<NonNullable<typeof value>>) =>
    indexNow.set({ key: value?.key ?? '', ...value, ...patch });

  return (
    <Section
      title={t('settings.indexNow', 'IndexNow')}
      description={t(
        'settings.indexNow.description',
        'Bing, Yandex, Seznam, Naver and Yep take the URLs a run changes as soon as they are live; Google does not.'
      )}
    >
      <Grid.Root gap={5}>
        <SettingCell col={12}>
          <SettingField
            name="indexNow"
            label={t('settings.indexNow.on', 'Push changed URLs to IndexNow')}
            error={form.errorOf('indexNow')}
            action={<SettingSourceBadge form={form} canUpdate={canUpdate} setting="indexNow" />}
          >
            <Toggle
              checked={Boolean(value)}
              disabled={disabled}
              onLabel={t('settings.on', 'On')}
              offLabel={t('settings.off', 'Off')}
              onChange={(event: React.ChangeEvent<HTMLInputElement>) =>
                indexNow.set(event.target.checked ? { key: newKey() } : false)
              }
            />
          </SettingField>
        </SettingCell>
        {value && (
          <>
            <SettingCell col={6}>
              <Flex gap={2} alignItems="flex-end">
                <TextSetting
                  name="indexNow-key"
                  label={t('settings.indexNow.key', 'Key')}
                  hint={t(
                    'settings.indexNow.key.hint',
                    'Served as a text file named after the key (the key, then .txt) beside the sitemap files; each front end serves it too.'
                  )}
                  error={form.errorOf('indexNow', 'key')}
                  value={value.key}
                  disabled={disabled}
                  onChange={(key) => set({ key })}
                />
                <Button
                  variant="tertiary"
                  disabled={disabled}
                  onClick={() => set({ key: newKey() })}
                >
                  {t('settings.indexNow.newKey', 'New key')}
                </Button>
              </Flex>
            </SettingCell>
            <SettingCell col={6}>
              <SettingField
                name="indexNow-endpoint"
                label={t('settings.indexNow.endpoint', 'Endpoint')}
                error={form.errorOf('indexNow', 'endpoint')}
              >
                <SingleSelect
                  value={endpoint}
                  disabled={disabled}
                  onChange={(next: string | number) =>
                    set({
                      endpoint:
                        String(next) === DEFAULT_INDEXNOW_ENDPOINT ? undefined : String(next),
                    })
                  }
                >
                  {endpoints.map((url) => (
                    <SingleSelectOption key={url} value={url}>
                      {(PUBLIC_INDEXNOW_ENDPOINTS as readonly string[]).includes(url)
                        ? url
                        : t('settings.indexNow.configEndpoint', '{url} (config/plugins)', { url })}
                    </SingleSelectOption>
                  ))}
                </SingleSelect>
              </SettingField>
            </SettingCell>
            <SettingCell col={6}>
              <TextSetting
                name="indexNow-keyLocation"
                label={t(
                  'settings.indexNow.keyLocation',
                  'Key location on each front end (optional)'
                )}
                hint={t(
                  'settings.indexNow.keyLocation.hint',
                  'A path such as /sitemap-key.txt, when the front ends do not serve the key file at their root.'
                )}
                error={form.errorOf('indexNow', 'keyLocation')}
                value={value.keyLocation ?? ''}
                disabled={disabled}
                onChange={(keyLocation) => set({ keyLocation: keyLocation || undefined })}
              />
            </SettingCell>
          </>
        )}
      </Grid.Root>
    </Section>
  );
};
