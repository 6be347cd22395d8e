/**
 * Full runs write a type's urlsets in a Worker (run-worker/), when nothing needs the main thread:
 * the files must be the ones the main thread writes, byte for byte, with the same findings, and the
 * duplicate check must go on across the Worker and the types written after it. On SQLite a thread
 * of the Worker's own reads the file (run-worker/sqlite-reader).
 */
import { startTestStrapi, type TestStrapi } from '../helpers/strapi-app';
import { ARTICLE, createArticle, createCategory, setHomepage } from '../helpers/content';
import { testConfig } from '../helpers/config';
import { fetchSitemapSet } from '../helpers/sitemap-http';
import { runLoggingWorkers, servedSet, withoutWorker } from '../helpers/worker-runs';
import { settled } from '../helpers/settle';

const HOST = 'https://www.example.com';

let app: TestStrapi;
const ids: Record<string, string> = {};

const plugin = () => app.strapi.plugin('sitemap');
const generate = () => plugin().service('generator').generate('manual');

beforeAll(async () => {
  app = await startTestStrapi({
    pluginConfig: testConfig({
      hostnames: { fr: 'https://fr.example.com' },
      contentTypes: {
        // No visitors' site map or feed title: nothing else reads the articles in a run.
        [ARTICLE]: {
          pattern: '/blog/[category.slug]/[slug]',
          locales: { fr: { pattern: '/blog/[category.slug]/[slug]' } },
          priority: 0.7,
          changefreq: 'weekly',
          filters: { noindex: { $ne: true } },
        },
        'api::homepage.homepage': { pattern: '/', locales: { fr: { pattern: '/' } } },
      },
      // Three URLs a file: each series fills several files, handed over one by one.
      limits: { urlsPerFile: 3, bytesPerFile: 10 * 1024 * 1024 },
      // Also an article's URL: the custom URLs, written after the types, must find it listed.
      customUrls: [{ url: '/blog/news/a-2' }, { url: '/contact' }],
    }),
  });
  const { strapi } = app;
  const news = await createCategory(strapi, { name: 'News', slug: 'news' });
  for (let i = 0; i < 8; i++)
    await createArticle(strapi, {
      title: `A ${i}`,
      slug: `a-${i}`,
      categoryDocumentId: news.documentId,
    });
  // The same URL as a-3's: one of the two is left out and reported.
  ids.twin = (
    await createArticle(strapi, { title: 'Twin', slug: 'a-3', categoryDocumentId: news.documentId })
  ).documentId;
  await createArticle(strapi, {
    title: 'Long',
    slug: 'x'.repeat(3000),
    categoryDocumentId: news.documentId,
  });
  await setHomepage(strapi, { title: 'Home' });
  await setHomepage(strapi, { title: 'Accueil', locale: 'fr' });
  // The runs the publishes started must be over: one ending between the two compared would rewrite
  // a file on its own (an incremental run checks duplicates file by file).
  expect(await settled(strapi)).toBe(true);
}, 120_000);

afterAll(async () => {
  await app?.stop();
});

describe('full runs in a Worker', () => {
  it('writes in a Worker the same files, byte for byte, as on the main thread', async () => {
    const inWorker = await runLoggingWorkers(app.strapi);
    expect(inWorker.result.status).toBe('success');
    const fromWorker = await servedSet(app.baseUrl);

    const onMain = await withoutWorker(app.strapi, () => runLoggingWorkers(app.strapi));
    expect(onMain.result.status).toBe('success');
    expect(onMain.inWorker).toEqual([]);
    expect(await servedSet(app.baseUrl)).toEqual(fromWorker);
    expect(onMain.result.urlCount).toBe(inWorker.result.urlCount);

    expect(inWorker.inWorker.sort()).toEqual([ARTICLE, 'api::homepage.homepage']);
    // Several files per series, on both hosts.
    const names = Object.keys(fromWorker.files);
    expect(names.filter((name) => /^article-\d+\.xml$/.test(name)).length).toBeGreaterThan(2);
    expect(names).toContain('homepage_fr-1.xml');
  });

  it('keeps every type on the main thread while a url hook is registered, and the hook applies', async () => {
    const unregister = plugin()
      .service('hooks')
      .register({
        name: 'tracking',
        url: (_entry: unknown, record: { loc: string }) => ({
          ...record,
          loc: `${record.loc}?ref=sm`,
        }),
      });
    try {
      const { result, inWorker } = await runLoggingWorkers(app.strapi);
      expect(result.status).toBe('success');
      expect(inWorker).toEqual([]);
      const { urls } = await fetchSitemapSet(app.baseUrl);
      // The custom URLs are the site owner's own: hooks change the types' URLs only.
      const custom = [`${HOST}/blog/news/a-2`, `${HOST}/contact`];
      const typed = urls.map((url) => url.loc).filter((loc) => !custom.includes(loc));
      expect(typed).toEqual(
        expect.arrayContaining([`${HOST}/blog/news/a-0?ref=sm`, 'https://fr.example.com/?ref=sm'])
      );
      expect(typed.filter((loc) => !loc.endsWith('?ref=sm'))).toEqual([]);
    } finally {
      unregister();
    }
  });

  it("reports what the Worker left out, and finds an article's URL listed again by a custom URL", async () => {
    const result = await generate();
    const run = await app.strapi.db
      .query('plugin::sitemap.sitemap-run')
      .findOne({ where: { id: result.runId } });
    const { counts, samples } = run.report.validation;
    expect(counts['url-duplicate']).toBe(2);
    expect(counts['url-too-long']).toBe(1);
    expect(samples.filter((sample: any) => sample.rule === 'url-duplicate')).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ url: `${HOST}/blog/news/a-3` }),
        expect.objectContaining({ url: `${HOST}/blog/news/a-2` }),
      ])
    );
    const { urls } = await fetchSitemapSet(app.baseUrl);
    const locs = urls.map((url) => url.loc);
    expect(locs.filter((loc) => loc === `${HOST}/blog/news/a-3`)).toHaveLength(1);
    expect(locs.filter((loc) => loc === `${HOST}/blog/news/a-2`)).toHaveLength(1);
    expect(locs).toContain('https://fr.example.com/');
    // The Worker's phases stand in for the wait for it: they still add up to no more than the run
    // (each rounded to the millisecond).
    const phases = Object.values(run.report.phases as Record<string, number>);
    // The turns the run gives the event loop between its closing steps are counted as such.
    expect(run.report.phases.yielding).toEqual(expect.any(Number));
    expect(phases.reduce((sum, ms) => sum + ms, 0)).toBeLessThanOrEqual(
      Number(run.durationMs) + phases.length
    );
  });
});
