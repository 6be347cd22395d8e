import { startTestStrapi, type TestStrapi } from '../helpers/strapi-app';
import { createSuperAdmin } from '../helpers/admin-auth';
import { validateSitemapXml } from '../helpers/xmllint';
import {
  ARTICLE,
  CATEGORY,
  addLocale,
  createArticle,
  createCategory,
  findPublished,
} from '../helpers/content';

const URLSET_OPEN =
  '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">';

describe('integration harness', () => {
  let app: TestStrapi;

  beforeAll(async () => {
    app = await startTestStrapi();
  });

  afterAll(async () => {
    await app?.stop();
  });

  it('loads the sitemap plugin from the repo root with the demo config', () => {
    expect(app.strapi.plugin('sitemap')).toBeDefined();
    expect(app.strapi.config.get('plugin::sitemap.hostname')).toBe('https://www.example.com');
  });

  it('stores published content in both locales through the Document Service', async () => {
    const { strapi } = app;
    const category = await createCategory(strapi, { name: 'News', slug: 'news' });
    const article = await createArticle(strapi, {
      title: 'Hello',
      slug: 'hello',
      categoryDocumentId: category.documentId,
    });
    await addLocale(strapi, {
      documentId: article.documentId,
      locale: 'fr',
      data: { title: 'Bonjour', slug: 'bonjour', categoryDocumentId: category.documentId },
    });

    expect(await findPublished(strapi, CATEGORY, category.documentId)).toMatchObject({
      slug: 'news',
    });
    const en = await findPublished(strapi, ARTICLE, article.documentId, 'en');
    const fr = await findPublished(strapi, ARTICLE, article.documentId, 'fr');
    expect(en).toMatchObject({
      locale: 'en',
      slug: 'hello',
      noindex: false,
      category: { slug: 'news' },
    });
    expect(fr).toMatchObject({ locale: 'fr', slug: 'bonjour', category: { slug: 'news' } });
    expect(en?.publishedAt).toBeTruthy();
    expect(fr?.publishedAt).toBeTruthy();
  });

  it('answers /_health over HTTP', async () => {
    const res = await fetch(`${app.baseUrl}/_health`);
    expect(res.status).toBe(204);
  });

  it('logs a super admin in, and refuses admin requests without a token', async () => {
    const { token } = await createSuperAdmin(app.strapi, app.baseUrl);
    const me = await fetch(`${app.baseUrl}/admin/users/me`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(me.status).toBe(200);
    expect((await fetch(`${app.baseUrl}/admin/users/me`)).status).toBe(401);
  });

  it('validates sitemaps with xmllint against the official XSDs', async () => {
    const valid = await validateSitemapXml(
      `${URLSET_OPEN}<url><loc>https://www.example.com/</loc><priority>1.0</priority></url></urlset>`
    );
    expect(valid).toEqual({ valid: true, output: expect.stringContaining('validates') });

    const invalid = await validateSitemapXml(
      `${URLSET_OPEN}<url><priority>2</priority></url></urlset>`
    );
    expect(invalid.valid).toBe(false);
    expect(invalid.output).toMatch(/priority|loc/);
  });
});

describe('integration harness with a given plugin config', () => {
  it('boots again with a given plugin config and public URL', async () => {
    const demo = require('../app/config/plugins.js')({ env: () => undefined }).sitemap.config;
    const app = await startTestStrapi({
      pluginConfig: { ...demo, hostname: 'https://other.example.org' },
      publicUrl: 'https://cms.example.org',
    });
    try {
      expect(app.strapi.config.get('plugin::sitemap.hostname')).toBe('https://other.example.org');
      expect(app.strapi.config.get('server.url')).toBe('https://cms.example.org');
      expect((await fetch(`${app.baseUrl}/_health`)).status).toBe(204);
    } finally {
      await app.stop();
    }
  });
});
