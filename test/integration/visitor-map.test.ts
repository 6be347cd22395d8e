/**
 * The visitors' site map on a real Strapi: plan.json and plan.html list exactly what the XML lists
 * (published, filtered, per locale), in sections and groups or by letter, at most 100 links a page,
 * with 304s, and follow publish and unpublish through documents runs like the XML files.
 */
import type { UID } from '@strapi/strapi';
import { startTestStrapi, type TestStrapi } from '../helpers/strapi-app';
import { randomStrings } from '../helpers/bulk-seed';
import {
  addLocale,
  ARTICLE,
  CATEGORY,
  createArticle,
  createCategory,
  unpublish,
} from '../helpers/content';
import { PUBLIC_URL, testConfig } from '../helpers/config';
import { fetchSitemapSet, getText } from '../helpers/sitemap-http';
import { settled } from '../helpers/settle';

const HOST = 'https://www.example.com';
const HOSTILE = `Rock & Roll <"Live">`;
const TOPICS = 12_000;
/** The topics, News and Sport. */
const CATEGORIES = TOPICS + 2;
let app: TestStrapi;
const plugin = () => app.strapi.plugin('sitemap');
const planUrl = (format: 'json' | 'html', query = '') =>
  `${app.baseUrl}/api/sitemap/plan.${format}${query ? `?${query}` : ''}`;

interface PageJson {
  locale: string | null;
  order: string;
  page: number;
  totalPages: number;
  pageSize: number;
  total: number;
  locales: string[];
  index: Array<{ key: string; label: string; count: number }>;
  sections: Array<{
    key: string;
    label: string;
    links: Array<{ title: string; url: string }>;
    groups: Array<{ label: string; links: Array<{ title: string; url: string }> }>;
  }>;
  links: { self: string; next: string | null; prev: string | null; otherOrder: string };
}

async function planPage(query = '') {
  const response = await fetch(planUrl('json', query));
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
  // Data for a front end, not a page of its own in search results.
  expect(response.headers.get('x-robots-tag')).toBe('noindex');
  return (await response.json()) as PageJson;
}

const linksOf = (page: PageJson) =>
  page.sections.flatMap((section) => [
    ...section.links,
    ...section.groups.flatMap((group) => group.links),
  ]);

/** Polls a page until it answers 200 (what serving reads is cached for a second). */
async function waitForPage(query: string) {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const response = await fetch(planUrl('json', query));
    if (response.status === 200) return (await response.json()) as PageJson;
    if (Date.now() > deadline) throw new Error(`${query} answered ${response.status}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Every page of a listing, followed by its `next` links. */
async function allLinks(query: string) {
  const links: Array<{ title: string; url: string }> = [];
  let page = await planPage(query);
  links.push(...linksOf(page));
  while (page.links.next) {
    const next = new URL(page.links.next);
    page = await planPage(next.searchParams.toString());
    links.push(...linksOf(page));
  }
  return links;
}

beforeAll(async () => {
  app = await startTestStrapi({
    pluginConfig: testConfig({
      contentTypes: {
        [ARTICLE]: {
          pattern: '/blog/[category.slug]/[slug]',
          locales: { fr: { pattern: '/fr/blog/[category.slug]/[slug]' } },
          titleField: 'title',
          filters: { noindex: { $ne: true } },
          visitorMap: { groupBy: 'category.name', labels: { en: 'Blog', fr: 'Le blog' } },
        },
        [CATEGORY]: { pattern: '/topics/[slug]', titleField: 'name', visitorMap: {} },
      },
      customUrls: [],
      cron: false,
      debounceMs: 50,
    }),
  });
  // Enough categories for two chunks of their part and many pages of their section. Published rows
  // inserted through the query engine (no hook sees them): the full run below lists them.
  const ids = randomStrings(TOPICS, 24);
  for (let start = 0; start < TOPICS; start += 400)
    await app.strapi.db.query(CATEGORY as UID.Schema).createMany({
      data: ids.slice(start, start + 400).map((documentId, i) => ({
        documentId,
        name: `Topic ${start + i}`,
        slug: `topic-${start + i}`,
        publishedAt: new Date(),
      })),
    });
  const news = (await createCategory(app.strapi, { name: 'News', slug: 'news' })).documentId;
  const sport = (await createCategory(app.strapi, { name: 'Sport', slug: 'sport' })).documentId;
  const tide = await createArticle(app.strapi, {
    title: HOSTILE,
    slug: 'tide',
    categoryDocumentId: news,
  });
  await addLocale(app.strapi, {
    documentId: tide.documentId,
    locale: 'fr',
    data: { title: 'Marée', slug: 'maree', categoryDocumentId: news },
  });
  await createArticle(app.strapi, { title: 'Alpine', slug: 'alpine', categoryDocumentId: sport });
  await createArticle(app.strapi, { title: 'Loose', slug: 'loose' }); // no category: no URL
  await createArticle(app.strapi, {
    title: 'Hidden',
    slug: 'hidden',
    noindex: true,
    categoryDocumentId: news,
  });
  await createArticle(
    app.strapi,
    { title: 'Draft', slug: 'draft', categoryDocumentId: news },
    { publish: false }
  );
  expect(await settled(app.strapi, 60_000)).toBe(true);
  expect((await plugin().service('generator').generate('manual')).status).toBe('success');
}, 120_000);

afterAll(async () => {
  await app?.stop();
});

it('lists exactly what the XML lists for the locale, in sections and groups', async () => {
  const first = await planPage();
  expect(first.locale).toBe('en');
  expect(first.locales).toEqual(['en', 'fr']);
  expect(first.index).toEqual([
    { key: 'article', label: 'Blog', count: 2 },
    { key: 'category', label: 'Category', count: CATEGORIES },
  ]);
  // 100 links less the navigation: all sections, 2 sections, the other order, previous, next.
  expect(first.pageSize).toBe(94);
  expect(first.totalPages).toBe(Math.ceil((CATEGORIES + 2) / 94));
  expect(first.sections[0]).toEqual({
    key: 'article',
    label: 'Blog',
    links: [],
    groups: [
      { label: 'News', links: [{ title: HOSTILE, url: `${HOST}/blog/news/tide` }] },
      { label: 'Sport', links: [{ title: 'Alpine', url: `${HOST}/blog/sport/alpine` }] },
    ],
  });

  const listed = await allLinks('');
  const { urls } = await fetchSitemapSet(app.baseUrl);
  const xmlEnglish = urls.map((url) => url.loc).filter((loc) => !loc.includes('/fr/'));
  expect(listed.map((link) => link.url).sort()).toEqual(xmlEnglish.sort());
  expect(listed.map((link) => link.title)).toContain(`Topic ${TOPICS - 1}`);
});

it('shows each locale under its own label, with the pages of types without locales', async () => {
  const fr = await planPage('locale=fr');
  expect(fr.index[0]).toEqual({ key: 'article', label: 'Le blog', count: 1 });
  expect(fr.sections[0].groups[0].links).toEqual([
    { title: 'Marée', url: `${HOST}/fr/blog/news/maree` },
  ]);
  expect(fr.index[1].count).toBe(CATEGORIES);
});

it('pages one section on its own, and lists pages by letter in the alphabetical order', async () => {
  const last = Math.ceil(CATEGORIES / 94);
  const topics = await planPage(`section=category&page=${last}`);
  expect(topics.total).toBe(CATEGORIES);
  expect(topics.sections.map((section) => section.key)).toEqual(['category']);
  expect(topics.links.next).toBeNull();

  const alpha = await planPage('order=alpha');
  expect(alpha.index.map((section) => section.key)).toEqual(['A', 'N', 'R', 'S', 'T']);
  const t = await allLinks('order=alpha&section=T');
  expect(t).toHaveLength(TOPICS);
  // Numbers inside titles sort as numbers.
  expect(t.slice(0, 3).map((link) => link.title)).toEqual(['Topic 0', 'Topic 1', 'Topic 2']);
});

it('answers 304 while the live set is the same, and refuses a wrong query', async () => {
  const response = await fetch(planUrl('json', 'page=2'));
  const etag = response.headers.get('etag')!;
  expect(etag).toMatch(/^"[\w-]+"$/);
  expect(
    (await fetch(planUrl('json', 'page=2'), { headers: { 'If-None-Match': etag } })).status
  ).toBe(304);
  for (const query of ['page=0', 'page=x', 'order=random', 'locale=%3Cscript%3E'])
    expect((await fetch(planUrl('json', query))).status).toBe(400);
  for (const query of ['page=9999', 'locale=de', 'section=nope'])
    expect((await fetch(planUrl('json', query))).status).toBe(404);
});

it('serves an accessible HTML page: lang, headings, no script, at most 100 links', async () => {
  const { response, text } = await getText(planUrl('html', 'locale=fr'));
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
  // Strapi's own Content-Security-Policy applies, and the page needs nothing it forbids.
  expect(response.headers.get('content-security-policy')).toBeTruthy();
  // The page people read may be indexed like any page of the site.
  expect(response.headers.get('x-robots-tag')).toBeNull();
  expect(text).toContain('<html lang="fr" dir="ltr">');
  expect(text).toContain('<h1>Plan du site</h1>');
  expect(text).toContain('<h2>Le blog</h2>');
  expect(text).not.toMatch(/<script|<style|style=/);
  expect(text.match(/<a /g)!.length).toBeLessThanOrEqual(100);
  expect(text).toContain(`<a href="${PUBLIC_URL}/plan.html?locale=fr&amp;page=2" rel="next">`);
  const english = (await getText(planUrl('html'))).text;
  expect(english).toContain('Rock &amp; Roll &lt;&quot;Live&quot;&gt;');
});

it('serves its own stylesheet as a file, linked by version, cached and revalidated', async () => {
  const html = (await getText(planUrl('html'))).text;
  const link = /<link rel="stylesheet" href="([^"]+)">/.exec(html)![1];
  expect(link).toMatch(new RegExp(`^${PUBLIC_URL}/plan\\.css\\?v=[\\w-]{16}$`));
  const url = `${app.baseUrl}/api/sitemap/plan.css${link.slice(link.indexOf('?'))}`;
  const { response, text } = await getText(url);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('text/css; charset=utf-8');
  expect(response.headers.get('cache-control')).toBe('public, max-age=86400');
  expect(text).toContain('--plan-accent:');
  const etag = response.headers.get('etag')!;
  expect(etag).toBe(`"${new URL(link).searchParams.get('v')}"`);
  expect((await fetch(url, { headers: { 'If-None-Match': etag } })).status).toBe(304);
});

it('leaves out an entry an editor excluded, as the XML does', async () => {
  const exclusions = plugin().service('exclusions');
  const tide = await app.strapi.documents(ARTICLE as UID.ContentType).findFirst({
    filters: { slug: 'tide' },
    locale: 'en',
    status: 'published',
  });
  const excluded = { contentType: ARTICLE, documentId: tide!.documentId, locale: 'fr' };
  await exclusions.add(excluded);
  expect((await plugin().service('generator').generate('manual')).status).toBe('success');
  // No French article is listed any more: the section is gone from the French site map.
  expect((await planPage('locale=fr')).index.map((section) => section.key)).toEqual(['category']);
  expect((await planPage('locale=fr')).locales).toEqual(['en', 'fr']);
  expect(linksOf(await planPage()).map((link) => link.title)).toContain(HOSTILE);
  await exclusions.remove(excluded);
  expect((await plugin().service('generator').generate('manual')).status).toBe('success');
  expect((await planPage('locale=fr')).index[0]).toEqual({
    key: 'article',
    label: 'Le blog',
    count: 1,
  });
});

it('follows publish and unpublish with the XML, rewriting only the type that changed', async () => {
  const live = async () => {
    const files = await plugin().service('file-store').listLive();
    return new Map(
      files
        .filter((file: any) => file.format === 'visitors')
        .map((file: any) => [file.name, file.id])
    );
  };
  const before = await live();
  const sport = await app.strapi.documents(CATEGORY as UID.ContentType).findFirst({
    filters: { slug: 'sport' },
    status: 'published',
  });
  const swell = await createArticle(app.strapi, {
    title: 'Swell',
    slug: 'swell',
    categoryDocumentId: sport!.documentId,
  });
  expect(await settled(app.strapi, 30_000)).toBe(true);
  let page = await planPage();
  expect(page.sections[0].groups[1].links.map((link) => link.title)).toEqual(['Alpine', 'Swell']);
  const after = await live();
  expect(after.get('visitors-article-1.json')).not.toBe(before.get('visitors-article-1.json'));
  // The categories' part: two chunks, neither rewritten.
  expect(after.get('visitors-category-1.json')).toBe(before.get('visitors-category-1.json'));
  expect(after.get('visitors-category-2.json')).toBe(before.get('visitors-category-2.json'));
  expect(after.has('visitors-category-3.json')).toBe(false);

  // A new category falls in one chunk of its type's part: that chunk alone is rewritten.
  await createCategory(app.strapi, { name: 'Zephyr', slug: 'zephyr' });
  expect(await settled(app.strapi, 30_000)).toBe(true);
  const z = await planPage('order=alpha&section=Z');
  expect(linksOf(z)).toEqual([{ title: 'Zephyr', url: `${HOST}/topics/zephyr` }]);
  const third = await live();
  const rewritten = ['visitors-category-1.json', 'visitors-category-2.json'].filter(
    (name) => third.get(name) !== after.get(name)
  );
  expect(rewritten).toHaveLength(1);

  await unpublish(app.strapi, ARTICLE, swell.documentId, 'en');
  expect(await settled(app.strapi, 30_000)).toBe(true);
  page = await planPage();
  expect(page.sections[0].groups[1].links.map((link) => link.title)).toEqual(['Alpine']);
});

/** The live directory of a listing: its sections and their leaves (name, id, count). */
async function directoryOf(scope: string | null, order: 'tree' | 'alpha') {
  const store = plugin().service('file-store');
  const files = await store.listLive();
  const file = files.find(
    (candidate: any) =>
      candidate.format === 'visitors-directory' &&
      candidate.groupKey === `${scope ?? ''}\u0001${order}`
  );
  return file ? JSON.parse(await store.readText(file)) : null;
}
const leafIds = (directory: any, section: string) =>
  directory.sections
    .find((candidate: any) => candidate.key === section)
    .leaves.map((leaf: any) => leaf.id);

it('serves stored pages: a publish rewrites the leaf holding the entry and its directories, no other leaf', async () => {
  const before = {
    tree: leafIds(await directoryOf(null, 'tree'), 'category'),
    alpha: leafIds(await directoryOf(null, 'alpha'), 'T'),
    en: leafIds(await directoryOf('en', 'alpha'), 'T'),
  };
  // 12,000 topics: several leaves in each listing.
  expect(before.tree.length).toBeGreaterThan(3);
  await createCategory(app.strapi, { name: 'Topic 5000b', slug: 'topic-5000b' });
  expect(await settled(app.strapi, 30_000)).toBe(true);
  const after = {
    tree: leafIds(await directoryOf(null, 'tree'), 'category'),
    alpha: leafIds(await directoryOf(null, 'alpha'), 'T'),
    en: leafIds(await directoryOf('en', 'alpha'), 'T'),
  };
  for (const listing of ['tree', 'alpha', 'en'] as const) {
    const changed = after[listing].filter((id: number) => !before[listing].includes(id));
    expect([listing, changed.length, after[listing].length]).toEqual([
      listing,
      1,
      before[listing].length,
    ]);
  }
  const t = await allLinks('order=alpha&section=T');
  const at = t.findIndex((link) => link.title === 'Topic 5000b');
  expect(t.slice(at - 1, at + 2).map((link) => link.title)).toEqual([
    'Topic 5000',
    'Topic 5000b',
    'Topic 5001',
  ]);
});

it('a full run keeps the stored pages of what did not change, and rewrites what changed without a hook', async () => {
  const leaves = async () => ({
    tree: leafIds(await directoryOf(null, 'tree'), 'category'),
    t: leafIds(await directoryOf(null, 'alpha'), 'T'),
  });
  const before = await leaves();
  expect((await plugin().service('generator').generate('manual')).status).toBe('success');
  expect(await leaves()).toEqual(before);

  // A title changed behind the plugin's back (no hook sees it): the full run finds it.
  await app.strapi.db
    .query(CATEGORY as UID.Schema)
    .updateMany({ where: { slug: 'topic-7000' }, data: { name: 'Topic 7000 renamed' } });
  expect((await plugin().service('generator').generate('manual')).status).toBe('success');
  const after = await leaves();
  expect(after.tree.filter((id: number) => !before.tree.includes(id))).toHaveLength(1);
  expect(after.t.filter((id: number) => !before.t.includes(id))).toHaveLength(1);
  const t = await allLinks('order=alpha&section=T');
  expect(t.map((link) => link.title)).toContain('Topic 7000 renamed');
  expect(t.map((link) => link.title)).not.toContain('Topic 7000');
});

it('rebuilds every stored page once the titles come from another field', async () => {
  const settings = plugin().service('settings');
  const { contentTypes } = (await settings.get()).settings;
  await settings.update({
    contentTypes: {
      ...contentTypes,
      [CATEGORY]: { ...contentTypes[CATEGORY], titleField: 'slug' },
    },
  });
  try {
    expect((await plugin().service('generator').generate('settings')).status).toBe('success');
    const alpha = await planPage('order=alpha&section=T');
    expect(linksOf(alpha)[0].title).toMatch(/^topic-/);
  } finally {
    await settings.update({ contentTypes: null });
    expect((await plugin().service('generator').generate('settings')).status).toBe('success');
  }
});

it('shows a locale added in i18n at once, with the pages of types without locales', async () => {
  const locales = app.strapi.plugin('i18n').service('locales');
  const de = await locales.create({ code: 'de', name: 'German (de)' });
  try {
    const page = await waitForPage('locale=de');
    expect(page.locales).toEqual(['de', 'en', 'fr']);
    // No article in German: the categories alone, as every locale lists them.
    const english = await planPage();
    expect(page.index).toEqual(english.index.filter((section) => section.key === 'category'));
    const alpha = await planPage('locale=de&order=alpha');
    const letters = (await planPage('order=alpha')).index.map((section) => section.key);
    // The English letters less those only articles give (A for Alpine, R for Rock & Roll).
    expect(alpha.index.map((section) => section.key)).toEqual(
      letters.filter((letter) => letter !== 'A' && letter !== 'R')
    );
  } finally {
    await locales.delete({ id: de.id });
  }
});

it('previews where a type’s pages would stand in the site map, before the settings are saved', async () => {
  const { urls } = await plugin()
    .service('preview')
    .preview({
      contentType: ARTICLE,
      settings: { visitorMap: { groupBy: 'category.slug', labels: { '*': 'Stories' } } },
    });
  expect(urls).toContainEqual(
    expect.objectContaining({
      url: `${HOST}/blog/sport/alpine`,
      visitor: { section: 'Stories', group: 'sport', title: 'Alpine' },
    })
  );
});

it('serves nothing once no type is listed', async () => {
  const settings = plugin().service('settings');
  const current = await settings.plan();
  const contentTypes = Object.fromEntries(
    Object.entries(current.settings.contentTypes).map(([uid, typeSettings]: [string, any]) => {
      const { visitorMap: _dropped, ...rest } = typeSettings;
      return [uid, rest];
    })
  );
  await settings.update({ contentTypes });
  expect((await plugin().service('generator').generate('settings')).status).toBe('success');
  expect((await fetch(planUrl('json'))).status).toBe(404);
  expect((await fetch(planUrl('html'))).status).toBe(404);
});
