/**
 * A burst of publishes on a type with i18n and a locale on its own hostname (its own file series):
 * 400 documents (about 620 URLs) created and published one after another while the worker writes
 * them out, into files of 100 URLs, so files fill and split again and again during the burst.
 * Once the worker is idle, the served set must list what a full run lists, with every file within
 * the limit. The files may be cut elsewhere: a full run fills each file to the limit, while a file
 * that a publish fills past it splits into halves.
 */
import { startTestStrapi, type TestStrapi } from '../helpers/strapi-app';
import { addLocale, createArticle, createCategory } from '../helpers/content';
import { testConfig } from '../helpers/config';
import { fetchSitemapSet } from '../helpers/sitemap-http';
import { settled } from '../helpers/settle';

const DOCUMENTS = 400;
const URLS_PER_FILE = 100;
let app: TestStrapi;

const plugin = () => app.strapi.plugin('sitemap');

/** URLs per group of files (`article`, `article_fr`…), and every URL with its alternates. */
async function servedShape() {
  const { files, urls } = await fetchSitemapSet(app.baseUrl);
  const groups: Record<string, number> = {};
  for (const file of files) {
    expect(file.urls.length).toBeLessThanOrEqual(URLS_PER_FILE);
    const group = file.name.replace(/-\d+\.xml$/, '');
    groups[group] = (groups[group] ?? 0) + file.urls.length;
  }
  return { groups, files: files.length, urls: urls.map((url) => JSON.stringify(url)).sort() };
}

beforeAll(async () => {
  app = await startTestStrapi({
    pluginConfig: testConfig({
      hostnames: { fr: 'https://www.example.fr' },
      customUrls: [],
      cron: false,
      autoGenerate: true,
      debounceMs: 100,
      limits: { urlsPerFile: URLS_PER_FILE },
    }),
  });
  const locales = app.strapi.plugin('i18n').service('locales');
  if (!(await locales.findByCode('de'))) await locales.create({ code: 'de', name: 'German (de)' });
}, 300_000);

afterAll(async () => {
  await app?.stop();
});

it('ends a burst of publishes with the URLs a full run writes, every file within the limit', async () => {
  const news = await createCategory(app.strapi, { name: 'News', slug: 'news' });
  const category = news.documentId;
  let expected = 1;
  for (let i = 0; i < DOCUMENTS; i++) {
    const { documentId } = await createArticle(app.strapi, {
      title: `A${i}`,
      slug: `a-${i}`,
      categoryDocumentId: category,
    });
    expected++;
    if (i % 4 === 0) {
      await addLocale(app.strapi, {
        documentId,
        locale: 'fr',
        data: { title: `F${i}`, slug: `f-${i}`, categoryDocumentId: category },
      });
      expected++;
    }
    if (i % 10 < 3) {
      await addLocale(app.strapi, {
        documentId,
        locale: 'de',
        data: { title: `D${i}`, slug: `d-${i}`, categoryDocumentId: category },
      });
      expected++;
    }
  }
  expect(await settled(app.strapi, 120_000)).toBe(true);
  const incremental = await servedShape();
  expect(incremental.urls).toHaveLength(expected);
  // Publishes filled and split files all along: far more than one file per group.
  expect(incremental.files).toBeGreaterThanOrEqual(Math.ceil(expected / URLS_PER_FILE));
  expect(
    incremental.urls.filter((url) => url.includes('"loc":"https://www.example.fr/')).length
  ).toBe(DOCUMENTS / 4);

  expect((await plugin().service('generator').generate('manual')).status).toBe('success');
  const full = await servedShape();
  expect(incremental.groups).toEqual(full.groups);
  expect(incremental.urls).toEqual(full.urls);
}, 900_000);
