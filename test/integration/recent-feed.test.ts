/**
 * The feed of recent URLs on a real Strapi: recent.atom and one per locale, valid Atom 1.0 as a
 * feed parser from the npm registry reads it, the 100 most recently updated URLs with their titles,
 * kept current by documents runs (publish, unpublish) as well as full runs.
 */
import { parseFeed } from '@rowanmanning/feed-parser';
import { startTestStrapi, type TestStrapi } from '../helpers/strapi-app';
import type { UID } from '@strapi/strapi';
import { randomStrings } from '../helpers/bulk-seed';
import {
  addLocale,
  ARTICLE,
  CATEGORY,
  createArticle,
  createCategory,
  unpublish,
} from '../helpers/content';
import { testConfig } from '../helpers/config';
import { fileUrl, getText } from '../helpers/sitemap-http';
import { settled } from '../helpers/settle';

const HOST = 'https://www.example.com';
const HOSTILE = `Rock & Roll <"Live">`;
let app: TestStrapi;
let news: string;
const plugin = () => app.strapi.plugin('sitemap');

/** A feed over HTTP, parsed; null when it is not served. */
async function feed(name: string) {
  const { response, text } = await getText(fileUrl(app.baseUrl, name));
  if (response.status === 404) return null;
  expect(response.headers.get('content-type')).toBe('application/atom+xml; charset=utf-8');
  expect(response.headers.get('x-robots-tag')).toBe('noindex');
  const parsed = parseFeed(text);
  expect(parsed.meta.type).toBe('atom');
  expect(parsed.meta.version).toBe('1.0');
  return { text, parsed };
}

const locs = (parsed: ReturnType<typeof parseFeed>) => parsed.items.map((item) => item.url);

beforeAll(async () => {
  app = await startTestStrapi({
    pluginConfig: testConfig({
      feed: true,
      contentTypes: {
        [ARTICLE]: {
          pattern: '/blog/[category.slug]/[slug]',
          locales: { fr: { pattern: '/fr/blog/[category.slug]/[slug]' } },
          titleField: 'title',
        },
        [CATEGORY]: { pattern: '/topics/[slug]', titleField: 'name' },
      },
      customUrls: [],
      cron: false,
      debounceMs: 50,
    }),
  });
  // 150 older categories, updated a day apart, then the articles: the newest 100 are what counts.
  // Published rows inserted through the query engine (no hook sees them): the full run below lists them.
  const ids = randomStrings(150, 24);
  await app.strapi.db.query(CATEGORY as UID.Schema).createMany({
    data: ids.map((documentId, i) => {
      const updatedAt = new Date(Date.parse('2026-01-01T00:00:00Z') + i * 86_400_000);
      return {
        documentId,
        name: `Topic ${i}`,
        slug: `topic-${i}`,
        publishedAt: updatedAt,
        createdAt: updatedAt,
        updatedAt,
      };
    }),
  });
  news = (await createCategory(app.strapi, { name: 'News', slug: 'news' })).documentId;
  const tide = await createArticle(app.strapi, {
    title: HOSTILE,
    slug: 'tide',
    categoryDocumentId: news,
  });
  await addLocale(app.strapi, {
    documentId: tide.documentId,
    locale: 'fr',
    data: { title: 'Marée', slug: 'maree', categoryDocumentId: news },
  });
  expect(await settled(app.strapi, 60_000)).toBe(true);
  expect((await plugin().service('generator').generate('manual')).status).toBe('success');
}, 120_000);

afterAll(async () => {
  await app?.stop();
});

it('serves the 100 most recently updated URLs as Atom 1.0, newest first, titles escaped', async () => {
  const { parsed, text } = (await feed('recent.atom'))!;
  expect(parsed.items).toHaveLength(100);
  const updated = parsed.items.map((item) => item.updated!.getTime());
  expect([...updated].sort((a, b) => b - a)).toEqual(updated);
  const tide = parsed.items.find((item) => item.url === `${HOST}/blog/news/tide`)!;
  expect(tide.title).toBe(HOSTILE);
  expect(text).toContain('<title>Rock &amp; Roll &lt;&quot;Live&quot;&gt;</title>');
  // The oldest categories are past the 100 newest.
  expect(locs(parsed)).not.toContain(`${HOST}/topics/topic-0`);
  expect(locs(parsed)).toContain(`${HOST}/topics/topic-149`);
  expect(parsed.self).toBe('https://cms.example.com/api/sitemap/recent.atom');
  expect(parsed.url).toBe(`${HOST}`);
});

it('serves a feed per locale', async () => {
  const fr = (await feed('recent-fr.atom'))!;
  expect(locs(fr.parsed)).toEqual([`${HOST}/fr/blog/news/maree`]);
  expect(fr.parsed.language).toBe('fr');
  const en = (await feed('recent-en.atom'))!;
  expect(locs(en.parsed)).toEqual([`${HOST}/blog/news/tide`]);
});

it('adds a published article and drops an unpublished one without a full run', async () => {
  const swell = await createArticle(app.strapi, {
    title: 'Swell',
    slug: 'swell',
    categoryDocumentId: news,
  });
  expect(await settled(app.strapi, 30_000)).toBe(true);
  let parsed = (await feed('recent.atom'))!.parsed;
  expect(parsed.items[0]).toMatchObject({ url: `${HOST}/blog/news/swell`, title: 'Swell' });
  expect(parsed.items).toHaveLength(100);

  await unpublish(app.strapi, ARTICLE, swell.documentId, 'en');
  expect(await settled(app.strapi, 30_000)).toBe(true);
  parsed = (await feed('recent.atom'))!.parsed;
  expect(locs(parsed)).not.toContain(`${HOST}/blog/news/swell`);
  // The entries kept beyond the 100 shown fill the place it left.
  expect(parsed.items).toHaveLength(100);

  const status = await plugin().service('dashboard').status();
  expect(status.feedRobots).toBe('Sitemap: https://cms.example.com/api/sitemap/recent.atom');
});

it('gives each locale its own newest URLs, however many newer ones the others have', async () => {
  // The French version is older than the 250 categories below: past the 200 newest of the site.
  await app.strapi.db
    .query(ARTICLE as UID.Schema)
    .updateMany({ where: { locale: 'fr' }, data: { updatedAt: new Date('2025-06-01T00:00:00Z') } });
  const ids = randomStrings(250, 24);
  await app.strapi.db.query(CATEGORY as UID.Schema).createMany({
    data: ids.map((documentId, i) => {
      const updatedAt = new Date(Date.parse('2025-07-01T00:00:00Z') + i * 3600_000);
      return {
        documentId,
        name: `Later topic ${i}`,
        slug: `later-topic-${i}`,
        publishedAt: updatedAt,
        createdAt: updatedAt,
        updatedAt,
      };
    }),
  });
  expect((await plugin().service('generator').generate('manual')).status).toBe('success');
  expect(locs((await feed('recent.atom'))!.parsed)).not.toContain(`${HOST}/fr/blog/news/maree`);
  const fr = (await feed('recent-fr.atom'))!;
  expect(locs(fr.parsed)).toEqual([`${HOST}/fr/blog/news/maree`]);
});

it('serves no feed once it is turned off', async () => {
  await plugin().service('settings').update({ feed: false });
  expect((await plugin().service('generator').generate('settings')).status).toBe('success');
  expect(await feed('recent.atom')).toBeNull();
  expect(await feed('recent-fr.atom')).toBeNull();
  expect((await getText(fileUrl(app.baseUrl, 'recent.json'))).response.status).toBe(404);
});
