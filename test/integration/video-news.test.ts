/**
 * Video entries and news sitemaps on a real Strapi: uploads through the upload service, entries
 * through the Document Service, files fetched over HTTP and validated against the XSDs (video and
 * news extensions included). News entries leave their series after 48 hours: the test moves the
 * plugin's clock instead of waiting.
 */
import type { UID } from '@strapi/strapi';
import { create } from 'xmlbuilder2';
import { startTestStrapi, type TestStrapi } from '../helpers/strapi-app';
import { testConfig } from '../helpers/config';
import {
  fetchSitemapSet,
  fileUrl,
  getText,
  parseIndex,
  type ParsedUrl,
} from '../helpers/sitemap-http';
import { settled } from '../helpers/settle';
import { findingCounts, runLoggingWorkers, servedSet, withoutWorker } from '../helpers/worker-runs';
import { uploadFile, type UploadedFile } from '../helpers/uploads';
import { validateSitemapXml } from '../helpers/xmllint';

const STORY = 'api::story.story';
const REPORT = 'api::report.report';
const HOST = 'https://www.example.com';
const MEDIA = 'https://cms.example.com';
const HOUR = 3600_000;
const PUBLICATION = 'The Example Times';
const HOSTILE = `Rock & Roll <"Live"> 'tonight'`;
const VIDEO = {
  field: 'clip',
  title: 'title',
  description: 'summary',
  thumbnail: 'cover',
  duration: 'seconds',
  publicationDate: 'releasedOn',
};

let app: TestStrapi;
const files: Record<string, UploadedFile> = {};
const reports: Record<string, string> = {};

const plugin = () => app.strapi.plugin('sitemap');
const docs = (uid: string) => app.strapi.documents(uid as UID.ContentType);
const storyUrl = (slug: string) => `${HOST}/stories/${slug}`;
const reportUrl = (locale: string, slug: string) => `${HOST}/${locale}/reports/${slug}`;
const clock = () => plugin().service('clock');

async function createStory(slug: string, data: Record<string, unknown>) {
  const doc = await docs(STORY).create({ data: { title: slug, slug, ...data } as any });
  await docs(STORY).publish({ documentId: doc.documentId });
}

/** A report in English (and French, when given), published `hoursAgo` ago by its date field. */
async function createReport(
  slug: string,
  hoursAgo: number | null,
  { title = slug, fr = false }: { title?: string; fr?: boolean } = {}
) {
  const publishedOn = hoursAgo === null ? null : new Date(Date.now() - hoursAgo * HOUR);
  const doc = await docs(REPORT).create({
    locale: 'en',
    data: { title, slug, publishedOn } as any,
  });
  await docs(REPORT).publish({ documentId: doc.documentId, locale: 'en' });
  if (fr) {
    await docs(REPORT).update({
      documentId: doc.documentId,
      locale: 'fr',
      data: { title: `${title} (fr)`, slug: `${slug}-fr`, publishedOn } as any,
    });
    await docs(REPORT).publish({ documentId: doc.documentId, locale: 'fr' });
  }
  reports[slug] = doc.documentId;
}

/** The news files the index lists, each fetched and validated, with their URLs. */
async function newsFiles() {
  const { text } = await getText(fileUrl(app.baseUrl, 'index.xml'));
  const names = parseIndex(text)
    .map((entry) => entry.loc.split('/').pop()!)
    .filter((name) => name.startsWith('news-'));
  const found: Array<{ name: string; xml: string }> = [];
  for (const name of names) {
    const { response, text: xml } = await getText(fileUrl(app.baseUrl, name));
    expect(response.status).toBe(200);
    const check = await validateSitemapXml(xml);
    if (!check.valid) throw new Error(`${name}: ${check.output}`);
    found.push({ name, xml });
  }
  return found;
}

/** What a news file says of each URL: language, title and publication date. */
function newsEntries(xml: string) {
  const root = create(xml).root().node;
  const child = (node: any, name: string) =>
    Array.from(node.childNodes as ArrayLike<any>).find((item) => item.nodeName === name);
  return Array.from(root.childNodes as ArrayLike<any>)
    .filter((node) => node.nodeName === 'url')
    .map((url) => {
      const news = child(url, 'news:news');
      const publication = child(news, 'news:publication');
      return {
        loc: child(url, 'loc').textContent,
        name: child(publication, 'news:name').textContent,
        language: child(publication, 'news:language').textContent,
        title: child(news, 'news:title').textContent,
        date: child(news, 'news:publication_date').textContent,
      };
    });
}

async function servedNews() {
  return (await newsFiles()).flatMap((file) => newsEntries(file.xml));
}

beforeAll(async () => {
  app = await startTestStrapi({
    pluginConfig: testConfig({
      contentTypes: {
        [STORY]: { pattern: '/stories/[slug]', video: VIDEO },
        [REPORT]: {
          pattern: '/[locale]/reports/[slug]',
          news: { publicationName: PUBLICATION, titleField: 'title', dateField: 'publishedOn' },
        },
      },
      customUrls: [],
      cron: false,
      debounceMs: 50,
    }),
  });
  files.cover = await uploadFile(app.strapi, 'poster.png');
  files.clip = await uploadFile(app.strapi, 'clip.mp4', 'video/mp4');

  await createStory('film', {
    title: HOSTILE,
    summary: 'A film about the harbour & its boats.',
    cover: files.cover.id,
    clip: files.clip.id,
    seconds: 95,
    releasedOn: '2026-03-01',
  });
  await createStory('long', {
    title: 'T'.repeat(120),
    summary: 'Long title',
    cover: files.cover.id,
    clip: files.clip.id,
    seconds: 99_999,
  });
  await createStory('no-thumbnail', { summary: 'No poster', clip: files.clip.id });

  await createReport('fresh', 1, { fr: true });
  await createReport('hostile', 2, { title: HOSTILE });
  await createReport('old', 72);
  await createReport('undated', null);
  expect(await settled(app.strapi, 60_000)).toBe(true);
  expect((await plugin().service('generator').generate('manual')).status).toBe('success');
}, 120_000);

afterAll(async () => {
  await app?.stop();
});

describe('video', () => {
  it('gives a page its video with every required element, escaped, in a file valid against the video schema', async () => {
    const { files: served } = await fetchSitemapSet(app.baseUrl);
    const xml = served.map((file) => file.xml).join('');
    const film = xml.slice(xml.indexOf(`<loc>${storyUrl('film')}</loc>`));
    expect(film.slice(0, film.indexOf('</url>'))).toContain(
      `<video:video><video:thumbnail_loc>${MEDIA}${files.cover.url}</video:thumbnail_loc>` +
        `<video:title>Rock &amp; Roll &lt;&quot;Live&quot;&gt; &apos;tonight&apos;</video:title>` +
        `<video:description>A film about the harbour &amp; its boats.</video:description>` +
        `<video:content_loc>${MEDIA}${files.clip.url}</video:content_loc>` +
        `<video:duration>95</video:duration><video:publication_date>2026-03-01</video:publication_date></video:video>`
    );
  });

  it('writes the same video elements in the run’s Worker as on the main thread', async () => {
    expect(await settled(app.strapi)).toBe(true);
    const inWorker = await runLoggingWorkers(app.strapi);
    expect(inWorker.inWorker).toContain(STORY);
    const fromWorker = await servedSet(app.baseUrl);
    expect(Object.values(fromWorker.files).join('')).toContain(
      `<video:content_loc>${MEDIA}${files.clip.url}</video:content_loc>`
    );
    const onMain = await withoutWorker(app.strapi, () => runLoggingWorkers(app.strapi));
    expect(onMain.inWorker).toEqual([]);
    expect(await servedSet(app.baseUrl)).toEqual(fromWorker);
    expect(await findingCounts(app.strapi, onMain.result.runId)).toEqual(
      await findingCounts(app.strapi, inWorker.result.runId)
    );
  });

  it('cuts a title over 100 characters and leaves out a duration over 8 hours, with a warning', async () => {
    const { urls, files: served } = await fetchSitemapSet(app.baseUrl);
    expect(urls.map((url: ParsedUrl) => url.loc)).toContain(storyUrl('long'));
    const xml = served.map((file) => file.xml).join('');
    expect(xml).toContain(`<video:title>${'T'.repeat(99)}…</video:title>`);
    const run = await plugin().service('runs').lastFullSuccess();
    expect(run.report.validation.samples).toContainEqual(
      expect.objectContaining({
        rule: 'video-value-invalid',
        url: storyUrl('long'),
        detail: 'title cut to 100 characters; seconds = 99999 left out (1 to 28800 seconds)',
      })
    );
  });

  it('lists a page without its video when a required value is missing, and says which', async () => {
    const { urls, files: served } = await fetchSitemapSet(app.baseUrl);
    expect(urls.map((url: ParsedUrl) => url.loc)).toContain(storyUrl('no-thumbnail'));
    const xml = served.map((file) => file.xml).join('');
    const page = xml.slice(xml.indexOf(`<loc>${storyUrl('no-thumbnail')}</loc>`));
    expect(page.slice(0, page.indexOf('</url>'))).not.toContain('<video:video>');
    const run = await plugin().service('runs').lastFullSuccess();
    expect(run.report.validation.samples).toContainEqual(
      expect.objectContaining({
        rule: 'video-incomplete',
        url: storyUrl('no-thumbnail'),
        detail: 'missing: cover (a thumbnail image)',
      })
    );
    const status = await plugin().service('dashboard').status();
    expect(status.extras[STORY]).toEqual({ images: 0, videos: 2, news: 0 });
  });

  it('previews the video a few real entries give', async () => {
    const preview = await plugin()
      .service('preview')
      .preview({ contentType: STORY, settings: { pattern: '/s/[slug]', video: VIDEO }, limit: 10 });
    const film = preview.urls.find((url: { url: string }) => url.url === `${HOST}/s/film`);
    expect(film.video).toMatchObject({ title: HOSTILE, contentLoc: `${MEDIA}${files.clip.url}` });
    const missing = preview.urls.find(
      (url: { url: string }) => url.url === `${HOST}/s/no-thumbnail`
    );
    expect(missing.video).toBeUndefined();
  });

  it('takes a player URL from a text field', async () => {
    await plugin()
      .service('settings')
      .update({
        contentTypes: {
          [STORY]: { pattern: '/stories/[slug]', video: { ...VIDEO, field: 'playerUrl' } },
        },
      });
    const doc = await docs(STORY).create({
      data: {
        title: 'Embedded',
        slug: 'embedded',
        summary: 'On a video host',
        cover: files.cover.id,
        playerUrl: 'https://player.example.net/embed/42?autoplay=0&t=5',
      } as any,
    });
    await docs(STORY).publish({ documentId: doc.documentId });
    expect((await plugin().service('generator').generate('settings')).status).toBe('success');
    const xml = (await fetchSitemapSet(app.baseUrl)).files.map((file) => file.xml).join('');
    expect(xml).toContain(
      '<video:player_loc>https://player.example.net/embed/42?autoplay=0&amp;t=5</video:player_loc>'
    );
    // Back to the config file's settings, and to a full run that wrote them.
    await plugin().service('settings').update({ contentTypes: null });
    expect((await plugin().service('generator').generate('settings')).status).toBe('success');
  });
});

describe('news', () => {
  it('lists the entries of the last 48 hours in a news series named after the type, listed in the index', async () => {
    const names = (await newsFiles()).map((file) => file.name);
    expect(names).toEqual(['news-report-1.xml']);
    const entries = await servedNews();
    expect(entries.map((entry) => entry.loc).sort()).toEqual(
      [reportUrl('en', 'fresh'), reportUrl('fr', 'fresh-fr'), reportUrl('en', 'hostile')].sort()
    );
    const fresh = entries.find((entry) => entry.loc === reportUrl('fr', 'fresh-fr'))!;
    expect(fresh).toMatchObject({ name: PUBLICATION, language: 'fr', title: 'fresh (fr)' });
    expect(fresh.date).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+00:00$/);
    expect(entries.find((entry) => entry.loc === reportUrl('en', 'hostile'))!.title).toBe(HOSTILE);
  });

  it('previews which entries are in the news sitemap now', async () => {
    const preview = await plugin().service('preview').preview({ contentType: REPORT, limit: 10 });
    const byUrl = (url: string) => preview.urls.find((entry: { url: string }) => entry.url === url);
    expect(byUrl(reportUrl('fr', 'fresh-fr')).news).toMatchObject({
      language: 'fr',
      title: 'fresh (fr)',
    });
    expect(byUrl(reportUrl('en', 'old')).news).toBeUndefined();
  });

  it('reports an entry without a date, and leaves its page in the type’s own files', async () => {
    const run = await plugin().service('runs').lastFullSuccess();
    expect(run.report.validation.samples).toContainEqual(
      expect.objectContaining({
        rule: 'news-incomplete',
        documentId: reports.undated,
        detail: 'publishedOn is empty or not a date',
      })
    );
    const { urls } = await fetchSitemapSet(app.baseUrl);
    expect(urls.map((url: ParsedUrl) => url.loc)).toContain(reportUrl('en', 'undated'));
  });

  it('adds a new article on publish and drops one on unpublish', async () => {
    await createReport('breaking', 0.1);
    await docs(REPORT).unpublish({ documentId: reports.hostile, locale: 'en' });
    expect(await settled(app.strapi, 30_000)).toBe(true);
    const locs = (await servedNews()).map((entry) => entry.loc);
    expect(locs).toContain(reportUrl('en', 'breaking'));
    expect(locs).not.toContain(reportUrl('en', 'hostile'));
  });

  it('drops an article once its 48 hours are over, without a publish', async () => {
    // "fresh" is an hour old, "breaking" minutes old. 46 hours on, both are still in their window.
    clock().now = () => Date.now() + 46 * HOUR;
    await plugin().service('scheduler').poll();
    expect(await settled(app.strapi, 30_000)).toBe(true);
    expect((await servedNews()).map((entry) => entry.loc)).toContain(reportUrl('en', 'fresh'));

    // 47.5 hours on, "fresh" is past 48 hours, "breaking" is not.
    clock().now = () => Date.now() + 47.5 * HOUR;
    await plugin().service('scheduler').poll();
    expect(await settled(app.strapi, 30_000)).toBe(true);
    const locs = (await servedNews()).map((entry) => entry.loc);
    expect(locs).not.toContain(reportUrl('en', 'fresh'));
    expect(locs).not.toContain(reportUrl('fr', 'fresh-fr'));
    expect(locs).toContain(reportUrl('en', 'breaking'));

    clock().now = () => Date.now() + 50 * HOUR;
    await plugin().service('scheduler').poll();
    expect(await settled(app.strapi, 30_000)).toBe(true);
    expect(await newsFiles()).toEqual([]);
    expect((await getText(fileUrl(app.baseUrl, 'news-report-1.xml'))).response.status).toBe(404);
    clock().now = () => Date.now();
  });
});
