/**
 * A URL extension added from code (test/fixtures/category-lastmod.ts), on a real Strapi: it takes
 * part in the read, the records, the files and the index as the built-in ones do, and a change to
 * what it reads (the category) rewrites the pages that read it.
 */
import { startTestStrapi, type TestStrapi } from '../helpers/strapi-app';
import {
  ARTICLE,
  CATEGORY,
  createArticle,
  createCategory,
  findPublished,
  publish,
} from '../helpers/content';
import { testConfig } from '../helpers/config';
import { fetchSitemapSet } from '../helpers/sitemap-http';
import { settled } from '../helpers/settle';
import { categoryLastmod } from '../fixtures/category-lastmod';
import { formatW3cDateTime } from '../../server/src/core/urls/lastmod';

const HOST = 'https://www.example.com';
let app: TestStrapi;

const plugin = () => app.strapi.plugin('sitemap');
const w3c = (value: unknown) => formatW3cDateTime(new Date(value as string));

async function lastmodOf(loc: string) {
  const { urls, indexXml } = await fetchSitemapSet(app.baseUrl);
  return { url: urls.find((url) => url.loc === loc), indexXml };
}

beforeAll(async () => {
  app = await startTestStrapi({
    pluginConfig: testConfig({
      contentTypes: { [ARTICLE]: { pattern: '/blog/[slug]' } },
      cron: false,
      autoGenerate: true,
    }),
  });
  plugin().service('hooks').extend(categoryLastmod);
});

afterAll(async () => {
  await app?.stop();
});

it('refuses a second extension of the same name, or one without a name', () => {
  expect(() => plugin().service('hooks').extend(categoryLastmod)).toThrow(/already there/);
  expect(() =>
    plugin()
      .service('hooks')
      .extend({} as never)
  ).toThrow(/with a name/);
  expect(() => plugin().service('hooks').extend({ name: 'images' })).toThrow(/already there/);
});

it('dates a page by its category when the category changed last, and follows the category', async () => {
  const category = await createCategory(app.strapi, { name: 'Guides', slug: 'guides' });
  const article = await createArticle(app.strapi, {
    title: 'First steps',
    slug: 'first-steps',
    categoryDocumentId: category.documentId,
  });
  expect(await settled(app.strapi, 30_000)).toBe(true);
  const result = await plugin().service('generator').generate('manual');
  expect(result.status).toBe('success');

  // Written after its category: the article's own date.
  const loc = `${HOST}/blog/first-steps`;
  const published = await findPublished(app.strapi, ARTICLE, article.documentId, 'en');
  expect((await lastmodOf(loc)).url?.lastmod).toBe(w3c(published!.updatedAt));

  // The category changes later: the page (and its file in the index) takes the category's date.
  await new Promise((resolve) => setTimeout(resolve, 1_100));
  await app.strapi
    .documents(CATEGORY as never)
    .update({ documentId: category.documentId, data: { name: 'Guides and tips' } } as never);
  await publish(app.strapi, CATEGORY, category.documentId);
  expect(await settled(app.strapi, 30_000)).toBe(true);
  const renamed = await findPublished(app.strapi, CATEGORY, category.documentId);
  const after = await lastmodOf(loc);
  expect(after.url?.lastmod).toBe(w3c(renamed!.updatedAt));
  expect(after.indexXml).toContain(`<lastmod>${w3c(renamed!.updatedAt)}</lastmod>`);
});
