/**
 * Hooks registered from code, on a real Strapi: a url hook changes, drops or enriches URLs before
 * they are checked and linked; customUrls adds a front end's own routes; a failing hook is reported
 * with its name and never breaks the run.
 */
import { startTestStrapi, type TestStrapi } from '../helpers/strapi-app';
import { CATEGORY, createCategory } from '../helpers/content';
import { testConfig } from '../helpers/config';
import { fetchSitemapSet, fileUrl, getText } from '../helpers/sitemap-http';
import { settled } from '../helpers/settle';

const HOST = 'https://www.example.com';
let app: TestStrapi;
const unregister: Array<() => void> = [];

const plugin = () => app.strapi.plugin('sitemap');
const hooks = () => plugin().service('hooks');
const generate = async () => {
  const result = await plugin().service('generator').generate('manual');
  expect(result.status).toBe('success');
  return plugin().service('runs').lastFullSuccess();
};

beforeAll(async () => {
  app = await startTestStrapi({
    pluginConfig: testConfig({
      contentTypes: { [CATEGORY]: { pattern: '/topics/[slug]', priority: 0.5 } },
      customUrls: [{ url: '/contact' }],
      cron: false,
      autoGenerate: false,
    }),
  });
  for (const slug of ['kept', 'moved', 'dropped', 'pictured'])
    await createCategory(app.strapi, { name: slug, slug });
  expect(await settled(app.strapi, 30_000)).toBe(true);
});

afterEach(() => {
  for (const remove of unregister.splice(0)) remove();
});

afterAll(async () => {
  await app?.stop();
});

it('changes, drops and enriches URLs from code, and the files stay valid', async () => {
  unregister.push(
    hooks().register({
      name: 'front-end-routes',
      url(
        entry: Record<string, unknown>,
        record: { loc: string },
        source: { contentType: string }
      ) {
        expect(source.contentType).toBe(CATEGORY);
        if (entry.slug === 'dropped') return null;
        if (entry.slug === 'moved') return { ...record, loc: `${HOST}/t/moved/` };
        if (entry.slug === 'pictured')
          return { ...record, images: ['https://cdn.example.net/topic.png'], priority: 0.9 };
        return undefined;
      },
    })
  );
  await generate();
  const { urls } = await fetchSitemapSet(app.baseUrl);
  const byLoc = Object.fromEntries(urls.map((url) => [url.loc, url]));
  expect(Object.keys(byLoc).sort()).toEqual(
    [`${HOST}/contact`, `${HOST}/t/moved/`, `${HOST}/topics/kept`, `${HOST}/topics/pictured`].sort()
  );
  expect(byLoc[`${HOST}/topics/pictured`]).toMatchObject({
    priority: '0.9',
    images: ['https://cdn.example.net/topic.png'],
  });
});

it('adds URLs from code to the custom files, checked like the settings’ own', async () => {
  unregister.push(
    hooks().register({
      name: 'shop-routes',
      async *customUrls() {
        yield {
          url: '/shop',
          priority: 0.8,
          changefreq: 'daily',
          lastmod: new Date('2026-11-01T10:00:00Z'),
        };
        yield { url: `${HOST}/shop/sale`, priority: 7 };
        yield { url: 'https://elsewhere.example.org/page' };
        yield { url: '/contact' };
      },
    })
  );
  const run = await generate();
  const { urls } = await fetchSitemapSet(app.baseUrl);
  const byLoc = Object.fromEntries(urls.map((url) => [url.loc, url]));
  expect(byLoc[`${HOST}/shop`]).toMatchObject({
    priority: '0.8',
    changefreq: 'daily',
    lastmod: '2026-11-01T10:00:00+00:00',
  });
  expect(byLoc[`${HOST}/shop/sale`].priority).toBeUndefined();
  expect(byLoc['https://elsewhere.example.org/page']).toBeUndefined();
  const samples = run.report.validation.samples;
  expect(samples).toContainEqual(
    expect.objectContaining({
      rule: 'hook-error',
      detail: 'shop-routes: priority 7 left out (0.0 to 1.0)',
    })
  );
  expect(samples).toContainEqual(
    expect.objectContaining({
      rule: 'url-host-mismatch',
      url: 'https://elsewhere.example.org/page',
      documentId: 'shop-routes#2',
    })
  );
  expect(samples).toContainEqual(
    expect.objectContaining({
      rule: 'url-duplicate',
      url: `${HOST}/contact`,
      documentId: 'shop-routes#3',
    })
  );
});

it('reports a failing hook by name and writes the URLs as they were', async () => {
  unregister.push(
    hooks().register({
      name: 'broken',
      url(entry: Record<string, unknown>) {
        if (entry.slug === 'kept') throw new Error('lookup service down');
        return { loc: 'not a url' } as never;
      },
      async *customUrls() {
        yield { url: '/first' };
        throw new Error('route table missing');
      },
    })
  );
  const run = await generate();
  expect(run.status).toBe('success');
  const { urls } = await fetchSitemapSet(app.baseUrl);
  const locs = urls.map((url) => url.loc);
  expect(locs).toEqual(
    expect.arrayContaining([`${HOST}/topics/kept`, `${HOST}/topics/moved`, `${HOST}/first`])
  );
  const details = run.report.validation.samples
    .filter((sample: { rule: string }) => sample.rule === 'hook-error')
    .map((sample: { detail: string }) => sample.detail);
  expect(details).toEqual(
    expect.arrayContaining([
      'broken: lookup service down',
      'broken: returned a record whose loc is not an absolute http(s) URL',
      'broken: route table missing',
    ])
  );
});

it('checks what a hook gives as the settings’ own URLs and field images are checked', async () => {
  unregister.push(
    hooks().register({
      name: 'careless',
      url(entry: Record<string, unknown>, record: { loc: string }) {
        if (entry.slug === 'kept')
          return { ...record, loc: `${record.loc}\nhttps://evil.example/x` };
        if (entry.slug === 'moved')
          return { ...record, loc: 'https://elsewhere.example.org/moved' };
        if (entry.slug === 'pictured')
          return {
            ...record,
            images: [
              'javascript:alert(1)',
              '/uploads/team photo.png',
              'https://cdn.example.net/a\u0000b.png',
              'data:image/png;base64,AAAA',
            ],
          };
        return undefined;
      },
      async *customUrls() {
        yield { url: '/shop\r\nhttps://evil.example/injected' };
        yield { url: `${HOST}/tab\there` };
        yield { url: '/fine', images: ['ftp://cdn.example.net/x.png', '//cdn.example.net/y.png'] };
      },
    })
  );
  const run = await generate();
  const { urls } = await fetchSitemapSet(app.baseUrl);
  const byLoc = Object.fromEntries(urls.map((url) => [url.loc, url]));
  // The refused records leave the URLs as they were; the refused custom URLs are not listed.
  expect(Object.keys(byLoc).sort()).toEqual(
    [
      `${HOST}/contact`,
      `${HOST}/fine`,
      `${HOST}/topics/dropped`,
      `${HOST}/topics/kept`,
      `${HOST}/topics/moved`,
      `${HOST}/topics/pictured`,
    ].sort()
  );
  // Images as field images are listed: paths joined to the media origin and encoded, the rest dropped.
  const { mediaOrigin } = await plugin().service('settings').plan({ fresh: true });
  expect(byLoc[`${HOST}/topics/pictured`].images).toEqual([
    `${mediaOrigin}/uploads/team%20photo.png`,
    'https://cdn.example.net/a%00b.png',
  ]);
  expect(byLoc[`${HOST}/fine`].images).toEqual([
    `${new URL(mediaOrigin).protocol}//cdn.example.net/y.png`,
  ]);
  // No line of any text twin is anything but a listed URL.
  const { text } = await getText(fileUrl(app.baseUrl, 'custom-1.txt'));
  expect(text.split('\n').filter(Boolean).sort()).toEqual([`${HOST}/contact`, `${HOST}/fine`]);
  const details = run.report.validation.samples
    .filter((sample: { rule: string }) => sample.rule === 'hook-error')
    .map((sample: { detail: string }) => sample.detail);
  expect(details).toEqual(
    expect.arrayContaining([
      'careless: returned a record whose loc holds control characters (line breaks, tabs, NUL…)',
      'careless: returned a loc on another host than www.example.com: a sitemap lists one host',
      'careless: customUrls() gave a URL whose loc holds control characters (line breaks, tabs, NUL…): left out',
    ])
  );
  expect(details.filter((detail: string) => detail.includes('customUrls() gave'))).toHaveLength(2);
});

it('refuses a hook with nothing to call', () => {
  expect(() => hooks().register({ name: 'empty' })).toThrow(
    'a sitemap hook is an object with url() and/or customUrls()'
  );
});
