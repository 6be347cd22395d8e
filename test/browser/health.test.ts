/**
 * The health check's card on the dashboard, in real Chromium, in English and in French: what the
 * last check found, each URL at fault with why and a link to edit its entry, and a check started
 * from the card. The front end is a stand-in on 127.0.0.1 named in the config file. Runs in the
 * SQLite pass, on the admin build test/browser/admin.test.ts uses.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { createSuperAdmin, createFrenchSuperAdmin } from '../helpers/admin-auth';
import { adminPage, launchChromium } from '../helpers/browser';
import { ARTICLE, createArticle } from '../helpers/content';
import { PUBLIC_URL } from '../helpers/config';
import { settled } from '../helpers/settle';
import { databaseClient, startTestStrapi, type TestStrapi } from '../helpers/strapi-app';

const { ensureAdminBuild } = require('../scripts/admin-build');

const describeOnSqlite = databaseClient() === 'sqlite' ? describe : describe.skip;

describeOnSqlite('the health check on the dashboard, in Chromium', () => {
  let app: TestStrapi;
  let browser: Browser;
  let superAdmin: { email: string };
  let goneId: string;
  let requests = 0;
  const front = createServer((request, response) => {
    requests++;
    response.writeHead(request.url === '/gone' ? 410 : 200, { 'Content-Type': 'text/html' });
    response.end('<!doctype html><title>Page</title>');
  });

  const session = (email: string) => adminPage(browser, app.baseUrl, email);

  beforeAll(async () => {
    ensureAdminBuild({ log: () => undefined });
    await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve));
    const origin = `http://127.0.0.1:${(front.address() as AddressInfo).port}`;
    app = await startTestStrapi({
      serveAdminPanel: true,
      pluginConfig: {
        hostname: origin,
        publicUrl: PUBLIC_URL,
        cron: false,
        debounceMs: 50,
        customUrls: [],
        contentTypes: { [ARTICLE]: { pattern: '/[slug]' } },
        healthCheck: { cron: false, perSecond: 20 },
      },
    });
    superAdmin = await createSuperAdmin(app.strapi, app.baseUrl);
    goneId = (await createArticle(app.strapi, { title: 'Gone', slug: 'gone' })).documentId;
    await createArticle(app.strapi, { title: 'Here', slug: 'here' });
    expect(await settled(app.strapi, 30_000)).toBe(true);
    const plugin = app.strapi.plugin('sitemap');
    expect((await plugin.service('generator').generate('manual')).status).toBe('success');
    expect((await plugin.service('health-check').run(true)).faultCount).toBe(1);
    browser = await launchChromium();
  }, 900_000);

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
    front.close();
  });

  it('lists the URLs at fault with a link to edit each entry, and checks again on demand', async () => {
    const page = await session(superAdmin.email);
    await page.goto(`${app.baseUrl}/admin/plugins/sitemap`);
    const card = page.getByRole('region', { name: 'Listed URLs as crawlers find them' });
    await card.getByText('2 URLs checked on', { exact: false }).waitFor();
    await card.getByText('(every URL): 1 at fault', { exact: false }).waitFor();
    const row = card.getByRole('row').filter({ hasText: '/gone' });
    await row.getByText('Not found (404 or 410)').waitFor();
    expect(await row.getByRole('link', { name: 'Edit the entry' }).getAttribute('href')).toBe(
      `/admin/content-manager/collection-types/${ARTICLE}/${goneId}?plugins[i18n][locale]=en`
    );
    const before = requests;
    await card.getByRole('button', { name: 'Check a sample now' }).click();
    await card.getByText('(a sample): 1 at fault', { exact: false }).waitFor();
    expect(requests).toBe(before + 2);
    await page.context().close();
  });

  it('speaks French', async () => {
    const email = 'sante-fr@example.com';
    await createFrenchSuperAdmin(app.strapi, email, 'Sandrine');
    const page = await session(email);
    await page.goto(`${app.baseUrl}/admin/plugins/sitemap`);
    const card = page.getByRole('region', {
      name: 'Les URL listées telles que les robots les trouvent',
    });
    await card.getByText('2 URL vérifiées le', { exact: false }).waitFor();
    await card
      .getByRole('row')
      .filter({ hasText: '/gone' })
      .getByText('Introuvable (404 ou 410)')
      .waitFor();
    await card.getByRole('link', { name: 'Modifier l’entrée' }).waitFor();
    await card.getByRole('button', { name: 'Vérifier toutes les URL' }).waitFor();
    await page.context().close();
  });
});
