/**
 * Several sites from one Strapi (settings `sites`): each site lists the mapped types it names, with
 * a filter per type choosing its entries (here through a relation: the article's category), on
 * its own hosts, in its own file series and host index; an entry on two sites is listed on both,
 * hreflang stays within a site, and a type no site names stays on the main hostname. A publish
 * that moves an entry from one site to the other rewrites that site's files, not the others'.
 */
import { startTestStrapi, type TestStrapi } from '../helpers/strapi-app';
import {
  addLocale,
  ARTICLE,
  CATEGORY,
  createArticle,
  createCategory,
  publish,
} from '../helpers/content';
import { PUBLIC_URL, testConfig } from '../helpers/config';
import { fetchSitemapSet, fileUrl, getText, parseIndex } from '../helpers/sitemap-http';
import { settled } from '../helpers/settle';

const SHOP = 'https://shop.example.com';
const BLOG = 'https://blog.example.com';
const BLOG_FR = 'https://blog.example.fr';
const MAIN = 'https://www.example.com';

let app: TestStrapi;
const ids: Record<string, string> = {};
const categories: Record<string, string> = {};

const plugin = () => app.strapi.plugin('sitemap');

/** Each served urlset's URLs, by file name, from files valid against the XSDs. */
async function served() {
  const { files } = await fetchSitemapSet(app.baseUrl);
  return Object.fromEntries(
    files
      .filter((file) => !file.xml.includes('<news:news>'))
      .map((file) => [file.name, file.urls.map((url) => url.loc).sort()])
  );
}

beforeAll(async () => {
  app = await startTestStrapi({
    pluginConfig: testConfig({
      customUrls: [],
      cron: false,
      debounceMs: 50,
      // URLs that do not name the category: moving an entry between sites changes no URL.
      contentTypes: {
        [ARTICLE]: { pattern: '/[slug]', locales: { fr: { pattern: '/fr/[slug]' } } },
        [CATEGORY]: { pattern: '/topics/[slug]' },
      },
      sites: {
        shop: {
          hostname: SHOP,
          contentTypes: { [ARTICLE]: { filters: { category: { slug: 'gear' } } } },
        },
        blog: { hostname: BLOG, hostnames: { fr: BLOG_FR }, contentTypes: { [ARTICLE]: {} } },
      },
    }),
  });
  categories.gear = (await createCategory(app.strapi, { name: 'Gear', slug: 'gear' })).documentId;
  categories.news = (await createCategory(app.strapi, { name: 'News', slug: 'news' })).documentId;
  ids.tent = (
    await createArticle(app.strapi, {
      title: 'Tent',
      slug: 'tent',
      categoryDocumentId: categories.gear,
    })
  ).documentId;
  ids.launch = (
    await createArticle(app.strapi, {
      title: 'Launch',
      slug: 'launch',
      categoryDocumentId: categories.news,
    })
  ).documentId;
  await addLocale(app.strapi, {
    documentId: ids.launch,
    locale: 'fr',
    data: { title: 'Lancement', slug: 'lancement', categoryDocumentId: categories.news },
  });
  expect(await settled(app.strapi, 30_000)).toBe(true);
  expect((await plugin().service('generator').generate('manual')).status).toBe('success');
}, 120_000);

afterAll(async () => {
  await app?.stop();
});

it("writes each site's own files on its own hosts, an entry on two sites in both", async () => {
  const files = await served();
  expect(files['article__shop-1.xml']).toEqual([`${SHOP}/tent`]);
  expect(files['article__blog-1.xml']).toEqual([`${BLOG}/launch`, `${BLOG}/tent`]);
  expect(files['article__blog_fr-1.xml']).toEqual([`${BLOG_FR}/fr/lancement`]);
  // No site names the categories: they stay on the main hostname, in their series of old.
  expect(files['category-1.xml']).toEqual([`${MAIN}/topics/gear`, `${MAIN}/topics/news`]);
  expect(Object.keys(files).some((name) => name.startsWith('article-'))).toBe(false);
});

it('links the versions of an entry within a site only', async () => {
  const { files } = await fetchSitemapSet(app.baseUrl);
  const launch = files.flatMap((file) => file.urls).find((url) => url.loc === `${BLOG}/launch`)!;
  expect(launch.alternates.map((link: { href: string }) => link.href).sort()).toEqual([
    `${BLOG}/launch`,
    `${BLOG}/launch`,
    `${BLOG_FR}/fr/lancement`,
  ]);
});

it('gives each host an index of its own files, and a robots.txt line', async () => {
  const indexOf = async (host: string) => {
    const name = `index-${new URL(host).host.replace(/\./g, '-')}.xml`;
    const { response, text } = await getText(fileUrl(app.baseUrl, name));
    expect(response.status).toBe(200);
    return parseIndex(text).map((entry) => entry.loc.split('/').pop());
  };
  expect(await indexOf(SHOP)).toEqual(['article__shop-1.xml']);
  expect(await indexOf(BLOG)).toEqual(['article__blog-1.xml']);
  expect(await indexOf(BLOG_FR)).toEqual(['article__blog_fr-1.xml']);
  expect(await indexOf(MAIN)).toEqual(['category-1.xml']);
  const status = await plugin()
    .service('dashboard')
    .status(() => true);
  expect(status.hostRobots.map((host: { origin: string }) => host.origin).sort()).toEqual(
    [BLOG, BLOG_FR, MAIN, SHOP].sort()
  );
  expect(status.hostRobots.find((host: { origin: string }) => host.origin === SHOP).lines).toEqual([
    `Sitemap: ${PUBLIC_URL}/index-shop-example-com.xml`,
  ]);
});

it('moves an entry between sites on publish, leaving the files it is not in untouched', async () => {
  const etagOf = async (name: string) => {
    const response = await fetch(fileUrl(app.baseUrl, name));
    await response.arrayBuffer();
    return response.headers.get('etag');
  };
  const untouched = ['article__blog_fr-1.xml', 'category-1.xml'];
  const before = await Promise.all(untouched.map(etagOf));
  const docs = app.strapi.documents(ARTICLE as never);
  await docs.update({
    documentId: ids.launch,
    locale: 'en',
    data: { category: { connect: [categories.gear] } } as never,
  });
  await publish(app.strapi, ARTICLE, ids.launch, 'en');
  expect(await settled(app.strapi, 30_000)).toBe(true);
  const files = await served();
  expect(files['article__shop-1.xml']).toEqual([`${SHOP}/launch`, `${SHOP}/tent`]);
  expect(files['article__blog-1.xml']).toEqual([`${BLOG}/launch`, `${BLOG}/tent`]);
  // The English version changed (its lastmod on the blog, its place on the shop); the French one
  // and the categories did not: their files were written again byte for byte, and kept.
  expect(await Promise.all(untouched.map(etagOf))).toEqual(before);
});
