/**
 * Several sites from one Strapi (settings `sites`): each site lists the mapped types it names, with
 * a filter per type choosing its entries (here through a relation: the article's category), on
 * its own hosts, in its own file series and host index; an entry on two sites is listed on both,
 * hreflang stays within a site, and a type no site names stays on the main hostname. A publish
 * that moves an entry from one site to the other rewrites that site's files, not the others'.
 * Each site has its own feed and visitors' site map; the dashboard, the edit-view panel's status and
 * the settings' preview name the sites.
 */
import { parseFeed } from '@rowanmanning/feed-parser';
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
        [ARTICLE]: {
          pattern: '/[slug]',
          locales: { fr: { pattern: '/fr/[slug]' } },
          titleField: 'title',
          visitorMap: {},
        },
        [CATEGORY]: { pattern: '/topics/[slug]', titleField: 'name', visitorMap: {} },
      },
      feed: true,
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
  // A site's feed goes in its main host's robots.txt.
  expect(status.hostRobots.find((host: { origin: string }) => host.origin === SHOP).lines).toEqual([
    `Sitemap: ${PUBLIC_URL}/index-shop-example-com.xml`,
    `Sitemap: ${PUBLIC_URL}/recent__shop.atom`,
  ]);
  expect(
    status.hostRobots.find((host: { origin: string }) => host.origin === BLOG_FR).lines
  ).toEqual([`Sitemap: ${PUBLIC_URL}/index-blog-example-fr.xml`]);
});

/** A visitors' site map page as JSON, with every link of the page. */
async function planOf(query: string) {
  const response = await fetch(`${app.baseUrl}/api/sitemap/plan.json?${query}`);
  if (response.status !== 200) return { status: response.status, urls: [] as string[], body: null };
  const body = (await response.json()) as {
    site: string | null;
    sections: Array<{
      links: Array<{ url: string }>;
      groups: Array<{ links: Array<{ url: string }> }>;
    }>;
    links: { self: string; otherOrder: string };
  };
  const urls = body.sections
    .flatMap((section) => [...section.links, ...section.groups.flatMap((group) => group.links)])
    .map((link) => link.url)
    .sort();
  return { status: 200, urls, body };
}

it("gives each site its own visitors' site map, in each order and locale", async () => {
  expect((await planOf('site=shop')).urls).toEqual([`${SHOP}/tent`]);
  expect((await planOf('site=shop&order=alpha')).urls).toEqual([`${SHOP}/tent`]);
  expect((await planOf('site=blog&locale=en')).urls).toEqual([`${BLOG}/launch`, `${BLOG}/tent`]);
  expect((await planOf('site=blog&locale=fr&order=alpha')).urls).toEqual([
    `${BLOG_FR}/fr/lancement`,
  ]);
  // The main site lists the types no site names.
  expect((await planOf('')).urls).toEqual([`${MAIN}/topics/gear`, `${MAIN}/topics/news`]);
  // Its own links stay on the site.
  const shop = (await planOf('site=shop')).body!;
  expect(shop.site).toBe('shop');
  expect(new URL(shop.links.otherOrder).searchParams.get('site')).toBe('shop');
  const html = await getText(`${app.baseUrl}/api/sitemap/plan.html?site=blog&locale=fr`);
  expect(html.response.status).toBe(200);
  expect(html.text).toContain('blog.example.fr');
  expect(html.text).toContain(`${BLOG_FR}/fr/lancement`);
  // A site not in the settings, or no site name at all, is not a listing.
  expect((await planOf('site=nowhere')).status).toBe(404);
  expect((await planOf('site=Not%20a%20site')).status).toBe(400);
});

it('gives each site its own feed of recent pages, per locale too', async () => {
  const feedOf = async (name: string) => {
    const { response, text } = await getText(fileUrl(app.baseUrl, name));
    expect(response.status).toBe(200);
    const parsed = parseFeed(text);
    return { parsed, urls: parsed.items.map((item) => item.url).sort() };
  };
  const shop = await feedOf('recent__shop.atom');
  expect(shop.urls).toEqual([`${SHOP}/tent`]);
  expect(shop.parsed.url).toBe(SHOP);
  expect((await feedOf('recent__blog.atom')).urls).toEqual([
    `${BLOG}/launch`,
    `${BLOG}/tent`,
    `${BLOG_FR}/fr/lancement`,
  ]);
  const blogFr = await feedOf('recent__blog__fr.atom');
  expect(blogFr.urls).toEqual([`${BLOG_FR}/fr/lancement`]);
  expect(blogFr.parsed.language).toBe('fr');
  expect((await feedOf('recent.atom')).urls).toEqual([
    `${MAIN}/topics/gear`,
    `${MAIN}/topics/news`,
  ]);
});

it('shows each site on the dashboard, in the panel and in the preview', async () => {
  const status = await plugin()
    .service('dashboard')
    .status(() => true);
  expect(
    status.sites.map((site: { name: string | null; urls: number; files: number }) => [
      site.name,
      site.urls,
      site.files,
    ])
  ).toEqual([
    [null, 2, 1],
    ['shop', 1, 1],
    ['blog', 3, 2],
  ]);
  const shop = status.sites.find((site: { name: string | null }) => site.name === 'shop');
  expect(shop.types).toEqual([ARTICLE]);
  expect(shop.feed).toBe(`${PUBLIC_URL}/recent__shop.atom`);
  expect(shop.visitorMap.html).toBe(`${PUBLIC_URL}/plan.html?site=shop`);
  // An admin who may not read articles sees the site, not the type.
  const limited = await plugin()
    .service('dashboard')
    .status((uid: string) => uid !== ARTICLE);
  expect(limited.sites.find((site: { name: string | null }) => site.name === 'shop').types).toEqual(
    []
  );

  const tent = await plugin().service('entry-status').status(ARTICLE, ids.tent);
  expect(tent.sites).toEqual(['shop', 'blog']);
  expect(tent.locales[0].state).toBe('listed');
  expect(tent.locales[0].sites).toEqual([
    { name: 'shop', url: `${SHOP}/tent` },
    { name: 'blog', url: `${BLOG}/tent` },
  ]);
  const launch = await plugin().service('entry-status').status(ARTICLE, ids.launch);
  expect(
    Object.fromEntries(
      launch.locales.map((row: { locale: string; sites: unknown }) => [row.locale, row.sites])
    )
  ).toEqual({
    en: [{ name: 'blog', url: `${BLOG}/launch` }],
    fr: [{ name: 'blog', url: `${BLOG_FR}/fr/lancement` }],
  });
  const topic = await plugin().service('entry-status').status(CATEGORY, categories.gear);
  expect(topic.sites).toEqual([]);
  expect(topic.locales[0].sites).toEqual([]);

  const preview = await plugin().service('preview').preview({ contentType: ARTICLE });
  expect(
    preview.urls
      .filter((url: { documentId: string }) => url.documentId === ids.tent)
      .map((url: { site?: string; url: string }) => [url.site, url.url])
  ).toEqual([
    ['shop', `${SHOP}/tent`],
    ['blog', `${BLOG}/tent`],
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
  // The visitors' site map and the feed of each site follow, from the publish alone.
  expect((await planOf('site=shop')).urls).toEqual([`${SHOP}/launch`, `${SHOP}/tent`]);
  expect((await planOf('site=blog&locale=en')).urls).toEqual([`${BLOG}/launch`, `${BLOG}/tent`]);
  const shopFeed = await getText(fileUrl(app.baseUrl, 'recent__shop.atom'));
  expect(
    parseFeed(shopFeed.text)
      .items.map((item) => item.url)
      .sort()
  ).toEqual([`${SHOP}/launch`, `${SHOP}/tent`]);
  expect((await plugin().service('runs').recent(1))[0].report.scope).toBe('documents');
});
