/**
 * Incremental runs that empty a file, and one that fails after it has rewritten part of the set:
 * range changes happen only in the switch transaction, so a failed run leaves the live files and
 * their key ranges as they were, and every URL stays in exactly one file.
 */
import { holds } from '../../server/src/core/files/file-layout';
import { until } from '../helpers/admin-api';
import { startTestStrapi, type TestStrapi } from '../helpers/strapi-app';
import {
  ARTICLE,
  HOMEPAGE,
  createArticle,
  createCategory,
  publish,
  setHomepage,
  unpublish,
} from '../helpers/content';
import { testConfig } from '../helpers/config';
import { fetchSitemapSet } from '../helpers/sitemap-http';
import { settled } from '../helpers/settle';

let app: TestStrapi;
let news: string;
const plugin = () => app.strapi.plugin('sitemap');
const settle = async () => expect(await settled(app.strapi, 120_000)).toBe(true);

/** The live article files in key order, with their ranges. */
async function articleFiles() {
  const live = (await plugin().service('file-store').listLive()) as any[];
  const rows = live.filter((row) => row.format === 'urlset' && row.groupKey === 'article');
  return rows.sort((a, b) => ((a.rangeStart ?? '') < (b.rangeStart ?? '') ? -1 : 1));
}

/** Every URL served once, and the article files' ranges contiguous from '' to the open end. */
async function expectConsistent() {
  const { files, urls } = await fetchSitemapSet(app.baseUrl);
  const locs = urls.map((url) => url.loc);
  expect(new Set(locs).size).toBe(locs.length);
  const rows = await articleFiles();
  expect(rows[0].rangeStart ?? '').toBe('');
  for (let i = 1; i < rows.length; i++) expect(rows[i].rangeStart).toBe(rows[i - 1].rangeEnd);
  expect(rows[rows.length - 1].rangeEnd).toBeNull();
  return { files, locs };
}

let drafts = 0;
/**
 * Creates draft articles until one's document id falls in `row`'s key range (ids are random). Slugs
 * never repeat: two published documents with one URL are a duplicate only a full run can see.
 */
async function draftInRange(row: any) {
  for (let i = 0; i < 200; i++) {
    const n = drafts++;
    const doc = await createArticle(
      app.strapi,
      { title: `Draft ${n}`, slug: `draft-${n}`, categoryDocumentId: news },
      { publish: false }
    );
    if (holds(row, doc.documentId)) return doc;
  }
  throw new Error('no draft landed in the range');
}

beforeAll(async () => {
  app = await startTestStrapi({
    pluginConfig: testConfig({
      customUrls: [],
      cron: false,
      debounceMs: 300,
      limits: { urlsPerFile: 2 },
    }),
  });
  news = (await createCategory(app.strapi, { name: 'News', slug: 'news' })).documentId;
  for (let i = 0; i < 8; i++)
    await createArticle(app.strapi, { title: `A${i}`, slug: `a${i}`, categoryDocumentId: news });
  await setHomepage(app.strapi, { title: 'Home' });
  await settle();
  expect((await plugin().service('generator').generate('manual')).status).toBe('success');
});

afterAll(async () => {
  await app?.stop();
});

/** The published article ids a live file lists, from the database. */
async function documentsIn(row: any) {
  const where = { publishedAt: { $notNull: true } };
  const published = (await app.strapi.db
    .query(ARTICLE as any)
    .findMany({ select: ['documentId'], where })) as any[];
  return [...new Set(published.map((entry) => entry.documentId as string))].filter((id) =>
    holds(row, id)
  );
}

it('leaves the live files and their ranges untouched when a run fails after emptying a file', async () => {
  const [first] = await articleFiles();
  const emptied = await documentsIn(first);
  const before = await articleFiles();
  const beforeSet = await fetchSitemapSet(app.baseUrl);

  // The homepage is read after the articles in this run: with its table away, the run fails there.
  const knex = app.strapi.db.connection;
  await knex.schema.renameTable('homepages', 'homepages_away');
  const runsBefore = (await plugin().service('runs').recent(1))[0].id;
  try {
    await app.strapi.db.transaction(async () => {
      for (const documentId of emptied) await unpublish(app.strapi, ARTICLE, documentId, 'en');
    });
    await until(async () => (await plugin().service('dirty-marks').count()) >= emptied.length);
    const homepage = (await app.strapi.db.connection('homepages_away').first('document_id')) as any;
    const mark = {
      kind: 'document',
      contentType: HOMEPAGE,
      documentId: homepage.document_id,
      trigger: 'publish',
    };
    await plugin().service('change-feed').recordChange([mark]);
    const failed = await until(async () => {
      const runs = await plugin().service('runs').recent(5);
      return runs.find((run: any) => run.id > runsBefore && run.status === 'failed');
    });
    expect(failed.error).toBeTruthy();
  } finally {
    await knex.schema.renameTable('homepages_away', 'homepages');
  }
  // The fix is in, as when an admin saves the settings: the worker tries again now rather than after
  // its one-minute back-off.
  const { settings } = await plugin().service('settings').plan();
  await plugin().service('scheduler').settingsChanged(settings, settings);
  const after = await articleFiles();
  expect(after.map((row) => [row.id, row.rangeStart, row.rangeEnd])).toEqual(
    before.map((row) => [row.id, row.rangeStart, row.rangeEnd])
  );
  expect((await fetchSitemapSet(app.baseUrl)).urls).toEqual(beforeSet.urls);

  // A publish into the emptied file's range, written with the marks the failed run left.
  const fresh = await draftInRange(first);
  await publish(app.strapi, ARTICLE, fresh.documentId, 'en');
  await settle();
  const { locs } = await expectConsistent();
  expect(locs.filter((loc) => loc.endsWith(`/${fresh.slug}`))).toHaveLength(1);
  expect((await fetchSitemapSet(app.baseUrl)).urls.length).toBe(8 - emptied.length + 1 + 1 + 1);
});

it('hands an emptied file’s range to its neighbour, and ends with what a full run lists', async () => {
  const rows = await articleFiles();
  const last = rows[rows.length - 1];
  for (const documentId of await documentsIn(last))
    await unpublish(app.strapi, ARTICLE, documentId, 'en');
  await settle();
  const after = await articleFiles();
  expect(after.map((row) => row.name)).not.toContain(last.name);
  const { locs } = await expectConsistent();
  const fresh = await draftInRange({ rangeStart: last.rangeStart, rangeEnd: null });
  await publish(app.strapi, ARTICLE, fresh.documentId, 'en');
  await settle();
  const incremental = (await expectConsistent()).locs;
  expect(incremental).toHaveLength(locs.length + 1);
  expect((await plugin().service('generator').generate('manual')).status).toBe('success');
  expect((await fetchSitemapSet(app.baseUrl)).urls.map((url) => url.loc).sort()).toEqual(
    [...incremental].sort()
  );
});
