/**
 * A locale on its own hostname has its own file series (`article_fr-N.xml`); its entries' hreflang
 * links name the other locales' URLs, which live in other files. A change to one locale must reach
 * the alternates written in every host group's files, through the incremental path.
 */
import type { UID } from '@strapi/strapi';
import { startTestStrapi, type TestStrapi } from '../helpers/strapi-app';
import { addLocale, ARTICLE, createArticle, createCategory, deleteDocument, publish, unpublish } from '../helpers/content';
import { testConfig } from '../helpers/config';
import { fetchSitemapSet, type ParsedUrl } from '../helpers/sitemap-http';

const HOST = 'https://www.example.com';
const FR_HOST = 'https://www.example.fr';

let app: TestStrapi;
let news: string;
const ids: Record<string, string> = {};

const plugin = () => app.strapi.plugin('sitemap');
const byLoc = (urls: ParsedUrl[], loc: string) => urls.find((url) => url.loc === loc);
const hreflangs = (url: ParsedUrl | undefined) => Object.fromEntries((url?.alternates ?? []).map((link) => [link.hreflang, link.href]));

/**
 * Polls the served set until `done` holds, for at most `timeoutMs`; returns the last set fetched.
 * A file the index named may be retired by a run between the two requests: that poll is retried.
 */
async function servedWhen(done: (urls: ParsedUrl[]) => boolean, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const set = await fetchSitemapSet(app.baseUrl).catch((error: Error) => {
      if (Date.now() >= deadline) throw error;
      return null;
    });
    if (set && (done(set.urls) || Date.now() >= deadline)) return set;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** One article in en, fr and de; fr is on its own host and pattern. */
async function threeLocales(name: string) {
  const doc = await createArticle(app.strapi, { title: name, slug: `${name}-en`, categoryDocumentId: news });
  await addLocale(app.strapi, { documentId: doc.documentId, locale: 'fr', data: { title: name, slug: `${name}-fr`, categoryDocumentId: news } });
  await addLocale(app.strapi, { documentId: doc.documentId, locale: 'de', data: { title: name, slug: `${name}-de`, categoryDocumentId: news } });
  ids[name] = doc.documentId;
}

const urlsOf = (name: string) => ({ en: `${HOST}/blog/news/${name}-en`, fr: `${FR_HOST}/fr/blog/news/${name}-fr`, de: `${HOST}/blog/news/${name}-de` });

beforeAll(async () => {
  app = await startTestStrapi({
    // Three URLs per file: one document (en + de) per main-host file, three per fr file, so the two
    // host groups split the same documents into different key ranges.
    pluginConfig: testConfig({ hostnames: { fr: FR_HOST }, customUrls: [], debounceMs: 50, cron: false, limits: { urlsPerFile: 3 } }),
  });
  const locales = app.strapi.plugin('i18n').service('locales');
  if (!(await locales.findByCode('de'))) await locales.create({ code: 'de', name: 'German (de)' });
  news = (await createCategory(app.strapi, { name: 'News', slug: 'news' })).documentId;
  for (const name of ['alpha', 'beta', 'gamma', 'delta']) await threeLocales(name);
  expect(await plugin().service('scheduler').idle(30_000)).toBe(true);
  expect((await plugin().service('generator').generate('manual')).status).toBe('success');
});

afterAll(async () => {
  await app?.stop();
});

it('writes the fr locale in its own file series, with hreflang links across hosts', async () => {
  const { files, urls } = await fetchSitemapSet(app.baseUrl);
  const names = files.map((file) => file.name).sort();
  expect(names).toEqual(['article-1.xml', 'article-2.xml', 'article-3.xml', 'article-4.xml', 'article_fr-1.xml', 'article_fr-2.xml', 'category-1.xml']);
  for (const file of files.filter((candidate) => candidate.name.startsWith('article_fr-'))) {
    expect(file.urls.every((url) => url.loc.startsWith(`${FR_HOST}/`))).toBe(true);
  }
  const alpha = urlsOf('alpha');
  expect(hreflangs(byLoc(urls, alpha.fr))).toEqual({ en: alpha.en, fr: alpha.fr, de: alpha.de, 'x-default': alpha.en });
});

it('gives the fr entry the new en URL after a slug change of the en version', async () => {
  await app.strapi.documents(ARTICLE as UID.ContentType).update({ documentId: ids.alpha, locale: 'en', data: { slug: 'alpha-renamed' } as any });
  await publish(app.strapi, ARTICLE, ids.alpha, 'en');
  const alpha = { ...urlsOf('alpha'), en: `${HOST}/blog/news/alpha-renamed` };
  const { urls } = await servedWhen((served) => hreflangs(byLoc(served, alpha.fr)).en === alpha.en);
  const expected = { en: alpha.en, fr: alpha.fr, de: alpha.de, 'x-default': alpha.en };
  expect(hreflangs(byLoc(urls, alpha.fr))).toEqual(expected);
  expect(hreflangs(byLoc(urls, alpha.en))).toEqual(expected);
  expect(hreflangs(byLoc(urls, alpha.de))).toEqual(expected);
  expect(byLoc(urls, urlsOf('alpha').en)).toBeUndefined();
});

it('drops the en alternate from the fr entry when the en version is unpublished', async () => {
  await unpublish(app.strapi, ARTICLE, ids.beta, 'en');
  const beta = urlsOf('beta');
  const { urls } = await servedWhen((served) => !byLoc(served, beta.en) && hreflangs(byLoc(served, beta.fr)).en === undefined);
  expect(byLoc(urls, beta.en)).toBeUndefined();
  // No default-locale version left, so no x-default.
  expect(hreflangs(byLoc(urls, beta.fr))).toEqual({ fr: beta.fr, de: beta.de });
  expect(hreflangs(byLoc(urls, beta.de))).toEqual({ fr: beta.fr, de: beta.de });
});

it('drops the en alternate when the en version is deleted, and every URL when the document is', async () => {
  await deleteDocument(app.strapi, ARTICLE, ids.gamma, 'en');
  await deleteDocument(app.strapi, ARTICLE, ids.delta);
  const gamma = urlsOf('gamma');
  const delta = urlsOf('delta');
  const gone = (served: ParsedUrl[]) => !byLoc(served, delta.fr) && !byLoc(served, delta.de) && hreflangs(byLoc(served, gamma.fr)).en === undefined;
  const { urls } = await servedWhen(gone);
  expect(hreflangs(byLoc(urls, gamma.fr))).toEqual({ fr: gamma.fr, de: gamma.de });
  expect(urls.map((url) => url.loc).filter((loc) => loc.includes('delta'))).toEqual([]);
  expect(urls.some((url) => url.alternates.some((link) => link.href.includes('delta')))).toBe(false);
});

// Incremental runs do not repack files that shrank, so only the URLs (and their links) are compared.
it('ends with the same URLs and hreflang links a full regeneration writes', async () => {
  expect(await plugin().service('scheduler').idle(30_000)).toBe(true);
  const sorted = (urls: ParsedUrl[]) => [...urls].sort((a, b) => (a.loc < b.loc ? -1 : 1));
  const incremental = await fetchSitemapSet(app.baseUrl);
  expect((await plugin().service('generator').generate('manual')).status).toBe('success');
  const full = await fetchSitemapSet(app.baseUrl);
  expect(sorted(incremental.urls)).toEqual(sorted(full.urls));
});
