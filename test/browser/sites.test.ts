/**
 * Several sites in the admin, in real Chromium, in English and in French: the dashboard's Sites
 * card, the settings page's read-only list of the sites from config/plugins, the preview naming
 * each URL's site, and the edit-view panel's "Listed on shop and blog" with each site's URL. Runs
 * in the SQLite pass, on the admin build test/browser/admin.test.ts uses.
 */
import type { Browser } from 'playwright-core';
import { createSuperAdmin, createFrenchSuperAdmin } from '../helpers/admin-auth';
import { adminPage, launchChromium } from '../helpers/browser';
import { ARTICLE, CATEGORY, createArticle, createCategory } from '../helpers/content';
import { PUBLIC_URL } from '../helpers/config';
import { settled } from '../helpers/settle';
import { databaseClient, startTestStrapi, type TestStrapi } from '../helpers/strapi-app';

const { ensureAdminBuild } = require('../scripts/admin-build');

const SHOP = 'https://shop.example.com';
const BLOG = 'https://blog.example.com';
const describeOnSqlite = databaseClient() === 'sqlite' ? describe : describe.skip;

describeOnSqlite('several sites in the admin, in Chromium', () => {
  let app: TestStrapi;
  let browser: Browser;
  let superAdmin: { email: string };
  let tentId: string;

  const session = (email: string) => adminPage(browser, app.baseUrl, email);

  beforeAll(async () => {
    ensureAdminBuild({ log: () => undefined });
    app = await startTestStrapi({
      serveAdminPanel: true,
      pluginConfig: {
        hostname: 'https://www.example.com',
        publicUrl: PUBLIC_URL,
        cron: false,
        debounceMs: 50,
        customUrls: [],
        feed: true,
        contentTypes: {
          [ARTICLE]: { pattern: '/[slug]', titleField: 'title', visitorMap: {} },
          [CATEGORY]: { pattern: '/topics/[slug]' },
        },
        sites: {
          shop: {
            hostname: SHOP,
            contentTypes: { [ARTICLE]: { filters: { category: { slug: 'gear' } } } },
          },
          blog: { hostname: BLOG, contentTypes: { [ARTICLE]: {} } },
        },
      },
    });
    superAdmin = await createSuperAdmin(app.strapi, app.baseUrl);
    const gear = await createCategory(app.strapi, { name: 'Gear', slug: 'gear' });
    const news = await createCategory(app.strapi, { name: 'News', slug: 'news' });
    tentId = (
      await createArticle(app.strapi, {
        title: 'Tent',
        slug: 'tent',
        categoryDocumentId: gear.documentId,
      })
    ).documentId;
    await createArticle(app.strapi, {
      title: 'Launch',
      slug: 'launch',
      categoryDocumentId: news.documentId,
    });
    expect(await settled(app.strapi, 30_000)).toBe(true);
    expect(
      (await app.strapi.plugin('sitemap').service('generator').generate('manual')).status
    ).toBe('success');
    browser = await launchChromium();
  }, 900_000);

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('shows each site on the dashboard, the settings page, the preview and the edit-view panel', async () => {
    const page = await session(superAdmin.email);
    await page.goto(`${app.baseUrl}/admin/plugins/sitemap`);
    const sites = page.getByRole('region', { name: 'Sites', exact: true });
    const rowOf = (name: string) => sites.getByRole('row').filter({ hasText: name });
    await rowOf('Main site').getByText('2 in 1 file').waitFor();
    await rowOf('shop').getByText('1 in 1 file').waitFor();
    await rowOf('blog').getByText('2 in 1 file').waitFor();
    expect(await rowOf('shop').getByRole('link', { name: 'Feed' }).getAttribute('href')).toBe(
      `${PUBLIC_URL}/recent__shop.atom`
    );
    expect(
      await rowOf('blog').getByRole('link', { name: 'Site map for visitors' }).getAttribute('href')
    ).toBe(`${PUBLIC_URL}/plan.html?site=blog`);
    await rowOf('shop').getByText(SHOP).waitFor();
    await rowOf('shop').getByText('Article').waitFor();

    await page.goto(`${app.baseUrl}/admin/settings/sitemap`);
    const siteList = page.getByRole('list', { name: 'Sites', exact: true });
    await siteList.getByText('shop', { exact: true }).waitFor();
    await page
      .getByRole('list', { name: 'Content types of shop' })
      .getByText('Article {"category":{"slug":"gear"}}')
      .waitFor();
    await page
      .getByRole('list', { name: 'Content types of blog' })
      .getByText('Article — every entry')
      .waitFor();
    const preview = page
      .getByRole('region', { name: 'Article', exact: true })
      .getByRole('list', { name: 'URLs of the first entries' });
    await preview
      .getByRole('listitem')
      .filter({ hasText: `${SHOP}/tent` })
      .getByText('on shop')
      .waitFor();
    await preview
      .getByRole('listitem')
      .filter({ hasText: `${BLOG}/tent` })
      .getByText('on blog')
      .waitFor();

    await page.goto(`${app.baseUrl}/admin/content-manager/collection-types/${ARTICLE}/${tentId}`);
    const panel = page.getByRole('list', { name: 'Sitemap status per locale' });
    await panel.getByText('Listed on shop and blog').waitFor();
    const urls = panel.getByRole('list', { name: 'Its URL on each site' });
    await urls.getByRole('link', { name: `${SHOP}/tent` }).waitFor();
    await urls.getByRole('link', { name: `${BLOG}/tent` }).waitFor();
    await page.context().close();
  });

  it('speaks French about the sites', async () => {
    const email = 'sites-fr@example.com';
    await createFrenchSuperAdmin(app.strapi, email, 'Sylvie');
    const page = await session(email);
    await page.goto(`${app.baseUrl}/admin/plugins/sitemap`);
    const sites = page.getByRole('region', { name: 'Sites', exact: true });
    await sites.getByText('Ce Strapi alimente plusieurs sites', { exact: false }).waitFor();
    await sites
      .getByRole('row')
      .filter({ hasText: 'Site principal' })
      .getByText('2 dans 1 fichier')
      .waitFor();
    await sites
      .getByRole('row')
      .filter({ hasText: 'blog' })
      .getByRole('link', { name: 'Flux' })
      .waitFor();

    await page.goto(`${app.baseUrl}/admin/settings/sitemap`);
    await page
      .getByRole('list', { name: 'Types de contenu de blog' })
      .getByText('Article — toutes les entrées')
      .waitFor();
    await page
      .getByRole('region', { name: 'Article', exact: true })
      .getByRole('list', { name: 'URL des premières entrées' })
      .getByText('sur shop')
      .waitFor();

    await page.goto(`${app.baseUrl}/admin/content-manager/collection-types/${ARTICLE}/${tentId}`);
    const panel = page.getByRole('list', { name: 'État dans le sitemap par langue' });
    await panel.getByText('Listée sur shop et blog').waitFor();
    await panel
      .getByRole('list', { name: 'Son URL sur chaque site' })
      .getByRole('link', { name: `${SHOP}/tent` })
      .waitFor();
    await page.context().close();
  });
});
