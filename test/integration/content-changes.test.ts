/**
 * Content changes that reach the served files through the document-service hook, beyond publish and
 * unpublish: discardDraft on a draft & publish type, and create, update and delete on a type
 * without draft & publish (`api::tag.tag`), where every save is live.
 */
import type { UID } from '@strapi/strapi';
import { startTestStrapi, type TestStrapi } from '../helpers/strapi-app';
import { ARTICLE, createArticle } from '../helpers/content';
import { testConfig } from '../helpers/config';
import { fetchSitemapSet, fileUrl } from '../helpers/sitemap-http';
import { settled } from '../helpers/settle';

const HOST = 'https://www.example.com';
const TAG = 'api::tag.tag';

let app: TestStrapi;
const plugin = () => app.strapi.plugin('sitemap');
const settle = async () => expect(await settled(app.strapi, 30_000)).toBe(true);
const locs = async () => (await fetchSitemapSet(app.baseUrl)).urls.map((url) => url.loc).sort();
const newestRunId = async () =>
  ((await plugin().service('runs').recent(1))[0]?.id as number | undefined) ?? 0;
const tags = () => app.strapi.documents(TAG as UID.ContentType);
const articles = () => app.strapi.documents(ARTICLE as UID.ContentType);

async function served(name: string) {
  const response = await fetch(fileUrl(app.baseUrl, name), {
    headers: { 'Accept-Encoding': 'identity' },
  });
  expect(response.status).toBe(200);
  return { etag: response.headers.get('etag'), body: await response.text() };
}

beforeAll(async () => {
  app = await startTestStrapi({
    pluginConfig: testConfig({
      contentTypes: {
        [ARTICLE]: { pattern: '/blog/[slug]', priority: 0.7 },
        [TAG]: { pattern: '/tags/[slug]', priority: 0.4 },
      },
      customUrls: [],
      debounceMs: 50,
      cron: false,
    }),
  });
  await createArticle(app.strapi, { title: 'Kept', slug: 'kept' });
  await settle();
  expect((await plugin().service('generator').generate('manual')).status).toBe('success');
});

afterAll(async () => {
  await app?.stop();
});

describe('discardDraft', () => {
  it('rewrites the file of the document and serves it unchanged: the published version, not the draft', async () => {
    const article = await createArticle(app.strapi, { title: 'Original', slug: 'original' });
    await settle();
    expect(await locs()).toEqual([`${HOST}/blog/kept`, `${HOST}/blog/original`]);
    const before = await served('article-1.xml');

    await articles().update({
      documentId: article.documentId,
      locale: 'en',
      data: { slug: 'edited' } as any,
    });
    await settle();
    const runBefore = await newestRunId();
    await articles().discardDraft({ documentId: article.documentId, locale: 'en' });
    await settle();

    // A run wrote the change out, and the file it rewrote has the same bytes and validators.
    const run = (await plugin().service('runs').recent(1))[0];
    expect(run.id).toBeGreaterThan(runBefore);
    expect(run).toMatchObject({ status: 'success', trigger: 'publish' });
    expect(await served('article-1.xml')).toEqual(before);
    expect(await locs()).toEqual([`${HOST}/blog/kept`, `${HOST}/blog/original`]);
    const draft = (await articles().findOne({
      documentId: article.documentId,
      locale: 'en',
    })) as any;
    expect(draft.slug).toBe('original');
  });
});

describe('a type without draft & publish', () => {
  let tagId: string;

  it('lists an entry once it is created', async () => {
    tagId = ((await tags().create({ data: { name: 'Alpha', slug: 'alpha' } as any })) as any)
      .documentId;
    await settle();
    expect(await locs()).toContain(`${HOST}/tags/alpha`);
  });

  it('follows an update', async () => {
    await tags().update({ documentId: tagId, data: { slug: 'beta' } as any });
    await settle();
    const listed = await locs();
    expect(listed).toContain(`${HOST}/tags/beta`);
    expect(listed).not.toContain(`${HOST}/tags/alpha`);
  });

  it('drops an entry once it is deleted', async () => {
    await tags().delete({ documentId: tagId });
    await settle();
    expect((await locs()).filter((loc) => loc.startsWith(`${HOST}/tags/`))).toEqual([]);
    expect(await locs()).toEqual([`${HOST}/blog/kept`, `${HOST}/blog/original`]);
  });
});
