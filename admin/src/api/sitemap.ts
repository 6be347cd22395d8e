/** The plugin's typed client for components, and the server's shapes they read (from `#sitemap/shared`). */
import * as React from 'react';
import { useFetchClient } from '@strapi/strapi/admin';
import type { EntryStatus } from '#sitemap/shared';
import { createSitemapApi, type FetchClient, type SitemapApi } from './client';

export type {
  CatalogType,
  CronPreview,
  EntryState,
  EntryStatus,
  ExclusionTarget,
  LegacyImportPreview,
  PreviewResponse,
  SettingSource,
  SettingsResponse,
  SitemapFileSummary,
  StatusResponse,
} from '#sitemap/shared';
export type { Locale } from './schemas';
export { ResponseShapeError, type SitemapApi } from './client';

/** One version of an entry as the side panel shows it. */
export type EntryLocaleStatus = Extract<EntryStatus, { mapped: true }>['locales'][number];

/**
 * The same client object for the component's whole life: Strapi's fetch client is itself memoized (and
 * aborts its requests on unmount), so callbacks and effects can depend on the client without re-running.
 */
export function useSitemapApi(): SitemapApi {
  const fetchClient = useFetchClient();
  return React.useMemo(
    () => createSitemapApi(fetchClient as unknown as FetchClient),
    [fetchClient]
  );
}
