/**
 * A locale on its own hostname has its own file series (`article_fr-N.xml`); its entries' hreflang
 * links name the other locales' URLs, which live in other files. A change to one locale must reach
 * the alternates written in every host group's files, through the incremental path.
 */
import { isDeepStrictEqual } from 'util';
import type { UID } from '@strapi/strapi';
import { startTestStrapi, type TestStrapi } from '../helpers/strapi-app';
import {
  addLocale,
  ARTICLE,
  createArticle,
  createCategory,
  deleteDocument,
  publish,
  unpublish,
} from '../helpers/content';
import { testConfig } from '../helpers/config';
import {
  fetchSitemapSet,
  fileUrl,
  getText,
  parseIndex,
  type ParsedUrl,
} from '../helpers/sitemap-http';
import { validateSitemapXml } from '../helpers/xmllint';
import { settled } from '../helpers/settle';

const HOST = 'https://www.example.com';
const FR_HOST = 'https://www.example.fr';

let app: TestStrapi;
let news: string;
const ids: Record<string, string> = {};

const plugin = () => app.strapi.plugin('sitemap');
const byLoc = (urls: ParsedUrl[], loc: string) => urls.find((url) => url.loc === loc);
const hreflangs = (url: ParsedUrl | undefined) =>
  Object.fromEntries((url?.alternates ?? []).map((link) => [link.hreflang, link.href]));

/**
 * What `view` shows of the served set, once it equals `expected` (polled for at most `timeoutMs`);
 * else the last view, for the assertion to show. Files are fetched one by one, so a poll that
 * straddles a run's switch (or meets a file the index named and the switch retired) is retried.
 */
async function servedView<T>(
  view: (urls: ParsedUrl[]) => T,
  expected: T,
  timeoutMs = 15_000
): Promise<T | null> {
  const deadline = Date.now() + timeoutMs;
  let last: T | null = null;
  while (Date.now() < deadline) {
    const set = await fetchSitemapSet(app.baseUrl).catch(() => null);
    if (set) last = view(set.urls);
    if (set && isDeepStrictEqual(last, expected)) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return last;
}

/** The file names an index lists, fetched over HTTP and validated; null when it is not served. */
async function indexedNames(name: string): Promise<string[] | null> {
  const { response, text } = await getText(fileUrl(app.baseUrl, name));
  if (response.status === 404) return null;
  expect((await validateSitemapXml(text)).valid).toBe(true);
  return parseIndex(text)
    .map((entry) => entry.loc.split('/').pop()!)
    .sort();
}

/** Each index's files: the global one lists every file, each host's only the files of its URLs. */
async function indexesByHost() {
  const all = (await indexedNames('index.xml'))!;
  return {
    all,
    main: await indexedNames('index-www-example-com.xml'),
    fr: await indexedNames('index-www-example-fr.xml'),
    frFiles: all.filter((name) => name.startsWith('article_fr-')),
    mainFiles: all.filter((name) => !name.startsWith('article_fr-')),
  };
}

/** The hreflang links of a document's three URLs; null for a URL not listed. */
const linksByLocale = (locs: Record<'en' | 'fr' | 'de', string>) => (urls: ParsedUrl[]) =>
  Object.fromEntries(
    Object.entries(locs).map(([locale, loc]) => [
      locale,
      byLoc(urls, loc) ? hreflangs(byLoc(urls, loc)) : null,
    ])
  );

/** One article in en, fr and de; fr is on its own host and pattern. */
async function threeLocales(name: string) {
  const doc = await createArticle(app.strapi, {
    title: name,
    slug: `${name}-en`,
    categoryDocumentId: news,
  });
  for (const locale of ['fr', 'de']) {
    const data = { title: name, slug: `${name}-${locale}`, categoryDocumentId: news };
    await addLocale(app.strapi, { documentId: doc.documentId, locale, data });
  }
  ids[name] = doc.documentId;
}

const urlsOf = (name: string) => ({
  en: `${HOST}/blog/news/${name}-en`,
  fr: `${FR_HOST}/fr/blog/news/${name}-fr`,
  de: `${HOST}/blog/news/${name}-de`,
});

beforeAll(async () => {
  app = await startTestStrapi({
    // Three URLs per file: one document (en + de) per main-host file, three per fr file, so the two
    // host groups split the same documents into different key ranges.
    pluginConfig: testConfig({
      hostnames: { fr: FR_HOST },
      customUrls: [],
      debounceMs: 50,
      cron: false,
      limits: { urlsPerFile: 3 },
    }),
  });
  const locales = app.strapi.plugin('i18n').service('locales');
  if (!(await locales.findByCode('de'))) await locales.create({ code: 'de', name: 'German (de)' });
  news = (await createCategory(app.strapi, { name: 'News', slug: 'news' })).documentId;
  for (const name of ['alpha', 'beta', 'gamma', 'delta']) await threeLocales(name);
  expect(await settled(app.strapi, 30_000)).toBe(true);
  expect((await plugin().service('generator').generate('manual')).status).toBe('success');
});

afterAll(async () => {
  await app?.stop();
});

it('writes the fr locale in its own file series, with hreflang links across hosts', async () => {
  const { files, urls } = await fetchSitemapSet(app.baseUrl);
  const names = files.map((file) => file.name).sort();
  expect(names).toEqual([
    'article-1.xml',
    'article-2.xml',
    'article-3.xml',
    'article-4.xml',
    'article_fr-1.xml',
    'article_fr-2.xml',
    'category-1.xml',
  ]);
  for (const file of files.filter((candidate) => candidate.name.startsWith('article_fr-'))) {
    expect(file.urls.every((url) => url.loc.startsWith(`${FR_HOST}/`))).toBe(true);
  }
  const alpha = urlsOf('alpha');
  expect(hreflangs(byLoc(urls, alpha.fr))).toEqual({
    en: alpha.en,
    fr: alpha.fr,
    de: alpha.de,
    'x-default': alpha.en,
  });
});

it('gives each host an index of its own files, and the dashboard a robots.txt line per host', async () => {
  const indexes = await indexesByHost();
  expect(indexes.fr).toEqual(['article_fr-1.xml', 'article_fr-2.xml']);
  expect(indexes.main).toEqual(indexes.mainFiles);
  expect(indexes.main).toContain('category-1.xml');
  expect(indexes.all).toHaveLength(indexes.main!.length + indexes.fr!.length);

  const status = await plugin().service('dashboard').status();
  expect(status.hostRobots).toEqual([
    {
      origin: HOST,
      lines: ['Sitemap: https://cms.example.com/api/sitemap/index-www-example-com.xml'],
    },
    {
      origin: FR_HOST,
      lines: ['Sitemap: https://cms.example.com/api/sitemap/index-www-example-fr.xml'],
    },
  ]);
  expect(status.robots).toEqual(['Sitemap: https://cms.example.com/api/sitemap/index.xml']);
});

it('gives the fr entry the new en URL after a slug change of the en version', async () => {
  const data = { slug: 'alpha-renamed' } as any;
  await app.strapi
    .documents(ARTICLE as UID.ContentType)
    .update({ documentId: ids.alpha, locale: 'en', data });
  await publish(app.strapi, ARTICLE, ids.alpha, 'en');
  const alpha = { ...urlsOf('alpha'), en: `${HOST}/blog/news/alpha-renamed` };
  const links = { en: alpha.en, fr: alpha.fr, de: alpha.de, 'x-default': alpha.en };
  const expected = { en: links, fr: links, de: links, old: null };
  const view = (urls: ParsedUrl[]) => ({
    ...linksByLocale(alpha)(urls),
    old: byLoc(urls, urlsOf('alpha').en) ?? null,
  });
  expect(await servedView(view, expected)).toEqual(expected);
});

it('drops the en alternate from the fr entry when the en version is unpublished', async () => {
  await unpublish(app.strapi, ARTICLE, ids.beta, 'en');
  const beta = urlsOf('beta');
  // No default-locale version left, so no x-default.
  const links = { fr: beta.fr, de: beta.de };
  const expected = { en: null, fr: links, de: links };
  expect(await servedView(linksByLocale(beta), expected)).toEqual(expected);
});

it('drops the en alternate when the en version is deleted, and every URL when the document is', async () => {
  await deleteDocument(app.strapi, ARTICLE, ids.gamma, 'en');
  await deleteDocument(app.strapi, ARTICLE, ids.delta);
  const gamma = urlsOf('gamma');
  const links = { fr: gamma.fr, de: gamma.de };
  const namesDelta = (url: ParsedUrl) =>
    [url.loc, ...url.alternates.map((link) => link.href)].some((href) => href.includes('delta'));
  const view = (urls: ParsedUrl[]) => ({
    gamma: linksByLocale(gamma)(urls),
    delta: urls.filter(namesDelta).map((url) => url.loc),
  });
  const expected = { gamma: { en: null, fr: links, de: links }, delta: [] };
  expect(await servedView(view, expected)).toEqual(expected);
});

// Incremental runs do not repack files that shrank, so only the URLs (and their links) are compared.
it('ends with the same URLs and hreflang links a full regeneration writes', async () => {
  expect(await settled(app.strapi, 30_000)).toBe(true);
  const sorted = (urls: ParsedUrl[]) => [...urls].sort((a, b) => (a.loc < b.loc ? -1 : 1));
  const incremental = await fetchSitemapSet(app.baseUrl);
  expect((await plugin().service('generator').generate('manual')).status).toBe('success');
  const full = await fetchSitemapSet(app.baseUrl);
  expect(sorted(incremental.urls)).toEqual(sorted(full.urls));
});

it('keeps each host index to its own files through incremental runs', async () => {
  await unpublish(app.strapi, ARTICLE, ids.alpha, 'fr');
  await publish(app.strapi, ARTICLE, ids.beta, 'en');
  expect(await settled(app.strapi, 30_000)).toBe(true);
  const indexes = await indexesByHost();
  expect(indexes.fr).toEqual(indexes.frFiles);
  expect(indexes.main).toEqual(indexes.mainFiles);
});

it('serves no host index once every locale is back on the main hostname', async () => {
  await plugin().service('settings').update({ hostnames: {} });
  expect((await plugin().service('generator').generate('settings')).status).toBe('success');
  expect(await indexedNames('index-www-example-fr.xml')).toBeNull();
  expect(await indexedNames('index-www-example-com.xml')).toBeNull();
  expect((await plugin().service('dashboard').status()).hostRobots).toEqual([]);
});
