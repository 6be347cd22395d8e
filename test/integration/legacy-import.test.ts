/**
 * Users coming from strapi-plugin-sitemap (Strapi 4, same plugin name): its settings row must not
 * break generation, and can be imported after a preview. Values this plugin saved under the same
 * row before are carried over.
 */
import { callAdmin } from '../helpers/admin-api';
import { startTestStrapi, type RestartableStrapi } from '../helpers/strapi-app';
import { createSuperAdmin, createAdminWithActions } from '../helpers/admin-auth';
import { addLocale, ARTICLE, CATEGORY, createArticle, createCategory } from '../helpers/content';
import { testConfig } from '../helpers/config';
import { fetchSitemapSet } from '../helpers/sitemap-http';
import { settled } from '../helpers/settle';

/** The row strapi-plugin-sitemap keeps in strapi_core_store_settings, key `plugin_sitemap_settings`. */
const LEGACY_ROW = {
  hostname: 'https://legacy.example.com/',
  includeHomepage: true,
  excludeDrafts: true,
  hostname_overrides: { fr: 'https://legacy.example.fr' },
  contentTypes: {
    [ARTICLE]: {
      languages: {
        en: { pattern: '/news/[slug]', priority: '0.6', frequency: 'daily', includeLastmod: true },
        fr: {
          pattern: '/actualites/[slug]',
          priority: '0.6',
          frequency: 'daily',
          includeLastmod: true,
        },
      },
    },
    [CATEGORY]: {
      languages: {
        und: {
          pattern: '/topics/[slug]',
          priority: 0.4,
          frequency: 'monthly',
          includeLastmod: false,
        },
      },
    },
    'api::gone.gone': {
      languages: {
        und: { pattern: '/gone/[slug]', priority: 0.5, frequency: 'weekly', includeLastmod: true },
      },
    },
  },
  customEntries: {
    '/about': { priority: 0.2, changefreq: 'yearly' },
    'about-us': { priority: 0.2, changefreq: 'yearly' },
  },
};

let app: RestartableStrapi;
let superToken: string;
let readerToken: string;
let hiddenId: string;

const plugin = () => app.strapi.plugin('sitemap');
const writeSharedRow = (value: unknown) =>
  app.strapi.store.set({ type: 'plugin', name: 'sitemap', key: 'settings', value });

const api = (method: string, path: string, token: string, body?: unknown) =>
  callAdmin(app.baseUrl, method, path, token, body);

async function listedLocs() {
  return (await fetchSitemapSet(app.baseUrl)).urls.map((url) => url.loc);
}

/** Polls the served set until `predicate` holds (runs are started in the background). */
async function waitForLocs(predicate: (locs: string[]) => boolean) {
  const deadline = Date.now() + 60_000;
  let locs: string[] = [];
  while (Date.now() < deadline) {
    locs = await listedLocs().catch(() => []);
    if (predicate(locs)) return locs;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the served set never matched; last seen: ${locs.join(' ')}`);
}

beforeAll(async () => {
  app = (await startTestStrapi({ pluginConfig: testConfig() })) as RestartableStrapi;
  const news = await createCategory(app.strapi, { name: 'News', slug: 'news' });
  const hello = await createArticle(app.strapi, {
    title: 'Hello',
    slug: 'hello',
    categoryDocumentId: news.documentId,
  });
  await addLocale(app.strapi, {
    documentId: hello.documentId,
    locale: 'fr',
    data: { title: 'Bonjour', slug: 'bonjour', categoryDocumentId: news.documentId },
  });
  const hidden = await createArticle(app.strapi, {
    title: 'Hidden',
    slug: 'hidden',
    categoryDocumentId: news.documentId,
  });
  hiddenId = hidden.documentId;
  // The column the old plugin added to content-type tables, true for the entry it left out.
  const knex = app.strapi.db.connection;
  await knex.schema.alterTable('articles', (table) =>
    table.boolean('sitemap_exclude').defaultTo(false)
  );
  await knex('articles').where('document_id', hiddenId).update({ sitemap_exclude: true });
  await writeSharedRow(LEGACY_ROW);
  // The row is there when Strapi starts, as after an upgrade from Strapi 4.
  app = await app.restart();
  superToken = (await createSuperAdmin(app.strapi, app.baseUrl)).token;
  readerToken = (await createAdminWithActions(app.strapi, app.baseUrl, ['plugin::sitemap.read']))
    .token;
});

afterAll(async () => {
  await app?.stop();
});

it('generates with the old plugin row present, ignoring it', async () => {
  const result = await plugin().service('generator').generate('manual');
  expect(result.error).toBeUndefined();
  expect(result.status).toBe('success');
  const locs = await listedLocs();
  expect(locs).toContain('https://www.example.com/blog/news/hello');
  expect(locs).toContain('https://www.example.com/contact');
  const { body } = await api('GET', '/settings', superToken);
  expect(body.settings.hostname).toBe('https://www.example.com');
  expect(body.sources.contentTypes).toBe('config');
});

it('lets only admins who may change settings see or apply the import', async () => {
  expect((await api('GET', '/legacy-import', readerToken)).status).toBe(403);
  expect((await api('POST', '/legacy-import', readerToken)).status).toBe(403);
  const anonymous = await fetch(`${app.baseUrl}/sitemap/legacy-import`);
  expect(anonymous.status).toBe(401);
});

it('previews what will be imported and what cannot be', async () => {
  const { status, body } = await api('GET', '/legacy-import', superToken);
  expect(status).toBe(200);
  expect(body.found).toBe(true);
  expect(body.importedAt).toBeNull();
  expect(body.plan.hostname).toBe('https://legacy.example.com');
  expect(body.plan.hostnames).toEqual({ fr: 'https://legacy.example.fr' });
  expect(body.plan.contentTypes).toEqual({
    [ARTICLE]: {
      pattern: '/news/[slug]',
      priority: 0.6,
      changefreq: 'daily',
      locales: { fr: { pattern: '/actualites/[slug]' } },
    },
    [CATEGORY]: { pattern: '/topics/[slug]', priority: 0.4, changefreq: 'monthly', lastmod: false },
  });
  expect(body.plan.customUrls).toEqual([
    { url: '/' },
    { url: '/about', priority: 0.2, changefreq: 'yearly' },
  ]);
  const notConverted = Object.fromEntries(
    body.plan.notConverted.map((item: { setting: string; reason: string }) => [
      item.setting,
      item.reason,
    ])
  );
  expect(Object.keys(notConverted).sort()).toEqual([
    'contentTypes["api::gone.gone"]',
    'customEntries["about-us"]',
  ]);
  expect(notConverted['contentTypes["api::gone.gone"]']).toContain('does not exist');
  expect(notConverted['customEntries["about-us"]']).toContain('must be a path');
  expect(body.exclusions).toEqual([{ contentType: ARTICLE, count: 1, documentIds: [hiddenId] }]);
  // A preview changes nothing.
  expect((await api('GET', '/settings', superToken)).body.settings.hostname).toBe(
    'https://www.example.com'
  );
});

it('applies the import: settings saved, exclusions added, and the sitemap regenerated with them', async () => {
  const { status, body } = await api('POST', '/legacy-import', superToken);
  expect(status).toBe(200);
  expect(body.settings.hostname).toBe('https://legacy.example.com');
  expect(body.settings.hostnames).toEqual({ fr: 'https://legacy.example.fr' });
  expect(body.settings.contentTypes[CATEGORY]).toEqual({
    pattern: '/topics/[slug]',
    priority: 0.4,
    changefreq: 'monthly',
    lastmod: false,
  });
  expect(body.sources.contentTypes).toBe('admin');
  expect(await plugin().service('exclusions').list()).toEqual([
    { contentType: ARTICLE, documentId: hiddenId, locale: 'en' },
  ]);

  // The run the import starts switches files while a client may be fetching the index and then the
  // files: wait for it to end, so the set fetched is one set (under load a fetch met the switch).
  expect(await settled(app.strapi, 120_000)).toBe(true);
  const locs = await waitForLocs((current) =>
    current.includes('https://legacy.example.com/news/hello')
  );
  expect(locs).toEqual(
    expect.arrayContaining([
      'https://legacy.example.fr/actualites/bonjour',
      'https://legacy.example.com/topics/news',
      'https://legacy.example.com/about',
    ])
  );
  expect(locs.some((loc) => loc.includes('hidden'))).toBe(false);
  expect((await api('GET', '/legacy-import', superToken)).body.importedAt).toEqual(
    expect.any(String)
  );
});

it('saves nothing, exclusions included, when the result does not validate', async () => {
  // An admin value saved before a schema change (a field since removed) makes any save fail validation.
  const saved = (await app.strapi.store.get({
    type: 'plugin',
    name: 'sitemap',
    key: 'admin-settings',
  })) as Record<string, unknown>;
  await app.strapi.store.set({
    type: 'plugin',
    name: 'sitemap',
    key: 'admin-settings',
    value: { ...saved, contentTypes: { [ARTICLE]: { pattern: '/a/[removed]' } } },
  });
  await writeSharedRow({
    ...LEGACY_ROW,
    contentTypes: { [CATEGORY]: { languages: { und: { pattern: '/t/[slug]' } } } },
  });
  await app.strapi.db.connection('articles').update({ sitemap_exclude: true });
  const { status, body } = await api('POST', '/legacy-import', superToken);
  expect(status).toBe(400);
  expect(body.error.details.errors[0].path).toEqual(['contentTypes', ARTICLE, 'pattern']);
  expect(
    await app.strapi.store.get({ type: 'plugin', name: 'sitemap', key: 'admin-settings' })
  ).toEqual({
    ...saved,
    contentTypes: { [ARTICLE]: { pattern: '/a/[removed]' } },
  });
  expect(await plugin().service('exclusions').list()).toEqual([
    { contentType: ARTICLE, documentId: hiddenId, locale: 'en' },
  ]);
});

it('carries over values this plugin saved under the shared row, and drops them from it', async () => {
  await app.strapi.store.delete({ type: 'plugin', name: 'sitemap', key: 'admin-settings' });
  await writeSharedRow({ gzip: false, customUrls: [{ url: '/kept' }] });
  app = await app.restart();
  const { settings, sources } = await plugin().service('settings').get();
  expect(settings.gzip).toBe(false);
  expect(settings.customUrls).toEqual([{ url: '/kept' }]);
  expect(sources.gzip).toBe('admin');
  expect(
    await app.strapi.store.get({ type: 'plugin', name: 'sitemap', key: 'settings' })
  ).toBeNull();
  expect((await plugin().service('generator').generate('manual')).status).toBe('success');
});
