/**
 * The health check of listed URLs on a real Strapi, against a stand-in front end on 127.0.0.1
 * (named in the config file, so it may be a local address): every listed URL is fetched once with
 * the check's own user agent and each fault is found with the entry it comes from: gone, missing,
 * moved, noindex (meta tag and header), a canonical link elsewhere, a soft 404. A sample checks
 * only as many URLs as asked. A locale host an admin set to a local address is refused, and the
 * stand-in behind it never asked; an admin who may not read a type sees none of its faults.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startTestStrapi, type TestStrapi } from '../helpers/strapi-app';
import { addLocale, ARTICLE, createArticle } from '../helpers/content';
import { testConfig } from '../helpers/config';
import { createAdminWithActions, createSuperAdmin } from '../helpers/admin-auth';
import { settled } from '../helpers/settle';

const PAGES: Record<string, { status?: number; headers?: Record<string, string>; head?: string }> =
  {
    ok: { head: '<title>All good</title><link rel="canonical" href="/ok">' },
    gone: { status: 410 },
    missing: { status: 404 },
    moved: { status: 301, headers: { Location: '/ok' } },
    'meta-noindex': { head: '<META content="noindex, follow" name=robots>' },
    'header-noindex': { headers: { 'X-Robots-Tag': 'noindex' } },
    canonical: { head: '<link href="https://elsewhere.example.com/ok" rel="canonical">' },
    soft: { head: '<title>Page not found – Example</title>' },
  };

/** A front end: each path's page, and every request it was sent. */
function standIn() {
  const requests: IncomingMessage[] = [];
  const server = createServer((request, response) => {
    requests.push(request);
    const path = (request.url ?? '/').slice(1);
    // `contact` is the custom URL's page.
    const page = PAGES[path] ?? (path === 'contact' ? {} : { status: 404 });
    response.writeHead(page.status ?? 200, { 'Content-Type': 'text/html', ...page.headers });
    response.end(
      `<!doctype html><html><head>${page.head ?? ''}</head><body><h1>Hi</h1></body></html>`
    );
  });
  return { server, requests };
}

const listen = (server: Server) =>
  new Promise<string>((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)
    )
  );

let app: TestStrapi;
const front = standIn();
const adminFront = standIn();
let FRONT: string;
let ADMIN_FRONT: string;
let superAdmin: { token: string };
const ids: Record<string, string> = {};
const plugin = () => app.strapi.plugin('sitemap');

async function api(method: string, path: string, token: string, body?: unknown) {
  const response = await fetch(`${app.baseUrl}/sitemap${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as any };
}

beforeAll(async () => {
  FRONT = await listen(front.server);
  ADMIN_FRONT = await listen(adminFront.server);
  app = await startTestStrapi({
    pluginConfig: testConfig({
      hostname: FRONT,
      contentTypes: { [ARTICLE]: { pattern: '/[slug]', locales: { fr: { pattern: '/[slug]' } } } },
      customUrls: [{ url: '/contact' }],
      cron: false,
      debounceMs: 50,
      healthCheck: { cron: false, perSecond: 20, sample: 3, checkAllUpTo: 100 },
    }),
  });
  for (const slug of Object.keys(PAGES))
    ids[slug] = (await createArticle(app.strapi, { title: slug, slug })).documentId;
  expect(await settled(app.strapi, 30_000)).toBe(true);
  expect((await plugin().service('generator').generate('manual')).status).toBe('success');
  superAdmin = await createSuperAdmin(app.strapi, app.baseUrl);
}, 120_000);

afterAll(async () => {
  await app?.stop();
  front.server.close();
  adminFront.server.close();
});

it('fetches every listed URL once and finds each fault with the entry it comes from', async () => {
  front.requests.length = 0;
  const report = await plugin().service('health-check').run(true);
  expect(report.error).toBeUndefined();
  expect(report.checked).toBe(Object.keys(PAGES).length + 1);
  expect(front.requests).toHaveLength(report.checked);
  expect(new Set(front.requests.map((request) => request.headers['user-agent']))).toEqual(
    new Set(['StrapiSitemapHealthCheck/1.0'])
  );
  const faults = Object.fromEntries(
    report.faults.map((fault: any) => [new URL(fault.url).pathname.slice(1), fault])
  );
  expect(
    Object.fromEntries(Object.entries(faults).map(([slug, fault]: any) => [slug, fault.problem]))
  ).toEqual({
    gone: 'not-found',
    missing: 'not-found',
    moved: 'redirect',
    'meta-noindex': 'noindex',
    'header-noindex': 'noindex',
    canonical: 'canonical-elsewhere',
    soft: 'soft-404',
  });
  expect(faults.moved.detail).toBe(`301 → ${FRONT}/ok`);
  expect(faults.canonical.detail).toBe('https://elsewhere.example.com/ok');
  expect(faults.gone).toMatchObject({
    contentType: ARTICLE,
    documentId: ids.gone,
    locale: 'en',
  });
  expect(report.faultCount).toBe(7);
  // The redirect was reported, not followed.
  expect(front.requests.filter((request) => request.url === '/ok')).toHaveLength(1);
});

it('checks a sample of the size asked', async () => {
  front.requests.length = 0;
  const report = await plugin().service('health-check').run(false);
  expect(report.checked).toBe(3);
  expect(front.requests).toHaveLength(3);
});

it('refuses a locale host an admin set to a local address, and never asks it', async () => {
  const saved = await api('PUT', '/settings', superAdmin.token, {
    hostnames: { fr: ADMIN_FRONT },
  });
  expect(saved.status).toBe(200);
  await addLocale(app.strapi, {
    documentId: ids.ok,
    locale: 'fr',
    data: { title: 'ok', slug: 'ok' },
  });
  expect(await settled(app.strapi, 30_000)).toBe(true);
  expect((await plugin().service('generator').generate('manual')).status).toBe('success');

  const report = await plugin().service('health-check').run(true);
  const refused = report.faults.filter((fault: any) => fault.problem === 'refused');
  expect(refused.map((fault: any) => fault.url)).toEqual([`${ADMIN_FRONT}/ok`]);
  expect(refused[0].detail).toContain('private or local address');
  expect(adminFront.requests).toHaveLength(0);
});

it('shows the faults over the admin API to those who may read their type, and checks on demand', async () => {
  const full = await api('GET', '/health-check', superAdmin.token);
  expect(full.status).toBe(200);
  expect(full.body.enabled).toBe(true);
  expect(full.body.report.faults.length).toBeGreaterThan(0);

  const reader = await createAdminWithActions(app.strapi, app.baseUrl, ['plugin::sitemap.read']);
  const limited = await api('GET', '/health-check', reader.token);
  expect(limited.status).toBe(200);
  expect(limited.body.report.faultCount).toBe(full.body.report.faultCount);
  expect(limited.body.report.faults).toEqual([]);
  // Starting a check is the regenerate permission's.
  expect((await api('POST', '/health-check', reader.token, {})).status).toBe(403);

  expect((await api('POST', '/health-check', superAdmin.token, { all: 'yes' })).status).toBe(400);
  const started = await api('POST', '/health-check', superAdmin.token, { all: true });
  expect(started.status).toBe(202);
  for (let i = 0; i < 100; i++) {
    const { body } = await api('GET', '/health-check', superAdmin.token);
    if (!body.running && body.report.finishedAt) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const done = await api('GET', '/health-check', superAdmin.token);
  expect(done.body.report.all).toBe(true);
  expect(done.body.report.checked).toBe(Object.keys(PAGES).length + 2);
});
