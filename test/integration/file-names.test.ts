/**
 * File names unique by construction: a type named `custom` next to the custom URLs, and `article`
 * with a French host (its own file series) next to a type named `article-fr`. Before, both pairs
 * wrote files of the same name and one of each pair went unserved.
 */
import type { UID } from '@strapi/strapi';
import { startTestStrapi, type TestStrapi } from '../helpers/strapi-app';
import { addLocale, ARTICLE, createArticle } from '../helpers/content';
import { testConfig } from '../helpers/config';
import { fetchSitemapSet } from '../helpers/sitemap-http';
import { settled } from '../helpers/settle';

const HOST = 'https://www.example.com';
const FR_HOST = 'https://www.example.fr';
const ARTICLE_FR = 'api::article-fr.article-fr';
const CUSTOM_TYPE = 'api::custom.custom';

let app: TestStrapi;
const plugin = () => app.strapi.plugin('sitemap');
const settle = async () => expect(await settled(app.strapi, 30_000)).toBe(true);
const create = (uid: string, slug: string) =>
  app.strapi.documents(uid as UID.ContentType).create({ data: { name: slug, slug } as any });

async function addArticle(slug: string, frSlug: string) {
  const doc = await createArticle(app.strapi, { title: slug, slug });
  await addLocale(app.strapi, {
    documentId: doc.documentId,
    locale: 'fr',
    data: { title: frSlug, slug: frSlug },
  });
}

/** Each served file's name and the URLs it lists. */
async function servedFiles() {
  const { files } = await fetchSitemapSet(app.baseUrl);
  return new Map(files.map((file) => [file.name, file.urls.map((url) => url.loc).sort()]));
}

beforeAll(async () => {
  app = await startTestStrapi({
    pluginConfig: testConfig({
      hostnames: { fr: FR_HOST },
      contentTypes: {
        [ARTICLE]: { pattern: '/blog/[slug]', priority: 0.7 },
        [ARTICLE_FR]: { pattern: '/af/[slug]', priority: 0.6 },
        [CUSTOM_TYPE]: { pattern: '/c/[slug]', priority: 0.5 },
      },
      customUrls: [{ url: '/contact' }, { url: `${FR_HOST}/contact` }],
      debounceMs: 50,
      cron: false,
    }),
  });
  await addArticle('hello', 'bonjour');
  await create(ARTICLE_FR, 'af-one');
  await create(CUSTOM_TYPE, 'c-one');
  await settle();
  expect((await plugin().service('generator').generate('manual')).status).toBe('success');
});

afterAll(async () => {
  await app?.stop();
});

it('writes each group to its own files, every URL served once', async () => {
  const files = await servedFiles();
  const customTypeFile = [...files.keys()].find((name) => /^custom-[0-9a-f]{8}-1\.xml$/.test(name));
  expect(customTypeFile).toBeDefined();
  expect(Object.fromEntries(files)).toEqual({
    'article-1.xml': [`${HOST}/blog/hello`],
    'article_fr-1.xml': [`${FR_HOST}/blog/bonjour`],
    'article-fr-1.xml': [`${HOST}/af/af-one`],
    'custom-1.xml': [`${HOST}/contact`],
    'custom_fr-1.xml': [`${FR_HOST}/contact`],
    [customTypeFile!]: [`${HOST}/c/c-one`],
  });
});

it('keeps the groups apart when changes are written into the files that hold them', async () => {
  const before = await servedFiles();
  // English only: a locale on its own host changed by an incremental run is tested apart (issue 9, item 13).
  await createArticle(app.strapi, { title: 'second', slug: 'second' });
  await create(ARTICLE_FR, 'af-two');
  await create(CUSTOM_TYPE, 'c-two');
  await settle();
  expect((await plugin().service('runs').recent(1))[0].report.scope).toBe('documents');
  const files = await servedFiles();
  expect([...files.keys()].sort()).toEqual([...before.keys()].sort());
  expect(files.get('article-1.xml')).toEqual([`${HOST}/blog/hello`, `${HOST}/blog/second`]);
  expect(files.get('article_fr-1.xml')).toEqual([`${FR_HOST}/blog/bonjour`]);
  expect(files.get('article-fr-1.xml')).toEqual([`${HOST}/af/af-one`, `${HOST}/af/af-two`]);
  expect(files.get('custom-1.xml')).toEqual([`${HOST}/contact`]);
  const customTypeFile = [...files.keys()].find((name) =>
    /^custom-[0-9a-f]{8}-1\.xml$/.test(name)
  )!;
  expect(files.get(customTypeFile)).toEqual([`${HOST}/c/c-one`, `${HOST}/c/c-two`]);

  expect((await plugin().service('generator').generate('manual')).status).toBe('success');
  expect(await servedFiles()).toEqual(files);
});
