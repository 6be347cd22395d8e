/**
 * Image sitemaps on a real Strapi: files uploaded through the upload service, stories created through
 * the Document Service, the served files fetched over HTTP and validated against the XSDs (image
 * extension included). A replaced or deleted upload rewrites the file of the page that shows it.
 */
import type { UID } from '@strapi/strapi';
import { startTestStrapi, type TestStrapi } from '../helpers/strapi-app';
import { testConfig } from '../helpers/config';
import { fetchSitemapSet, type ParsedUrl } from '../helpers/sitemap-http';
import { settled } from '../helpers/settle';
import { findingCounts, runLoggingWorkers, servedSet, withoutWorker } from '../helpers/worker-runs';
import {
  deleteFile,
  replaceFile,
  uploadFile,
  useAbsoluteUrlProvider,
  type UploadedFile,
} from '../helpers/uploads';
import { FILE_UID } from '../../server/src/uids';

const STORY = 'api::story.story';
const HOST = 'https://www.example.com';
/** testConfig's publicUrl origin: without server.url, uploads are joined to it. */
const MEDIA = 'https://cms.example.com';
const CDN = 'https://media.example.net/bucket';
const IMAGE_FIELDS = ['cover', 'gallery', 'body', 'content', 'seo.shareImage', 'slides.image'];

let app: TestStrapi;
const files: Record<string, UploadedFile> = {};
const stories: Record<string, string> = {};

const plugin = () => app.strapi.plugin('sitemap');
const docs = () => app.strapi.documents(STORY as UID.ContentType);
const absolute = (file: UploadedFile) => `${MEDIA}${file.url}`;
const storyUrl = (slug: string) => `${HOST}/stories/${slug}`;

async function createStory(slug: string, data: Record<string, unknown> = {}) {
  const doc = await docs().create({ data: { title: slug, slug, ...data } as any });
  await docs().publish({ documentId: doc.documentId });
  stories[slug] = doc.documentId;
}

async function served() {
  const set = await fetchSitemapSet(app.baseUrl);
  const byLoc = (loc: string): ParsedUrl | undefined => set.urls.find((url) => url.loc === loc);
  const fileOf = (loc: string) =>
    set.files.find((file) => file.urls.some((url) => url.loc === loc));
  return { ...set, byLoc, fileOf };
}

/** The run that wrote each live urlset. */
async function writers() {
  const rows = (await app.strapi.db.query(FILE_UID).findMany({
    select: ['name', 'runId'],
    where: { state: 'live', format: 'urlset' },
  })) as Array<{ name: string; runId: number }>;
  return Object.fromEntries(rows.map((row) => [row.name, row.runId]));
}

beforeAll(async () => {
  app = await startTestStrapi({
    // One URL per file: a file names the one story it holds, so a rewrite shows which page changed.
    pluginConfig: testConfig({
      contentTypes: { [STORY]: { pattern: '/stories/[slug]', images: IMAGE_FIELDS } },
      customUrls: [],
      cron: false,
      debounceMs: 50,
      limits: { urlsPerFile: 1 },
    }),
  });
  for (const name of ['cover', 'one', 'two', 'share', 'slide1', 'slide2', 'block', 'secret'])
    files[name] = await uploadFile(app.strapi, `${name}.png`);
  files.pdf = await uploadFile(app.strapi, 'brochure.pdf', 'application/pdf');
  files.plain = await uploadFile(app.strapi, 'plain.png');

  await createStory('full', {
    cover: files.cover.id,
    // The cover again (listed once) and a PDF (not an image).
    gallery: [files.one.id, files.cover.id, files.pdf.id, files.two.id],
    body: `Intro ![first](${files.one.url}) and <img src="https://cdn.example.org/html.jpg"> ![x](/uploads/a&b<c>"d'.png)`,
    content: [
      { type: 'paragraph', children: [{ type: 'text', text: 'Hello' }] },
      {
        type: 'image',
        image: { ...files.block, name: 'block.png' },
        children: [{ type: 'text', text: '' }],
      },
    ],
    seo: { metaTitle: 'Full', shareImage: files.share.id },
    slides: [
      { caption: 'one', image: files.slide1.id },
      { caption: 'two', image: files.slide2.id },
    ],
    // Private: never listed (the settings cannot name it).
    scan: files.secret.id,
  });
  await createStory('plain', { cover: files.plain.id });
  await createStory('none');
  const many = Array.from({ length: 1003 }, (_, i) => `![](/uploads/many-${i}.png)`).join('\n');
  await createStory('many', { body: many });
  expect(await settled(app.strapi, 30_000)).toBe(true);
  expect((await plugin().service('generator').generate('manual')).status).toBe('success');
});

afterAll(async () => {
  await app?.stop();
});

it('lists each page’s images in field order, absolute, once each, images only, in files valid against the image schema', async () => {
  const { byLoc } = await served();
  expect(byLoc(storyUrl('full'))!.images).toEqual([
    absolute(files.cover),
    absolute(files.one),
    absolute(files.two),
    'https://cdn.example.org/html.jpg',
    `${MEDIA}/uploads/a&b%3Cc%3E%22d'.png`,
    absolute(files.block),
    absolute(files.share),
    absolute(files.slide1),
    absolute(files.slide2),
  ]);
  expect(byLoc(storyUrl('plain'))!.images).toEqual([absolute(files.plain)]);
  expect(byLoc(storyUrl('none'))!.images).toEqual([]);
  expect(JSON.stringify(byLoc(storyUrl('full')))).not.toContain(files.secret.url);
});

it('keeps 1,000 images on a page and reports the rest', async () => {
  const { byLoc } = await served();
  const images = byLoc(storyUrl('many'))!.images;
  expect(images).toHaveLength(1000);
  expect(images[999]).toBe(`${MEDIA}/uploads/many-999.png`);
  const run = await plugin().service('runs').lastFullSuccess();
  expect(run.report.validation.counts['image-limit']).toBe(1);
  expect(run.report.validation.samples).toContainEqual(
    expect.objectContaining({
      rule: 'image-limit',
      url: storyUrl('many'),
      detail: '3 more images left out',
    })
  );
});

it('counts images per type on the dashboard and shows an entry’s images in its status', async () => {
  const status = await plugin().service('dashboard').status();
  expect(status.extras).toEqual({ [STORY]: { images: 9 + 1 + 1000, videos: 0, news: 0 } });
  const entry = await plugin().service('entry-status').status(STORY, stories.plain);
  expect(entry.locales[0].images).toEqual([absolute(files.plain)]);
});

it('writes the same files in the run’s Worker as on the main thread, extensions read here', async () => {
  expect(await settled(app.strapi)).toBe(true);
  const inWorker = await runLoggingWorkers(app.strapi);
  expect(inWorker.result.status).toBe('success');
  expect(inWorker.inWorker).toEqual([STORY]);
  const fromWorker = await servedSet(app.baseUrl);
  expect(Object.values(fromWorker.files).join('')).toContain(
    `<image:loc>${absolute(files.slide2)}`
  );

  const onMain = await withoutWorker(app.strapi, () => runLoggingWorkers(app.strapi));
  expect(onMain.inWorker).toEqual([]);
  expect(await servedSet(app.baseUrl)).toEqual(fromWorker);
  const found = await findingCounts(app.strapi, inWorker.result.runId);
  expect(found['image-limit']).toBe(1);
  expect(await findingCounts(app.strapi, onMain.result.runId)).toEqual(found);
});

it('refuses a private media field, field by field, and saves nothing', async () => {
  const before = await plugin().service('settings').get();
  await expect(
    plugin()
      .service('settings')
      .update({
        contentTypes: {
          [STORY]: { pattern: '/stories/[slug]', images: ['cover', 'scan', 'seo.internalImage'] },
        },
      })
  ).rejects.toMatchObject({
    details: {
      errors: [
        expect.objectContaining({ path: ['contentTypes', STORY, 'images', '1'] }),
        expect.objectContaining({ path: ['contentTypes', STORY, 'images', '2'] }),
      ],
    },
  });
  expect(await plugin().service('settings').get()).toEqual(before);
});

it('drops a deleted upload from the pages that showed it', async () => {
  await deleteFile(app.strapi, files.two.id);
  expect(await settled(app.strapi, 30_000)).toBe(true);
  const { byLoc } = await served();
  const images = byLoc(storyUrl('full'))!.images;
  expect(images).not.toContain(absolute(files.two));
  expect(images).toContain(absolute(files.one));
});

it('lists a provider’s absolute URLs as they are', async () => {
  useAbsoluteUrlProvider(app.strapi, CDN);
  const onCdn = await uploadFile(app.strapi, 'cdn.png');
  expect(onCdn.url.startsWith(`${CDN}/`)).toBe(true);
  await createStory('cdn', { cover: onCdn.id });
  expect(await settled(app.strapi, 30_000)).toBe(true);
  const { byLoc } = await served();
  expect(byLoc(storyUrl('cdn'))!.images).toEqual([onCdn.url]);
});

it('rewrites only the file of the page whose image got a new URL', async () => {
  // Replacing a file keeps its URL, unless the provider changed: media moved to a CDN, say.
  const before = await writers();
  const { fileOf } = await served();
  const plainFile = fileOf(storyUrl('plain'))!.name;
  const fullFile = fileOf(storyUrl('full'))!.name;
  const replaced = await replaceFile(app.strapi, files.plain.id, 'plain-v2.png');
  expect(replaced.url).toBe(`${CDN}/${replaced.url.split('/').pop()}`);
  expect(await settled(app.strapi, 30_000)).toBe(true);

  const after = await writers();
  const { byLoc } = await served();
  expect(byLoc(storyUrl('plain'))!.images).toEqual([replaced.url]);
  expect(after[plainFile]).not.toBe(before[plainFile]);
  expect(after[fullFile]).toBe(before[fullFile]);
});

it('leaves the files alone when a file’s details change but not its URL', async () => {
  const before = await writers();
  await app.strapi
    .plugin('upload')
    .service('upload')
    .updateFileInfo(files.cover.id, { alternativeText: 'A new description' });
  expect(await settled(app.strapi, 30_000)).toBe(true);
  expect(await writers()).toEqual(before);
});
