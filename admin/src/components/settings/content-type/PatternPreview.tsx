/**
 * Live preview of a type's settings on a few real entries: the URLs they give, the entries left out
 * and why, and how many URLs the type would produce. Asked again once the editor pauses typing.
 */
import * as React from 'react';
import { Box, Flex, Link, Loader, Typography } from '@strapi/design-system';
import { isFetchError } from '@strapi/strapi/admin';
import { useSitemapApi } from '../../../api/sitemap';
import { useDebounced } from '../../../hooks/useDebounced';
import { useSitemapQuery } from '../../../hooks/useSitemapQuery';
import { useTranslate } from '../../../hooks/useTranslate';
import { describeQueryError } from '../../../utils/query-state';
import type { TypeSettings } from '../../../utils/settings-form';

interface PatternPreviewProps {
  uid: string;
  settings: TypeSettings;
}

/** The server's field errors on the previewed settings, or why the answer could not be read. */
function previewProblem(error: unknown): string | null {
  const details = isFetchError(error)
    ? (error.response?.data as any)?.error?.details?.errors
    : undefined;
  return Array.isArray(details)
    ? details.map((detail: { message?: string }) => detail.message).join('; ')
    : describeQueryError(error);
}

export const PatternPreview = ({ uid, settings }: PatternPreviewProps) => {
  const { t } = useTranslate();
  const api = useSitemapApi();
  const request = useDebounced(JSON.stringify(settings), 500);
  const fetchPreview = React.useCallback(
    (signal: AbortSignal) =>
      api.preview(
        { contentType: uid, settings: JSON.parse(request) as TypeSettings, limit: 5 },
        { signal }
      ),
    [api, uid, request]
  );
  // Keyed by type only: while the next preview loads, the last one stays on screen.
  const { data, error, loading } = useSitemapQuery(uid, fetchPreview);
  const result = error ? null : data;
  const problem = error
    ? (previewProblem(error) ?? t('settings.preview.failed', 'The preview could not be loaded.'))
    : null;

  return (
    <Box background="neutral100" padding={4} hasRadius aria-live="polite" aria-busy={loading}>
      <Flex gap={2} paddingBottom={2}>
        <Typography variant="sigma" tag="h4">
          {t('settings.preview.title', 'Preview')}
        </Typography>
        {loading && <Loader small>{t('settings.preview.loading', 'Loading the preview…')}</Loader>}
      </Flex>
      {problem && (
        <Typography tag="p" textColor="danger600">
          {t('settings.preview.problem', 'Cannot preview: {problem}', { problem })}
        </Typography>
      )}
      {result && (
        <Flex direction="column" alignItems="stretch" gap={2}>
          <Typography tag="p">
            {t(
              'settings.preview.count',
              'This type would give about {count, plural, one {# URL} other {# URLs}} (published entries that match the filters).',
              {
                count: result.estimatedUrlCount,
              }
            )}
          </Typography>
          {result.urls.length === 0 ? (
            <Typography tag="p">
              {t('settings.preview.none', 'No published entry gives a URL yet.')}
            </Typography>
          ) : (
            <ul aria-label={t('settings.preview.urls', 'URLs of the first entries')}>
              {result.urls.map((entry) => (
                <li key={`${entry.documentId}-${entry.locale ?? ''}-${entry.url}`}>
                  <Link href={entry.url} isExternal>
                    {entry.url}
                  </Link>
                  {entry.locale && (
                    <Typography textColor="neutral600"> ({entry.locale})</Typography>
                  )}
                  {entry.site && (
                    <Typography textColor="neutral600">
                      {' '}
                      {t('settings.preview.site', 'on {site}', { site: entry.site })}
                    </Typography>
                  )}
                  {entry.video && (
                    <Typography tag="p" variant="pi" textColor="neutral600">
                      {t('settings.preview.video', 'Video: {title} ({url})', {
                        title: entry.video.title,
                        url: entry.video.contentLoc ?? entry.video.playerLoc,
                      })}
                    </Typography>
                  )}
                  {entry.news && (
                    <Typography tag="p" variant="pi" textColor="neutral600">
                      {t('settings.preview.news', 'In the news sitemap now: {title} ({date})', {
                        title: entry.news.title,
                        date: entry.news.publicationDate,
                      })}
                    </Typography>
                  )}
                  {entry.visitor && (
                    <Typography tag="p" variant="pi" textColor="neutral600">
                      {entry.visitor.group
                        ? t(
                            'settings.preview.visitorGrouped',
                            'In the site map for visitors: {section} › {group} › {title}',
                            entry.visitor
                          )
                        : t(
                            'settings.preview.visitor',
                            'In the site map for visitors: {section} › {title}',
                            entry.visitor
                          )}
                    </Typography>
                  )}
                  {entry.images && (
                    <ul
                      aria-label={t('settings.preview.images', 'Images of {url}', {
                        url: entry.url,
                      })}
                    >
                      {entry.images.map((image) => (
                        <li key={image}>
                          <Typography variant="pi" textColor="neutral600">
                            {image}
                          </Typography>
                        </li>
                      ))}
                    </ul>
                  )}
                </li>
              ))}
            </ul>
          )}
          {result.leftOut.length > 0 && (
            <>
              <Typography variant="pi" fontWeight="bold" tag="p">
                {t('settings.preview.leftOut', 'Left out')}
              </Typography>
              <ul aria-label={t('settings.preview.leftOut', 'Left out')}>
                {result.leftOut.map((sample, index) => (
                  <li key={`${sample.documentId}-${sample.locale ?? ''}-${index}`}>
                    <Typography>
                      {t(`rules.${sample.rule}.title`, sample.rule)}: {sample.documentId}
                      {sample.locale ? ` (${sample.locale})` : ''}
                      {sample.detail ? ` — ${sample.detail}` : ''}
                    </Typography>
                  </li>
                ))}
              </ul>
            </>
          )}
        </Flex>
      )}
    </Box>
  );
};
