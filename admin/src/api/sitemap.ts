/** One typed client over Strapi's fetch client for the plugin's admin routes. */
import { useFetchClient } from '@strapi/strapi/admin';

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
  nextScheduledRun: string | null;
  pendingChanges: number;
  sources: Record<string, 'admin' | 'config' | 'default'>;
}

export function useSitemapApi() {
  const { get, post } = useFetchClient();
  return {
    status: async () => (await get<SitemapStatus>('/sitemap/status')).data,
    generate: async () => (await post('/sitemap/generate')).data,
  };
}
