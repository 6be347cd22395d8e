/**
 * The plugin's admin routes as typed calls over Strapi's fetch client. Every answer is checked against
 * its schema; one that does not match throws a ResponseShapeError that names the route and the fields.
 * Pure: it takes the fetch client, so it is unit-tested without a browser.
 */
import type { z } from 'zod';
import type {
  CronPreviewRequest,
  EntryStatusRequest,
  ExclusionTarget,
  PreviewRequest,
  SettingsPatch,
} from '#sitemap/shared';
import {
  catalogSchema,
  cronPreviewSchema,
  entryStatusSchema,
  exclusionsSchema,
  filePageSchema,
  generateSchema,
  healthCheckSchema,
  legacyImportSchema,
  localesSchema,
  previewSchema,
  settingsResponseSchema,
  statusSchema,
} from './schemas';

interface RequestOptions {
  params?: Record<string, unknown>;
  signal?: AbortSignal;
}

/** The part of Strapi's `useFetchClient()` the plugin uses. */
export interface FetchClient {
  get(url: string, options?: RequestOptions): Promise<{ data: unknown }>;
  post(url: string, body?: unknown, options?: RequestOptions): Promise<{ data: unknown }>;
  put(url: string, body?: unknown, options?: RequestOptions): Promise<{ data: unknown }>;
  del(url: string, options?: RequestOptions): Promise<{ data: unknown }>;
}

/** An answer that is not the shape this admin expects: the server and the admin come from different versions. */
export class ResponseShapeError extends Error {
  constructor(
    readonly route: string,
    readonly issues: string[]
  ) {
    super(
      `The server's answer to ${route} is not what this admin expects (${issues.join('; ')}). ` +
        'Rebuild the admin panel after updating the plugin.'
    );
    this.name = 'ResponseShapeError';
  }
}

const MAX_ISSUES = 5;

/** The answer, typed, or a ResponseShapeError listing the first fields at fault as `path: problem`. */
export function checkResponse<T>(schema: z.ZodType<T>, route: string, data: unknown): T {
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  const issues = result.error.issues
    .slice(0, MAX_ISSUES)
    .map((issue) => `${issue.path.length ? issue.path.join('.') : '(answer)'}: ${issue.message}`);
  throw new ResponseShapeError(route, issues);
}

/** Only for reads the caller may abandon (a page left, a newer request): writes always run to the end. */
type Signal = { signal?: AbortSignal };

export function createSitemapApi(client: FetchClient) {
  const get = async <T>(schema: z.ZodType<T>, url: string, options?: RequestOptions) =>
    checkResponse(schema, `GET ${url}`, (await client.get(url, options)).data);
  const post = async <T>(
    schema: z.ZodType<T>,
    url: string,
    body?: unknown,
    options?: RequestOptions
  ) => checkResponse(schema, `POST ${url}`, (await client.post(url, body, options)).data);

  return {
    status: ({ signal }: Signal = {}) => get(statusSchema, '/sitemap/status', { signal }),
    generate: () => post(generateSchema, '/sitemap/generate'),
    browseFile: (name: string, query: { q?: string; page: number }, { signal }: Signal = {}) =>
      get(filePageSchema, `/sitemap/files/${encodeURIComponent(name)}`, {
        params: { ...(query.q ? { q: query.q } : {}), page: query.page },
        signal,
      }),
    healthCheck: ({ signal }: Signal = {}) =>
      get(healthCheckSchema, '/sitemap/health-check', { signal }),
    startHealthCheck: (all: boolean) => post(generateSchema, '/sitemap/health-check', { all }),
    settings: ({ signal }: Signal = {}) =>
      get(settingsResponseSchema, '/sitemap/settings', { signal }),
    saveSettings: async (patch: SettingsPatch) =>
      checkResponse(
        settingsResponseSchema,
        'PUT /sitemap/settings',
        (await client.put('/sitemap/settings', patch)).data
      ),
    contentTypes: ({ signal }: Signal = {}) =>
      get(catalogSchema, '/sitemap/content-types', { signal }),
    locales: ({ signal }: Signal = {}) => get(localesSchema, '/i18n/locales', { signal }),
    preview: (request: PreviewRequest, { signal }: Signal = {}) =>
      post(previewSchema, '/sitemap/preview', request, { signal }),
    legacyImport: ({ signal }: Signal = {}) =>
      get(legacyImportSchema, '/sitemap/legacy-import', { signal }),
    applyLegacyImport: () => post(settingsResponseSchema, '/sitemap/legacy-import'),
    cronPreview: (request: CronPreviewRequest, { signal }: Signal = {}) =>
      post(cronPreviewSchema, '/sitemap/cron-preview', request, { signal }),
    entryStatus: ({ contentType, documentId }: EntryStatusRequest, { signal }: Signal = {}) =>
      get(entryStatusSchema, '/sitemap/entry-status', {
        params: { contentType, documentId },
        signal,
      }),
    exclude: (target: ExclusionTarget) => post(exclusionsSchema, '/sitemap/exclusions', target),
    // DELETE bodies are not parsed by Strapi: the entry goes in the query string.
    include: async (target: ExclusionTarget) =>
      checkResponse(
        exclusionsSchema,
        'DELETE /sitemap/exclusions',
        (await client.del('/sitemap/exclusions', { params: { ...target } })).data
      ),
  };
}

export type SitemapApi = ReturnType<typeof createSitemapApi>;
