import * as React from 'react';
import { useSitemapApi } from '../api/sitemap';
import { describeQueryError } from '../utils/query-state';
import { useSitemapQuery } from './useSitemapQuery';

/** While a change waits to be written, the status is read again this often. */
const POLL_MS = 2_000;

/**
 * The sitemap status of one document: read when `enabled` and the document is saved, again when `versionKey`
 * changes (the edited version was saved, published or unpublished), and every POLL_MS while a change waits.
 */
export function useEntryStatus(
  contentType: string,
  documentId: string | undefined,
  enabled: boolean,
  versionKey: string
) {
  const api = useSitemapApi();
  const fetchStatus = React.useCallback(
    (signal: AbortSignal) =>
      api.entryStatus({ contentType, documentId: documentId ?? '' }, { signal }),
    [api, contentType, documentId]
  );
  const key = enabled && documentId ? JSON.stringify([contentType, documentId]) : null;
  const {
    data: status,
    error,
    reload,
  } = useSitemapQuery(key, fetchStatus, {
    refresh: versionKey,
    pollMs: POLL_MS,
    pollWhile: (current) =>
      Boolean(
        current?.mapped && current.locales.some((row) => row.pending || row.state === 'pending')
      ),
  });
  return {
    status,
    failed: Boolean(error),
    problem: describeQueryError(error),
    load: reload,
    exclude: api.exclude,
    include: api.include,
  };
}
