/**
 * Findings of a full run as the dashboard reads them, through GET /sitemap/status: `file-limit`
 * (one document's URLs do not fit a file), `priority-uniform`, and `index-host-local` (without
 * server.url or publicUrl the index lists its files on Strapi's listen address, 127.0.0.1 here).
 */
import { startTestStrapi, type TestStrapi } from '../helpers/strapi-app';
import { createSuperAdmin } from '../helpers/admin-auth';
import { addLocale, ARTICLE, CATEGORY, createArticle, createCategory } from '../helpers/content';
import { testConfig, PUBLIC_URL } from '../helpers/config';
import { fileUrl, getText, parseIndex } from '../helpers/sitemap-http';
import { settled } from '../helpers/settle';

let app: TestStrapi;
let token: string;
let bilingual: string;

async function status() {
  const response = await fetch(`${app.baseUrl}/sitemap/status`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(response.status).toBe(200);
  return response.json();
}

const generate = async () =>
  expect((await app.strapi.plugin('sitemap').service('generator').generate('manual')).status).toBe(
    'success'
  );

beforeAll(async () => {
  const config = testConfig({
    contentTypes: {
      [ARTICLE]: {
        pattern: '/blog/[slug]',
        locales: { fr: { pattern: '/fr/blog/[slug]' } },
        priority: 0.5,
      },
      [CATEGORY]: { pattern: '/c/[slug]', priority: 0.5 },
    },
    customUrls: [],
    // One URL per file: a document with two locales cannot be written without splitting its hreflang set.
    limits: { urlsPerFile: 1 },
    cron: false,
  });
  delete config.publicUrl;
  app = await startTestStrapi({ pluginConfig: config });
  token = (await createSuperAdmin(app.strapi, app.baseUrl)).token;
  await createCategory(app.strapi, { name: 'News', slug: 'news' });
  await createCategory(app.strapi, { name: 'Sport', slug: 'sport' });
  await createArticle(app.strapi, { title: 'Solo', slug: 'solo' });
  bilingual = (await createArticle(app.strapi, { title: 'Hello', slug: 'hello' })).documentId;
  await addLocale(app.strapi, {
    documentId: bilingual,
    locale: 'fr',
    data: { title: 'Bonjour', slug: 'bonjour' },
  });
  expect(await settled(app.strapi, 30_000)).toBe(true);
  await generate();
});

afterAll(async () => {
  await app?.stop();
});

it('reports a document whose URLs do not fit in one file, and leaves it out', async () => {
  const { validation, files } = await status();
  expect(validation.counts['file-limit']).toBe(1);
  expect(validation.samples).toContainEqual(
    expect.objectContaining({
      rule: 'file-limit',
      contentType: ARTICLE,
      documentId: bilingual,
      detail: '2 URLs',
    })
  );
  const listed = files.map((file: any) => file.urlCount);
  expect(listed).toEqual([1, 1, 1]);
});

it('reports a priority that is the same on every URL', async () => {
  const { validation } = await status();
  expect(validation.counts['priority-uniform']).toBe(1);
  expect(validation.samples).toContainEqual(
    expect.objectContaining({ rule: 'priority-uniform', detail: 'every URL has priority 0.5' })
  );
});

it('reports an index that lists its files on a local host, until publicUrl is set', async () => {
  const { text } = await getText(fileUrl(app.baseUrl, 'index.xml'));
  const locs = parseIndex(text).map((entry) => entry.loc);
  expect(locs.every((loc) => loc.startsWith('http://127.0.0.1:'))).toBe(true);
  let { validation } = await status();
  expect(validation.counts['index-host-local']).toBe(1);
  const indexUrl = expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/api\/sitemap\/index\.xml$/);
  expect(validation.samples).toContainEqual(
    expect.objectContaining({ rule: 'index-host-local', url: indexUrl })
  );

  await app.strapi.plugin('sitemap').service('settings').update({ publicUrl: PUBLIC_URL });
  await generate();
  ({ validation } = await status());
  expect(validation.counts['index-host-local']).toBeUndefined();
  expect(validation.samples.filter((sample: any) => sample.rule === 'index-host-local')).toEqual(
    []
  );
});
