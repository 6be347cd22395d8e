/**
 * The typed client checks every answer: what the server sends passes as is, a drifted answer is reported
 * with its route and fields. The fixtures are typed with the server's own response types.
 */
import type { EntryStatus, SettingsResponse, StatusResponse } from '#sitemap/shared';
import {
  createSitemapApi,
  ResponseShapeError,
  type FetchClient,
} from '../../../admin/src/api/client';

const settings: SettingsResponse = {
  settings: {
    hostname: 'https://www.example.com',
    hostnames: { fr: 'https://www.example.fr' },
    contentTypes: {
      'api::article.article': {
        pattern: '/blog/[slug]',
        priority: 0.8,
        lastmod: false,
        filters: { noindex: { $ne: true } },
      },
      'api::page.page': { pattern: '/[slug]', seo: false },
      'api::post.post': {
        pattern: '/posts/[slug]',
        seo: { component: 'meta', robotsField: 'robots' },
      },
    },
    customUrls: [{ url: '/about', changefreq: 'monthly' }],
    limits: { urlsPerFile: 50_000, bytesPerFile: 52_428_800 },
    gzip: true,
    xsl: true,
    cron: '0 3 * * *',
    autoGenerate: true,
    debounceMs: 500,
    sites: {
      shop: {
        hostname: 'https://shop.example.com',
        hostnames: { fr: 'https://boutique.example.fr' },
        contentTypes: { 'api::article.article': { filters: { category: { slug: 'gear' } } } },
      },
      blog: { hostname: 'https://blog.example.com', contentTypes: { 'api::article.article': {} } },
    },
  },
  sources: {
    hostname: 'config',
    hostnames: 'admin',
    defaultLocale: 'default',
    publicUrl: 'default',
    contentTypes: 'admin',
    customUrls: 'admin',
    limits: 'default',
    gzip: 'default',
    xsl: 'default',
    cron: 'default',
    cronTimezone: 'default',
    autoGenerate: 'default',
    debounceMs: 'default',
    feed: 'default',
    indexNow: 'default',
    sites: 'config',
  },
};

const file = {
  name: 'article-1.xml',
  url: 'https://cms.example.com/api/sitemap/article-1.xml',
  format: 'urlset' as const,
  contentType: 'api::article.article',
  urlCount: 2,
  byteSize: 512,
  compressedSize: 300,
  lastmod: '2026-01-31T10:00:00.000Z',
  generatedAt: new Date('2026-02-01T00:00:00Z'),
  share: { urls: 0.00004, bytes: 0.00001 },
};

const status: StatusResponse = {
  index: {
    ...file,
    name: 'index.xml',
    format: 'index',
    contentType: null,
    urlCount: null,
    share: null,
  },
  files: [file],
  textFiles: [],
  totals: { urls: 2, files: 1, bytes: 512 },
  counts: { 'api::article.article': { en: 2 } },
  extras: { 'api::article.article': { images: 3, videos: 1, news: 2 } },
  validation: {
    counts: { 'pattern-unfilled': 1 },
    samples: [
      {
        rule: 'pattern-unfilled',
        contentType: 'api::article.article',
        documentId: 'abc',
        locale: 'en',
      },
    ],
  },
  nextScheduledRun: '2026-02-02T03:00:00.000Z',
  pendingChanges: 0,
  failing: null,
  settingWarnings: [],
  sites: [
    {
      name: null,
      hostname: 'https://www.example.com',
      hostnames: {},
      types: ['api::page.page'],
      urls: 3,
      files: 1,
      feed: null,
      visitorMap: null,
    },
    {
      name: 'shop',
      hostname: 'https://shop.example.com',
      hostnames: { fr: 'https://boutique.example.com' },
      types: ['api::article.article'],
      urls: 2,
      files: 2,
      feed: 'https://cms.example.com/api/sitemap/recent__shop.atom',
      visitorMap: {
        html: 'https://cms.example.com/api/sitemap/plan.html?site=shop',
        json: 'https://cms.example.com/api/sitemap/plan.json?site=shop',
      },
    },
  ],
  runs: [
    {
      id: 3,
      trigger: 'manual',
      status: 'success',
      startedAt: new Date('2026-02-01T00:00:00Z'),
      finishedAt: new Date('2026-02-01T00:00:00.120Z'),
      durationMs: 120,
      filesWritten: 2,
      urlCount: 2,
      error: null,
      report: { scope: 'full' },
    },
    {
      id: 2,
      trigger: 'publish',
      status: 'success',
      startedAt: new Date('2026-01-31T00:00:00Z'),
      finishedAt: new Date('2026-01-31T00:00:00.050Z'),
      durationMs: 50,
      filesWritten: 1,
      urlCount: 2,
      error: null,
      report: {
        scope: 'documents',
        changes: {
          counts: { added: 1, changed: 0, removed: 0 },
          samples: [
            {
              kind: 'added',
              url: 'https://www.example.com/blog/b',
              contentType: 'api::article.article',
            },
          ],
        },
      },
    },
  ],
  running: null,
  robots: ['Sitemap: https://cms.example.com/api/sitemap/index.xml'],
  hostRobots: [],
  feedRobots: null,
  visitorMap: null,
  typeNames: { 'api::article.article': 'Article' },
  history: [],
  runningEstimate: null,
  indexNow: null,
  hostname: 'https://www.example.com',
  cron: '0 3 * * *',
  mappedTypes: 1,
  sources: settings.sources,
};

const entryStatus: EntryStatus = {
  mapped: true,
  contentType: 'api::article.article',
  documentId: 'abc',
  localized: true,
  draftAndPublish: true,
  exclusions: [],
  sites: ['shop'],
  locales: [
    {
      locale: 'en',
      state: 'listed',
      url: 'https://shop.example.com/blog/a',
      sites: [{ name: 'shop', url: 'https://shop.example.com/blog/a' }],
      draftUrl: null,
      images: [],
      video: null,
      file: 'article-1.xml',
      fileUrl: null,
      pending: false,
      excludedBy: null,
      reason: null,
    },
  ],
};

/** Answers as they arrive over HTTP: JSON, so dates are strings. */
const wire = (value: unknown) => JSON.parse(JSON.stringify(value));

/** Strapi's fetch client stood in by a table of answers; it records the requests it is given. */
function clientAnswering(answers: Record<string, unknown>) {
  const requests: Array<{
    method: string;
    url: string;
    options?: { params?: unknown; signal?: AbortSignal };
  }> = [];
  const answer =
    (method: string) =>
    async (url: string, ...rest: any[]) => {
      requests.push({ method, url, options: rest[rest.length - 1] });
      return { data: wire(answers[`${method} ${url}`]) };
    };
  const client: FetchClient = {
    get: answer('GET'),
    post: answer('POST'),
    put: answer('PUT'),
    del: answer('DELETE'),
  };
  return { api: createSitemapApi(client), requests };
}

describe('sitemap admin client', () => {
  it('passes the answers the server sends, dates as strings', async () => {
    const { api } = clientAnswering({
      'GET /sitemap/status': status,
      'GET /sitemap/settings': settings,
      'GET /sitemap/entry-status': entryStatus,
      'POST /sitemap/generate': { accepted: true },
    });
    expect(await api.status()).toEqual(wire(status));
    expect(await api.settings()).toEqual(settings);
    expect(
      await api.entryStatus({ contentType: 'api::article.article', documentId: 'abc' })
    ).toEqual(entryStatus);
    expect(await api.generate()).toEqual({ accepted: true });
  });

  it("keeps a component's fields in the catalog, which the images picker and the SEO toggle read", async () => {
    const catalog = [
      {
        uid: 'api::page.page',
        displayName: 'Page',
        kind: 'collectionType',
        localized: false,
        draftAndPublish: true,
        readable: true,
        attributes: {
          slug: { type: 'string' },
          seo: { type: 'component', fields: { metaRobots: { type: 'string' } } },
        },
      },
    ];
    const { api } = clientAnswering({ 'GET /sitemap/content-types': catalog });
    expect(await api.contentTypes()).toEqual(catalog);
  });

  it('accepts codes it has no text for (a newer rule, state or trigger) and shows them as they are', async () => {
    const newer = wire(status);
    newer.validation.samples[0].rule = 'rule-of-a-newer-server';
    newer.runs[0].trigger = 'webhook';
    const { api } = clientAnswering({ 'GET /sitemap/status': newer });
    expect((await api.status()).validation.samples[0].rule).toBe('rule-of-a-newer-server');
  });

  it('reports a drifted answer with its route and the fields at fault', async () => {
    const drifted = wire(status);
    drifted.runs[0].startedAt = 1767225600000;
    delete drifted.totals;
    const { api } = clientAnswering({ 'GET /sitemap/status': drifted });
    const error = await api.status().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ResponseShapeError);
    expect((error as ResponseShapeError).route).toBe('GET /sitemap/status');
    expect((error as ResponseShapeError).issues).toEqual([
      expect.stringMatching(/^totals: /),
      expect.stringMatching(/^runs\.0\.startedAt: /),
    ]);
    expect((error as Error).message).toMatch(
      /GET \/sitemap\/status.*totals: .*runs\.0\.startedAt: /
    );
  });

  it('reports an entry status whose version rows lost a field', async () => {
    const drifted = wire(entryStatus);
    delete drifted.locales[0].pending;
    const { api } = clientAnswering({ 'GET /sitemap/entry-status': drifted });
    await expect(
      api.entryStatus({ contentType: 'api::article.article', documentId: 'abc' })
    ).rejects.toThrow(/locales\.0\.pending/);
  });

  it('reports an answer that is not JSON of the expected kind at all (an HTML error page through a proxy)', async () => {
    const { api } = clientAnswering({ 'GET /sitemap/settings': '<html>Bad gateway</html>' });
    await expect(api.settings()).rejects.toThrow(/GET \/sitemap\/settings.*\(answer\): /);
  });

  it('hands the abort signal of a read to the fetch client, and the exclusion target as query parameters on DELETE', async () => {
    const { api, requests } = clientAnswering({
      'GET /sitemap/status': status,
      'DELETE /sitemap/exclusions': [],
    });
    const controller = new AbortController();
    await api.status({ signal: controller.signal });
    await api.include({ contentType: 'api::article.article', documentId: 'abc', locale: 'fr' });
    expect(requests[0].options?.signal).toBe(controller.signal);
    expect(requests[1]).toMatchObject({
      method: 'DELETE',
      url: '/sitemap/exclusions',
      options: { params: { contentType: 'api::article.article', documentId: 'abc', locale: 'fr' } },
    });
  });
});
