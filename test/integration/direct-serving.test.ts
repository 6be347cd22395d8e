/**
 * The `serving: { beforeMiddleware: true }` option on a real Strapi: the same requests are sent
 * through Strapi's middleware (the default) and then through the listener in front of it, and
 * every answer must be the same bytes with the same headers, less those Strapi's middleware adds.
 */
import http from 'node:http';
import { gunzipSync } from 'node:zlib';
import { startTestStrapi, type TestStrapi } from '../helpers/strapi-app';
import { createArticle, createCategory } from '../helpers/content';
import { testConfig } from '../helpers/config';
import { fileUrl } from '../helpers/sitemap-http';
import { validateSitemapXml } from '../helpers/xmllint';

let app: TestStrapi;
let newsId: string;

interface Raw {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A request as it went over the wire: nothing decompressed, nothing followed. */
const raw = (url: string, method = 'GET', headers: Record<string, string> = {}) =>
  new Promise<Raw>((resolve, reject) => {
    const request = http.request(url, { method, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode!,
          headers: response.headers,
          body: Buffer.concat(chunks),
        })
      );
    });
    request.on('error', reject).end();
  });

/** The headers the plugin's answer sets (Strapi's middleware adds others: CSP, CORS…). */
const ANSWER_HEADERS = [
  'content-type',
  'content-encoding',
  'content-length',
  'etag',
  'last-modified',
  'cache-control',
  'x-robots-tag',
  'x-content-type-options',
];
const answerOf = (response: Raw) => ({
  status: response.status,
  headers: Object.fromEntries(ANSWER_HEADERS.map((name) => [name, response.headers[name]])),
  varies: /accept-encoding/i.test(String(response.headers.vary ?? '')),
  body: response.body.toString('base64'),
});

let cases: Array<[string, string, Record<string, string>]>;
const throughKoa = new Map<string, Raw>();
const send = ([name, method, headers]: [string, string, Record<string, string>]) =>
  raw(fileUrl(app.baseUrl, name), method, headers);
const directServing = () => app.strapi.plugin('sitemap').service('direct-serving');

beforeAll(async () => {
  app = await startTestStrapi({ pluginConfig: testConfig() });
  const news = await createCategory(app.strapi, { name: 'News', slug: 'news' });
  newsId = news.documentId;
  for (const slug of ['one', 'two', 'three'])
    await createArticle(app.strapi, { title: slug, slug, categoryDocumentId: news.documentId });
  const result = await app.strapi.plugin('sitemap').service('generator').generate('manual');
  expect(result.status).toBe('success');

  const index = await raw(fileUrl(app.baseUrl, 'index.xml'), 'GET', { 'accept-encoding': 'gzip' });
  const gzip = { 'accept-encoding': 'gzip' };
  cases = [
    ['index.xml', 'GET', gzip],
    ['article-1.xml', 'GET', gzip],
    ['article-1.xml', 'GET', { 'accept-encoding': 'identity' }],
    ['article-1.xml', 'GET', {}],
    ['article-1.xml', 'GET', { 'accept-encoding': 'br;q=1, gzip;q=0.5, identity;q=0.1' }],
    ['article-1.xml.gz', 'GET', {}],
    ['article-1.txt', 'GET', gzip],
    ['article-1.xml', 'HEAD', gzip],
    ['article-1.xml', 'HEAD', {}],
    ['index.xml', 'GET', { ...gzip, 'if-none-match': String(index.headers.etag) }],
    ['index.xml', 'GET', { 'if-modified-since': String(index.headers['last-modified']) }],
    ['index.xml', 'GET', { 'if-none-match': '"something-else"' }],
    ['nope.xml', 'GET', {}],
    ['..%2F..%2Fpackage.json', 'GET', {}],
    ['index.xml.gz.gz', 'GET', {}],
    ['index.xml?x=1', 'GET', gzip],
    ['index.xml/', 'GET', {}],
    ['index.xml', 'POST', {}],
  ];
  // First through Strapi's middleware, as the plugin serves by default.
  for (const request of cases) throughKoa.set(JSON.stringify(request), await send(request));
});

afterAll(async () => {
  await app?.stop();
});

it('is off unless the config file asks for it', async () => {
  directServing().installIfAsked();
  const response = await raw(fileUrl(app.baseUrl, 'index.xml'));
  expect(response.status).toBe(200);
  expect(response.headers['content-security-policy']).toBeDefined();
});

describe('with serving.beforeMiddleware', () => {
  beforeAll(() => {
    app.strapi.config.set('plugin::sitemap.serving', { beforeMiddleware: true });
    directServing().installIfAsked();
  });

  it("answers stored files before Strapi's middleware: none of its headers", async () => {
    const response = await raw(fileUrl(app.baseUrl, 'article-1.xml'), 'GET', {
      'accept-encoding': 'gzip',
    });
    expect(response.status).toBe(200);
    expect(response.headers['content-security-policy']).toBeUndefined();
    expect(response.headers['x-powered-by']).toBeUndefined();
    expect((await validateSitemapXml(gunzipSync(response.body).toString('utf8'))).valid).toBe(true);
  });

  it("gives every request the answer Strapi's middleware gave, byte for byte", async () => {
    expect(cases.length).toBeGreaterThan(10);
    for (const request of cases) {
      const before = throughKoa.get(JSON.stringify(request))!;
      const now = await send(request);
      expect([request, answerOf(now)]).toEqual([request, answerOf(before)]);
    }
  });

  it('hands Koa what it does not serve: unknown names, other methods, other paths', async () => {
    for (const request of [
      ['nope.xml', 'GET', {}],
      ['index.xml/', 'GET', {}],
      ['index.xml', 'POST', {}],
    ] as Array<[string, string, Record<string, string>]>) {
      const response = await send(request);
      expect([request, response.headers['content-security-policy']]).toEqual([
        request,
        expect.any(String),
      ]);
    }
    const admin = await raw(`${app.baseUrl}/sitemap/status`);
    expect(admin.status).toBe(401);
  });

  it('serves what a later run wrote', async () => {
    const before = await raw(fileUrl(app.baseUrl, 'article-1.xml'), 'GET', {
      'accept-encoding': 'identity',
    });
    await createArticle(app.strapi, { title: 'Four', slug: 'four', categoryDocumentId: newsId });
    const result = await app.strapi.plugin('sitemap').service('generator').generate('manual');
    expect(result.status).toBe('success');
    const after = await raw(fileUrl(app.baseUrl, 'article-1.xml'), 'GET', {
      'accept-encoding': 'identity',
    });
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(after.body.toString('utf8')).toContain('/four</loc>');
  });
});
