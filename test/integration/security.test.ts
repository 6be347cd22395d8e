/**
 * What the plugin may read and who sees it (issue 9): only content an editor manages can be mapped, through
 * fields that are not private, passwords or hidden; preview and entry status need content-manager read on the
 * type; names are own properties; custom URLs and publicUrl cannot inject; filters the database refuses are
 * refused at save.
 */
import { callAdmin } from '../helpers/admin-api';
import type { UID } from '@strapi/strapi';
import { startTestStrapi, type TestStrapi } from '../helpers/strapi-app';
import { createAdminWithActions, createSuperAdmin } from '../helpers/admin-auth';
import { ARTICLE, CATEGORY, createArticle, createCategory } from '../helpers/content';
import { testConfig } from '../helpers/config';
import { fileUrl } from '../helpers/sitemap-http';

const HIDDEN_TYPE = 'api::internal-page.internal-page';
const SITEMAP_READ = 'plugin::sitemap.read';
const CM_READ = 'plugin::content-manager.explorer.read';

let app: TestStrapi;
let superToken: string;
let sitemapOnlyToken: string;
let articleReaderToken: string;
let articleId: string;

const api = (method: string, path: string, token?: string, body?: unknown) =>
  callAdmin(app.baseUrl, method, path, token, body);

const errorPaths = (body: any) =>
  body.error.details.errors.map((error: any) => error.path.join('.'));

/** The config's article settings with other values: a PUT replaces the whole contentTypes key. */
const articleWith = (changes: Record<string, unknown>) => {
  const { contentTypes } = testConfig();
  return { contentTypes: { ...contentTypes, [ARTICLE]: { ...contentTypes[ARTICLE], ...changes } } };
};

/** Saves `patch` and expects a 400 whose field errors include `paths`, with the settings unchanged. */
async function expectRefusedSave(patch: unknown, paths: string[]) {
  const before = await api('GET', '/settings', superToken);
  const { status, body } = await api('PUT', '/settings', superToken, patch);
  expect(status).toBe(400);
  expect(errorPaths(body)).toEqual(expect.arrayContaining(paths));
  expect(await api('GET', '/settings', superToken)).toEqual(before);
  return body;
}

async function expectRefusedPreview(request: unknown, paths: string[]) {
  const { status, body, text } = await api('POST', '/preview', superToken, request);
  expect(status).toBe(400);
  expect(errorPaths(body)).toEqual(expect.arrayContaining(paths));
  expect(text).not.toContain('estimatedUrlCount');
  return body;
}

async function waitFor<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  what: string
): Promise<T> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

beforeAll(async () => {
  app = await startTestStrapi({ pluginConfig: testConfig() });
  superToken = (await createSuperAdmin(app.strapi, app.baseUrl)).token;
  sitemapOnlyToken = (await createAdminWithActions(app.strapi, app.baseUrl, [SITEMAP_READ])).token;
  articleReaderToken = (
    await createAdminWithActions(app.strapi, app.baseUrl, [
      SITEMAP_READ,
      { action: CM_READ, subject: ARTICLE },
    ])
  ).token;
  const news = await createCategory(app.strapi, { name: 'News', slug: 'news' });
  articleId = (
    await createArticle(app.strapi, {
      title: 'Hello',
      slug: 'hello',
      categoryDocumentId: news.documentId,
    })
  ).documentId;
  await app.strapi
    .documents(ARTICLE as UID.ContentType)
    .update({ documentId: articleId, locale: 'en', data: { editorNote: 'secret-note' } as any });
  await app.strapi
    .documents(ARTICLE as UID.ContentType)
    .publish({ documentId: articleId, locale: 'en' });
});

afterAll(async () => {
  await app?.stop();
});

describe('only content an editor manages can be mapped', () => {
  const takeover = { pattern: '/[email]/[resetPasswordToken]' };

  it('refuses the admin::user pattern that would list reset tokens, in preview and in settings', async () => {
    const preview = await expectRefusedPreview({ contentType: 'admin::user', settings: takeover }, [
      'contentType',
    ]);
    expect(preview.error.details.errors[0].message).toMatch(/content manager/);
    const saved = await expectRefusedSave({ contentTypes: { 'admin::user': takeover } }, [
      'contentTypes.admin::user',
    ]);
    expect(JSON.stringify(saved)).not.toMatch(/@example\.com/);
  });

  it("refuses this plugin's own types and a type the content manager hides", async () => {
    await expectRefusedSave(
      { contentTypes: { 'plugin::sitemap.sitemap-exclusion': { pattern: '/[target]' } } },
      ['contentTypes.plugin::sitemap.sitemap-exclusion']
    );
    await expectRefusedSave({ contentTypes: { [HIDDEN_TYPE]: { pattern: '/[slug]' } } }, [
      `contentTypes.${HIDDEN_TYPE}`,
    ]);
    await expectRefusedPreview({ contentType: HIDDEN_TYPE, settings: { pattern: '/[slug]' } }, [
      'contentType',
    ]);
  });

  it('refuses a filter that reads a password hash through createdBy', async () => {
    const filters = { createdBy: { password: { $startsWith: '$2' } } };
    await expectRefusedPreview({ contentType: ARTICLE, settings: { filters } }, [
      `contentTypes.${ARTICLE}.filters.createdBy`,
    ]);
    await expectRefusedSave(articleWith({ filters }), [
      `contentTypes.${ARTICLE}.filters.createdBy`,
    ]);
  });

  it('refuses private and password fields in patterns, lastmod and filters, at every hop of a relation', async () => {
    await expectRefusedPreview({ contentType: ARTICLE, settings: { pattern: '/[editorNote]' } }, [
      `contentTypes.${ARTICLE}.pattern`,
    ]);
    await expectRefusedPreview(
      { contentType: ARTICLE, settings: { pattern: '/[previewPassword]' } },
      [`contentTypes.${ARTICLE}.pattern`]
    );
    await expectRefusedSave(articleWith({ pattern: '/blog/[editorNote]', lastmod: 'createdBy' }), [
      `contentTypes.${ARTICLE}.pattern`,
      `contentTypes.${ARTICLE}.lastmod`,
    ]);
    await expectRefusedSave(
      articleWith({
        filters: { editorNote: { $startsWith: 's' }, previewPassword: { $null: false } },
      }),
      [
        `contentTypes.${ARTICLE}.filters.editorNote`,
        `contentTypes.${ARTICLE}.filters.previewPassword`,
      ]
    );
    // Category → its articles → a private field of the article.
    const categoryFilters = { articles: { editorNote: { $eq: 'secret-note' } } };
    await expectRefusedSave(
      { contentTypes: { [CATEGORY]: { pattern: '/c/[slug]', filters: categoryFilters } } },
      [`contentTypes.${CATEGORY}.filters.articles.editorNote`]
    );
  });

  it('refuses unknown operators, filters nested deeper than 5 levels and filters above 10 KB', async () => {
    await expectRefusedSave(articleWith({ filters: { slug: { $bogus: 1 } } }), [
      `contentTypes.${ARTICLE}.filters.slug.$bogus`,
    ]);
    const deep = { category: { parent: { parent: { parent: { slug: { $eq: 'x' } } } } } };
    await expectRefusedSave(articleWith({ filters: deep }), [
      `contentTypes.${ARTICLE}.filters.category.parent.parent.parent.slug`,
    ]);
    const large = { slug: { $notIn: Array.from({ length: 1100 }, (_, i) => `slug-${i}`) } };
    await expectRefusedSave(articleWith({ filters: large }), [`contentTypes.${ARTICLE}.filters`]);
  });

  it('still accepts filters on allowed fields through a relation, and previews them', async () => {
    const filters = { category: { slug: { $eq: 'news' } }, noindex: { $ne: true } };
    const saved = await api('PUT', '/settings', superToken, articleWith({ filters }));
    expect(saved.status).toBe(200);
    const preview = await api('POST', '/preview', superToken, {
      contentType: ARTICLE,
      settings: { filters, locales: {} },
    });
    expect(preview.status).toBe(200);
    expect(preview.body.urls.map((url: any) => url.url)).toEqual([
      'https://www.example.com/blog/news/hello',
    ]);
    expect((await api('PUT', '/settings', superToken, { contentTypes: null })).status).toBe(200);
  });

  it('lists only mappable types and their allowed fields for the settings form', async () => {
    const { status, body } = await api('GET', '/content-types', superToken);
    expect(status).toBe(200);
    const uids = body.map((type: any) => type.uid);
    expect(uids).toEqual(expect.arrayContaining([ARTICLE, CATEGORY]));
    expect(
      uids.filter(
        (uid: string) =>
          uid.startsWith('admin::') || uid.startsWith('plugin::sitemap.') || uid === HIDDEN_TYPE
      )
    ).toEqual([]);
    const article = body.find((type: any) => type.uid === ARTICLE);
    expect(Object.keys(article.attributes)).toEqual(
      expect.arrayContaining(['slug', 'title', 'category', 'updatedAt'])
    );
    for (const hidden of [
      'editorNote',
      'previewPassword',
      'createdBy',
      'updatedBy',
      'localizations',
    ])
      expect(article.attributes).not.toHaveProperty(hidden);
    expect(JSON.stringify(body)).not.toMatch(/admin::user/);
  });
});

describe('preview and entry status need content-manager read on the type', () => {
  it('answers 403 to a sitemap reader who cannot read the type in the content manager', async () => {
    expect((await api('POST', '/preview', sitemapOnlyToken, { contentType: ARTICLE })).status).toBe(
      403
    );
    expect(
      (
        await api(
          'GET',
          `/entry-status?contentType=${ARTICLE}&documentId=${articleId}`,
          sitemapOnlyToken
        )
      ).status
    ).toBe(403);
  });

  it('answers a reader of articles for articles, as long as the pattern reads nothing else', async () => {
    // The test config's pattern reads categories (`[category.slug]`): their values would be shown.
    expect(
      (await api('POST', '/preview', articleReaderToken, { contentType: ARTICLE })).status
    ).toBe(403);
    const preview = await api('POST', '/preview', articleReaderToken, {
      contentType: ARTICLE,
      settings: { pattern: '/blog/[slug]', locales: {}, visitorMap: {} },
    });
    expect(preview.status).toBe(200);
    expect(preview.body.urls.map((url: any) => url.url)).toContain(
      'https://www.example.com/blog/hello'
    );
    expect(
      (
        await api(
          'GET',
          `/entry-status?contentType=${ARTICLE}&documentId=${articleId}`,
          articleReaderToken
        )
      ).status
    ).toBe(200);
    expect(
      (await api('POST', '/preview', articleReaderToken, { contentType: CATEGORY })).status
    ).toBe(403);
    expect(
      (
        await api(
          'GET',
          `/entry-status?contentType=${CATEGORY}&documentId=${articleId}`,
          articleReaderToken
        )
      ).status
    ).toBe(403);
  });
});

describe('type, field and exclusion names are own properties', () => {
  it.each(['constructor', '__proto__', 'toString'])(
    'answers 400, not 500, for the type %s',
    async (name) => {
      const status = await api(
        'GET',
        `/entry-status?contentType=${name}&documentId=${articleId}`,
        superToken
      );
      expect(status.status).toBe(400);
      expect(status.body.error.details.errors[0].path).toEqual(['contentType']);
      expect((await api('POST', '/preview', superToken, { contentType: name })).status).toBe(400);
      expect(
        (await api('POST', '/exclusions', superToken, { contentType: name, documentId: articleId }))
          .status
      ).toBe(400);
    }
  );

  it('refuses a settings entry named constructor, and inherited names as fields', async () => {
    await expectRefusedSave({ contentTypes: { constructor: { pattern: '/[slug]' } } }, [
      'contentTypes.constructor',
    ]);
    await expectRefusedSave(
      articleWith({
        pattern: '/[constructor]/[toString]',
        lastmod: 'valueOf',
        filters: { constructor: true },
      }),
      [
        `contentTypes.${ARTICLE}.pattern`,
        `contentTypes.${ARTICLE}.lastmod`,
        `contentTypes.${ARTICLE}.filters.constructor`,
      ]
    );
  });

  it('keeps writing publishes when a change on the type "constructor" is waiting (an exclusion stored before this check)', async () => {
    await app.strapi.plugin('sitemap').service('generator').generate('manual');
    await app.strapi
      .plugin('sitemap')
      .service('change-feed')
      .recordChange([
        { kind: 'document', contentType: 'constructor', documentId: 'x', trigger: 'manual' },
      ]);
    const news = await createCategory(app.strapi, { name: 'Later', slug: 'later' });
    await createArticle(app.strapi, {
      title: 'Later',
      slug: 'later-post',
      categoryDocumentId: news.documentId,
    });
    const text = await waitFor(
      async () =>
        (
          await fetch(fileUrl(app.baseUrl, 'article-1.txt'), {
            headers: { 'Accept-Encoding': 'identity' },
          })
        ).text(),
      (body) => body.includes('/blog/later/later-post'),
      'the published article in the served file'
    );
    expect(text).toContain('https://www.example.com/blog/news/hello');
  });
});

describe('custom URLs and publicUrl cannot inject', () => {
  it('refuses a custom URL holding a line break, a tab or NUL', async () => {
    for (const url of [
      'https://www.example.com/a\nhttps://evil.example/x',
      '/a\r\n/b',
      '/a\tb',
      '/a\u0000',
    ]) {
      const body = await expectRefusedSave({ customUrls: [{ url }] }, ['customUrls.0.url']);
      expect(body.error.details.errors[0].message).toMatch(/control characters/);
    }
  });

  it('refuses a publicUrl with a query or a fragment', async () => {
    await expectRefusedSave({ publicUrl: 'https://cms.example.com/api/sitemap?x=1' }, [
      'publicUrl',
    ]);
    await expectRefusedSave({ publicUrl: 'https://cms.example.com/api/sitemap#top' }, [
      'publicUrl',
    ]);
  });
});

describe('filters the database refuses', () => {
  it('refuses at save, with the error on the type filters, filters that pass validation but fail in SQL', async () => {
    const body = await expectRefusedSave(articleWith({ filters: { $and: {} } }), [
      `contentTypes.${ARTICLE}.filters`,
    ]);
    expect(body.error.details.errors[0].message).toMatch(/database/);
    await expectRefusedSave(
      { contentTypes: { [CATEGORY]: { pattern: '/c/[slug]', filters: { $eq: 1 } } } },
      [`contentTypes.${CATEGORY}.filters`]
    );
    await expectRefusedPreview(
      { contentType: ARTICLE, settings: { filters: { $or: { slug: 'x' } } } },
      [`contentTypes.${ARTICLE}.filters`]
    );
  });
});
