/**
 * Admins stay inside the content they may read (issue 22, part 1). A role with the plugin's Read and
 * Settings update and content-manager Read on articles only: it may change the articles' mapping as
 * long as it reads nothing else, and can neither add, change nor remove the mapping of another type
 * (whose titles would then be public in the feed and the visitors' site map); the legacy import, the
 * preview and exclusions hold it to the same; the dashboard shows it the entries of articles only.
 * Users of users-permissions (an email, a password hash) are never mappable from the admin, only
 * from config/plugins. Roles come from Strapi's admin::role and admin::user services.
 */
import type { UID } from '@strapi/strapi';
import { callAdmin, until } from '../helpers/admin-api';
import { startTestStrapi, type TestStrapi } from '../helpers/strapi-app';
import { createAdminWithActions, createSuperAdmin } from '../helpers/admin-auth';
import { ARTICLE, CATEGORY, createArticle, createCategory } from '../helpers/content';
import { testConfig } from '../helpers/config';
import { fetchSitemapSet } from '../helpers/sitemap-http';
import { settled } from '../helpers/settle';

const TAG = 'api::tag.tag';
const USER = 'plugin::users-permissions.user';
const SITEMAP = ['plugin::sitemap.read', 'plugin::sitemap.settings.update'];
const CM_READ = 'plugin::content-manager.explorer.read';

let app: TestStrapi;
let superToken: string;
let editorToken: string;
let newsId: string;
let dossierId: string;
let articleId: string;

const api = (method: string, path: string, token: string, body?: unknown) =>
  callAdmin(app.baseUrl, method, path, token, body);
const errorsOf = (body: any) =>
  Object.fromEntries(
    body.error.details.errors.map((error: any) => [error.path.join('.'), error.message])
  );
const settings = async () => (await api('GET', '/settings', superToken)).body.settings;

/** Saves `patch` as the editor and expects a 400 naming `paths`, with the settings unchanged. */
async function expectRefused(patch: unknown, paths: string[], token = editorToken) {
  const before = await settings();
  const { status, body } = await api('PUT', '/settings', token, patch);
  expect(status).toBe(400);
  expect(Object.keys(errorsOf(body))).toEqual(expect.arrayContaining(paths));
  expect(await settings()).toEqual(before);
  return errorsOf(body);
}

beforeAll(async () => {
  app = await startTestStrapi({ pluginConfig: testConfig({ feed: true, cron: false }) });
  superToken = (await createSuperAdmin(app.strapi, app.baseUrl)).token;
  editorToken = (
    await createAdminWithActions(app.strapi, app.baseUrl, [
      ...SITEMAP,
      { action: CM_READ, subject: ARTICLE },
    ])
  ).token;
  const news = await createCategory(app.strapi, { name: 'News', slug: 'news' });
  newsId = news.documentId;
  // A category whose slug is empty: the pattern cannot be filled, a finding with the entry at fault.
  dossierId = (await createCategory(app.strapi, { name: 'Secret dossier', slug: '' })).documentId;
  articleId = (
    await createArticle(app.strapi, { title: 'Hello', slug: 'hello', categoryDocumentId: newsId })
  ).documentId;
  const tags = app.strapi.documents(TAG as UID.ContentType);
  await tags.create({ data: { name: 'Private tag title', slug: 'private' } as any });
  await app.strapi.plugin('sitemap').service('generator').generate('manual');
  expect(await settled(app.strapi, 30_000)).toBe(true);
});

afterAll(async () => {
  await app?.stop();
});

describe('a save changes only the mappings of types the admin may read', () => {
  const { contentTypes } = testConfig();

  it('refuses to map a type the admin cannot read, and nothing of it goes public', async () => {
    const errors = await expectRefused(
      {
        contentTypes: {
          ...contentTypes,
          [TAG]: { pattern: '/tags/[slug]', titleField: 'name', visitorMap: {} },
        },
      },
      [`contentTypes.${TAG}`]
    );
    expect(errors[`contentTypes.${TAG}`]).toMatch(/content-manager Read on api::tag\.tag/);
    await app.strapi.plugin('sitemap').service('generator').generate('manual');
    const feed = await (await fetch(`${app.baseUrl}/api/sitemap/recent.atom`)).text();
    expect(feed).not.toContain('Private tag title');
    expect((await fetchSitemapSet(app.baseUrl)).urls.map((url) => url.loc)).not.toContain(
      'https://www.example.com/tags/private'
    );
  });

  it('refuses a pattern that reads a related type the admin cannot read', async () => {
    const errors = await expectRefused(
      {
        contentTypes: {
          ...contentTypes,
          [ARTICLE]: { ...contentTypes[ARTICLE], pattern: '/[category.name]/[slug]' },
        },
      },
      [`contentTypes.${ARTICLE}`]
    );
    expect(errors[`contentTypes.${ARTICLE}`]).toMatch(/api::category\.category/);
  });

  it('refuses to change or remove the mapping of a type the admin cannot read', async () => {
    await expectRefused(
      {
        contentTypes: {
          ...contentTypes,
          [CATEGORY]: { ...contentTypes[CATEGORY], priority: 0.9 },
        },
      },
      [`contentTypes.${CATEGORY}`]
    );
    const { [CATEGORY]: _removed, ...withoutCategories } = contentTypes;
    await expectRefused({ contentTypes: withoutCategories }, [`contentTypes.${CATEGORY}`]);
  });

  it('saves a change to the mapping of a type the admin reads, leaving the others as they were', async () => {
    const changed = {
      ...contentTypes,
      [ARTICLE]: {
        pattern: '/posts/[slug]',
        priority: 0.6,
        titleField: 'title',
        filters: { noindex: { $ne: true } },
      },
    };
    const { status, body } = await api('PUT', '/settings', editorToken, { contentTypes: changed });
    expect(status).toBe(200);
    expect(body.settings.contentTypes[CATEGORY]).toEqual(contentTypes[CATEGORY]);
    expect(body.settings.contentTypes[ARTICLE].pattern).toBe('/posts/[slug]');
    // Back to the config file's article, whose pattern reads categories: the editor may not.
    await expectRefused({ contentTypes: null }, [`contentTypes.${ARTICLE}`]);
    expect((await api('PUT', '/settings', superToken, { contentTypes: null })).status).toBe(200);
  });

  it('lets an admin who reads both types change a pattern through the relation', async () => {
    const both = (
      await createAdminWithActions(app.strapi, app.baseUrl, [
        ...SITEMAP,
        { action: CM_READ, subject: ARTICLE },
        { action: CM_READ, subject: CATEGORY },
      ])
    ).token;
    const patch = {
      contentTypes: {
        ...contentTypes,
        [ARTICLE]: { ...contentTypes[ARTICLE], pattern: '/[category.slug]/[slug]' },
      },
    };
    expect((await api('PUT', '/settings', both, patch)).status).toBe(200);
    expect((await api('PUT', '/settings', both, { contentTypes: null })).status).toBe(200);
  });

  it('tells the settings form which types the admin may read, and offers no users of users-permissions', async () => {
    const { body } = await api('GET', '/content-types', editorToken);
    const readable = Object.fromEntries(body.map((type: any) => [type.uid, type.readable]));
    expect(readable[ARTICLE]).toBe(true);
    expect(readable[CATEGORY]).toBe(false);
    expect(readable).not.toHaveProperty([USER]);
    expect(JSON.stringify(body)).not.toContain(USER);
  });
});

describe('the legacy import holds the admin to the same', () => {
  it('refuses, type by type, an import that maps types the admin cannot read', async () => {
    await app.strapi.store.set({
      type: 'plugin',
      name: 'sitemap',
      key: 'settings',
      value: {
        hostname: 'https://www.example.com',
        contentTypes: {
          [ARTICLE]: { languages: { en: { pattern: '/news/[slug]', priority: 0.6 } } },
          [TAG]: { languages: { und: { pattern: '/tags/[slug]', priority: 0.4 } } },
        },
        customEntries: {},
      },
    });
    const before = await settings();
    const { status, body } = await api('POST', '/legacy-import', editorToken);
    expect(status).toBe(400);
    // The article's mapping changes (the editor reads articles), the tags' would be added: refused.
    expect(Object.keys(errorsOf(body))).toEqual([`contentTypes.${TAG}`]);
    expect(await settings()).toEqual(before);
    await app.strapi.store.delete({ type: 'plugin', name: 'sitemap', key: 'settings' });
  });
});

describe('users of users-permissions are not mappable from the admin', () => {
  it('refuses /u/[email] even for a super admin, in settings and preview', async () => {
    const { contentTypes } = testConfig();
    const errors = await expectRefused(
      { contentTypes: { ...contentTypes, [USER]: { pattern: '/u/[email]' } } },
      [`contentTypes.${USER}`],
      superToken
    );
    expect(errors[`contentTypes.${USER}`]).toMatch(/credentials/);
    const preview = await api('POST', '/preview', superToken, {
      contentType: USER,
      settings: { pattern: '/u/[email]' },
    });
    expect(preview.status).toBe(400);
    expect(preview.text).not.toMatch(/@/);
  });
});

describe('the dashboard shows a type’s entries only to admins who may read it', () => {
  it('leaves out the counts, files and findings of types the admin cannot read', async () => {
    await app.strapi.plugin('sitemap').service('generator').generate('manual');
    const full = await until(async () => {
      const { body } = await api('GET', '/status', superToken);
      return body.validation.samples.some((sample: any) => sample.contentType === CATEGORY)
        ? body
        : null;
    });
    expect(Object.keys(full.counts)).toEqual(expect.arrayContaining([ARTICLE, CATEGORY]));

    const { body, text } = await api('GET', '/status', editorToken);
    expect(Object.keys(body.counts).sort()).toEqual([ARTICLE, 'custom'].sort());
    expect(Object.keys(body.typeNames)).not.toContain(CATEGORY);
    for (const file of [...body.files, ...body.textFiles])
      expect([ARTICLE, null]).toContain(file.contentType);
    expect(body.validation.samples.map((sample: any) => sample.contentType)).not.toContain(
      CATEGORY
    );
    expect(body.totals).toEqual(full.totals);
    expect(JSON.stringify(full)).toContain(dossierId);
    expect(text).not.toContain(dossierId);
    // Runs are listed without their findings: those are the last full run's, filtered above.
    for (const run of body.runs) expect(run.report ?? {}).not.toHaveProperty('validation');
  });
});

describe('preview and exclusions need Read on every type they show or change', () => {
  it('refuses the preview of a pattern reading a type the admin cannot read', async () => {
    const refused = await api('POST', '/preview', editorToken, { contentType: ARTICLE });
    expect(refused.status).toBe(403);
    expect(refused.text).not.toContain('/blog/news/hello');
    const own = await api('POST', '/preview', editorToken, {
      contentType: ARTICLE,
      settings: { pattern: '/posts/[slug]', locales: {}, visitorMap: {} },
    });
    expect(own.status).toBe(200);
    expect(own.body.urls.map((url: any) => url.url)).toContain(
      'https://www.example.com/posts/hello'
    );
    expect((await api('POST', '/preview', editorToken, { contentType: TAG })).status).toBe(403);
  });

  it('refuses to exclude an entry of a type the admin cannot read, and lists only its own', async () => {
    expect(
      (
        await api('POST', '/exclusions', superToken, {
          contentType: CATEGORY,
          documentId: newsId,
        })
      ).status
    ).toBe(200);
    const refused = await api('POST', '/exclusions', editorToken, {
      contentType: CATEGORY,
      documentId: newsId,
    });
    expect(refused.status).toBe(403);
    expect(
      (await api('DELETE', `/exclusions?contentType=${CATEGORY}&documentId=${newsId}`, editorToken))
        .status
    ).toBe(403);
    const added = await api('POST', '/exclusions', editorToken, {
      contentType: ARTICLE,
      documentId: articleId,
      locale: 'en',
    });
    expect(added.status).toBe(200);
    expect(added.body).toEqual([{ contentType: ARTICLE, documentId: articleId, locale: 'en' }]);
    const listed = await api('GET', '/exclusions', editorToken);
    expect(listed.body).toEqual([{ contentType: ARTICLE, documentId: articleId, locale: 'en' }]);
    expect((await api('GET', '/exclusions', superToken)).body).toHaveLength(2);
  });
});

describe('config/plugins may map users of users-permissions', () => {
  it('lists them when the site owner maps them in the config file', async () => {
    await app.stop();
    app = await startTestStrapi({
      pluginConfig: testConfig({
        contentTypes: { [USER]: { pattern: '/members/[username]' } },
        customUrls: [],
        cron: false,
      }),
    });
    await app.strapi.documents(USER as UID.ContentType).create({
      data: {
        username: 'ada',
        email: 'ada@example.com',
        password: 'Passw0rd!',
        confirmed: true,
        role: null,
      } as any,
    });
    const result = await app.strapi.plugin('sitemap').service('generator').generate('manual');
    expect(result.status).toBe('success');
    const { urls, files } = await fetchSitemapSet(app.baseUrl);
    expect(urls.map((url) => url.loc)).toEqual(['https://www.example.com/members/ada']);
    expect(files.map((file) => file.xml).join('')).not.toContain('ada@example.com');
  });
});
