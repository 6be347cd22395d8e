/**
 * URLs that are not content entries (landing pages, the home page): added, edited in place, removed.
 * Each URL is a fieldset of labelled inputs; the design system's Table is not used because it
 * moves keyboard focus between cells, which fights inputs inside them.
 */
import { Box, Button, Flex, Grid, IconButton, Typography } from '@strapi/design-system';
import { Plus, Trash } from '@strapi/icons';
import { useTranslate } from '../../hooks/useTranslate';
import type { CustomUrl } from '../../utils/settings-form';
import { ChangefreqSelect } from './fields/ChangefreqSelect';
import { SettingCell } from './fields/SettingCell';
import { NumberSetting } from './fields/NumberSetting';
import { SettingField } from './fields/SettingField';
import { TextSetting } from './fields/TextSetting';

interface CustomUrlsTableProps {
  urls: CustomUrl[];
  /** The form's error of the field at a path. */
  errorOf: (...path: string[]) => string | undefined;
  disabled: boolean;
  onChange: (urls: CustomUrl[]) => void;
}

export const CustomUrlsTable = ({
  urls,
  errorOf: formErrorOf,
  disabled,
  onChange,
}: CustomUrlsTableProps) => {
  const { t } = useTranslate();
  const update = (index: number, patch: Partial<CustomUrl>) =>
    onChange(urls.map((url, i) => (i === index ? { ...url, ...patch } : url)));
  const errorOf = (index: number, field: string) => formErrorOf('customUrls', String(index), field);
  const id = (index: number, field: string) => `customUrls-${index}-${field}`;

  return (
    <Box>
      {urls.length === 0 && (
        <Typography tag="p">
          {t(
            'settings.custom.empty',
            'No custom URL. Add pages that are not content entries, such as /about.'
          )}
        </Typography>
      )}
      {urls.map((url, index) => (
        <Box
          key={index}
          tag="fieldset"
          borderColor="neutral200"
          hasRadius
          padding={4}
          marginBottom={3}
        >
          <Typography tag="legend" variant="sigma">
            {t('settings.custom.legend', 'Custom URL {number}', { number: index + 1 })}
          </Typography>
          <Flex justifyContent="flex-end">
            {!disabled && (
              <IconButton
                label={t('settings.custom.remove', 'Remove custom URL {number}', {
                  number: index + 1,
                })}
                variant="ghost"
                onClick={() => onChange(urls.filter((_, i) => i !== index))}
              >
                <Trash />
              </IconButton>
            )}
          </Flex>
          <Grid.Root gap={4}>
            <SettingCell col={5}>
              <TextSetting
                name={id(index, 'url')}
                label={t('settings.custom.url', 'URL or path')}
                error={errorOf(index, 'url')}
                required
                value={url.url}
                disabled={disabled}
                onChange={(next) => update(index, { url: next })}
              />
            </SettingCell>
            <SettingCell col={2}>
              <NumberSetting
                name={id(index, 'priority')}
                label={t('settings.types.priority', 'Priority')}
                error={errorOf(index, 'priority')}
                step={0.1}
                value={url.priority}
                disabled={disabled}
                onChange={(priority) => update(index, { priority })}
              />
            </SettingCell>
            <SettingCell col={2}>
              <SettingField
                name={id(index, 'changefreq')}
                label={t('settings.types.changefreq', 'Change frequency')}
                error={errorOf(index, 'changefreq')}
              >
                <ChangefreqSelect
                  value={url.changefreq}
                  disabled={disabled}
                  onChange={(changefreq) => update(index, { changefreq })}
                />
              </SettingField>
            </SettingCell>
            <SettingCell col={3}>
              <TextSetting
                name={id(index, 'lastmod')}
                label={t('settings.custom.lastmod', 'Last modified (YYYY-MM-DD)')}
                error={errorOf(index, 'lastmod')}
                value={url.lastmod ?? ''}
                disabled={disabled}
                placeholder="2026-01-31"
                onChange={(lastmod) => update(index, { lastmod: lastmod || undefined })}
              />
            </SettingCell>
          </Grid.Root>
        </Box>
      ))}
      {!disabled && (
        <Box paddingTop={2}>
          <Button
            variant="secondary"
            startIcon={<Plus />}
            onClick={() => onChange([...urls, { url: '/' }])}
          >
            {t('settings.custom.add', 'Add a custom URL')}
          </Button>
        </Box>
      )}
    </Box>
  );
};
