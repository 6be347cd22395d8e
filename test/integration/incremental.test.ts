/**
 * Keeping sitemaps current: publish, unpublish, delete, slug change, locale added, related slug
 * change, filter and exclusion changes reach the served files through dirty marks and the worker,
 * rewriting only the files that hold the change; a restart between publish and rewrite loses nothing.
 */
import { startTestStrapi, type RestartableStrapi } from '../helpers/strapi-app';
import {
  addLocale,
  ARTICLE,
  CATEGORY,
  createArticle,
  createCategory,
  deleteDocument,
  publish,
  unpublish,
} from '../helpers/content';
import { testConfig } from '../helpers/config';
import { fetchSitemapSet } from '../helpers/sitemap-http';
import { callAdmin } from '../helpers/admin-api';
import { createSuperAdmin } from '../helpers/admin-auth';
import { settled } from '../helpers/settle';

const HOST = 'https://www.example.com';
// fr on its own host: its URLs are written in their own file series, reached by the same incremental runs.
const FR_HOST = 'https://www.example.fr';
let app: RestartableStrapi;
let news: string;
const ids: string[] = [];

const plugin = () => app.strapi.plugin('sitemap');
const settle = async () => expect(await settled(app.strapi, 30_000)).toBe(true);
const locs = async () => (await fetchSitemapSet(app.baseUrl)).urls.map((url) => url.loc);

/** Live urlset rows by name: a rewritten file gets a new row, an untouched one keeps its id. */
async function liveRows() {
  const rows = (await plugin().service('file-store').listLive()) as any[];
  return new Map(rows.filter((row) => row.format === 'urlset').map((row) => [row.name, row.id]));
}

function rewrittenBetween(before: Map<string, number>, after: Map<string, number>) {
  return [...after].filter(([name, id]) => before.get(name) !== id).map(([name]) => name);
}

async function lastRun() {
  return (await plugin().service('runs').recent(1))[0];
}

beforeAll(async () => {
  const pluginConfig = testConfig({
    hostnames: { fr: FR_HOST },
    customUrls: [],
    debounceMs: 50,
    cron: false,
    limits: { urlsPerFile: 4 },
  });
  app = (await startTestStrapi({ pluginConfig })) as RestartableStrapi;
  news = (await createCategory(app.strapi, { name: 'News', slug: 'news' })).documentId;
  for (let i = 0; i < 12; i++) {
    ids.push(
      (await createArticle(app.strapi, { title: `A${i}`, slug: `a${i}`, categoryDocumentId: news }))
        .documentId
    );
  }
  await settle();
  expect((await plugin().service('generator').generate('manual')).status).toBe('success');
});

afterAll(async () => {
  await app?.stop();
});

it('records publishes and writes only the file that holds the new entry, split in two when full', async () => {
  const before = await liveRows();
  expect(before.size).toBeGreaterThanOrEqual(4);
  const ranges = ((await plugin().service('file-store').listLive()) as any[])
    .filter((row) => row.format === 'urlset' && row.groupKey === 'article')
    .sort((a, b) => ((a.rangeStart ?? '') < (b.rangeStart ?? '') ? -1 : 1));
  const fresh = await createArticle(app.strapi, {
    title: 'Fresh',
    slug: 'fresh',
    categoryDocumentId: news,
  });
  ids.push(fresh.documentId);
  await settle();
  expect(await locs()).toContain(`${HOST}/blog/news/fresh`);
  const rewritten = rewrittenBetween(before, await liveRows());
  // The file holding the new key, full from the full run, splits into two halves within its range:
  // itself and a new file. No other file is rewritten, before or after it.
  const key = fresh.documentId;
  const holder = ranges.findIndex(
    (row) => key > (row.rangeStart ?? '') && (row.rangeEnd === null || key <= row.rangeEnd)
  );
  expect(rewritten).toContain(ranges[holder].name);
  const others = ranges.filter((_, i) => i !== holder).map((row) => row.name);
  for (const name of others) expect(rewritten).not.toContain(name);
  const after = ((await plugin().service('file-store').listLive()) as any[]).filter(
    (row) => row.format === 'urlset' && row.groupKey === 'article'
  );
  const splits = ranges[holder].urlCount + 1 > 4; // urlsPerFile
  expect(after).toHaveLength(ranges.length + (splits ? 1 : 0));
  expect(rewritten).not.toContain('category-1.xml');
  expect((await lastRun()).report.scope).toBe('documents');
});

it('removes an unpublished entry, and a deleted one', async () => {
  await unpublish(app.strapi, ARTICLE, ids[0], 'en');
  await deleteDocument(app.strapi, ARTICLE, ids[1]);
  await settle();
  const listed = await locs();
  expect(listed).not.toContain(`${HOST}/blog/news/a0`);
  expect(listed).not.toContain(`${HOST}/blog/news/a1`);
  expect(listed).toContain(`${HOST}/blog/news/a2`);
});

it('follows a slug change, and a locale added later, with reciprocal hreflang links', async () => {
  await app.strapi
    .documents(ARTICLE as any)
    .update({ documentId: ids[2], locale: 'en', data: { slug: 'a2-renamed' } as any });
  await publish(app.strapi, ARTICLE, ids[2], 'en');
  await addLocale(app.strapi, {
    documentId: ids[2],
    locale: 'fr',
    data: { title: 'F2', slug: 'f2', categoryDocumentId: news },
  });
  await settle();
  const { urls } = await fetchSitemapSet(app.baseUrl);
  const listed = urls.map((url) => url.loc);
  expect(listed).not.toContain(`${HOST}/blog/news/a2`);
  const en = urls.find((url) => url.loc === `${HOST}/blog/news/a2-renamed`)!;
  const fr = urls.find((url) => url.loc === `${FR_HOST}/fr/blog/news/f2`)!;
  expect(en.alternates.map((link) => link.href)).toEqual([en.loc, fr.loc, en.loc]);
  expect(fr.alternates).toEqual(en.alternates);
  const { files } = await fetchSitemapSet(app.baseUrl);
  expect(files.find((file) => file.urls.some((url) => url.loc === fr.loc))!.name).toBe(
    'article_fr-1.xml'
  );
});

it('drops an entry whose filter stops matching', async () => {
  await app.strapi
    .documents(ARTICLE as any)
    .update({ documentId: ids[3], locale: 'en', data: { noindex: true } as any });
  await publish(app.strapi, ARTICLE, ids[3], 'en');
  await settle();
  expect(await locs()).not.toContain(`${HOST}/blog/news/a3`);
});

it('rewrites the dependent type when a related slug changes', async () => {
  const before = await liveRows();
  await app.strapi
    .documents(CATEGORY as any)
    .update({ documentId: news, data: { slug: 'headlines' } as any });
  await publish(app.strapi, CATEGORY, news);
  await settle();
  const listed = await locs();
  expect(listed).toContain(`${HOST}/blog/headlines/a4`);
  expect(listed.some((loc) => loc.includes('/blog/news/'))).toBe(false);
  expect(listed).toContain(`${HOST}/blog/headlines`);
  expect(rewrittenBetween(before, await liveRows()).length).toBeGreaterThan(0);
});

it('follows an exclusion toggled by an editor', async () => {
  const { token } = await createSuperAdmin(app.strapi, app.baseUrl);
  expect(
    (
      await callAdmin(app.baseUrl, 'POST', '/exclusions', token, {
        contentType: ARTICLE,
        documentId: ids[4],
      })
    ).status
  ).toBe(200);
  await settle();
  expect(await locs()).not.toContain(`${HOST}/blog/headlines/a4`);
  expect(
    (
      await callAdmin(
        app.baseUrl,
        'DELETE',
        `/exclusions?contentType=${ARTICLE}&documentId=${ids[4]}`,
        token
      )
    ).status
  ).toBe(200);
  await settle();
  expect(await locs()).toContain(`${HOST}/blog/headlines/a4`);
});

it('answers the editor before the sitemap is written, and keeps the change across a restart', async () => {
  await plugin().service('settings').update({ debounceMs: 600_000 });
  const late = await createArticle(app.strapi, {
    title: 'Late',
    slug: 'late',
    categoryDocumentId: news,
  });
  // The save has returned while its change waits ten minutes for the worker: it never waited for a run.
  expect(late.documentId).toBeTruthy();
  // Marks are written after the save returns: give it a moment.
  for (let i = 0; i < 50 && (await plugin().service('dirty-marks').count()) === 0; i++)
    await new Promise((r) => setTimeout(r, 20));
  expect(await plugin().service('dirty-marks').count()).toBeGreaterThan(0);
  expect(await locs()).not.toContain(`${HOST}/blog/headlines/late`);
  await plugin().service('settings').update({ debounceMs: null });
  app = await app.restart();
  await settle();
  expect(await locs()).toContain(`${HOST}/blog/headlines/late`);
});

it('ends with the same URLs, lastmods and hreflang links a full regeneration writes', async () => {
  await settle();
  const incremental = (await fetchSitemapSet(app.baseUrl)).urls.sort((a, b) =>
    a.loc < b.loc ? -1 : 1
  );
  expect((await plugin().service('generator').generate('manual')).status).toBe('success');
  const full = (await fetchSitemapSet(app.baseUrl)).urls.sort((a, b) => (a.loc < b.loc ? -1 : 1));
  expect(incremental).toEqual(full);
});
