/**
 * Sitemaps other systems write (a shop, the front end's own routes), listed from the config file:
 * the index lists them after the plugin's files, the index of their host lists those on that
 * host, and the robots.txt lines name them under their host (a wrong list: config-validation).
 */
import { startTestStrapi, type TestStrapi } from '../helpers/strapi-app';
import { testConfig } from '../helpers/config';
import { fileUrl, getText, parseIndex } from '../helpers/sitemap-http';
import { validateSitemapXml } from '../helpers/xmllint';

const HOST = 'https://www.example.com';
const FR_HOST = 'https://www.example.fr';
const SHOP = `${HOST}/shop/sitemap.xml`;
const BOUTIQUE = `${FR_HOST}/boutique/plan du site.xml`;

let app: TestStrapi;

beforeAll(async () => {
  app = await startTestStrapi({
    pluginConfig: testConfig({
      hostnames: { fr: FR_HOST },
      contentTypes: {},
      customUrls: [{ url: '/about' }],
      cron: false,
      autoGenerate: false,
      externalSitemaps: [SHOP, { url: BOUTIQUE, lastmod: '2026-11-30' }],
    }),
  });
  const result = await app.strapi.plugin('sitemap').service('generator').generate('manual');
  expect(result.status).toBe('success');
});

afterAll(async () => {
  await app?.stop();
});

async function index(name: string) {
  const { response, text } = await getText(fileUrl(app.baseUrl, name));
  expect(response.status).toBe(200);
  const check = await validateSitemapXml(text);
  expect(check).toMatchObject({ valid: true });
  return parseIndex(text);
}

it('lists them in the index after its own files, percent-encoded, with their lastmod', async () => {
  const entries = await index('index.xml');
  expect(entries.slice(-2)).toEqual([
    { loc: SHOP, lastmod: undefined },
    { loc: `${FR_HOST}/boutique/plan%20du%20site.xml`, lastmod: '2026-11-30' },
  ]);
  expect(entries[0].loc).toBe('https://cms.example.com/api/sitemap/custom-1.xml');
});

it("lists each in its own host's index and robots.txt lines", async () => {
  expect((await index('index-www-example-com.xml')).map((entry) => entry.loc)).toEqual([
    'https://cms.example.com/api/sitemap/custom-1.xml',
    SHOP,
  ]);
  // The French host has no file of the plugin's: its index lists the boutique's alone.
  expect((await index('index-www-example-fr.xml')).map((entry) => entry.loc)).toEqual([
    `${FR_HOST}/boutique/plan%20du%20site.xml`,
  ]);
  const status = await app.strapi.plugin('sitemap').service('dashboard').status();
  expect(status.hostRobots).toEqual([
    {
      origin: HOST,
      lines: [
        'Sitemap: https://cms.example.com/api/sitemap/index-www-example-com.xml',
        `Sitemap: ${SHOP}`,
      ],
    },
    {
      origin: FR_HOST,
      lines: [
        'Sitemap: https://cms.example.com/api/sitemap/index-www-example-fr.xml',
        `Sitemap: ${FR_HOST}/boutique/plan%20du%20site.xml`,
      ],
    },
  ]);
});
