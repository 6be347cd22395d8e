/**
 * Dirty marks are consumed by the ids a run read: a mark whose transaction commits while a run is
 * going is written by the next run. Long id lists (40,000 changed documents in one file's range)
 * reach the database in slices below SQLite's 32,766 variables per statement.
 */
import { until } from '../helpers/admin-api';
import { databaseClient, startTestStrapi, type TestStrapi } from '../helpers/strapi-app';
import { insertPublishedCategoryRows } from '../helpers/bulk-seed';
import { CATEGORY } from '../helpers/content';
import { testConfig } from '../helpers/config';
import { fetchSitemapSet } from '../helpers/sitemap-http';
import { settled } from '../helpers/settle';

const HOST = 'https://www.example.com';
const SEEDED = 40_000;
let app: TestStrapi;

const plugin = () => app.strapi.plugin('sitemap');
const settle = async () => expect(await settled(app.strapi, 120_000)).toBe(true);
const locs = async () => (await fetchSitemapSet(app.baseUrl)).urls.map((url) => url.loc);

beforeAll(async () => {
  app = await startTestStrapi({
    pluginConfig: testConfig({
      customUrls: [],
      cron: false,
      debounceMs: 50,
      contentTypes: { [CATEGORY]: { pattern: '/c/[slug]', priority: 0.5 } },
    }),
  });
  await insertPublishedCategoryRows(app.strapi, SEEDED);
  await settle();
  expect((await plugin().service('generator').generate('manual')).status).toBe('success');
}, 600_000);

afterAll(async () => {
  await app?.stop();
});

it('writes 40,000 changed documents of one file in one incremental run', async () => {
  const table = (app.strapi.db.metadata.get(CATEGORY) as any).tableName;
  await app.strapi.db
    .connection(table)
    .update({ slug: app.strapi.db.connection.raw("'renamed-' || slug") })
    .catch(async () => {
      // MariaDB has no || for strings.
      await app.strapi.db
        .connection(table)
        .update({ slug: app.strapi.db.connection.raw("CONCAT('renamed-', slug)") });
    });
  const ids = Array.from({ length: SEEDED }, (_, i) => `seed${String(i).padStart(20, '0')}`);
  const marks = ids.map((documentId) => ({
    kind: 'document',
    contentType: CATEGORY,
    documentId,
    trigger: 'publish',
  }));
  await plugin().service('change-feed').recordChange(marks);
  await settle();
  const [run] = await plugin().service('runs').recent(1);
  expect(run).toMatchObject({ status: 'success' });
  expect(run.report.scope).toBe('documents');
  const listed = await locs();
  expect(listed).toHaveLength(SEEDED);
  expect(listed.filter((loc) => loc.startsWith(`${HOST}/c/renamed-c-`))).toHaveLength(SEEDED);
}, 600_000);

const describeOnServerDb = databaseClient() === 'sqlite' ? describe.skip : describe;

describeOnServerDb('a mark whose transaction commits during a run', () => {
  it('is written by the next run, not deleted with the marks the run read', async () => {
    // The first document the run reads, so the run reads it before the editor commits.
    const late = { documentId: `seed${'0'.repeat(20)}` };
    let commit!: () => void;
    const committed = new Promise<void>((resolve) => (commit = resolve));
    let recorded!: () => void;
    const markRecorded = new Promise<void>((resolve) => (recorded = resolve));
    // An editor's long transaction: the slug change and its mark become visible together, at commit.
    const editor = app.strapi.db.transaction(async () => {
      await app.strapi.db
        .query(CATEGORY as any)
        .updateMany({ where: { documentId: late.documentId }, data: { slug: 'late-renamed' } });
      const mark = {
        kind: 'document',
        contentType: CATEGORY,
        documentId: late.documentId,
        trigger: 'publish',
      };
      await plugin().service('dirty-marks').record([mark]);
      recorded();
      await committed;
    });
    await markRecorded;
    // A mark committed after it (a higher id) starts a run of the whole type: long enough to commit during it.
    await plugin()
      .service('change-feed')
      .recordChange([{ kind: 'type', contentType: CATEGORY, trigger: 'publish' }]);
    await until(async () => (plugin().service('generator').progress()?.urlCount ?? 0) > 1000);
    commit();
    await editor;
    await until(async () => !plugin().service('generator').progress());
    // Another instance (or this one's poll) looks for marks left: the late one must still be there.
    await plugin().service('scheduler').poll();
    await settle();
    expect(await locs()).toContain(`${HOST}/c/late-renamed`);
  }, 300_000);
});
