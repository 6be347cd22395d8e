/**
 * The admin panel in real Chromium, on the built admin of test/app with the plugin: settings with
 * live preview and server-side validation, generation and the dashboard, the robots.txt snippet,
 * the French UI and RBAC. Runs once, in the SQLite pass: the admin does not depend on the database.
 * Saves screenshots of the dashboard, the settings page and the edit-view panel (linked from the README).
 */
import path from 'path';
import type { UID } from '@strapi/strapi';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import {
  ADMIN_PASSWORD,
  createAdminWithActions,
  createSuperAdmin,
  loginAdmin,
  createFrenchSuperAdmin,
} from '../helpers/admin-auth';
import { launchChromium, loginInBrowser } from '../helpers/browser';
import { ARTICLE, createArticle, createCategory } from '../helpers/content';
import { PUBLIC_URL } from '../helpers/config';
import { fetchSitemapSet } from '../helpers/sitemap-http';
import { databaseClient, startTestStrapi, type TestStrapi } from '../helpers/strapi-app';
import { uploadFile } from '../helpers/uploads';

const { ensureAdminBuild } = require('../scripts/admin-build');

const SCREENSHOTS = path.resolve(__dirname, 'screenshots');
const STORY = 'api::story.story';
const describeOnSqlite = databaseClient() === 'sqlite' ? describe : describe.skip;

describeOnSqlite('admin panel in Chromium', () => {
  let app: TestStrapi;
  let browser: Browser;
  let superAdmin: { email: string; token: string };
  let orphanId: string;
  let firstPostId: string;

  const adminGet = async (route: string) => {
    const response = await fetch(`${app.baseUrl}${route}`, {
      headers: { Authorization: `Bearer ${superAdmin.token}` },
    });
    return response.json() as Promise<any>;
  };

  /** Waits until the saved settings satisfy `check` (a save answers before the page shows it). */
  async function expectSettings(check: (settings: any) => boolean) {
    for (let i = 0; i < 100; i++) {
      if (check((await adminGet('/sitemap/settings')).settings)) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(
      `saved settings never matched: ${JSON.stringify((await adminGet('/sitemap/settings')).settings)}`
    );
  }

  async function newSession(
    email: string,
    password = ADMIN_PASSWORD
  ): Promise<{ context: BrowserContext; page: Page }> {
    const context = await browser.newContext({
      viewport: { width: 1440, height: 1000 },
      permissions: ['clipboard-read', 'clipboard-write'],
    });
    const page = await context.newPage();
    await loginInBrowser(page, app.baseUrl, email, password);
    return { context, page };
  }

  /**
   * A tall window, reloaded so no notification covers the page: the README shows these. `loaded` is what
   * must be on screen first, beyond the page's heading (the edit view's panel loads after the page).
   */
  async function saveScreenshot(
    page: Page,
    name: string,
    readyHeading: string,
    loaded?: (page: Page) => Locator
  ) {
    await page.setViewportSize({ width: 1440, height: name === 'edit-view' ? 1000 : 2600 });
    await page.reload();
    await page.getByRole('heading', { name: readyHeading, level: 1 }).waitFor();
    if (loaded) await loaded(page).waitFor();
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`) });
  }

  beforeAll(async () => {
    ensureAdminBuild({ log: () => undefined });
    app = await startTestStrapi({
      serveAdminPanel: true,
      pluginConfig: {
        hostname: 'https://www.example.com',
        publicUrl: PUBLIC_URL,
        contentTypes: {},
        customUrls: [],
      },
    });
    superAdmin = await createSuperAdmin(app.strapi, app.baseUrl);
    const news = await createCategory(app.strapi, { name: 'News', slug: 'news' });
    firstPostId = (
      await createArticle(app.strapi, {
        title: 'First post',
        slug: 'first-post',
        categoryDocumentId: news.documentId,
      })
    ).documentId;
    await createArticle(app.strapi, {
      title: 'Second post',
      slug: 'second-post',
      categoryDocumentId: news.documentId,
    });
    orphanId = (await createArticle(app.strapi, { title: 'No category', slug: 'orphan' }))
      .documentId;
    browser = await launchChromium();
  }, 900_000);

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('maps a content type with the keyboard, builds its pattern with the field picker and previews it', async () => {
    const { context, page } = await newSession(superAdmin.email);
    await page.goto(`${app.baseUrl}/admin/settings/sitemap`);
    await page.getByRole('heading', { name: 'Sitemap settings' }).waitFor();
    await page.getByText('No content type is mapped yet').waitFor();

    // Keyboard only: open the select, take the first type (Article), then the button next to it.
    await page.getByRole('combobox', { name: 'Content type to add' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('option', { name: 'Article', exact: true }).waitFor();
    await page.keyboard.press('Enter');
    await page.waitForFunction(
      () =>
        document.activeElement?.getAttribute('role') === 'combobox' &&
        document.activeElement.textContent === 'Article'
    );
    await page.keyboard.press('Tab');
    await page.waitForFunction(() => document.activeElement?.textContent === 'Add to the sitemap');
    await page.keyboard.press('Enter');
    const card = page.getByRole('region', { name: 'Article', exact: true });
    await card.waitFor();

    const pattern = card.getByLabel('URL pattern');
    await pattern.fill('/blog');
    for (const token of ['[category.slug]', '[slug]']) {
      await card.getByRole('combobox', { name: 'Insert a field' }).click();
      await page.getByRole('option', { name: token, exact: true }).click();
    }
    expect(await pattern.inputValue()).toBe('/blog/[category.slug]/[slug]');

    const preview = card.getByRole('list', { name: 'URLs of the first entries' });
    await preview.getByText('https://www.example.com/blog/news/first-post').waitFor();
    await preview.getByText('https://www.example.com/blog/news/second-post').waitFor();
    await card.getByText('This type would give about 3 URLs').waitFor();
    await card
      .getByRole('list', { name: 'Left out' })
      .getByText(`Pattern cannot be filled: ${orphanId}`)
      .waitFor();
    await context.close();
  });

  it('refuses invalid settings field by field and saves nothing, then saves valid ones', async () => {
    const { context, page } = await newSession(superAdmin.email);
    await page.goto(`${app.baseUrl}/admin/settings/sitemap`);
    await page.getByRole('combobox', { name: 'Content type to add' }).click();
    await page.getByRole('option', { name: 'Article', exact: true }).click();
    await page.getByRole('button', { name: 'Add to the sitemap' }).click();
    const card = page.getByRole('region', { name: 'Article', exact: true });

    // Checked in the browser, in the editor's language.
    await card.getByLabel('URL pattern').fill('/blog/[slug]');
    await card.getByLabel('Priority', { exact: true }).fill('2');
    await page.getByRole('button', { name: 'Save' }).click();
    await card.getByText('Enter a number from 0.0 to 1.0, or leave empty.').waitFor();

    // Checked on the server: a field the type does not have, shown under the pattern.
    await card.getByLabel('Priority', { exact: true }).fill('0.8');
    await card.getByLabel('URL pattern').fill('/blog/[nope]');
    await page.getByRole('button', { name: 'Save' }).click();
    // Anchored: the pattern preview's "Cannot preview: …" line, when it answers first, holds the same words.
    await card.getByText(/^\[nope\]: "nope" is not a field of api::article\.article/).waitFor();
    await page.getByText('Nothing was saved: fix the fields marked in red.').first().waitFor();
    expect((await adminGet('/sitemap/settings')).settings.contentTypes).toEqual({});

    await card.getByLabel('URL pattern').fill('/blog/[category.slug]/[slug]');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Settings saved.').first().waitFor();
    const saved = await adminGet('/sitemap/settings');
    expect(saved.settings.contentTypes[ARTICLE]).toEqual({
      pattern: '/blog/[category.slug]/[slug]',
      priority: 0.8,
    });
    expect(saved.sources.contentTypes).toBe('admin');
    expect(saved.sources.hostname).toBe('config');
    await page
      .getByRole('region', { name: 'Content types' })
      .getByText('Saved in the admin')
      .waitFor();
    await page
      .getByRole('region', { name: 'Site' })
      .getByText('From config/plugins.ts')
      .first()
      .waitFor();

    await page.getByText('Runs: At 03:00').waitFor();
    // The next runs name the zone they are shown in (the server's: no cronTimezone is set).
    await page.getByText(/^Next runs \([\w/+-]+\): /).waitFor();
    await page.getByLabel('Time zone of the schedule').waitFor();
    await saveScreenshot(page, 'settings', 'Sitemap settings');
    await context.close();
  });

  it('picks the images, video and news fields of a type, previews them and saves them', async () => {
    const poster = await uploadFile(app.strapi, 'poster.png');
    const clip = await uploadFile(app.strapi, 'clip.mp4', 'video/mp4');
    const story = await app.strapi.documents(STORY as UID.ContentType).create({
      data: {
        title: 'Harbour',
        slug: 'harbour',
        summary: 'Boats at dawn',
        cover: poster.id,
        clip: clip.id,
      } as any,
    });
    await app.strapi.documents(STORY as UID.ContentType).publish({ documentId: story.documentId });
    // A print version whose SEO component names the harbour page as canonical.
    const print = await app.strapi.documents(STORY as UID.ContentType).create({
      data: {
        title: 'Harbour (print)',
        slug: 'harbour-print',
        seo: { canonicalURL: 'https://www.example.com/stories/harbour' },
      } as any,
    });
    await app.strapi.documents(STORY as UID.ContentType).publish({ documentId: print.documentId });

    const { context, page } = await newSession(superAdmin.email);
    await page.goto(`${app.baseUrl}/admin/settings/sitemap`);
    await page.getByRole('combobox', { name: 'Content type to add' }).click();
    await page.getByRole('option', { name: 'Story', exact: true }).click();
    await page.getByRole('button', { name: 'Add to the sitemap' }).click();
    const card = page.getByRole('region', { name: 'Story', exact: true });
    await card.getByLabel('URL pattern').fill('/stories/[slug]');

    const choose = async (field: string, option: string) => {
      await card.getByRole('combobox', { name: field }).click();
      await page.getByRole('option', { name: option, exact: true }).click();
    };
    await choose('Images listed with each URL', 'cover');
    await page.keyboard.press('Escape');
    await choose('Video (file or player URL)', 'clip');
    await choose('Video title', 'title');
    await choose('Video description', 'summary');
    await choose('Thumbnail', 'cover');
    await card.getByLabel('News sitemap: publication name').fill('The Example Times');
    await choose('News title from', 'title');
    await choose('News publication date from', 'publishedAt');

    const url = 'https://www.example.com/stories/harbour';
    const images = card.getByRole('list', { name: `Images of ${url}` });
    await images.getByText(`https://cms.example.com${poster.url}`).waitFor();
    await card.getByText(`Video: Harbour (https://cms.example.com${clip.url})`).waitFor();
    await card.getByText(/^In the news sitemap now: Harbour \(/).waitFor();

    // On by default, the SEO component leaves the print version out, and says why.
    await card.getByText('Reads seo.metaRobots, seo.canonicalURL', { exact: false }).waitFor();
    const leftOut = card.getByRole('list', { name: 'Left out' });
    await leftOut
      .getByText(
        `Canonical URL is another page: ${print.documentId} — canonicalURL: https://www.example.com/stories/harbour`
      )
      .waitFor();
    const seo = card.getByRole('checkbox', { name: 'Respect the SEO component' });
    await seo.click();
    await card.getByText('https://www.example.com/stories/harbour-print').first().waitFor();
    await seo.click();
    await leftOut.getByText(/^Canonical URL is another page/).waitFor();

    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Settings saved.').first().waitFor();
    await expectSettings((settings) => Boolean(settings.contentTypes[STORY]?.news));
    expect((await adminGet('/sitemap/settings')).settings.contentTypes[STORY]).toEqual({
      pattern: '/stories/[slug]',
      images: ['cover'],
      video: { field: 'clip', title: 'title', description: 'summary', thumbnail: 'cover' },
      news: { publicationName: 'The Example Times', titleField: 'title', dateField: 'publishedAt' },
    });
    await context.close();
  });

  it('lists a type in the site map for visitors, grouped by its category, and previews where its pages stand', async () => {
    const { context, page } = await newSession(superAdmin.email);
    await page.goto(`${app.baseUrl}/admin/settings/sitemap`);
    const card = page.getByRole('region', { name: 'Article', exact: true });
    await card.getByRole('checkbox', { name: 'In the site map for visitors' }).click();
    await card.getByRole('combobox', { name: 'Group pages by' }).click();
    await page.getByRole('option', { name: 'category.name', exact: true }).click();
    await card.getByRole('combobox', { name: 'Page title (feed, site map for visitors)' }).click();
    await page.getByRole('option', { name: 'title', exact: true }).click();
    await card.getByLabel('Section label (en)').fill('Blog');
    await card.getByText('In the site map for visitors: Blog › News › First post').waitFor();

    await page.getByRole('button', { name: 'Save' }).click();
    await expectSettings((settings) => Boolean(settings.contentTypes[ARTICLE]?.visitorMap));
    const saved = (await adminGet('/sitemap/settings')).settings.contentTypes[ARTICLE];
    expect(saved.visitorMap).toEqual({ groupBy: 'category.name', labels: { en: 'Blog' } });
    expect(saved.titleField).toBe('title');
    await context.close();
  });

  it('adds, edits and removes custom URLs', async () => {
    const { context, page } = await newSession(superAdmin.email);
    await page.goto(`${app.baseUrl}/admin/settings/sitemap`);
    const custom = page.getByRole('region', { name: 'Custom URLs' });
    await custom.getByRole('button', { name: 'Add a custom URL' }).click();
    const first = custom.getByRole('group', { name: 'Custom URL 1' });
    await first.getByLabel('URL or path').fill('about');
    await page.getByRole('button', { name: 'Save' }).click();
    await custom.getByText('Enter a path starting with "/" or an absolute http(s) URL.').waitFor();

    await first.getByLabel('URL or path').fill('/about');
    await first.getByLabel('Last modified (YYYY-MM-DD)').fill('2026-01-31');
    await page.getByRole('button', { name: 'Save' }).click();
    await expectSettings((settings) => settings.customUrls.length === 1);
    expect((await adminGet('/sitemap/settings')).settings.customUrls).toEqual([
      { url: '/about', lastmod: '2026-01-31' },
    ]);

    await first.getByLabel('URL or path').fill('/about-us');
    await page.getByRole('button', { name: 'Save' }).click();
    await expectSettings((settings) => settings.customUrls[0]?.url === '/about-us');

    await custom.getByRole('button', { name: 'Remove custom URL 1' }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    await expectSettings((settings) => settings.customUrls.length === 0);
    await custom.getByText('No custom URL.', { exact: false }).waitFor();
    await context.close();
  });

  it('generates from the dashboard and shows counts, files, warnings with links, and the robots.txt line to copy', async () => {
    const { context, page } = await newSession(superAdmin.email);
    await page.goto(`${app.baseUrl}/admin/plugins/sitemap`);
    await page.getByRole('button', { name: 'Generate now' }).click();
    // Two articles, and the story mapped with its image, video and news fields above.
    await page.getByText('Generation finished: 3 URLs').first().waitFor({ timeout: 60_000 });

    const counts = page.getByRole('region', { name: 'URLs per content type and locale' });
    await counts.getByRole('row', { name: /^Article en 2$/ }).waitFor();
    // The bars are one picture, named by the same numbers in words.
    await counts
      .getByRole('img', {
        name: 'URLs per content type and locale, as bars. Article (en): 2, Story: 1',
      })
      .waitFor();
    await page
      .getByRole('region', { name: 'Images, videos and news per content type' })
      .getByRole('row', { name: /^Story 1 1 1$/ })
      .waitFor();
    await page
      .getByRole('region', { name: 'Recent runs' })
      .getByRole('img', {
        name: /^The last \d+ runs: \d+ full \(median [\d.]+ s\), \d+ incremental/,
      })
      .waitFor();
    await page
      .getByRole('region', { name: 'Files' })
      .getByRole('link', { name: /^article-\d+\.xml$/ })
      .waitFor();

    const visitors = page.getByRole('region', { name: 'Site map for visitors' });
    await visitors.getByText('2 pages are listed for people', { exact: false }).waitFor();
    await visitors.getByRole('link', { name: `${PUBLIC_URL}/plan.html` }).waitFor();

    const warnings = page.getByRole('region', { name: 'Validation warnings' });
    await warnings.getByText('Pattern cannot be filled').waitFor();
    const entryLink = warnings.getByRole('link', { name: new RegExp(orphanId) });
    expect(await entryLink.getAttribute('href')).toBe(
      `/admin/content-manager/collection-types/${ARTICLE}/${orphanId}?plugins[i18n][locale]=en`
    );

    const robots = page.getByRole('region', { name: 'robots.txt' });
    await robots.getByText('cross-host submission', { exact: false }).waitFor();
    await robots.getByRole('button', { name: 'Copy' }).click();
    await page.getByText('Copied to the clipboard.').first().waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      `Sitemap: ${PUBLIC_URL}/index.xml`
    );

    await saveScreenshot(page, 'dashboard', 'Sitemap');
    await context.close();
  });

  it('browses a file without XSLT: its URLs, a search, the entry of each', async () => {
    const { context, page } = await newSession(superAdmin.email);
    await page.goto(`${app.baseUrl}/admin/plugins/sitemap`);
    const fileLink = page
      .getByRole('region', { name: 'Files' })
      .getByRole('link', { name: /^article-\d+\.xml$/ });
    const name = (await fileLink.textContent())!;
    await fileLink.click();
    await page.getByRole('heading', { name, level: 1 }).waitFor();
    // The design system's tables are grids.
    const table = page.getByRole('grid');
    await table.getByRole('link', { name: /news\/first-post/ }).waitFor();
    await table.getByRole('link', { name: /news\/second-post/ }).waitFor();
    const edit = table
      .getByRole('row')
      .filter({ hasText: 'first-post' })
      .getByRole('link', { name: 'Edit (en)' });
    expect(await edit.getAttribute('href')).toBe(
      `/admin/content-manager/collection-types/${ARTICLE}/${firstPostId}?plugins[i18n][locale]=en`
    );
    await page.getByRole('searchbox', { name: 'Search the URLs' }).fill('second');
    await page.getByText('1 URL holds “second”.').waitFor();
    expect(await table.getByRole('row').count()).toBe(2);
    await page.getByRole('link', { name: 'Back to the dashboard' }).click();
    await page.getByRole('button', { name: 'Generate now' }).waitFor();
    await context.close();
  });

  it('shows an entry in the edit-view panel and excludes it from the sitemap, then includes it again', async () => {
    const FIRST_POST = 'https://www.example.com/blog/news/first-post';
    const servedUrls = async () => (await fetchSitemapSet(app.baseUrl)).urls.map((url) => url.loc);
    const until = async (check: (urls: string[]) => boolean) => {
      for (let i = 0; i < 100 && !check(await servedUrls()); i++)
        await new Promise((resolve) => setTimeout(resolve, 100));
      expect(check(await servedUrls())).toBe(true);
    };

    const { context, page } = await newSession(superAdmin.email);
    await page.goto(
      `${app.baseUrl}/admin/content-manager/collection-types/${ARTICLE}/${firstPostId}?plugins[i18n][locale]=en`
    );
    await page.getByRole('heading', { name: 'Sitemap', level: 2 }).waitFor();
    const panel = page.getByRole('list', { name: 'Sitemap status per locale' });
    await panel.getByText('Listed', { exact: true }).waitFor();
    await panel.getByRole('link', { name: FIRST_POST }).waitFor();
    await panel.getByRole('link', { name: /^article-\d+\.xml/ }).waitFor();

    const exclude = page.getByRole('checkbox', { name: 'Exclude from the sitemap' });
    await exclude.click();
    await page.getByText('Excluded from the sitemap.', { exact: false }).first().waitFor();
    await panel.getByText('Excluded', { exact: true }).waitFor();
    await until((urls) => !urls.includes(FIRST_POST));
    expect(
      await page
        .getByRole('checkbox', { name: 'Exclude from the sitemap' })
        .getAttribute('aria-checked')
    ).toBe('true');

    await page.getByRole('checkbox', { name: 'Exclude from the sitemap' }).click();
    await page.getByText('Included in the sitemap again.', { exact: false }).first().waitFor();
    await until((urls) => urls.includes(FIRST_POST));
    await panel.getByText('Listed', { exact: true }).waitFor();
    await saveScreenshot(page, 'edit-view', 'First post', (reloaded) =>
      reloaded
        .getByRole('list', { name: 'Sitemap status per locale' })
        .getByRole('link', { name: /^article-\d+\.xml/ })
    );
    await context.close();
  });

  it("lists each run's URL changes, and ticks a Strapi webhook to receive sitemap.updated", async () => {
    const created = await fetch(`${app.baseUrl}/admin/webhooks`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${superAdmin.token}` },
      body: JSON.stringify({
        name: 'Front end',
        url: 'https://front.example.com/revalidate',
        headers: {},
        events: ['entry.publish'],
      }),
    });
    expect(created.status).toBe(201);
    const { context, page } = await newSession(superAdmin.email);
    await page.goto(`${app.baseUrl}/admin/plugins/sitemap`);
    // The edit-view test above excluded the first post, then included it again: two partial runs.
    const runs = page.getByRole('region', { name: 'Recent runs' });
    await runs.getByText('+0 · 0 changed · −1').first().waitFor();
    await runs.getByText('+1 · 0 changed · −0').first().waitFor();
    await runs
      .getByText('removed: https://www.example.com/blog/news/first-post', { exact: true })
      .first()
      .waitFor();

    await page.goto(`${app.baseUrl}/admin/settings/sitemap`);
    const card = page.getByRole('region', { name: 'Front ends and CDNs' });
    const tick = card.getByRole('checkbox', {
      name: 'Front end — https://front.example.com/revalidate',
    });
    await tick.click();
    for (let i = 0; i < 100; i++) {
      const { data } = await adminGet('/admin/webhooks');
      if (data[0]?.events.includes('sitemap.updated')) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const { data } = await adminGet('/admin/webhooks');
    expect(data[0].events.sort()).toEqual(['entry.publish', 'sitemap.updated']);
    await context.close();
  });

  it('speaks French to an admin whose language is French', async () => {
    const email = 'francoise@example.com';
    await createFrenchSuperAdmin(app.strapi, email, 'Françoise');
    const { context, page } = await newSession(email);
    await page.goto(`${app.baseUrl}/admin/plugins/sitemap`);
    await page.getByRole('heading', { name: 'Plan du site', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Générer maintenant' }).waitFor();
    await page
      .getByRole('region', { name: 'Avertissements de validation' })
      .getByText('Modèle impossible à remplir')
      .waitFor();
    await page
      .getByRole('img', {
        name: /^URL par type de contenu et par langue, en barres\. Article \(en\): 2/,
      })
      .waitFor();
    await page
      .getByRole('img', { name: /^Les \d+ dernières générations : \d+ complètes/ })
      .waitFor();
    await page
      .getByRole('region', { name: 'Images, vidéos et actualités par type de contenu' })
      .waitFor();
    await page
      .getByRole('region', { name: 'Plan du site pour les visiteurs' })
      .getByText('2 pages sont listées pour les visiteurs', { exact: false })
      .waitFor();
    await page
      .getByRole('region', { name: 'Dernières générations' })
      .getByText('+1 · 0 modifiées · −0')
      .first()
      .waitFor();

    await page.goto(`${app.baseUrl}/admin/settings/sitemap`);
    await page.getByRole('heading', { name: 'Paramètres du sitemap' }).waitFor();
    await page.getByText("S'exécute : À 03:00").waitFor();
    const article = page.getByRole('region', { name: 'Article', exact: true });
    await article.getByLabel("Modèle d'URL").waitFor();
    await article.getByRole('checkbox', { name: 'Dans le plan du site' }).waitFor();
    await article.getByText('Dans le plan du site : Blog › News › First post').waitFor();
    await page
      .getByRole('region', { name: 'Front-ends et CDN' })
      .getByRole('checkbox', { name: 'Front end — https://front.example.com/revalidate' })
      .waitFor();

    await page.goto(`${app.baseUrl}/admin/plugins/sitemap`);
    await page
      .getByRole('region', { name: 'Fichiers' })
      .getByRole('link', { name: /^article-\d+\.xml$/ })
      .click();
    await page.getByRole('searchbox', { name: 'Chercher dans les URL' }).waitFor();
    await page.getByRole('link', { name: 'Retour au tableau de bord' }).waitFor();
    await page.getByRole('grid').getByText('Dernière modification').waitFor();

    await page.goto(
      `${app.baseUrl}/admin/content-manager/collection-types/${ARTICLE}/${firstPostId}?plugins[i18n][locale]=en`
    );
    await page
      .getByRole('list', { name: 'État dans le sitemap par langue' })
      .getByText('Listée', { exact: true })
      .waitFor();
    await page.getByRole('checkbox', { name: 'Exclure du sitemap' }).waitFor();
    await context.close();
  });

  it('refuses the plugin to a role without its permissions, in the menu, on the pages and on the server', async () => {
    const editor = await createAdminWithActions(app.strapi, app.baseUrl, [
      { action: 'plugin::content-manager.explorer.read', subject: ARTICLE },
    ]);
    const { context, page } = await newSession(editor.email);
    await page.getByRole('navigation').first().waitFor();
    expect(await page.getByRole('link', { name: 'Sitemap' }).count()).toBe(0);

    await page.goto(`${app.baseUrl}/admin/plugins/sitemap`);
    await page.getByText("You don't have the permissions to access that content").waitFor();
    expect(await page.getByRole('button', { name: 'Generate now' }).count()).toBe(0);

    const status = await fetch(`${app.baseUrl}/sitemap/status`, {
      headers: { Authorization: `Bearer ${await loginAdmin(app.baseUrl, editor.email)}` },
    });
    expect(status.status).toBe(403);
    await context.close();
  });
});
