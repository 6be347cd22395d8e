/**
 * The SEO component respected: a story whose `seo.metaRobots` says noindex, or whose
 * `seo.canonicalURL` names another page, is left out of the served files, with the reason the
 * edit-view panel, the preview and the dashboard give; a canonical URL naming the page itself keeps
 * it. On by default for a type with the component; `seo: false` turns it off; a wrong field is a
 * clear error that saves nothing. A publish that changes the component rewrites the page's file.
 */
import { startTestStrapi, type TestStrapi } from '../helpers/strapi-app';
import { testConfig } from '../helpers/config';
import { fetchSitemapSet } from '../helpers/sitemap-http';
import { settled } from '../helpers/settle';
import { callAdmin } from '../helpers/admin-api';
import { createSuperAdmin } from '../helpers/admin-auth';

const STORY = 'api::story.story';
const HOST = 'https://www.example.com';
const storyUrl = (slug: string) => `${HOST}/stories/${slug}`;

let app: TestStrapi;
let token: string;
const stories: Record<string, string> = {};
const docs = () => app.strapi.documents(STORY as never);

async function createStory(slug: string, seo?: Record<string, unknown>) {
  const doc = await docs().create({
    data: { title: slug, slug, ...(seo ? { seo } : {}) } as never,
  });
  await docs().publish({ documentId: doc.documentId });
  stories[slug] = doc.documentId;
}

/** Every URL the served files list (the news series' included), once each. */
const servedLocs = async () =>
  [...new Set((await fetchSitemapSet(app.baseUrl)).urls.map((url) => url.loc))].sort();
const NEWS = {
  publicationName: 'The Example Times',
  titleField: 'title',
  dateField: 'publishedAt',
};

const api = (method: string, path: string, body?: unknown) =>
  callAdmin(app.baseUrl, method, path, token, body);

async function fullRun() {
  expect(await settled(app.strapi, 30_000)).toBe(true);
  expect((await app.strapi.plugin('sitemap').service('generator').generate('manual')).status).toBe(
    'success'
  );
}

beforeAll(async () => {
  app = await startTestStrapi({
    pluginConfig: testConfig({ contentTypes: {}, customUrls: [], cron: false, debounceMs: 50 }),
  });
  token = (await createSuperAdmin(app.strapi, app.baseUrl)).token;
  const saved = await api('PUT', '/settings', {
    contentTypes: { [STORY]: { pattern: '/stories/[slug]', news: NEWS } },
  });
  expect(saved.status).toBe(200);
  await createStory('plain');
  await createStory('titled', { metaTitle: 'Only a title' });
  await createStory('hidden', { metaRobots: 'noindex, follow' });
  await createStory('none', { metaRobots: 'NONE' });
  await createStory('copy', { canonicalURL: storyUrl('plain') });
  await createStory('self', { canonicalURL: '/stories/self/' });
  await fullRun();
}, 120_000);

afterAll(async () => {
  await app?.stop();
});

it('leaves out a noindex page and a page whose canonical URL is another page, on by default', async () => {
  expect(await servedLocs()).toEqual([storyUrl('plain'), storyUrl('self'), storyUrl('titled')]);
  // The news series too: a page left out of the sitemap is no news either.
  const { files } = await fetchSitemapSet(app.baseUrl);
  const news = files.filter((file) => file.xml.includes('<news:news>'));
  expect(news.flatMap((file) => file.urls.map((url) => url.loc)).sort()).toEqual([
    storyUrl('plain'),
    storyUrl('self'),
    storyUrl('titled'),
  ]);
});

it('says why in the edit-view panel, the preview and the dashboard', async () => {
  const status = async (slug: string) =>
    (await api('GET', `/entry-status?contentType=${STORY}&documentId=${stories[slug]}`)).body
      .locales[0];
  expect(await status('hidden')).toMatchObject({
    state: 'not-listed',
    reason: { rule: 'seo-noindex', detail: 'metaRobots: "noindex, follow"' },
  });
  expect(await status('copy')).toMatchObject({
    state: 'not-listed',
    reason: { rule: 'seo-canonical', detail: `canonicalURL: ${storyUrl('plain')}` },
  });
  expect(await status('self')).toMatchObject({ state: 'listed', url: storyUrl('self') });

  const preview = await api('POST', '/preview', { contentType: STORY, limit: 20 });
  expect(preview.status).toBe(200);
  expect(preview.body.leftOut.map((sample: { rule: string }) => sample.rule).sort()).toEqual([
    'seo-canonical',
    'seo-noindex',
    'seo-noindex',
  ]);

  const dashboard = await api('GET', '/status');
  expect(dashboard.body.validation.counts).toMatchObject({ 'seo-noindex': 2, 'seo-canonical': 1 });
});

it('lists a page again once its editor drops noindex and publishes, rewriting only its file', async () => {
  await docs().update({
    documentId: stories.hidden,
    data: { seo: { metaRobots: 'index, follow' } } as never,
  });
  await docs().publish({ documentId: stories.hidden });
  expect(await settled(app.strapi, 30_000)).toBe(true);
  expect(await servedLocs()).toContain(storyUrl('hidden'));
  const [last] = (await api('GET', '/status')).body.runs;
  expect(last).toMatchObject({ trigger: 'publish', report: { scope: 'documents' } });
});

it('refuses a field the type has not, saving nothing, and lists every page once turned off', async () => {
  const wrong = await api('PUT', '/settings', {
    contentTypes: {
      [STORY]: { pattern: '/stories/[slug]', news: NEWS, seo: { component: 'slides2' } },
    },
  });
  expect(wrong.status).toBe(400);
  expect(wrong.text).toContain('\\"slides2\\" is not a component field of api::story.story');
  const wrongField = await api('PUT', '/settings', {
    contentTypes: {
      [STORY]: { pattern: '/stories/[slug]', news: NEWS, seo: { robotsField: 'shareImage' } },
    },
  });
  expect(wrongField.status).toBe(400);
  expect((await api('GET', '/settings')).body.settings.contentTypes[STORY].seo).toBeUndefined();

  const off = await api('PUT', '/settings', {
    contentTypes: { [STORY]: { pattern: '/stories/[slug]', news: NEWS, seo: false } },
  });
  expect(off.status).toBe(200);
  await fullRun();
  expect(await servedLocs()).toEqual(
    ['copy', 'hidden', 'none', 'plain', 'self', 'titled'].map(storyUrl)
  );
});
