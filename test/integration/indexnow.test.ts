/**
 * IndexNow against a local HTTP server standing in for the endpoint (set in config/plugins, the only
 * place an endpoint on this machine may come from): what a publish, an unpublish, a slug change and
 * a delete push (old and new URLs, grouped by host), nothing for a draft, 429 and 5xx tried again, a
 * 4xx recorded, the key served as <key>.txt. An admin may choose only a public endpoint, and a public
 * endpoint's name resolving to a private address is refused at send time; redirects are answers.
 */
import http from 'http';
import type { AddressInfo } from 'net';
import type { UID } from '@strapi/strapi';
import { startTestStrapi, type TestStrapi } from '../helpers/strapi-app';
import {
  addLocale,
  ARTICLE,
  CATEGORY,
  createArticle,
  createCategory,
  deleteDocument,
  publish,
  unpublish,
} from '../helpers/content';
import { testConfig } from '../helpers/config';
import { fileUrl, getText } from '../helpers/sitemap-http';
import { settled } from '../helpers/settle';
import { callAdmin } from '../helpers/admin-api';
import { createAdminWithActions, createSuperAdmin } from '../helpers/admin-auth';

const HOST = 'https://www.example.com';
const FR_HOST = 'https://www.example.fr';
const KEY = 'test-key-0123456789abc';

let app: TestStrapi;
let superToken: string;
let endpoint: http.Server;
let endpointUrl: string;
let news: string;
/** What the endpoint received, and the statuses it answers next (then 200). */
const received: Array<{ host: string; key: string; keyLocation?: string; urlList: string[] }> = [];
const answers: number[] = [];
/** Where a 3xx answer sends the client (the redirect test). */
let redirectTo: string | null = null;

const plugin = () => app.strapi.plugin('sitemap');

/** Waits for the runs and the pushes they started, then takes what the endpoint got. */
async function pushed() {
  expect(await settled(app.strapi, 30_000)).toBe(true);
  await plugin().service('indexnow').settled();
  return received.splice(0);
}

beforeAll(async () => {
  endpoint = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      const status = answers.shift() ?? 200;
      if (status === 200) received.push(JSON.parse(body));
      if (status === 429) response.setHeader('Retry-After', '0');
      if (status >= 300 && status < 400 && redirectTo) response.setHeader('Location', redirectTo);
      response.statusCode = status;
      response.end();
    });
  });
  await new Promise<void>((resolve) => endpoint.listen(0, '127.0.0.1', resolve));
  endpointUrl = `http://127.0.0.1:${(endpoint.address() as AddressInfo).port}/indexnow`;
  app = await startTestStrapi({
    pluginConfig: testConfig({
      hostnames: { fr: FR_HOST },
      customUrls: [],
      cron: false,
      debounceMs: 50,
      indexNow: { key: KEY, endpoint: endpointUrl },
    }),
  });
  superToken = (await createSuperAdmin(app.strapi, app.baseUrl)).token;
  news = (await createCategory(app.strapi, { name: 'News', slug: 'news' })).documentId;
  await createArticle(app.strapi, { title: 'Seed', slug: 'seed', categoryDocumentId: news });
  expect((await plugin().service('generator').generate('manual')).status).toBe('success');
  await pushed();
});

afterAll(async () => {
  await app?.stop();
  await new Promise((resolve) => endpoint.close(resolve));
});

it('serves the key as the protocol does, at <key>.txt, and at no fixed name', async () => {
  const { response, text } = await getText(fileUrl(app.baseUrl, `${KEY}.txt`));
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
  expect(text).toBe(KEY);
  expect((await fetch(fileUrl(app.baseUrl, 'indexnow-key.txt'))).status).toBe(404);
  expect((await fetch(fileUrl(app.baseUrl, 'other-key-0123456789abc.txt'))).status).toBe(404);
});

it('pushes a published article’s URLs, grouped by host, and nothing for a draft', async () => {
  const doc = await createArticle(app.strapi, {
    title: 'Tide',
    slug: 'tide',
    categoryDocumentId: news,
  });
  await addLocale(app.strapi, {
    documentId: doc.documentId,
    locale: 'fr',
    data: { title: 'Marée', slug: 'maree', categoryDocumentId: news },
  });
  const requests = await pushed();
  // One request per host and run: the publishes may fall in one run or in several (a later one
  // then pushes the English URL again, its alternates having changed), as the worker's delay and
  // the database's speed decide.
  expect([...new Set(requests.map((request) => request.host))].sort()).toEqual([
    'www.example.com',
    'www.example.fr',
  ]);
  for (const request of requests)
    expect(request.urlList.every((url) => new URL(url).host === request.host)).toBe(true);
  const urls = requests.flatMap((request) => request.urlList);
  expect(urls).toEqual(
    expect.arrayContaining([`${HOST}/blog/news/tide`, `${FR_HOST}/fr/blog/news/maree`])
  );
  expect(requests.every((request) => request.key === KEY)).toBe(true);

  // A draft saved, not published: nothing is live, nothing is pushed.
  await app.strapi
    .documents(ARTICLE as UID.ContentType)
    .update({ documentId: doc.documentId, locale: 'en', data: { title: 'Tide (draft)' } as any });
  expect(await pushed()).toEqual([]);
});

it('pushes the old and the new URL of a slug change, and the URL an unpublish or a delete removes', async () => {
  const doc = await createArticle(app.strapi, {
    title: 'Reef',
    slug: 'reef',
    categoryDocumentId: news,
  });
  await pushed();
  await app.strapi
    .documents(ARTICLE as UID.ContentType)
    .update({ documentId: doc.documentId, locale: 'en', data: { slug: 'coral-reef' } as any });
  await publish(app.strapi, ARTICLE, doc.documentId, 'en');
  expect((await pushed()).flatMap((request) => request.urlList).sort()).toEqual([
    `${HOST}/blog/news/coral-reef`,
    `${HOST}/blog/news/reef`,
  ]);

  await unpublish(app.strapi, ARTICLE, doc.documentId, 'en');
  expect((await pushed()).flatMap((request) => request.urlList)).toEqual([
    `${HOST}/blog/news/coral-reef`,
  ]);

  const gone = await createArticle(app.strapi, {
    title: 'Gone',
    slug: 'gone',
    categoryDocumentId: news,
  });
  await pushed();
  await deleteDocument(app.strapi, ARTICLE, gone.documentId);
  expect((await pushed()).flatMap((request) => request.urlList)).toEqual([
    `${HOST}/blog/news/gone`,
  ]);
});

it('tries again after 429 and 5xx, records a 4xx, and shows the pushes on the dashboard', async () => {
  answers.push(429, 503);
  await createArticle(app.strapi, { title: 'Swell', slug: 'swell', categoryDocumentId: news });
  expect((await pushed()).flatMap((request) => request.urlList)).toEqual([
    `${HOST}/blog/news/swell`,
  ]);
  let status = await plugin().service('dashboard').status();
  expect(status.indexNow.keyUrl).toBe(`https://cms.example.com/api/sitemap/${KEY}.txt`);
  expect(status.indexNow.pushes[0]).toMatchObject({
    host: 'www.example.com',
    urlCount: 1,
    status: 200,
    attempts: 3,
  });

  answers.push(422);
  await createArticle(app.strapi, { title: 'Foam', slug: 'foam', categoryDocumentId: news });
  expect(await pushed()).toEqual([]);
  status = await plugin().service('dashboard').status();
  expect(status.indexNow.pushes[0]).toMatchObject({
    host: 'www.example.com',
    status: 422,
    attempts: 1,
    error: 'answered 422 Unprocessable Entity',
  });
});

describe('every URL a run makes live, changes or removes is pushed once, whatever the run', () => {
  const settings = () => plugin().service('settings');
  /** Changes made while nothing records them, as they reach a run that rewrites whole types. */
  async function unrecorded(change: () => Promise<void>) {
    await settings().update({ autoGenerate: false });
    try {
      await change();
    } finally {
      await settings().update({ autoGenerate: true });
    }
  }

  it('pushes nothing for a full run that changes nothing', async () => {
    await pushed();
    expect((await plugin().service('generator').generate('manual')).status).toBe('success');
    expect(await pushed()).toEqual([]);
  });

  it('pushes the publishes and the slug change that land in one run of whole types', async () => {
    const reefs = await createCategory(app.strapi, { name: 'Reefs', slug: 'reefs' });
    await createArticle(app.strapi, {
      title: 'Atoll',
      slug: 'atoll',
      categoryDocumentId: reefs.documentId,
    });
    await pushed();
    let motu = '';
    await unrecorded(async () => {
      const categories = app.strapi.documents(CATEGORY as UID.ContentType);
      await categories.update({ documentId: reefs.documentId, data: { slug: 'lagoons' } as any });
      await categories.publish({ documentId: reefs.documentId });
      motu = (
        await createArticle(app.strapi, {
          title: 'Motu',
          slug: 'motu',
          categoryDocumentId: reefs.documentId,
        })
      ).documentId;
    });
    // What the hook records for both changes, written out by one run: the category's change
    // makes it rewrite both types whole.
    await plugin()
      .service('change-feed')
      .recordChange([
        { kind: 'type', contentType: CATEGORY, trigger: 'publish' },
        { kind: 'type', contentType: ARTICLE, trigger: 'publish' },
        { kind: 'document', contentType: ARTICLE, documentId: motu, trigger: 'publish' },
      ]);
    const urls = (await pushed()).flatMap((request) => request.urlList).sort();
    expect(urls).toEqual(
      [
        `${HOST}/blog/lagoons`,
        `${HOST}/blog/lagoons/atoll`,
        `${HOST}/blog/lagoons/motu`,
        `${HOST}/blog/reefs`,
        `${HOST}/blog/reefs/atoll`,
      ].sort()
    );
  });

  it('pushes what a full run finds changed since the live set: a URL gone without a hook', async () => {
    const lagoon = (await app.strapi.documents(ARTICLE as UID.ContentType).findFirst({
      filters: { slug: 'atoll' },
      locale: 'en',
    }))!;
    await pushed();
    await unrecorded(async () => {
      await deleteDocument(app.strapi, ARTICLE, lagoon.documentId);
    });
    expect((await plugin().service('generator').generate('manual')).status).toBe('success');
    expect((await pushed()).flatMap((request) => request.urlList)).toEqual([
      `${HOST}/blog/lagoons/atoll`,
    ]);
  });
});

describe('no request leaves for a private address on an admin’s word', () => {
  const api = (method: string, path: string, token: string, body?: unknown) =>
    callAdmin(app.baseUrl, method, path, token, body);
  const privateEndpoints = () => [
    endpointUrl,
    'http://127.0.0.1/indexnow',
    'http://169.254.169.254/latest/meta-data/',
    'http://[::1]/indexnow',
    'http://2130706433/indexnow',
    'http://0x7f.1/indexnow',
    'http://10.0.0.1/indexnow',
    'http://192.168.1.1/indexnow',
    'http://[fd00::1]/indexnow',
    'http://[::ffff:127.0.0.1]/indexnow',
    'http://localhost:1337/indexnow',
    'https://api.indexnow.org.attacker.example/indexnow',
  ];

  it.each([false, true])(
    'refuses every other endpoint than the public ones in a save (editor role: %s)',
    async (editorRole) => {
      const token = editorRole
        ? (
            await createAdminWithActions(app.strapi, app.baseUrl, [
              'plugin::sitemap.read',
              'plugin::sitemap.settings.update',
            ])
          ).token
        : superToken;
      const before = (await api('GET', '/settings', superToken)).body;
      for (const candidate of privateEndpoints().filter((url) => url !== endpointUrl)) {
        const { status, body } = await api('PUT', '/settings', token, {
          indexNow: { key: KEY, endpoint: candidate },
        });
        expect([candidate, status]).toEqual([candidate, 400]);
        expect(body.error.details.errors.map((error: any) => error.path.join('.'))).toEqual([
          'indexNow.endpoint',
        ]);
      }
      expect((await api('GET', '/settings', superToken)).body).toEqual(before);
    }
  );

  it('accepts a public endpoint, or the config file’s own, from the admin', async () => {
    for (const candidate of ['https://www.bing.com/indexnow', endpointUrl]) {
      const { status } = await api('PUT', '/settings', superToken, {
        indexNow: { key: KEY, endpoint: candidate },
      });
      expect([candidate, status]).toEqual([candidate, 200]);
    }
    expect((await api('PUT', '/settings', superToken, { indexNow: null })).status).toBe(200);
  });

  it('refuses at send time a public endpoint whose name resolves to this machine', async () => {
    const { status } = await api('PUT', '/settings', superToken, {
      indexNow: { key: KEY, endpoint: 'https://www.bing.com/indexnow' },
    });
    expect(status).toBe(200);
    // What a poisoned resolver (or a hostile DNS entry) would answer.
    plugin()
      .service('indexnow')
      .resolveWith((_host: string, _options: unknown, callback: any) =>
        callback(null, [{ address: '127.0.0.1', family: 4 }])
      );
    try {
      await createArticle(app.strapi, { title: 'Kelp', slug: 'kelp', categoryDocumentId: news });
      expect(await pushed()).toEqual([]);
      const { pushes } = (await plugin().service('dashboard').status()).indexNow;
      expect(pushes[0]).toMatchObject({
        host: 'www.example.com',
        status: null,
        attempts: 1,
        error: 'refused: www.bing.com is 127.0.0.1, a private or local address',
      });
    } finally {
      plugin().service('indexnow').resolveWith(undefined);
      expect((await api('PUT', '/settings', superToken, { indexNow: null })).status).toBe(200);
    }
  });

  it('follows no redirect: a 307 from the endpoint is its answer', async () => {
    const target = http.createServer((_request, response) => {
      targetHits++;
      response.end();
    });
    let targetHits = 0;
    await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
    redirectTo = `http://127.0.0.1:${(target.address() as AddressInfo).port}/metadata`;
    try {
      answers.push(307);
      await createArticle(app.strapi, { title: 'Drift', slug: 'drift', categoryDocumentId: news });
      expect(await pushed()).toEqual([]);
      const { pushes } = (await plugin().service('dashboard').status()).indexNow;
      expect(pushes[0]).toMatchObject({ status: 307, attempts: 1 });
      expect(targetHits).toBe(0);
    } finally {
      redirectTo = null;
      await new Promise((resolve) => target.close(resolve));
    }
  });
});
