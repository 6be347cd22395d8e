/**
 * The admin's file browser over HTTP on a real Strapi: a page of a live urlset's URLs as the file
 * lists them (alternates included), each with its entry and the last full run's findings on it, a
 * search, paging, and the Read permission of the file's type; bad names are refused.
 */
import { startTestStrapi, type TestStrapi } from '../helpers/strapi-app';
import { addLocale, ARTICLE, createArticle, createCategory } from '../helpers/content';
import { testConfig } from '../helpers/config';
import { createAdminWithActions, createSuperAdmin } from '../helpers/admin-auth';
import { fetchSitemapSet } from '../helpers/sitemap-http';
import { settled } from '../helpers/settle';

let app: TestStrapi;
let superToken: string;
const ids: Record<string, string> = {};

async function api(path: string, token = superToken) {
  const response = await fetch(`${app.baseUrl}/sitemap${path}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  return { status: response.status, body: (await response.json()) as any };
}

beforeAll(async () => {
  app = await startTestStrapi({ pluginConfig: testConfig({ cron: false, debounceMs: 50 }) });
  const news = await createCategory(app.strapi, { name: 'News', slug: 'news' });
  for (let i = 0; i < 60; i++)
    await createArticle(app.strapi, {
      title: `Story ${i}`,
      slug: `story-${i}`,
      categoryDocumentId: news.documentId,
    });
  ids.tide = (
    await createArticle(app.strapi, {
      title: 'Tide',
      slug: 'tide',
      categoryDocumentId: news.documentId,
    })
  ).documentId;
  await addLocale(app.strapi, {
    documentId: ids.tide,
    locale: 'fr',
    data: { title: 'Marée', slug: 'maree', categoryDocumentId: news.documentId },
  });
  // No category: the pattern cannot be filled, a finding of the full run (on no listed URL).
  await createArticle(app.strapi, { title: 'Orphan', slug: 'orphan' });
  expect(await settled(app.strapi, 60_000)).toBe(true);
  expect((await app.strapi.plugin('sitemap').service('generator').generate('manual')).status).toBe(
    'success'
  );
  superToken = (await createSuperAdmin(app.strapi, app.baseUrl)).token;
}, 180_000);

afterAll(async () => {
  await app?.stop();
});

it('pages a file as it lists its URLs, each with its entry and alternates', async () => {
  const { files } = await fetchSitemapSet(app.baseUrl);
  const articleFile = files.find((file) => file.name.startsWith('article-'))!;
  const listed = articleFile.urls.map((url: { loc: string }) => url.loc);

  const first = await api(`/files/${articleFile.name}`);
  expect(first.status).toBe(200);
  expect(first.body).toMatchObject({
    name: articleFile.name,
    contentType: ARTICLE,
    page: 1,
    pageSize: 50,
  });
  expect(first.body.total).toBe(listed.length);
  const second = await api(`/files/${articleFile.name}?page=2`);
  const browsed = [...first.body.urls, ...second.body.urls].map((url: any) => url.loc);
  expect(browsed).toEqual(listed);

  const tide = await api(`/files/${articleFile.name}?q=TIDE`);
  expect(tide.body.total).toBe(1);
  expect(tide.body.urls[0]).toMatchObject({
    loc: 'https://www.example.com/blog/news/tide',
    documentId: ids.tide,
    locale: 'en',
    findings: [],
  });
  expect(tide.body.urls[0].alternates.map((alternate: any) => alternate.hreflang).sort()).toEqual([
    'en',
    'fr',
    'x-default',
  ]);
  expect((await api(`/files/${articleFile.name}?page=9`)).body.urls).toEqual([]);
});

it('asks Read on the file type, and refuses what is not a file name', async () => {
  const { files } = await fetchSitemapSet(app.baseUrl);
  const articleFile = files.find((file) => file.name.startsWith('article-'))!.name;
  const categoryFile = files.find((file) => file.name.startsWith('category-'))!.name;
  const reader = await createAdminWithActions(app.strapi, app.baseUrl, [
    'plugin::sitemap.read',
    { action: 'plugin::content-manager.explorer.read', subject: 'api::category.category' },
  ]);
  expect((await api(`/files/${articleFile}`, reader.token)).status).toBe(403);
  expect((await api(`/files/${categoryFile}`, reader.token)).status).toBe(200);
  expect((await api('/files/index.xml')).status).toBe(404);
  expect((await api('/files/nope-1.xml')).status).toBe(404);
  expect((await api('/files/..%2Fetc%2Fpasswd')).status).toBe(400);
  expect((await api(`/files/${articleFile}?page=0`)).status).toBe(400);
});
