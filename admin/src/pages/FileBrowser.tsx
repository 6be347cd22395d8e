/**
 * One sitemap file as people read it, now that browsers drop XSLT: its URLs a page at a time,
 * searchable, each with its lastmod, alternates, images, video, the last full run's findings on its
 * entry and a link to edit that entry. Reached from the dashboard's Files card.
 */
import * as React from 'react';
import {
  Badge,
  Box,
  Button,
  Flex,
  Link,
  Searchbar,
  Table,
  Tbody,
  Td,
  Th,
  Thead,
  Tr,
  Typography,
} from '@strapi/design-system';
import { Layouts, Page } from '@strapi/strapi/admin';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { RULES, type BrowsedUrl } from '#sitemap/shared';
import { useSitemapApi } from '../api/sitemap';
import { useDebounced } from '../hooks/useDebounced';
import { useSitemapQuery } from '../hooks/useSitemapQuery';
import { useTranslate } from '../hooks/useTranslate';
import { EntryLink } from '../components/EntryLink';
import { describeQueryError } from '../utils/query-state';

/** A list folded under a summary line: a URL can list hundreds of images or alternates. */
const Folded = ({ summary, label, items }: { summary: string; label: string; items: string[] }) =>
  items.length === 0 ? null : (
    <details>
      <summary>
        <Typography variant="pi">{summary}</Typography>
      </summary>
      <ul aria-label={label}>
        {items.map((item) => (
          <li key={item}>
            <Typography variant="pi" style={{ overflowWrap: 'anywhere' }}>
              {item}
            </Typography>
          </li>
        ))}
      </ul>
    </details>
  );

/** What one URL lists beside its address. */
const Listed = ({ url }: { url: BrowsedUrl }) => {
  const { t } = useTranslate();
  return (
    <Flex direction="column" alignItems="start" gap={1}>
      <Folded
        summary={t('files.alternates', '{count, plural, one {# alternate} other {# alternates}}', {
          count: url.alternates.length,
        })}
        label={t('files.alternates.list', 'Alternates of {url}', { url: url.loc })}
        items={url.alternates.map((alternate) => `${alternate.hreflang}: ${alternate.href}`)}
      />
      <Folded
        summary={t('files.images', '{count, plural, one {# image} other {# images}}', {
          count: url.images.length,
        })}
        label={t('files.images.list', 'Images of {url}', { url: url.loc })}
        items={url.images}
      />
      {url.video ? (
        <Typography variant="pi">
          {t('files.video', 'Video: {title}', { title: url.video })}
        </Typography>
      ) : null}
    </Flex>
  );
};

export const FileBrowser = () => {
  const { t } = useTranslate();
  const { name = '' } = useParams();
  const api = useSitemapApi();
  const [search, setSearch] = React.useState('');
  const [page, setPage] = React.useState(1);
  const query = useDebounced(search, 300);
  React.useEffect(() => setPage(1), [query]);
  const fetchPage = React.useCallback(
    (signal: AbortSignal) => api.browseFile(name, { q: query, page }, { signal }),
    [api, name, query, page]
  );
  const { data, error } = useSitemapQuery(`file:${name}:${query}:${page}`, fetchPage);

  if (!data && error) return <Page.Error content={describeQueryError(error) ?? undefined} />;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  return (
    <Page.Main>
      <Page.Title>{name}</Page.Title>
      <Layouts.Header
        title={name}
        subtitle={
          data
            ? t('files.subtitle', '{count, plural, one {# URL} other {# URLs}}', {
                count: data.urlCount,
              })
            : undefined
        }
        navigationAction={
          <Link tag={RouterLink} to="..">
            {t('files.back', 'Back to the dashboard')}
          </Link>
        }
        secondaryAction={
          data ? (
            <Link href={data.url} isExternal>
              {t('files.raw', 'The file as served')}
            </Link>
          ) : undefined
        }
      />
      <Layouts.Content>
        <Flex direction="column" alignItems="stretch" gap={4}>
          <Searchbar
            name="search"
            value={search}
            onChange={(event: React.ChangeEvent<HTMLInputElement>) => setSearch(event.target.value)}
            onClear={() => setSearch('')}
            clearLabel={t('files.search.clear', 'Clear the search')}
            placeholder={t('files.search', 'Search the URLs')}
          >
            {t('files.search', 'Search the URLs')}
          </Searchbar>
          {!data ? (
            <Page.Loading />
          ) : (
            <>
              <Typography tag="p" textColor="neutral600">
                {query
                  ? t(
                      'files.found',
                      '{count, plural, one {# URL holds} other {# URLs hold}} “{query}”.',
                      {
                        count: data.total,
                        query,
                      }
                    )
                  : t('files.page', 'Page {page} of {pages}', { page: data.page, pages })}
              </Typography>
              {data.urls.length > 0 ? (
                <Table colCount={4} rowCount={data.urls.length + 1}>
                  <Thead>
                    <Tr>
                      <Th>{t('files.url', 'URL')}</Th>
                      <Th>{t('files.lastmod', 'Last modified')}</Th>
                      <Th>{t('files.listed', 'Also listed')}</Th>
                      <Th>{t('files.entry', 'Entry')}</Th>
                    </Tr>
                  </Thead>
                  <Tbody>
                    {data.urls.map((url) => (
                      <Tr key={url.loc}>
                        <Td style={{ whiteSpace: 'normal' }}>
                          <Flex direction="column" alignItems="start" gap={1}>
                            <Link href={url.loc} isExternal>
                              <span style={{ overflowWrap: 'anywhere' }}>{url.loc}</span>
                            </Link>
                            {url.findings.map((rule) => (
                              <Badge key={rule} variant="warning">
                                {t(`rules.${rule}.title`, RULES[rule]?.message ?? rule)}
                              </Badge>
                            ))}
                          </Flex>
                        </Td>
                        <Td>{url.lastmod ?? '—'}</Td>
                        <Td style={{ whiteSpace: 'normal' }}>
                          <Listed url={url} />
                        </Td>
                        <Td>
                          <EntryLink
                            contentType={data.contentType}
                            documentId={url.documentId}
                            locale={url.locale}
                            label={
                              url.locale
                                ? t('files.editLocale', 'Edit ({locale})', { locale: url.locale })
                                : t('files.edit', 'Edit')
                            }
                          />
                        </Td>
                      </Tr>
                    ))}
                  </Tbody>
                </Table>
              ) : null}
              <Box>
                <Flex gap={2}>
                  <Button variant="tertiary" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                    {t('files.previous', 'Previous page')}
                  </Button>
                  <Button
                    variant="tertiary"
                    disabled={page >= pages}
                    onClick={() => setPage(page + 1)}
                  >
                    {t('files.next', 'Next page')}
                  </Button>
                </Flex>
              </Box>
            </>
          )}
        </Flex>
      </Layouts.Content>
    </Page.Main>
  );
};
