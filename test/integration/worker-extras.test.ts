/**
 * A type whose images are read through the query engine, written in the run's Worker: the Worker
 * asks Strapi's thread for the extras of several pages at once (run-worker/type-files). With more
 * rows than one ask takes, every URL must list its own page's image, and the files must be the
 * main thread's, byte for byte.
 */
import { startTestStrapi, type TestStrapi } from '../helpers/strapi-app';
import { testConfig } from '../helpers/config';
import { insertPublishedRows } from '../helpers/bulk-seed';
import { fetchSitemapSet } from '../helpers/sitemap-http';
import { uploadFile, type UploadedFile } from '../helpers/uploads';
import { runLoggingWorkers, servedSet, withoutWorker } from '../helpers/worker-runs';

const STORY = 'api::story.story';
const HOST = 'https://www.example.com';
/** testConfig's publicUrl origin: uploads are joined to it. */
const MEDIA = 'https://cms.example.com';
/** More than two of the Worker's asks (4,000 rows each). */
const STORIES = 9500;

let app: TestStrapi;
const covers: UploadedFile[] = [];

beforeAll(async () => {
  app = await startTestStrapi({
    pluginConfig: testConfig({
      contentTypes: { [STORY]: { pattern: '/stories/[slug]', images: ['cover'] } },
      customUrls: [],
      cron: false,
    }),
  });
  const { strapi } = app;
  for (const name of ['a', 'b', 'c']) covers.push(await uploadFile(strapi, `${name}.png`));
  await insertPublishedRows(strapi, STORY, STORIES, (i) => ({ title: `S${i}`, slug: `s-${i}` }));
  // Each story's cover linked as the Media Library links a media field.
  const knex = strapi.db.connection;
  const { joinTable } = (strapi.db.metadata.get('plugin::upload.file') as any).attributes.related;
  const rows = (await knex(strapi.db.metadata.get(STORY).tableName).select('id', 'slug')) as Array<{
    id: number;
    slug: string;
  }>;
  const links = rows.map((row) => ({
    [joinTable.joinColumn.name]: covers[Number(row.slug.slice(2)) % covers.length].id,
    [joinTable.morphColumn.idColumn.name]: row.id,
    [joinTable.morphColumn.typeColumn.name]: STORY,
    field: 'cover',
    order: 1,
  }));
  for (let i = 0; i < links.length; i += 400)
    await knex(joinTable.name).insert(links.slice(i, i + 400));
}, 180_000);

afterAll(async () => {
  await app?.stop();
});

it("lists every page's own image across the Worker's asks, and the main thread's files", async () => {
  const inWorker = await runLoggingWorkers(app.strapi);
  expect(inWorker.result.status).toBe('success');
  expect(inWorker.inWorker).toEqual([STORY]);

  const { urls } = await fetchSitemapSet(app.baseUrl);
  expect(urls).toHaveLength(STORIES);
  const wrong = urls.filter((url) => {
    const i = Number(url.loc.slice(`${HOST}/stories/s-`.length));
    return url.images.join() !== `${MEDIA}${covers[i % covers.length].url}`;
  });
  expect(wrong).toEqual([]);

  const fromWorker = await servedSet(app.baseUrl);
  const onMain = await withoutWorker(app.strapi, () => runLoggingWorkers(app.strapi));
  expect(onMain.inWorker).toEqual([]);
  expect(await servedSet(app.baseUrl)).toEqual(fromWorker);
});
