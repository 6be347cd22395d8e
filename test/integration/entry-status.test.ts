/**
 * GET /sitemap/entry-status, what the content manager's side panel shows: per locale, the URL, the
 * live file holding it (checked against the served file), or why the entry is left out; the
 * exclusion toggle's round trip through the exclusions routes; the plugin's read permission.
 */
import { callAdmin } from '../helpers/admin-api';
import { startTestStrapi, type TestStrapi } from '../helpers/strapi-app';
import { createAdminWithActions, createSuperAdmin } from '../helpers/admin-auth';
import {
  addLocale,
  ARTICLE,
  CATEGORY,
  createArticle,
  createCategory,
  HOMEPAGE,
  publish,
  setHomepage,
  unpublish,
} from '../helpers/content';
import { PUBLIC_URL, testConfig } from '../helpers/config';
import { fileUrl, getText, parseUrlset } from '../helpers/sitemap-http';
import { settled } from '../helpers/settle';

const demoConfig = require('../app/sitemap-config');

const HOST = 'https://www.example.com';
let app: TestStrapi;
let superToken: string;
let readerToken: string;
let noneToken: string;
let news: string;
const ids: Record<string, string> = {};

const plugin = () => app.strapi.plugin('sitemap');
const settle = async () => expect(await settled(app.strapi, 30_000)).toBe(true);

const api = (method: string, path: string, token = superToken, body?: unknown) =>
  callAdmin(app.baseUrl, method, path, token, body);

const statusOf = async (documentId: string, contentType = ARTICLE) => {
  const { status, body } = await api(
    'GET',
    `/entry-status?contentType=${encodeURIComponent(contentType)}&documentId=${documentId}`
  );
  expect(status).toBe(200);
  return body;
};
const localeOf = async (documentId: string, locale: string | null) =>
  (await statusOf(documentId)).locales.find((row: any) => row.locale === locale);

/** The URLs the public route serves in one file. */
const served = async (name: string) =>
  parseUrlset((await getText(fileUrl(app.baseUrl, name))).text).map((url) => url.loc);

beforeAll(async () => {
  // Homepage left unmapped; two URLs per file, so an entry's file is not simply the first one.
  const { 'api::homepage.homepage': _homepage, ...contentTypes } = demoConfig.contentTypes;
  app = await startTestStrapi({
    pluginConfig: testConfig({
      contentTypes,
      customUrls: [],
      cron: false,
      debounceMs: 1500,
      limits: { urlsPerFile: 2 },
    }),
  });
  superToken = (await createSuperAdmin(app.strapi, app.baseUrl)).token;
  // Entry status shows the entry's values: it needs content-manager read on the type besides the plugin's Read.
  const readArticles = { action: 'plugin::content-manager.explorer.read', subject: ARTICLE };
  readerToken = (
    await createAdminWithActions(app.strapi, app.baseUrl, ['plugin::sitemap.read', readArticles])
  ).token;
  noneToken = (await createAdminWithActions(app.strapi, app.baseUrl, ['plugin::upload.read']))
    .token;
  news = (await createCategory(app.strapi, { name: 'News', slug: 'news' })).documentId;
  for (let i = 0; i < 5; i++) {
    ids[`a${i}`] = (
      await createArticle(app.strapi, { title: `A${i}`, slug: `a${i}`, categoryDocumentId: news })
    ).documentId;
  }
  ids.both = (
    await createArticle(app.strapi, { title: 'Hello', slug: 'hello', categoryDocumentId: news })
  ).documentId;
  await addLocale(app.strapi, {
    documentId: ids.both,
    locale: 'fr',
    data: { title: 'Bonjour', slug: 'bonjour', categoryDocumentId: news },
  });
  ids.mixed = (
    await createArticle(app.strapi, { title: 'Mixed', slug: 'mixed', categoryDocumentId: news })
  ).documentId;
  await addLocale(
    app.strapi,
    {
      documentId: ids.mixed,
      locale: 'fr',
      data: { title: 'Mixte', slug: 'mixte', categoryDocumentId: news },
    },
    { publish: false }
  );
  ids.draft = (
    await createArticle(
      app.strapi,
      { title: 'Draft', slug: 'draft', categoryDocumentId: news },
      { publish: false }
    )
  ).documentId;
  ids.noindex = (
    await createArticle(app.strapi, {
      title: 'Hidden',
      slug: 'hidden',
      categoryDocumentId: news,
      noindex: true,
    })
  ).documentId;
  ids.lost = (await createArticle(app.strapi, { title: 'Lost', slug: 'lost' })).documentId;
  ids.homepage = (await setHomepage(app.strapi, { title: 'Home' })).documentId;
  await plugin().service('generator').generate('manual');
  await settle();
});

afterAll(async () => {
  await app?.stop();
});

describe('GET /sitemap/entry-status', () => {
  it('names, for each listed locale, the URL and the live file that serves it', async () => {
    const body = await statusOf(ids.both);
    expect(body).toMatchObject({
      mapped: true,
      contentType: ARTICLE,
      documentId: ids.both,
      localized: true,
      draftAndPublish: true,
      exclusions: [],
    });
    expect(body.locales).toEqual([
      expect.objectContaining({
        locale: 'en',
        state: 'listed',
        url: `${HOST}/blog/news/hello`,
        pending: false,
        reason: null,
      }),
      expect.objectContaining({
        locale: 'fr',
        state: 'listed',
        url: `${HOST}/fr/blog/news/bonjour`,
        pending: false,
      }),
    ]);
    for (const row of body.locales) {
      expect(row.file).toMatch(/^article-\d+\.xml$/);
      expect(row.fileUrl).toBe(`${PUBLIC_URL}/${row.file}`);
      expect(await served(row.file)).toContain(row.url);
    }
  });

  it('finds each document in the file whose key range holds it', async () => {
    const files = new Set<string>();
    for (const key of ['a0', 'a1', 'a2', 'a3', 'a4']) {
      const row = await localeOf(ids[key], 'en');
      expect(row.state).toBe('listed');
      expect(await served(row.file)).toContain(`${HOST}/blog/news/${key}`);
      files.add(row.file);
    }
    expect(files.size).toBeGreaterThan(1);
  });

  it('answers one row with a null locale for a type without i18n', async () => {
    const body = await statusOf(news, CATEGORY);
    expect(body.localized).toBe(false);
    expect(body.locales).toEqual([
      expect.objectContaining({ locale: null, state: 'listed', url: `${HOST}/blog/news` }),
    ]);
    expect(await served(body.locales[0].file)).toContain(`${HOST}/blog/news`);
  });

  it('keeps a category listed in its file when the other category of that file is unpublished', async () => {
    const others = [];
    for (const slug of ['events', 'sports', 'travel'])
      others.push({
        slug,
        id: (await createCategory(app.strapi, { name: slug, slug })).documentId,
      });
    await settle();
    const fileOf = async (id: string) => (await statusOf(id, CATEGORY)).locales[0].file as string;
    const all = [{ slug: 'news', id: news }, ...others];
    const files = await Promise.all(all.map((category) => fileOf(category.id)));
    // Two URLs per file: some file holds two categories; unpublish one of them.
    const gone = all.findIndex((_, i) => files.indexOf(files[i]) !== i);
    const mate = files.indexOf(files[gone]);
    await unpublish(app.strapi, CATEGORY, all[gone].id);
    await new Promise((resolve) => setTimeout(resolve, 100));
    await settle();
    expect((await statusOf(all[gone].id, CATEGORY)).locales[0]).toMatchObject({
      state: 'draft-only',
      file: null,
    });
    const row = (await statusOf(all[mate].id, CATEGORY)).locales[0];
    expect(row).toMatchObject({ state: 'listed', file: files[mate] });
    expect(await served(row.file)).toEqual([`${HOST}/blog/${all[mate].slug}`]);
    await publish(app.strapi, CATEGORY, all[gone].id);
    await new Promise((resolve) => setTimeout(resolve, 100));
    await settle();
  });

  it('says draft-only, with the URL it would get, for an entry or a locale never published', async () => {
    expect((await statusOf(ids.draft)).locales).toEqual([
      expect.objectContaining({
        locale: 'en',
        state: 'draft-only',
        url: null,
        draftUrl: `${HOST}/blog/news/draft`,
        file: null,
      }),
    ]);
    const mixed = await statusOf(ids.mixed);
    expect(mixed.locales.map((row: any) => [row.locale, row.state])).toEqual([
      ['en', 'listed'],
      ['fr', 'draft-only'],
    ]);
    expect(mixed.locales[1].draftUrl).toBe(`${HOST}/fr/blog/news/mixte`);
  });

  it('says filtered-out for a published entry the filters leave out', async () => {
    expect(await localeOf(ids.noindex, 'en')).toMatchObject({
      state: 'filtered-out',
      url: `${HOST}/blog/news/hidden`,
      file: null,
    });
  });

  it('says pattern-unfilled, naming the field, for an entry without its relation', async () => {
    const row = await localeOf(ids.lost, 'en');
    expect(row).toMatchObject({
      state: 'pattern-unfilled',
      url: null,
      file: null,
      reason: {
        rule: 'pattern-unfilled',
        field: 'category.slug',
        pattern: '/blog/[category.slug]/[slug]',
      },
    });
    expect(row.reason.detail).toMatch(/category\.slug/);
  });

  it('answers mapped: false for a type that is not in the settings', async () => {
    expect(await statusOf(ids.homepage, HOMEPAGE)).toEqual({
      mapped: false,
      contentType: HOMEPAGE,
      documentId: ids.homepage,
    });
  });

  it('says pending between a publish and the rewrite, then names the new file', async () => {
    const fresh = (
      await createArticle(app.strapi, { title: 'Fresh', slug: 'fresh', categoryDocumentId: news })
    ).documentId;
    // The hook records its mark after the publish returns; the worker waits debounceMs before writing.
    for (let i = 0; i < 100 && (await plugin().service('dirty-marks').count()) === 0; i++)
      await new Promise((resolve) => setTimeout(resolve, 10));
    expect(await localeOf(fresh, 'en')).toMatchObject({
      state: 'pending',
      pending: true,
      file: null,
      url: `${HOST}/blog/news/fresh`,
    });
    await settle();
    const row = await localeOf(fresh, 'en');
    expect(row).toMatchObject({ state: 'listed', pending: false });
    expect(await served(row.file)).toContain(`${HOST}/blog/news/fresh`);
  });

  it('follows the exclusion toggle through POST and DELETE /sitemap/exclusions', async () => {
    const target = { contentType: ARTICLE, documentId: ids.both, locale: 'fr' };
    const { file } = await localeOf(ids.both, 'fr');
    expect((await api('POST', '/exclusions', superToken, target)).status).toBe(200);
    // Excluded at once; the file still holds it until the rewrite.
    expect(await localeOf(ids.both, 'fr')).toMatchObject({
      state: 'excluded',
      excludedBy: 'locale',
      pending: true,
      file,
    });
    expect((await statusOf(ids.both)).exclusions).toEqual([{ locale: 'fr' }]);
    await settle();
    const body = await statusOf(ids.both);
    expect(body.locales.map((row: any) => [row.locale, row.state, row.file === null])).toEqual([
      ['en', 'listed', false],
      ['fr', 'excluded', true],
    ]);
    expect(await served(body.locales[0].file)).not.toContain(`${HOST}/fr/blog/news/bonjour`);

    const removed = await api(
      'DELETE',
      `/exclusions?contentType=${encodeURIComponent(ARTICLE)}&documentId=${ids.both}&locale=fr`
    );
    expect(removed.status).toBe(200);
    await settle();
    const back = await localeOf(ids.both, 'fr');
    expect(back).toMatchObject({ state: 'listed', excludedBy: null });
    expect(await served(back.file)).toContain(`${HOST}/fr/blog/news/bonjour`);
    expect((await statusOf(ids.both)).exclusions).toEqual([]);
  });

  it('says excluded for every locale when the whole document is excluded', async () => {
    expect(
      (await api('POST', '/exclusions', superToken, { contentType: ARTICLE, documentId: ids.both }))
        .status
    ).toBe(200);
    const body = await statusOf(ids.both);
    expect(body.exclusions).toEqual([{ locale: null }]);
    expect(body.locales.map((row: any) => [row.state, row.excludedBy])).toEqual([
      ['excluded', 'document'],
      ['excluded', 'document'],
    ]);
    await api(
      'DELETE',
      `/exclusions?contentType=${encodeURIComponent(ARTICLE)}&documentId=${ids.both}`
    );
    await settle();
    expect((await localeOf(ids.both, 'en')).state).toBe('listed');
  });

  it('refuses an unknown content type or a malformed document id with 400', async () => {
    const unknown = await api(
      'GET',
      `/entry-status?contentType=api::nope.nope&documentId=${ids.both}`
    );
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.details.errors[0].path).toEqual(['contentType']);
    const malformed = await api(
      'GET',
      `/entry-status?contentType=${encodeURIComponent(ARTICLE)}&documentId=a%20b`
    );
    expect(malformed.status).toBe(400);
    expect(malformed.body.error.details.errors[0].path).toEqual(['documentId']);
  });

  it('needs plugin::sitemap.read', async () => {
    const path = `/entry-status?contentType=${encodeURIComponent(ARTICLE)}&documentId=${ids.both}`;
    expect((await api('GET', path, noneToken)).status).toBe(403);
    expect((await api('GET', path, readerToken)).status).toBe(200);
    // A reader sees the status but cannot toggle the exclusion.
    expect(
      (
        await api('POST', '/exclusions', readerToken, {
          contentType: ARTICLE,
          documentId: ids.both,
        })
      ).status
    ).toBe(403);
    const anonymous = await fetch(`${app.baseUrl}/sitemap${path}`);
    expect(anonymous.status).toBe(401);
  });
});
