/**
 * Settings and run history never leave a wrong or stale sitemap: a saved change to the output starts
 * a full run, admin values that no longer validate are skipped with a warning, runs are pruned
 * whatever their outcome, failing runs back off and are shown, and dirty marks stay bounded.
 */
import { callAdmin, waitFor } from '../helpers/admin-api';
import { startTestStrapi, type TestStrapi } from '../helpers/strapi-app';
import { createSuperAdmin } from '../helpers/admin-auth';
import { ARTICLE, CATEGORY, createArticle, createCategory } from '../helpers/content';
import { testConfig } from '../helpers/config';
import { fetchSitemapSet } from '../helpers/sitemap-http';
import { settled } from '../helpers/settle';
import { retryDelayMs } from '../../server/src/core/changes/backoff';

const HOST = 'https://www.example.com';

let app: TestStrapi;
let token: string;
let news: string;

const plugin = () => app.strapi.plugin('sitemap');

const api = (method: string, path: string, body?: unknown) =>
  callAdmin(app.baseUrl, method, path, token, body);

/** Polls until `check` returns a value (runs start in the background); fails with the last value seen. */
const servedSet = async () => {
  const { files, urls } = await fetchSitemapSet(app.baseUrl);
  return { names: files.map((file) => file.name), locs: urls.map((url) => url.loc) };
};

const contentTypes = async () => (await api('GET', '/settings')).body.settings.contentTypes;

beforeAll(async () => {
  // No schedule: only a settings change can start the runs these tests wait for.
  app = await startTestStrapi({ pluginConfig: testConfig({ cron: false, debounceMs: 50 }) });
  token = (await createSuperAdmin(app.strapi, app.baseUrl)).token;
  news = (await createCategory(app.strapi, { name: 'News', slug: 'news' })).documentId;
  for (const slug of ['one', 'two', 'three'])
    await createArticle(app.strapi, { title: slug, slug, categoryDocumentId: news });
  expect(await settled(app.strapi, 30_000)).toBe(true);
  expect((await plugin().service('generator').generate('manual')).status).toBe('success');
});

afterAll(async () => {
  await app?.stop();
});

it('offers no import when strapi-plugin-sitemap left no settings', async () => {
  expect((await api('GET', '/legacy-import')).body).toEqual({
    found: false,
    importedAt: null,
    plan: null,
    exclusions: [],
  });
});

describe('a saved settings change regenerates', () => {
  it('serves a new pattern everywhere', async () => {
    expect((await servedSet()).locs).toContain(`${HOST}/blog/news/one`);
    const types = await contentTypes();
    const { status } = await api('PUT', '/settings', {
      contentTypes: { ...types, [ARTICLE]: { ...types[ARTICLE], pattern: '/articles/[slug]' } },
    });
    expect(status).toBe(200);
    const { locs } = await waitFor('the new pattern served', servedSet, (set) =>
      set.locs.includes(`${HOST}/articles/one`)
    );
    const articleLocs = locs.filter(
      (loc) => !loc.endsWith('/blog/news') && !loc.endsWith('/contact') && loc !== `${HOST}/`
    );
    expect(articleLocs.sort()).toEqual([
      `${HOST}/articles/one`,
      `${HOST}/articles/three`,
      `${HOST}/articles/two`,
    ]);
  });

  it('drops a removed type, with no schedule', async () => {
    const { [CATEGORY]: _removed, ...rest } = await contentTypes();
    expect((await api('PUT', '/settings', { contentTypes: rest })).status).toBe(200);
    const set = await waitFor(
      'the category gone',
      servedSet,
      (current) => !current.locs.includes(`${HOST}/blog/news`)
    );
    expect(set.names.some((name) => name.startsWith('category'))).toBe(false);
    expect(set.locs).toContain(`${HOST}/articles/one`);
  });

  it('does not regenerate for a change that leaves the files as they are', async () => {
    // The previous run's mark is deleted just after its files go live.
    expect(await settled(app.strapi, 30_000)).toBe(true);
    const before = (await api('GET', '/status')).body.runs[0].id;
    expect((await api('PUT', '/settings', { debounceMs: 60 })).status).toBe(200);
    expect(await plugin().service('dirty-marks').count()).toBe(0);
    expect((await api('GET', '/status')).body.runs[0].id).toBe(before);
  });
});

describe('admin values that no longer validate', () => {
  it('are skipped by the run, which writes the rest, and named on the status', async () => {
    const types = await contentTypes();
    expect(
      (
        await api('PUT', '/settings', {
          contentTypes: { ...types, [CATEGORY]: { pattern: '/topics/[slug]' } },
        })
      ).status
    ).toBe(200);
    await waitFor('the category served', servedSet, (set) =>
      set.locs.includes(`${HOST}/topics/news`)
    );
    // As after a schema change: the saved row names a field the type no longer has.
    const store = app.strapi.store({ type: 'plugin', name: 'sitemap' });
    const saved = (await store.get({ key: 'admin-settings' })) as any;
    await store.set({
      key: 'admin-settings',
      value: {
        ...saved,
        contentTypes: { ...saved.contentTypes, [CATEGORY]: { pattern: '/topics/[removedField]' } },
      },
    });

    expect((await api('POST', '/generate')).status).toBe(202);
    const status = await waitFor(
      'a run after the change',
      async () => (await api('GET', '/status')).body,
      (body) =>
        body.runs[0]?.status !== 'running' && body.runs[0]?.report?.settingWarnings?.length > 0
    );
    expect(status.runs[0].status).toBe('success');
    const set = await servedSet();
    expect(set.locs).toContain(`${HOST}/articles/one`);
    expect(set.locs.some((loc) => loc.includes('/topics/'))).toBe(false);
    expect(status.settingWarnings).toEqual([
      {
        setting: 'contentTypes["api::category.category"]',
        message: expect.stringContaining('"removedField" is not a field'),
      },
    ]);
    expect(status.runs[0].report.settingWarnings).toEqual(status.settingWarnings);
  });
});

describe('run history and failures', () => {
  it('prunes old runs whatever their outcome, keeping the last 100 and the newest full success', async () => {
    const runs = plugin().service('runs');
    const lastFull = await runs.lastFullSuccess();
    for (let i = 0; i < 120; i++) {
      const run = await runs.start('script');
      await runs.fail(run.id, Date.now(), new Error(`failure ${i}`));
    }
    const all = (await app.strapi.db
      .query('plugin::sitemap.sitemap-run')
      .findMany({ select: ['id', 'status'], orderBy: { id: 'asc' } })) as any[];
    expect(all.filter((run) => run.status === 'failed')).toHaveLength(100);
    expect(all.map((run) => run.id)).toEqual([lastFull.id, ...all.slice(1).map((run) => run.id)]);
    expect(all).toHaveLength(101);
    const { body } = await api('GET', '/status');
    expect(body.failing).toMatchObject({ failures: 100, lastError: 'failure 119', retryAt: null });
  });

  it('shows a run that keeps failing, retries it with back-off, and bounds the marks it leaves', async () => {
    const knex = app.strapi.db.connection;
    // Every run reads the exclusions table; a publish does not: runs fail, publishing goes on.
    await knex.schema.renameTable('sitemap_exclusions', 'sitemap_exclusions_away');
    try {
      await createArticle(app.strapi, { title: 'Four', slug: 'four', categoryDocumentId: news });
      const { failing } = await waitFor(
        'a failed publish run',
        async () => (await api('GET', '/status')).body,
        // The status reads the failing state and the runs one after the other: a read taken while the
        // run was failing may show it failed beside the failing state from just before.
        (body) =>
          body.runs[0]?.status === 'failed' &&
          body.runs[0].trigger === 'publish' &&
          body.failing?.retryAt !== null &&
          /sitemap_exclusions/.test(body.failing?.lastError ?? '')
      );
      // Counted among the runs kept: the 100 newest.
      expect(failing.failures).toBe(100);
      expect(failing.lastError).toMatch(/sitemap_exclusions/);
      expect(Date.parse(failing.retryAt) - Date.parse(failing.lastFailedAt)).toBe(
        retryDelayMs(failing.failures)
      );

      // Marks piling up while runs fail become one full mark.
      const marks = plugin().service('dirty-marks');
      for (let chunk = 0; chunk < 6; chunk++) {
        await marks.record(
          Array.from({ length: 2_000 }, (_, i) => ({
            kind: 'document',
            contentType: ARTICLE,
            documentId: `doc-${chunk}-${i}`,
            trigger: 'publish',
          }))
        );
      }
      await plugin().service('scheduler').poll();
      expect(await marks.pending()).toEqual([expect.objectContaining({ kind: 'full' })]);
    } finally {
      await knex.schema.renameTable('sitemap_exclusions_away', 'sitemap_exclusions');
    }
    // Fixing and saving the settings retries at once, and a success ends the failing state.
    const { [CATEGORY]: _invalid, ...valid } = await contentTypes();
    expect((await api('PUT', '/settings', { contentTypes: valid, gzip: false })).status).toBe(200);
    const status = await waitFor(
      'a success',
      async () => (await api('GET', '/status')).body,
      (body) => body.failing === null && body.pendingChanges === 0
    );
    expect(status.runs[0].status).toBe('success');
    expect((await servedSet()).locs).toContain(`${HOST}/articles/four`);
  });
});
