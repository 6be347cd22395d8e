/**
 * A type whose images and sites are read through the query engine, written in the run's Worker:
 * the Worker asks Strapi's thread for what it reads beside several pages at once
 * (run-worker/type-files). With more rows than one ask takes, every URL must list its own page's
 * image on the sites whose filter it matches, and the files must be the main thread's, byte for
 * byte.
 */
import { startTestStrapi, type TestStrapi } from '../helpers/strapi-app';
import { testConfig } from '../helpers/config';
import { insertPublishedRows } from '../helpers/bulk-seed';
import { fetchSitemapSet } from '../helpers/sitemap-http';
import { uploadFile, type UploadedFile } from '../helpers/uploads';
import { runLoggingWorkers, servedSet, withoutWorker } from '../helpers/worker-runs';

const STORY = 'api::story.story';
const SHOP = 'https://shop.example.com';
const BLOG = 'https://blog.example.com';
/** testConfig's publicUrl origin: uploads are joined to it. */
const MEDIA = 'https://cms.example.com';
/** Several of the Worker's asks (1,000 rows each). */
const STORIES = 9500;

let app: TestStrapi;
const covers: UploadedFile[] = [];

beforeAll(async () => {
  app = await startTestStrapi({
    pluginConfig: testConfig({
      contentTypes: { [STORY]: { pattern: '/stories/[slug]', images: ['cover'] } },
      sites: {
        // The shop lists a tenth of the stories, by a filter only the query engine reads.
        shop: {
          hostname: SHOP,
          contentTypes: { [STORY]: { filters: { title: { $endsWith: '7' } } } },
        },
        blog: { hostname: BLOG, contentTypes: { [STORY]: {} } },
      },
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

it("lists every page's own image on its sites across the Worker's asks, as the main thread does", async () => {
  const inWorker = await runLoggingWorkers(app.strapi);
  expect(inWorker.result.status).toBe('success');
  expect(inWorker.inWorker).toEqual([STORY]);

  const { urls } = await fetchSitemapSet(app.baseUrl);
  const numberOf = (loc: string) => Number(/\/stories\/s-(\d+)$/.exec(loc)![1]);
  const on = (host: string) => urls.filter((url) => url.loc.startsWith(`${host}/`));
  expect(on(BLOG)).toHaveLength(STORIES);
  expect(
    on(SHOP)
      .map((url) => numberOf(url.loc))
      .sort((a, b) => a - b)
  ).toEqual(Array.from({ length: STORIES }, (_, i) => i).filter((i) => i % 10 === 7));
  expect(urls).toHaveLength(STORIES + STORIES / 10);
  const wrong = urls.filter(
    (url) => url.images.join() !== `${MEDIA}${covers[numberOf(url.loc) % covers.length].url}`
  );
  expect(wrong).toEqual([]);

  const fromWorker = await servedSet(app.baseUrl);
  const onMain = await withoutWorker(app.strapi, () => runLoggingWorkers(app.strapi));
  expect(onMain.inWorker).toEqual([]);
  expect(await servedSet(app.baseUrl)).toEqual(fromWorker);
});
