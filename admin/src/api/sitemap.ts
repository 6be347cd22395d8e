/** One typed client over Strapi's fetch client for the plugin's admin routes. */
import { useFetchClient } from '@strapi/strapi/admin';
import type { EntryState, EntryStatusResponse, LocaleStatus } from '../../../server/src/core/entry-status';
import type { LegacyImportPreview } from '../../../server/src/core/legacy-settings';
import type { FailingState } from '../../../server/src/core/backoff';
import type { SkippedSetting } from '../../../server/src/core/usable-settings';
import type { CatalogType, SettingsDraft, SettingKey, TypeSettings } from '../utils/settings-form';

export interface SitemapFile {
  name: string;
  url: string;
  contentType: string | null;
  urlCount: number | null;
  byteSize: number;
  compressedSize: number;
  lastmod: string | null;
  share: { urls: number; bytes: number } | null;
}

export interface SitemapRun {
  id: number;
  trigger: string;
  status: 'running' | 'success' | 'failed';
  startedAt: string;
  durationMs: number | null;
  filesWritten: number | null;
  urlCount: number | null;
  error: string | null;
  report: { scope?: string } | null;
}

export interface ValidationSample {
  rule: string;
  contentType?: string;
  documentId?: string;
  locale?: string;
  url?: string;
  detail?: string;
}

export interface SitemapStatus {
  index: SitemapFile | null;
  files: SitemapFile[];
  totals: { urls: number; files: number; bytes: number };
  counts: Record<string, Record<string, number>>;
  validation: { counts: Record<string, number>; samples: ValidationSample[] };
  runs: SitemapRun[];
  running: { trigger: string; scope: string; startedAt: number; urlCount: number } | null;
  robots: string[];
  hostname: string;
  cron: string | false;
  mappedTypes: number;
  nextScheduledRun: string | null;
  pendingChanges: number;
  sources: Record<string, 'admin' | 'config' | 'default'>;
  /** Runs failing in a row since the last success; `retryAt` is null when no change waits to be retried. */
  failing: (Omit<FailingState, 'retryAt'> & { retryAt: string | null }) | null;
  /** Admin settings that no longer validate: runs leave them out. */
  settingWarnings: SkippedSetting[];
}

export type SettingSource = 'admin' | 'config' | 'default';

export interface SettingsResponse {
  settings: SettingsDraft;
  sources: Record<SettingKey, SettingSource>;
}

export interface PreviewResponse {
  urls: Array<{ documentId: string; locale?: string; url: string }>;
  leftOut: ValidationSample[];
  estimatedUrlCount: number;
}

export interface CronPreview {
  valid: boolean;
  errors: string[];
  nextRuns: string[];
  /** The IANA zone the runs were computed in (the server's when none was asked for). */
  timezone: string;
}


export type { EntryState, LegacyImportPreview };
export type EntryLocaleStatus = LocaleStatus & { fileUrl: string | null };
export type EntryStatus = EntryStatusResponse;

export interface ExclusionTarget {
  contentType: string;
  documentId: string;
  /** Omitted: every locale of the document. */
  locale?: string;
}

export function useSitemapApi() {
  const { get, post, put, del } = useFetchClient();
  return {
    status: async () => (await get<SitemapStatus>('/sitemap/status')).data,
    generate: async () => (await post('/sitemap/generate')).data,
    settings: async () => (await get<SettingsResponse>('/sitemap/settings')).data,
    saveSettings: async (patch: Partial<Record<SettingKey, unknown>>) => (await put<SettingsResponse>('/sitemap/settings', patch)).data,
    contentTypes: async () => (await get<CatalogType[]>('/sitemap/content-types')).data,
    locales: async () => (await get<Array<{ code: string; name: string; isDefault: boolean }>>('/i18n/locales')).data,
    preview: async (contentType: string, settings: TypeSettings, limit = 5) =>
      (await post<PreviewResponse>('/sitemap/preview', { contentType, settings, limit })).data,
    legacyImport: async () => (await get<LegacyImportPreview>('/sitemap/legacy-import')).data,
    applyLegacyImport: async () => (await post<SettingsResponse>('/sitemap/legacy-import')).data,
    cronPreview: async (expression: string, timezone?: string) =>
      (await post<CronPreview>('/sitemap/cron-preview', { expression, timezone })).data,
    entryStatus: async (contentType: string, documentId: string) =>
      (await get<EntryStatus>('/sitemap/entry-status', { params: { contentType, documentId } })).data,
    exclude: async (target: ExclusionTarget) => (await post('/sitemap/exclusions', target)).data,
    // DELETE bodies are not parsed by Strapi: the entry goes in the query string.
    include: async (target: ExclusionTarget) => (await del('/sitemap/exclusions', { params: target })).data,
  };
}
