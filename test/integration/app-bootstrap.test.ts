/**
 * A fresh install's first sitemap is made in the background at startup, and the app registers its
 * hooks in its own bootstrap, which Strapi runs after the plugins' (README, "Hooks"). The test app's
 * bootstrap takes 1.5 s before registering one (test/app/src/index.js): the first sitemap must
 * still list what it adds, on a real Strapi whose first run was its own.
 */
import { startTestStrapi, type TestStrapi } from '../helpers/strapi-app';
import { testConfig } from '../helpers/config';
import { fetchSitemapSet } from '../helpers/sitemap-http';
import { settled } from '../helpers/settle';
import { until } from '../helpers/admin-api';

const HOST = 'https://www.example.com';
let app: TestStrapi;

beforeAll(async () => {
  process.env.SITEMAP_TEST_APP_HOOK = 'slow-bootstrap';
  app = await startTestStrapi({
    pluginConfig: testConfig({ contentTypes: {}, cron: false, autoGenerate: false }),
  });
});

afterAll(async () => {
  delete process.env.SITEMAP_TEST_APP_HOOK;
  await app?.stop();
});

it('makes the first sitemap with the hooks the app registers in its own bootstrap', async () => {
  const runs = app.strapi.plugin('sitemap').service('runs');
  const first = await until(() => runs.lastFullSuccess(), 60_000, 'a first full run');
  expect(first).toMatchObject({ trigger: 'startup', status: 'success' });
  expect(await settled(app.strapi, 30_000)).toBe(true);
  // The startup run was the only one: what is served is what it wrote.
  expect((await runs.recent()).map((run: { trigger: string }) => run.trigger)).toEqual(['startup']);
  const { urls } = await fetchSitemapSet(app.baseUrl);
  expect(urls.map((url) => url.loc)).toContain(`${HOST}/from-the-app`);
});
