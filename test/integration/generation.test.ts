/**
 * Full generation on a real Strapi: content made through the Document Service, sitemaps fetched
 * over HTTP and validated against the official XSDs.
 */
import { gunzipSync } from 'zlib';
import { startTestStrapi, type TestStrapi } from '../helpers/strapi-app';
import { addLocale, ARTICLE, createArticle, createCategory, setHomepage } from '../helpers/content';
import { testConfig, PUBLIC_URL } from '../helpers/config';
import { fetchSitemapSet, fileUrl, getText } from '../helpers/sitemap-http';
import { validateSitemapXml } from '../helpers/xmllint';

const HOST = 'https://www.example.com';
const LONG_SLUG = 'x'.repeat(3000);

let app: TestStrapi;
const ids: Record<string, string> = {};

const generate = () => app.strapi.plugin('sitemap').service('generator').generate('manual');
const lastFullRun = () => app.strapi.plugin('sitemap').service('runs').lastFullSuccess();
let startupRun: { status: string } | undefined;

/** The first run of `trigger` once it has ended (undefined if none within 60 s). */
async function finishedRunOf(trigger: string) {
  for (let waited = 0; waited < 60_000; waited += 50) {
    const runs = (await app.strapi.plugin('sitemap').service('runs').recent(50)) as any[];
    const run = runs.find((candidate) => candidate.trigger === trigger);
    if (run && run.status !== 'running') return run;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return undefined;
}

beforeAll(async () => {
  const customUrls = [...testConfig().customUrls, { url: "/terms&conditions/it's" }];
  app = await startTestStrapi({ pluginConfig: testConfig({ customUrls }) });
  const { strapi } = app;
  // A fresh install generates by itself, in the background: that first run ends before content is
  // written, as nobody asks for another one meanwhile (a run asked for first would make it moot).
  startupRun = await finishedRunOf('startup');
  const news = await createCategory(strapi, { name: 'News', slug: 'news' });
  const cafe = await createCategory(strapi, { name: 'Café', slug: 'café & co' });
  ids.news = news.documentId;

  const hello = await createArticle(strapi, {
    title: 'Hello',
    slug: 'hello',
    categoryDocumentId: news.documentId,
  });
  await addLocale(strapi, {
    documentId: hello.documentId,
    locale: 'fr',
    data: { title: 'Bonjour', slug: 'bonjour', categoryDocumentId: news.documentId },
  });
  ids.hello = hello.documentId;
  ids.hostile = (
    await createArticle(strapi, {
      title: `Hostile <&"'>`,
      slug: `a<&"'>b`,
      categoryDocumentId: cafe.documentId,
    })
  ).documentId;
  ids.accents = (
    await createArticle(strapi, {
      title: 'Accents',
      slug: 'crème brûlée/été 🚀',
      categoryDocumentId: cafe.documentId,
    })
  ).documentId;
  ids.long = (
    await createArticle(strapi, {
      title: 'Long',
      slug: LONG_SLUG,
      categoryDocumentId: news.documentId,
    })
  ).documentId;
  ids.hidden = (
    await createArticle(strapi, {
      title: 'Hidden',
      slug: 'hidden',
      categoryDocumentId: news.documentId,
      noindex: true,
    })
  ).documentId;
  ids.draft = (
    await createArticle(
      strapi,
      { title: 'Draft', slug: 'draft-only', categoryDocumentId: news.documentId },
      { publish: false }
    )
  ).documentId;
  ids.orphan = (await createArticle(strapi, { title: 'Orphan', slug: 'orphan' })).documentId;
  await setHomepage(strapi, { title: 'Home' });
  await setHomepage(strapi, { title: 'Accueil', locale: 'fr' });
  const result = await generate();
  expect(result.status).toBe('success');
});

afterAll(async () => {
  await app?.stop();
});

describe('generated sitemap set', () => {
  it('serves a valid index whose files are all valid urlsets', async () => {
    const { files, indexXml } = await fetchSitemapSet(app.baseUrl);
    expect(files.map((file) => file.name).sort()).toEqual([
      'article-1.xml',
      'category-1.xml',
      'custom-1.xml',
      'homepage-1.xml',
    ]);
    for (const file of files) expect(file.loc).toBe(`${PUBLIC_URL}/${file.name}`);
    expect(indexXml).toContain(
      '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">'
    );
  });

  it('lists published, matching entries of every locale, and nothing else', async () => {
    const { urls } = await fetchSitemapSet(app.baseUrl);
    const locs = urls.map((url) => url.loc).sort();
    expect(locs).toEqual(
      [
        `${HOST}/`,
        `${HOST}/fr/`,
        `${HOST}/blog/news`,
        `${HOST}/blog/caf%C3%A9%20%26%20co`,
        `${HOST}/blog/news/hello`,
        `${HOST}/fr/blog/news/bonjour`,
        `${HOST}/blog/caf%C3%A9%20%26%20co/a%3C%26%22'%3Eb`,
        `${HOST}/blog/caf%C3%A9%20%26%20co/cr%C3%A8me%20br%C3%BBl%C3%A9e%2F%C3%A9t%C3%A9%20%F0%9F%9A%80`,
        `${HOST}/contact`,
        `${HOST}/terms&conditions/it's`,
      ].sort()
    );
    expect(locs.some((loc) => loc.includes('draft-only'))).toBe(false);
    expect(locs.some((loc) => loc.includes('hidden'))).toBe(false);
  });

  it('escapes hostile values in the XML bytes themselves, in files that xmllint validates', async () => {
    // fetchSitemapSet has validated every served file against the XSDs; here, the bytes as served.
    const { files } = await fetchSitemapSet(app.baseUrl);
    const article = files.find((file) => file.name === 'article-1.xml')!;
    // Values are encoded as encodeURIComponent does: the apostrophe stays, so the XML escapes it.
    expect(article.xml).toContain(
      `<loc>${HOST}/blog/caf%C3%A9%20%26%20co/a%3C%26%22&apos;%3Eb</loc>`
    );
    const custom = files.find((file) => file.name === 'custom-1.xml')!;
    expect(custom.xml).toContain(`<loc>${HOST}/terms&amp;conditions/it&apos;s</loc>`);
    expect(custom.xml).toContain('<lastmod>2026-01-15</lastmod>');
    for (const file of files) {
      // Every & starts an entity, and no raw < > " ' is left inside a value.
      expect(file.xml).not.toMatch(/&(?!(amp|lt|gt|quot|apos);)/);
      expect(file.xml).not.toMatch(/<loc>[^<]*[>"'][^<]*<\/loc>/);
    }
    // The text twin holds the URL itself, unescaped.
    const twin = await getText(fileUrl(app.baseUrl, 'custom-1.txt'));
    expect(twin.text.split('\n')).toContain(`${HOST}/terms&conditions/it's`);
  });

  it('links every language version to every other one, itself included, plus x-default', async () => {
    const { urls } = await fetchSitemapSet(app.baseUrl);
    const en = urls.find((url) => url.loc === `${HOST}/blog/news/hello`)!;
    const fr = urls.find((url) => url.loc === `${HOST}/fr/blog/news/bonjour`)!;
    const expected = [
      { hreflang: 'en', href: en.loc },
      { hreflang: 'fr', href: fr.loc },
      { hreflang: 'x-default', href: en.loc },
    ];
    expect(en.alternates).toEqual(expected);
    expect(fr.alternates).toEqual(expected);
    const home = urls.find((url) => url.loc === `${HOST}/`)!;
    expect(home.alternates.map((link) => link.href)).toEqual([
      `${HOST}/`,
      `${HOST}/fr/`,
      `${HOST}/`,
    ]);
    // Reciprocity: every alternate is itself listed with the same set of alternates.
    for (const url of urls) {
      for (const link of url.alternates) {
        const target = urls.find((candidate) => candidate.loc === link.href);
        expect(target?.alternates).toEqual(url.alternates);
      }
    }
  });

  it('takes lastmod from the entry, in W3C format with a time zone', async () => {
    const { urls, files } = await fetchSitemapSet(app.baseUrl);
    const published = (await app.strapi
      .documents(ARTICLE as any)
      .findOne({ documentId: ids.hello, locale: 'en', status: 'published' })) as any;
    const hello = urls.find((url) => url.loc === `${HOST}/blog/news/hello`)!;
    expect(hello.lastmod).toBe(
      new Date(published.updatedAt).toISOString().replace(/\.\d{3}Z$/, '+00:00')
    );
    const article = files.find((file) => file.name === 'article-1.xml')!;
    const newest = article.urls
      .map((url) => url.lastmod!)
      .sort()
      .pop();
    expect(article.lastmod).toBe(newest);
  });

  it('reports entries left out, with the entry at fault', async () => {
    const run = await lastFullRun();
    expect(run.status).toBe('success');
    const { counts, samples } = run.report.validation;
    expect(counts['url-too-long']).toBe(1);
    expect(samples).toContainEqual(
      expect.objectContaining({
        rule: 'url-too-long',
        documentId: ids.long,
        contentType: ARTICLE,
        locale: 'en',
      })
    );
    expect(samples).toContainEqual(
      expect.objectContaining({
        rule: 'pattern-unfilled',
        documentId: ids.orphan,
        contentType: ARTICLE,
        locale: 'en',
        detail: expect.stringContaining('[category.slug]'),
      })
    );
    const status = await app.strapi.plugin('sitemap').service('dashboard').status();
    expect(status.counts[ARTICLE]).toEqual({ en: 3, fr: 1 });
  });

  it('serves a text twin of each file, one URL per line', async () => {
    const { files } = await fetchSitemapSet(app.baseUrl);
    for (const file of files) {
      const { response, text } = await getText(
        fileUrl(app.baseUrl, file.name.replace(/\.xml$/, '.txt'))
      );
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
      expect(text.trimEnd().split('\n')).toEqual(file.urls.map((url) => url.loc));
    }
  });

  it('stores no text twin: each is read off the stored XML, with validators of its own', async () => {
    const live = await app.strapi.plugin('sitemap').service('file-store').listLive();
    expect(live.filter((file: { format: string }) => file.format === 'text')).toEqual([]);
    const url = fileUrl(app.baseUrl, 'article-1.txt');
    const identity = await getText(url, { 'Accept-Encoding': 'identity' });
    const gzipped = await fetch(url, { headers: { 'Accept-Encoding': 'gzip' } });
    expect(gzipped.headers.get('content-encoding')).toBe('gzip');
    expect(await gzipped.text()).toBe(identity.text);
    const xml = await fetch(fileUrl(app.baseUrl, 'article-1.xml'));
    await xml.arrayBuffer();
    const etag = identity.response.headers.get('etag')!;
    expect(etag).toMatch(/^"[\w-]+-txt"$/);
    expect(etag).not.toBe(xml.headers.get('etag'));
    const again = await fetch(url, { headers: { 'If-None-Match': etag } });
    expect(again.status).toBe(304);
    const head = await fetch(url, { method: 'HEAD' });
    expect([head.status, head.headers.get('content-type')]).toEqual([
      200,
      'text/plain; charset=utf-8',
    ]);
    expect(await head.text()).toBe('');
  });
});

describe('HTTP serving', () => {
  it('answers with XML content type, gzip when accepted, and validators', async () => {
    const response = await fetch(fileUrl(app.baseUrl, 'article-1.xml'), {
      headers: { 'Accept-Encoding': 'gzip' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    expect(response.headers.get('content-encoding')).toBe('gzip');
    expect(response.headers.get('vary')).toMatch(/Accept-Encoding/i);
    expect(response.headers.get('etag')).toMatch(/^"[\w-]+"$/);
    expect(new Date(response.headers.get('last-modified')!).getTime()).not.toBeNaN();
    expect((await validateSitemapXml(await response.text())).valid).toBe(true);

    const identity = await fetch(fileUrl(app.baseUrl, 'article-1.xml'), {
      headers: { 'Accept-Encoding': 'identity' },
    });
    expect(identity.headers.get('content-encoding')).toBeNull();
    expect((await identity.text()).startsWith('<?xml')).toBe(true);
  });

  it('tells search engines not to list the files themselves (X-Robots-Tag: noindex)', async () => {
    for (const name of ['index.xml', 'article-1.xml', 'article-1.xml.gz', 'article-1.txt']) {
      const response = await fetch(fileUrl(app.baseUrl, name));
      await response.arrayBuffer();
      expect([name, response.status, response.headers.get('x-robots-tag')]).toEqual([
        name,
        200,
        'noindex',
      ]);
    }
  });

  it('serves .xml.gz as a gzip file holding the same XML', async () => {
    const plain = await getText(fileUrl(app.baseUrl, 'article-1.xml'), {
      'Accept-Encoding': 'identity',
    });
    const response = await fetch(fileUrl(app.baseUrl, 'article-1.xml.gz'));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/gzip');
    expect(gunzipSync(Buffer.from(await response.arrayBuffer())).toString('utf8')).toBe(plain.text);
  });

  it('answers 304 to If-None-Match and If-Modified-Since', async () => {
    const first = await fetch(fileUrl(app.baseUrl, 'index.xml'), {
      headers: { 'Accept-Encoding': 'gzip' },
    });
    await first.arrayBuffer();
    const etag = first.headers.get('etag')!;
    const byTag = await fetch(fileUrl(app.baseUrl, 'index.xml'), {
      headers: { 'If-None-Match': etag, 'Accept-Encoding': 'gzip' },
    });
    expect(byTag.status).toBe(304);
    const byDate = await fetch(fileUrl(app.baseUrl, 'index.xml'), {
      headers: { 'If-Modified-Since': first.headers.get('last-modified')! },
    });
    expect(byDate.status).toBe(304);
    const stale = await fetch(fileUrl(app.baseUrl, 'index.xml'), {
      headers: { 'If-None-Match': '"something-else"' },
    });
    expect(stale.status).toBe(200);
  });

  it.each([
    'nope.xml',
    'INDEX.XML',
    'index.xml.gz.gz',
    '..%2F..%2Fpackage.json',
    '%2e%2e%2fconfig%2fdatabase.js',
    'index.txt',
    'article-1.txt.gz',
    'article-99.xml',
  ])('answers 404 for %s', async (name) => {
    const response = await fetch(fileUrl(app.baseUrl, name));
    expect(response.status).toBe(404);
  });

  it('needs no authentication for the public files', async () => {
    const response = await fetch(fileUrl(app.baseUrl, 'index.xml'));
    expect(response.status).toBe(200);
  });
});

describe('regeneration', () => {
  it('records in its report what the run spent its time on, which adds up to no more than the run', async () => {
    const result = await generate();
    const run = await app.strapi.db
      .query('plugin::sitemap.sitemap-run')
      .findOne({ where: { id: result.runId } });
    const { phases } = run.report;
    for (const phase of ['reading', 'building', 'storing'])
      expect(phases[phase]).toEqual(expect.any(Number));
    const spent = Object.values(phases as Record<string, number>).reduce((a, b) => a + b, 0);
    // Each phase is rounded to the millisecond.
    expect(spent).toBeLessThanOrEqual(Number(run.durationMs) + Object.keys(phases).length);
  });

  it('keeps unchanged files byte for byte, with the same ETag', async () => {
    const before = await fetch(fileUrl(app.baseUrl, 'custom-1.xml'));
    await before.arrayBuffer();
    expect((await generate()).status).toBe('success');
    const after = await fetch(fileUrl(app.baseUrl, 'custom-1.xml'));
    expect(after.headers.get('etag')).toBe(before.headers.get('etag'));
    expect(after.headers.get('last-modified')).toBe(before.headers.get('last-modified'));
  });

  it('leaves out an entry an editor excluded, in one locale or all', async () => {
    const exclusions = app.strapi.plugin('sitemap').service('exclusions');
    await exclusions.add({ contentType: ARTICLE, documentId: ids.hello, locale: 'fr' });
    await generate();
    let locs = (await fetchSitemapSet(app.baseUrl)).urls.map((url) => url.loc);
    expect(locs).toContain(`${HOST}/blog/news/hello`);
    expect(locs).not.toContain(`${HOST}/fr/blog/news/bonjour`);
    await exclusions.add({ contentType: ARTICLE, documentId: ids.hello });
    await generate();
    locs = (await fetchSitemapSet(app.baseUrl)).urls.map((url) => url.loc);
    expect(locs).not.toContain(`${HOST}/blog/news/hello`);
    await exclusions.remove({ contentType: ARTICLE, documentId: ids.hello });
    await exclusions.remove({ contentType: ARTICLE, documentId: ids.hello, locale: 'fr' });
    await generate();
    locs = (await fetchSitemapSet(app.baseUrl)).urls.map((url) => url.loc);
    expect(locs).toEqual(
      expect.arrayContaining([`${HOST}/blog/news/hello`, `${HOST}/fr/blog/news/bonjour`])
    );
  });

  it('also ran a generation of its own at startup, in the background', async () => {
    expect(startupRun?.status).toBe('success');
  });
});
