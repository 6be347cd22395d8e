/**
 * The `sitemap.updated` event through Strapi's own webhooks: a webhook created with Strapi's admin API
 * and subscribed to it gets, from a receiver on 127.0.0.1, each switch's run, the files it rewrote and
 * removed, and the URLs added, changed and removed. The run history shows each run's changes, with
 * sample URLs only of the types the admin may read.
 */
import http from 'http';
import type { AddressInfo } from 'net';
import { startTestStrapi, type TestStrapi } from '../helpers/strapi-app';
import { ARTICLE, createArticle, createCategory, unpublish } from '../helpers/content';
import { PUBLIC_URL, testConfig } from '../helpers/config';
import { settled } from '../helpers/settle';
import { callAdmin, until } from '../helpers/admin-api';
import { createAdminWithActions, createSuperAdmin } from '../helpers/admin-auth';

const HOST = 'https://www.example.com';

let app: TestStrapi;
let superToken: string;
let receiver: http.Server;
let receiverUrl: string;
const received: Array<{ path?: string; headers: http.IncomingHttpHeaders; body: any }> = [];
let news: string;

const plugin = () => app.strapi.plugin('sitemap');

/** The events the receiver got once the runs settled and the webhook runner sent them. */
async function events(count: number) {
  expect(await settled(app.strapi, 30_000)).toBe(true);
  await until(async () => received.length >= count, 15_000, `${count} webhook calls`);
  return received.splice(0);
}

/** Calls Strapi's own admin API (`/admin/...`), as Settings › Webhooks does. */
async function strapiAdmin(method: string, path: string, body?: unknown) {
  const response = await fetch(`${app.baseUrl}/admin${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${superToken}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

beforeAll(async () => {
  receiver = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      received.push({ path: request.url, headers: request.headers, body: JSON.parse(body) });
      response.end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/revalidate`;
  app = await startTestStrapi({
    pluginConfig: testConfig({ customUrls: [], cron: false, debounceMs: 50 }),
  });
  superToken = (await createSuperAdmin(app.strapi, app.baseUrl)).token;
  news = (await createCategory(app.strapi, { name: 'News', slug: 'news' })).documentId;
  await createArticle(app.strapi, { title: 'Seed', slug: 'seed', categoryDocumentId: news });
  expect((await plugin().service('generator').generate('manual')).status).toBe('success');
  expect(await settled(app.strapi, 30_000)).toBe(true);
}, 120_000);

afterAll(async () => {
  await app?.stop();
  await new Promise((resolve) => receiver?.close(resolve));
});

it('is an event Strapi lets a webhook subscribe to', async () => {
  const created = await strapiAdmin('POST', '/webhooks', {
    name: 'Front end',
    url: receiverUrl,
    headers: { 'X-Secret': 'front' },
    events: ['sitemap.updated'],
  });
  expect(created.status).toBe(201);
  const refused = await strapiAdmin('POST', '/webhooks', {
    name: 'Typo',
    url: receiverUrl,
    headers: {},
    events: ['sitemap.updatd'],
  });
  expect(refused.status).toBe(400);
});

it('tells the front end which URLs a publish added and which files it rewrote', async () => {
  await createArticle(app.strapi, { title: 'Fresh', slug: 'fresh', categoryDocumentId: news });
  const [event] = await events(1);
  expect(event.headers['x-strapi-event']).toBe('sitemap.updated');
  expect(event.headers['x-secret']).toBe('front');
  expect(event.body).toMatchObject({
    event: 'sitemap.updated',
    run: { trigger: 'publish', scope: 'documents' },
    urls: {
      counts: { added: 1, changed: 0, removed: 0 },
      added: [`${HOST}/blog/news/fresh`],
      truncated: false,
    },
  });
  expect(event.body.files.rewritten).toContain(`${PUBLIC_URL}/${'article-1.xml'}`);
  expect(event.body.files.rewritten.every((url: string) => url.startsWith(PUBLIC_URL))).toBe(true);
});

it("survives a listener of the site's own that throws: the webhook is sent, the failure logged", async () => {
  const warnings: string[] = [];
  const warn = app.strapi.log.warn.bind(app.strapi.log);
  app.strapi.log.warn = ((message: string) => {
    warnings.push(message);
    return warn(message);
  }) as typeof app.strapi.log.warn;
  const off = app.strapi.eventHub.on('sitemap.updated', () => {
    throw new Error('a bug in the site');
  });
  try {
    await createArticle(app.strapi, { title: 'Other', slug: 'other', categoryDocumentId: news });
    const [event] = await events(1);
    expect(event.body.urls.added).toEqual([`${HOST}/blog/news/other`]);
    await until(async () => warnings.some((line) => line.includes('a bug in the site')), 10_000);
  } finally {
    off();
    app.strapi.log.warn = warn;
  }
  const docs = app.strapi.documents(ARTICLE as never);
  const other = (await docs.findFirst({ filters: { slug: 'other' } })) as { documentId: string };
  await unpublish(app.strapi, ARTICLE, other.documentId);
  await events(1);
});

it('tells it of a slug change (old URL removed, new one added) and of an unpublish', async () => {
  const docs = app.strapi.documents(ARTICLE as never);
  const fresh = (await docs.findFirst({ filters: { slug: 'fresh' } })) as { documentId: string };
  await docs.update({ documentId: fresh.documentId, data: { slug: 'renamed' } as never });
  await docs.publish({ documentId: fresh.documentId });
  const [renamed] = await events(1);
  expect(renamed.body.urls).toMatchObject({
    added: [`${HOST}/blog/news/renamed`],
    removed: [`${HOST}/blog/news/fresh`],
  });
  await unpublish(app.strapi, ARTICLE, fresh.documentId);
  const [gone] = await events(1);
  expect(gone.body.urls).toMatchObject({
    counts: { added: 0, changed: 0, removed: 1 },
    removed: [`${HOST}/blog/news/renamed`],
  });
});

it('tells it of an exclusion toggled by an editor, as a removal then an addition', async () => {
  const docs = app.strapi.documents(ARTICLE as never);
  const seed = (await docs.findFirst({ filters: { slug: 'seed' } })) as { documentId: string };
  const target = { contentType: ARTICLE, documentId: seed.documentId };
  expect((await callAdmin(app.baseUrl, 'POST', '/exclusions', superToken, target)).status).toBe(
    200
  );
  const [excluded] = await events(1);
  expect(excluded.body.urls).toMatchObject({
    counts: { added: 0, changed: 0, removed: 1 },
    removed: [`${HOST}/blog/news/seed`],
  });
  const query = `contentType=${ARTICLE}&documentId=${seed.documentId}`;
  expect((await callAdmin(app.baseUrl, 'DELETE', `/exclusions?${query}`, superToken)).status).toBe(
    200
  );
  const [included] = await events(1);
  expect(included.body.urls).toMatchObject({
    counts: { added: 1, changed: 0, removed: 0 },
    added: [`${HOST}/blog/news/seed`],
  });
});

it('compares a full run too while a webhook listens: an edit seen only by the nightly run is "changed"', async () => {
  const docs = app.strapi.documents(ARTICLE as never);
  const seed = (await docs.findFirst({ filters: { slug: 'seed' } })) as { documentId: string };
  // Written straight to the published row, as an import would: no publish event, no partial run.
  await app.strapi.db.query(ARTICLE as never).updateMany({
    where: { documentId: seed.documentId },
    data: { updatedAt: new Date('2026-01-02') },
  });
  expect((await plugin().service('generator').generate('manual')).status).toBe('success');
  const [event] = await events(1);
  expect(event.body.run.scope).toBe('full');
  expect(event.body.urls).toMatchObject({
    counts: { added: 0, changed: 1, removed: 0 },
    changed: [`${HOST}/blog/news/seed`],
  });
});

it("shows each run's changes in the run history, samples only of the types the admin may read", async () => {
  const status = await callAdmin(app.baseUrl, 'GET', '/status', superToken);
  const [full, included, excluded, unpublished] = status.body.runs;
  expect(included.report.changes.counts).toEqual({ added: 1, changed: 0, removed: 0 });
  expect(excluded.report.changes.counts).toEqual({ added: 0, changed: 0, removed: 1 });
  expect(full.report.changes.counts).toEqual({ added: 0, changed: 1, removed: 0 });
  expect(unpublished.report.changes).toEqual({
    counts: { added: 0, changed: 0, removed: 1 },
    samples: [{ kind: 'removed', url: `${HOST}/blog/news/renamed`, contentType: ARTICLE }],
  });
  // A sitemap reader who may not read articles sees the counts, never their URLs.
  const reader = await createAdminWithActions(app.strapi, app.baseUrl, ['plugin::sitemap.read']);
  const limited = await callAdmin(app.baseUrl, 'GET', '/status', reader.token);
  expect(limited.body.runs[3].report.changes).toEqual({
    counts: { added: 0, changed: 0, removed: 1 },
    samples: [],
  });
  expect(limited.text).not.toContain('/blog/news/renamed');
});

it('sends nothing to a disabled webhook, nor for a run that changed no served file', async () => {
  const list = await strapiAdmin('GET', '/webhooks');
  const hook = list.body.data.find((candidate: { name: string }) => candidate.name === 'Front end');
  const { id, createdAt, updatedAt, ...rest } = hook;
  void createdAt;
  void updatedAt;
  expect((await strapiAdmin('PUT', `/webhooks/${id}`, { ...rest, isEnabled: false })).status).toBe(
    200
  );
  const cdn = await strapiAdmin('POST', '/webhooks', {
    name: 'CDN',
    url: `${receiverUrl}/cdn`,
    headers: {},
    events: ['sitemap.updated'],
  });
  expect(cdn.status).toBe(201);
  // Nothing changed since the last run: every file is written again byte for byte, and kept.
  expect((await plugin().service('generator').generate('manual')).status).toBe('success');
  await createArticle(app.strapi, { title: 'Later', slug: 'later', categoryDocumentId: news });
  const [event] = await events(1);
  expect(event.path).toBe('/revalidate/cdn');
  expect(event.body.run.trigger).toBe('publish');
  expect(event.body.urls.added).toEqual([`${HOST}/blog/news/later`]);
  expect(await settled(app.strapi, 30_000)).toBe(true);
  expect(received).toEqual([]);
});
