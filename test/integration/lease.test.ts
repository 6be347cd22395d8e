/**
 * The generation lease in one process, on the three databases: a run longer than the lease's
 * time-to-live keeps it by renewing it (a competitor never gets it), and a run whose lease was
 * taken over stops and switches nothing. Two processes: multi-instance.test.ts.
 */
import { startTestStrapi, type TestStrapi } from '../helpers/strapi-app';
import { insertPublishedCategoryRows } from '../helpers/bulk-seed';
import { CATEGORY } from '../helpers/content';
import { testConfig } from '../helpers/config';
import { settled } from '../helpers/settle';

// The run outlives the lease by waiting, not by working: a hook's custom URLs come slowly (as a
// front end's routes fetched over the network would), so the event loop stays free and the lease's
// renewal (every third of its time-to-live) runs on time however busy the machine is. A run made
// long by rows (240,000 under a 1 s lease) lost its lease once on a loaded CI machine.
const SEEDED = 1_000;
const TTL_MS = 2_000;
const SLOW_URLS = 50;
const URL_DELAY_MS = 100;
let app: TestStrapi;
const plugin = () => app.strapi.plugin('sitemap');
const lease = () => plugin().service('lease');
/** The live rows as `name id etag`: a switch would replace rows. */
const liveSet = async () => {
  const rows = (await plugin().service('file-store').listLive()) as any[];
  return rows.map((row) => `${row.name} ${row.id} ${row.etag}`).sort();
};

beforeAll(async () => {
  app = await startTestStrapi({
    pluginConfig: testConfig({
      customUrls: [],
      cron: false,
      autoGenerate: false,
      contentTypes: { [CATEGORY]: { pattern: '/c/[slug]', priority: 0.5 } },
      lease: { ttlMs: TTL_MS },
    }),
  });
  await insertPublishedCategoryRows(app.strapi, SEEDED);
  plugin()
    .service('hooks')
    .register({
      name: 'slow-routes',
      async *customUrls() {
        for (let i = 0; i < SLOW_URLS; i++) {
          await new Promise((resolve) => setTimeout(resolve, URL_DELAY_MS));
          yield { url: `/route-${i}` };
        }
      },
    });
  expect(await settled(app.strapi, 120_000)).toBe(true);
  expect((await plugin().service('generator').generate('manual')).status).toBe('success');
}, 600_000);

afterAll(async () => {
  await app?.stop();
});

it('renews the lease through a run longer than its time-to-live, and switches', async () => {
  let competing = true;
  let competitorWon = false;
  // Another instance's attempts, made with the same conditional UPDATE: they win only an expired lease.
  const running = () => plugin().service('generator').progress() !== null;
  const competitor = (async () => {
    while (competing) {
      const during = running();
      // A win counts when the run was going before and after the attempt (the lease is free between runs).
      await lease().hold(async () => {
        if (during && running()) competitorWon = true;
      });
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  const result = await plugin().service('generator').generate('manual');
  competing = false;
  await competitor;
  expect(result.status).toBe('success');
  const [run] = await plugin().service('runs').recent(1);
  // The scenario needs a run that outlived the lease (about 5 s against 2 s).
  expect(run.durationMs).toBeGreaterThan(TTL_MS * 2);
  expect(competitorWon).toBe(false);
});

it('stops a run whose lease was taken over, leaving the live set untouched', async () => {
  const before = await liveSet();
  const table = (app.strapi.db.metadata.get('plugin::sitemap.sitemap-lease') as any).tableName;
  const running = plugin().service('generator').generate('manual');
  while (!plugin().service('generator').progress())
    await new Promise((resolve) => setTimeout(resolve, 5));
  // The holder stalled past its time-to-live (its expiry passed) and another instance took the lease.
  await app.strapi.db.connection(table).update({ expires_at: 0 });
  // The other instance holds the lease until the overtaken run has ended.
  const other = await lease().hold(async () => running);
  expect(other).not.toBeNull();
  const result = await running;
  expect(result.status).toBe('failed');
  expect(result.error).toMatch(/lease/);
  expect(await liveSet()).toEqual(before);
  const pending = await app.strapi.db
    .query('plugin::sitemap.sitemap-file' as any)
    .count({ where: { state: 'pending' } });
  expect(pending).toBe(0);
});
