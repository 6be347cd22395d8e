/**
 * plan.html as people see it, in real Chromium: its own stylesheet loads (a file, under Strapi's
 * Content-Security-Policy), sections flow in columns on a wide screen and in one on a phone, the
 * page carries its locale's language and direction. Saves the README's screenshots in English and
 * French. Runs in the SQLite pass.
 */
import path from 'path';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from '../helpers/browser';
import { addLocale, ARTICLE, CATEGORY, createArticle, createCategory } from '../helpers/content';
import { PUBLIC_URL, testConfig } from '../helpers/config';
import { settled } from '../helpers/settle';
import { databaseClient, startTestStrapi, type TestStrapi } from '../helpers/strapi-app';

const SCREENSHOTS = path.resolve(__dirname, 'screenshots');
const describeOnSqlite = databaseClient() === 'sqlite' ? describe : describe.skip;

const TOPICS = [
  { name: 'Travel', slug: 'travel', fr: 'Voyage' },
  { name: 'Gear', slug: 'gear', fr: 'Équipement' },
  { name: 'Food', slug: 'food', fr: 'Cuisine' },
];
const ARTICLES = [
  ['Crossing the Alps on foot', 'Traverser les Alpes à pied', 'travel'],
  ['A week in Lisbon', 'Une semaine à Lisbonne', 'travel'],
  ['Night trains of Europe', 'Les trains de nuit en Europe', 'travel'],
  ['Choosing a tent', 'Choisir sa tente', 'gear'],
  ['Boots that last', 'Des chaussures qui durent', 'gear'],
  ['The ten-kilo backpack', 'Le sac de dix kilos', 'gear'],
  ['Stoves compared', 'Les réchauds comparés', 'gear'],
  ['Bread on the trail', 'Du pain en randonnée', 'food'],
  ['Camp coffee', 'Le café du bivouac', 'food'],
] as const;

describeOnSqlite('plan.html in Chromium', () => {
  let app: TestStrapi;
  let browser: Browser;

  /** A page whose requests to the public URL (the configured cms.example.com) reach the test server. */
  async function planPage(width: number): Promise<Page> {
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    const page = await context.newPage();
    const blocked: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) blocked.push(message.text());
    });
    (page as Page & { blocked?: string[] }).blocked = blocked;
    await page.route(`${PUBLIC_URL}/**`, async (route) => {
      const url = route.request().url().replace(PUBLIC_URL, `${app.baseUrl}/api/sitemap`);
      await route.fulfill({ response: await route.fetch({ url }) });
    });
    return page;
  }

  const sectionLefts = (page: Page) =>
    page.$$eval('.plan-sections section', (sections) =>
      sections.map((section) => Math.round(section.getBoundingClientRect().left))
    );

  beforeAll(async () => {
    app = await startTestStrapi({
      pluginConfig: testConfig({
        customUrls: [],
        cron: false,
        debounceMs: 50,
        contentTypes: {
          [ARTICLE]: {
            pattern: '/blog/[category.slug]/[slug]',
            locales: { fr: { pattern: '/fr/blog/[category.slug]/[slug]' } },
            titleField: 'title',
            visitorMap: { groupBy: 'category.name', labels: { en: 'Journal', fr: 'Le journal' } },
          },
          [CATEGORY]: {
            pattern: '/topics/[slug]',
            titleField: 'name',
            visitorMap: { labels: { en: 'Topics', fr: 'Rubriques' } },
          },
        },
      }),
    });
    const topics: Record<string, string> = {};
    for (const topic of TOPICS)
      topics[topic.slug] = (
        await createCategory(app.strapi, { name: topic.name, slug: topic.slug })
      ).documentId;
    for (const [title, titleFr, topic] of ARTICLES) {
      const slug = title.toLowerCase().replace(/[^a-z0-9]+/g, '-');
      const { documentId } = await createArticle(app.strapi, {
        title,
        slug,
        categoryDocumentId: topics[topic],
      });
      await addLocale(app.strapi, {
        documentId,
        locale: 'fr',
        data: { title: titleFr, slug: `${slug}-fr`, categoryDocumentId: topics[topic] },
      });
    }
    expect(await settled(app.strapi, 60_000)).toBe(true);
    expect(
      (await app.strapi.plugin('sitemap').service('generator').generate('manual')).status
    ).toBe('success');
    browser = await launchChromium();
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('is styled by its own stylesheet, in columns on a wide screen, in English', async () => {
    const page = await planPage(1280);
    await page.goto(`${PUBLIC_URL}/plan.html?locale=en`);
    await page.getByRole('heading', { name: 'Site map', level: 1 }).waitFor();
    expect(await page.getAttribute('html', 'lang')).toBe('en');
    expect(await page.getAttribute('html', 'dir')).toBe('ltr');
    // The stylesheet applied: the sections are cards in columns side by side.
    const font = await page.$eval('body', (body) => getComputedStyle(body).fontFamily);
    expect(font).toContain('system-ui');
    expect(new Set(await sectionLefts(page)).size).toBeGreaterThan(1);
    expect((page as Page & { blocked?: string[] }).blocked).toEqual([]);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'plan-en.png'), fullPage: true });
    await page.context().close();
  });

  it('speaks French, and stacks its sections in one column on a phone', async () => {
    const page = await planPage(1280);
    await page.goto(`${PUBLIC_URL}/plan.html?locale=fr`);
    await page.getByRole('heading', { name: 'Plan du site', level: 1 }).waitFor();
    expect(await page.getAttribute('html', 'lang')).toBe('fr');
    await page.getByRole('heading', { name: 'Le journal', level: 2 }).waitFor();
    await page.getByRole('link', { name: 'Traverser les Alpes à pied' }).waitFor();
    await page.screenshot({ path: path.join(SCREENSHOTS, 'plan-fr.png'), fullPage: true });
    await page.context().close();

    const phone = await planPage(390);
    await phone.goto(`${PUBLIC_URL}/plan.html?locale=fr`);
    await phone.getByRole('heading', { name: 'Plan du site', level: 1 }).waitFor();
    expect(new Set(await sectionLefts(phone)).size).toBe(1);
    // Nothing wider than the phone's screen.
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390
    );
    await phone.context().close();
  });
});
