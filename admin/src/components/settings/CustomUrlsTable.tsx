/** URLs that are not content entries (landing pages, the home page): added, edited in place, removed. */
import * as React from 'react';
import { Box, Button, Field, IconButton, NumberInput, SingleSelect, SingleSelectOption, Table, Tbody, Td, TextInput, Th, Thead, Tr, Typography, VisuallyHidden } from '@strapi/design-system';
import { Plus, Trash } from '@strapi/icons';
import { useTranslate } from '../../hooks/useTranslate';
import { CHANGEFREQS, fieldKey, type Changefreq, type CustomUrl, type FieldErrors } from '../../utils/settings-form';

interface CustomUrlsTableProps {
  urls: CustomUrl[];
  errors: FieldErrors;
  disabled: boolean;
  onChange: (urls: CustomUrl[]) => void;
}

const NOT_SET = '__not-set';

export const CustomUrlsTable = ({ urls, errors, disabled, onChange }: CustomUrlsTableProps) => {
  const { t, message } = useTranslate();
  const update = (index: number, patch: Partial<CustomUrl>) => onChange(urls.map((url, i) => (i === index ? { ...url, ...patch } : url)));
  const errorOf = (index: number, field: string) => {
    const found = errors[fieldKey(['customUrls', String(index), field])];
    return found ? message(found) : undefined;
  };
  const cell = (index: number, field: string, label: string, input: React.ReactNode) => (
    <Field.Root name={`customUrls-${index}-${field}`} id={`customUrls-${index}-${field}`} error={errorOf(index, field)}>
      <VisuallyHidden>
        <Field.Label>{label}</Field.Label>
      </VisuallyHidden>
      {input}
      <Field.Error />
    </Field.Root>
  );

  return (
    <Box>
      {urls.length === 0 ? (
        <Typography tag="p">{t('settings.custom.empty', 'No custom URL. Add pages that are not content entries, such as /about.')}</Typography>
      ) : (
        <Table colCount={5} rowCount={urls.length + 1}>
          <Thead>
            <Tr>
              <Th>{t('settings.custom.url', 'URL or path')}</Th>
              <Th>{t('settings.types.priority', 'Priority')}</Th>
              <Th>{t('settings.types.changefreq', 'Change frequency')}</Th>
              <Th>{t('settings.custom.lastmod', 'Last modified (YYYY-MM-DD)')}</Th>
              <Th>
                <VisuallyHidden>{t('settings.custom.actions', 'Actions')}</VisuallyHidden>
              </Th>
            </Tr>
          </Thead>
          <Tbody>
            {urls.map((url, index) => (
              <Tr key={index}>
                <Td>
                  {cell(
                    index,
                    'url',
                    t('settings.custom.urlOf', 'URL or path of custom URL {number}', { number: index + 1 }),
                    <TextInput value={url.url} disabled={disabled} onChange={(event: React.ChangeEvent<HTMLInputElement>) => update(index, { url: event.target.value })} />
                  )}
                </Td>
                <Td>
                  {cell(
                    index,
                    'priority',
                    t('settings.custom.priorityOf', 'Priority of custom URL {number}', { number: index + 1 }),
                    <NumberInput step={0.1} value={url.priority} disabled={disabled} onValueChange={(value) => update(index, { priority: value })} />
                  )}
                </Td>
                <Td>
                  {cell(
                    index,
                    'changefreq',
                    t('settings.custom.changefreqOf', 'Change frequency of custom URL {number}', { number: index + 1 }),
                    <SingleSelect
                      value={url.changefreq ?? NOT_SET}
                      disabled={disabled}
                      onChange={(value: string | number) => update(index, { changefreq: value === NOT_SET ? undefined : (value as Changefreq) })}
                    >
                      <SingleSelectOption value={NOT_SET}>{t('settings.notSet', 'Not set')}</SingleSelectOption>
                      {CHANGEFREQS.map((frequency) => (
                        <SingleSelectOption key={frequency} value={frequency}>
                          {t(`settings.changefreq.${frequency}`, frequency)}
                        </SingleSelectOption>
                      ))}
                    </SingleSelect>
                  )}
                </Td>
                <Td>
                  {cell(
                    index,
                    'lastmod',
                    t('settings.custom.lastmodOf', 'Last modified date of custom URL {number}', { number: index + 1 }),
                    <TextInput
                      value={url.lastmod ?? ''}
                      disabled={disabled}
                      placeholder="2026-01-31"
                      onChange={(event: React.ChangeEvent<HTMLInputElement>) => update(index, { lastmod: event.target.value || undefined })}
                    />
                  )}
                </Td>
                <Td>
                  {!disabled && (
                    <IconButton
                      label={t('settings.custom.remove', 'Remove custom URL {number}', { number: index + 1 })}
                      variant="ghost"
                      onClick={() => onChange(urls.filter((_, i) => i !== index))}
                    >
                      <Trash />
                    </IconButton>
                  )}
                </Td>
              </Tr>
            ))}
          </Tbody>
        </Table>
      )}
      {!disabled && (
        <Box paddingTop={4}>
          <Button variant="secondary" startIcon={<Plus />} onClick={() => onChange([...urls, { url: '/' }])}>
            {t('settings.custom.add', 'Add a custom URL')}
          </Button>
        </Box>
      )}
    </Box>
  );
};
