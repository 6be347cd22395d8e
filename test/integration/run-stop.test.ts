/**
 * A run stopped in the middle of a read (Strapi shutting down; the same path as a lost lease or a
 * failed page) closes that read: on PostgreSQL and MariaDB a whole-type read holds a pool connection
 * (a cursor in a transaction, a paused stream) that would otherwise stay borrowed for good, and
 * Strapi's destroy waits for every borrowed connection.
 */
import { startTestStrapi, type TestStrapi } from '../helpers/strapi-app';
import { insertPublishedCategoryRows } from '../helpers/bulk-seed';
import { testConfig } from '../helpers/config';
import { settled } from '../helpers/settle';

/** Twenty pages of a thousand: the run is still reading when it is asked to stop. */
const CATEGORIES = 20_000;

let app: TestStrapi;

beforeAll(async () => {
  app = await startTestStrapi({ pluginConfig: testConfig() });
  // The fresh install's first run starts once Strapi has loaded: let it end first, so that the
  // run this test stops is its own.
  expect(await settled(app.strapi, 30_000)).toBe(true);
  await insertPublishedCategoryRows(app.strapi, CATEGORIES);
});

afterAll(async () => {
  await app?.stop();
});

it('gives its connection back when it stops mid-read', async () => {
  const generator = app.strapi.plugin('sitemap').service('generator');
  const pool = (app.strapi.db.connection as any).client.pool;
  const running = generator.generate('manual');
  let stoppedAt = 0;
  for (let waited = 0; waited < 60_000; waited += 5) {
    const written = generator.progress()?.urlCount ?? 0;
    if (written >= 1000) {
      stoppedAt = written;
      generator.requestStop();
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  const result = await running;
  expect(stoppedAt).toBeGreaterThan(0);
  expect(stoppedAt).toBeLessThan(CATEGORIES);
  expect(result).toMatchObject({ status: 'failed', error: 'Strapi is shutting down' });
  // Released as the run ends; a moment for the driver's own callbacks.
  for (let waited = 0; waited < 2_000 && pool.numUsed() > 0; waited += 20)
    await new Promise((resolve) => setTimeout(resolve, 20));
  expect(pool.numUsed()).toBe(0);
});
