/** Admin HTTP routes: authentication, the plugin's RBAC actions, settings, preview, generate, status. */
import { callAdmin } from '../helpers/admin-api';
import { startTestStrapi, type TestStrapi } from '../helpers/strapi-app';
import { createAdminWithActions, createSuperAdmin } from '../helpers/admin-auth';
import { addLocale, ARTICLE, createArticle, createCategory } from '../helpers/content';
import { testConfig } from '../helpers/config';
import { fileUrl } from '../helpers/sitemap-http';

let app: TestStrapi;
let superToken: string;
let readerToken: string;
let noneToken: string;
let updaterToken: string;
let regeneratorToken: string;
let articleId: string;

const api = (method: string, path: string, token?: string, body?: unknown) =>
  callAdmin(app.baseUrl, method, path, token, body);

async function waitForRun(predicate: (run: any) => boolean) {
  for (let i = 0; i < 100; i++) {
    const { body } = await api('GET', '/status', superToken);
    const run = body.runs.find(predicate);
    if (run && run.status !== 'running') return { run, status: body };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('no run finished in time');
}

beforeAll(async () => {
  app = await startTestStrapi({ pluginConfig: testConfig() });
  superToken = (await createSuperAdmin(app.strapi, app.baseUrl)).token;
  readerToken = (await createAdminWithActions(app.strapi, app.baseUrl, ['plugin::sitemap.read']))
    .token;
  noneToken = (await createAdminWithActions(app.strapi, app.baseUrl, ['plugin::upload.read']))
    .token;
  // Excluding an entry also needs content-manager Read on its type (test/integration/mapping-access).
  updaterToken = (
    await createAdminWithActions(app.strapi, app.baseUrl, [
      'plugin::sitemap.settings.update',
      { action: 'plugin::content-manager.explorer.read', subject: ARTICLE },
    ])
  ).token;
  regeneratorToken = (
    await createAdminWithActions(app.strapi, app.baseUrl, ['plugin::sitemap.regenerate'])
  ).token;
  const news = await createCategory(app.strapi, { name: 'News', slug: 'news' });
  const article = await createArticle(app.strapi, {
    title: 'Hello',
    slug: 'hello',
    categoryDocumentId: news.documentId,
  });
  await addLocale(app.strapi, {
    documentId: article.documentId,
    locale: 'fr',
    data: { title: 'Bonjour', slug: 'bonjour', categoryDocumentId: news.documentId },
  });
  await createArticle(app.strapi, { title: 'No category', slug: 'lost' });
  articleId = article.documentId;
});

afterAll(async () => {
  await app?.stop();
});

describe('access control', () => {
  // Every row has three items: jest would read a shorter row as a test that takes a done callback.
  const routes: Array<[string, string, unknown]> = [
    ['GET', '/settings', undefined],
    ['PUT', '/settings', { gzip: false }],
    ['GET', '/status', undefined],
    ['POST', '/generate', undefined],
    ['POST', '/preview', { contentType: ARTICLE }],
    ['POST', '/cron-preview', { expression: '0 3 * * *' }],
    ['GET', '/content-types', undefined],
    ['GET', `/entry-status?contentType=${ARTICLE}&documentId=x`, undefined],
    ['GET', '/exclusions', undefined],
    ['POST', '/exclusions', { contentType: ARTICLE, documentId: 'x' }],
    ['DELETE', `/exclusions?contentType=${ARTICLE}&documentId=x`, undefined],
  ];

  it.each(routes)('%s %s answers 401 without a token', async (method, path, body) => {
    expect((await api(method, path, undefined, body)).status).toBe(401);
  });

  it.each(routes)(
    '%s %s answers 403 to an admin without the plugin permissions',
    async (method, path, body) => {
      expect((await api(method, path, noneToken, body)).status).toBe(403);
    }
  );

  // Each write action granted alone opens its own routes and nothing else: reading needs `read`.
  const READ = 'plugin::sitemap.read';
  const UPDATE = 'plugin::sitemap.settings.update';
  const REGENERATE = 'plugin::sitemap.regenerate';
  const everyRoute: Array<{ method: string; path: string; body?: unknown; action: string }> = [
    { method: 'GET', path: '/settings', action: READ },
    { method: 'PUT', path: '/settings', body: { gzip: null }, action: UPDATE },
    { method: 'GET', path: '/content-types', action: READ },
    { method: 'POST', path: '/cron-preview', body: { expression: '0 3 * * *' }, action: READ },
    { method: 'POST', path: '/preview', body: { contentType: ARTICLE }, action: READ },
    { method: 'POST', path: '/generate', action: REGENERATE },
    { method: 'GET', path: '/status', action: READ },
    { method: 'GET', path: `/entry-status?contentType=${ARTICLE}&documentId=x`, action: READ },
    { method: 'GET', path: '/exclusions', action: READ },
    {
      method: 'POST',
      path: '/exclusions',
      body: { contentType: ARTICLE, documentId: 'rbac-check' },
      action: UPDATE,
    },
    {
      method: 'DELETE',
      path: `/exclusions?contentType=${ARTICLE}&documentId=rbac-check`,
      action: UPDATE,
    },
  ];

  it.each([
    ['settings.update', UPDATE, () => updaterToken],
    ['regenerate', REGENERATE, () => regeneratorToken],
  ])(
    'an admin with only %s reaches its routes and gets 403 from every other',
    async (_name, granted, token) => {
      const answers: string[] = [];
      for (const route of everyRoute) {
        const { status } = await api(route.method, route.path, token(), route.body);
        answers.push(
          `${route.method} ${route.path} ${status === 403 ? 'forbidden' : status < 300 ? 'allowed' : status}`
        );
      }
      const expected = everyRoute.map(
        (route) =>
          `${route.method} ${route.path} ${route.action === granted ? 'allowed' : 'forbidden'}`
      );
      expect(answers).toEqual(expected);
      if (granted === REGENERATE) await waitForRun((run) => run.trigger === 'manual');
    }
  );

  it('lets a reader read but not change settings, exclusions or generate', async () => {
    expect((await api('GET', '/status', readerToken)).status).toBe(200);
    expect((await api('GET', '/settings', readerToken)).status).toBe(200);
    expect((await api('PUT', '/settings', readerToken, { gzip: false })).status).toBe(403);
    expect((await api('POST', '/generate', readerToken)).status).toBe(403);
    expect(
      (
        await api('POST', '/exclusions', readerToken, {
          contentType: ARTICLE,
          documentId: articleId,
        })
      ).status
    ).toBe(403);
  });
});

describe('settings', () => {
  it('returns the effective settings and where each comes from', async () => {
    const { status, body } = await api('GET', '/settings', superToken);
    expect(status).toBe(200);
    expect(body.settings.hostname).toBe('https://www.example.com');
    expect(body.settings.limits).toEqual({ urlsPerFile: 10000, bytesPerFile: 52428800 });
    expect(body.sources).toMatchObject({
      hostname: 'config',
      contentTypes: 'config',
      limits: 'default',
      gzip: 'default',
    });
  });

  it('refuses invalid values field by field and saves nothing', async () => {
    const before = await api('GET', '/settings', superToken);
    const { status, body } = await api('PUT', '/settings', superToken, {
      hostname: 'www.example.com',
      cron: 'every night',
      limits: { urlsPerFile: 60000, bytesPerFile: 1024 },
      contentTypes: {
        'api::article.article': { pattern: '/blog/[nope]', priority: 3, changefreq: 'sometimes' },
        'api::missing.missing': { pattern: '/[slug]' },
      },
    });
    expect(status).toBe(400);
    expect(body.error.name).toBe('ValidationError');
    const paths = body.error.details.errors.map((error: any) => error.path.join('.'));
    expect(paths).toEqual(
      expect.arrayContaining([
        'hostname',
        'cron',
        'limits.urlsPerFile',
        'contentTypes.api::article.article.pattern',
        'contentTypes.api::article.article.priority',
        'contentTypes.api::article.article.changefreq',
        'contentTypes.api::missing.missing',
      ])
    );
    for (const error of body.error.details.errors) expect(error.message.length).toBeGreaterThan(5);
    expect(await api('GET', '/settings', superToken)).toEqual(before);
  });

  it('saves valid values, which then take precedence over the config file', async () => {
    const { status, body } = await api('PUT', '/settings', superToken, {
      limits: { urlsPerFile: 2 },
    });
    expect(status).toBe(200);
    expect(body.settings.limits).toEqual({ urlsPerFile: 2, bytesPerFile: 52428800 });
    expect(body.sources.limits).toBe('admin');
    // A new schedule applies at once.
    expect((await api('PUT', '/settings', superToken, { cron: '*/5 * * * *' })).status).toBe(200);
    const next = new Date(
      (await api('GET', '/status', superToken)).body.nextScheduledRun
    ).getTime();
    expect(next - Date.now()).toBeGreaterThan(0);
    expect(next - Date.now()).toBeLessThanOrEqual(5 * 60_000);
    expect((await api('PUT', '/settings', superToken, { cron: false })).status).toBe(200);
    expect((await api('GET', '/status', superToken)).body.nextScheduledRun).toBeNull();
    await api('PUT', '/settings', superToken, { cron: null });
    const reset = await api('PUT', '/settings', superToken, { limits: null });
    expect(reset.body.settings.limits.urlsPerFile).toBe(10000);
    expect(reset.body.sources.limits).toBe('default');
  });
});

describe('preview', () => {
  it('shows the URLs a pattern gives for real entries, and the entries it leaves out', async () => {
    const { status, body } = await api('POST', '/preview', superToken, {
      contentType: ARTICLE,
      settings: { pattern: '/articles/[category.slug]/[slug]', locales: {} },
    });
    expect(status).toBe(200);
    expect(body.urls.map((url: any) => url.url).sort()).toEqual([
      'https://www.example.com/articles/news/bonjour',
      'https://www.example.com/articles/news/hello',
    ]);
    expect(body.leftOut).toEqual([
      expect.objectContaining({ rule: 'pattern-unfilled', locale: 'en' }),
    ]);
    expect(body.estimatedUrlCount).toBe(3);
    // A preview stores nothing.
    expect(
      (await api('GET', '/settings', superToken)).body.settings.contentTypes[ARTICLE].pattern
    ).toBe('/blog/[category.slug]/[slug]');
  });

  it('answers 400 with the field at fault for a pattern that cannot work', async () => {
    const { status, body } = await api('POST', '/preview', superToken, {
      contentType: ARTICLE,
      settings: { pattern: '/blog/[category]' },
    });
    expect(status).toBe(400);
    expect(body.error.details.errors[0].path).toEqual(['contentTypes', ARTICLE, 'pattern']);
    expect(body.error.details.errors[0].message).toMatch(/relation/);
  });
});

describe('generate and status', () => {
  it('starts a run at once and reports it in the status when done', async () => {
    const started = Date.now();
    const { status } = await api('POST', '/generate', superToken);
    expect(status).toBe(202);
    // The access-control tests started a manual run earlier: wait for this one.
    const { run, status: body } = await waitForRun(
      (candidate) =>
        candidate.trigger === 'manual' && new Date(candidate.startedAt).getTime() >= started - 1000
    );
    expect(run.status).toBe('success');
    expect(new Date(run.startedAt).getTime()).toBeGreaterThanOrEqual(started - 1000);
    expect(run.durationMs).toBeGreaterThanOrEqual(0);
    // Article en + fr, the category, the custom URL; the article without category is left out.
    expect(body.totals.urls).toBe(4);
    expect(body.index.url).toBe('https://cms.example.com/api/sitemap/index.xml');
    expect(body.robots).toEqual(['Sitemap: https://cms.example.com/api/sitemap/index.xml']);
    expect(body.counts[ARTICLE]).toEqual({ en: 1, fr: 1 });
    const article = body.files.find((file: any) => file.name === 'article-1.xml');
    expect(article).toMatchObject({ urlCount: 2, contentType: ARTICLE });
    const served = await fetch(fileUrl(app.baseUrl, 'article-1.xml'), {
      headers: { 'Accept-Encoding': 'identity' },
    });
    expect(article.byteSize).toBe(Buffer.byteLength(await served.text()));
    expect(body.validation.counts['pattern-unfilled']).toBe(1);
    expect(body.validation.samples[0]).toMatchObject({
      rule: 'pattern-unfilled',
      contentType: ARTICLE,
    });
  });

  it('manages exclusions through the API', async () => {
    const added = await api('POST', '/exclusions', superToken, {
      contentType: ARTICLE,
      documentId: articleId,
      locale: 'fr',
    });
    expect(added.status).toBe(200);
    expect(added.body).toEqual([{ contentType: ARTICLE, documentId: articleId, locale: 'fr' }]);
    expect(
      (
        await api('POST', '/exclusions', superToken, {
          contentType: 'api::nope.nope',
          documentId: articleId,
        })
      ).status
    ).toBe(400);
    const removed = await api(
      'DELETE',
      `/exclusions?contentType=${ARTICLE}&documentId=${articleId}&locale=fr`,
      superToken
    );
    expect(removed.body).toEqual([]);
  });

  it('lists the project content types for the settings form', async () => {
    const { body } = await api('GET', '/content-types', superToken);
    const article = body.find((type: any) => type.uid === ARTICLE);
    expect(article).toMatchObject({
      kind: 'collectionType',
      localized: true,
      draftAndPublish: true,
    });
    expect(article.attributes.category).toMatchObject({
      type: 'relation',
      relation: 'manyToOne',
      target: 'api::category.category',
    });
  });
});
