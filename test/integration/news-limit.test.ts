/**
 * A news type with more entries of the last two days than its series lists (a bulk import dated
 * today): every run touching the type used to fail with a RangeError past about 125,000 entries
 * (the oldest time was found by spreading every time into Math.min). The series lists the newest
 * 10,000, reports the rest, and the type's own files list every entry.
 */
import { startTestStrapi, type TestStrapi } from '../helpers/strapi-app';
import { testConfig } from '../helpers/config';
import { insertPublishedRows } from '../helpers/bulk-seed';
import { fileUrl, getText, parseIndex, parseUrlset } from '../helpers/sitemap-http';
import { validateSitemapXml } from '../helpers/xmllint';

const REPORT = 'api::report.report';
const ENTRIES = 130_000;
const SERIES = 10_000;
/** Entry i was published i steps after the first, all within the last two hours: the newest are the last. */
const STEP_MS = 12;
let app: TestStrapi;

beforeAll(async () => {
  app = await startTestStrapi({
    pluginConfig: testConfig({
      contentTypes: {
        [REPORT]: {
          pattern: '/[locale]/reports/[slug]',
          news: {
            publicationName: 'The Example Times',
            titleField: 'title',
            dateField: 'publishedOn',
          },
        },
      },
      customUrls: [],
      cron: false,
      autoGenerate: false,
    }),
  });
  const first = Date.now() - ENTRIES * STEP_MS - 3600_000;
  await insertPublishedRows(app.strapi, REPORT, ENTRIES, (i) => ({
    locale: 'en',
    title: `Report ${i}`,
    slug: `r-${i}`,
    publishedOn: new Date(first + i * STEP_MS),
  }));
}, 600_000);

afterAll(async () => {
  await app?.stop();
});

it('lists the newest 10,000 entries in ten news files, and reports the rest', async () => {
  const result = await app.strapi.plugin('sitemap').service('generator').generate('manual');
  expect(result).toMatchObject({ status: 'success', urlCount: ENTRIES });

  const { text: index } = await getText(fileUrl(app.baseUrl, 'index.xml'));
  const newsNames = parseIndex(index)
    .map((entry) => entry.loc.split('/').pop()!)
    .filter((name) => name.startsWith('news-'));
  expect(newsNames).toHaveLength(SERIES / 1000);
  const listed: string[] = [];
  for (const name of newsNames) {
    const { text: xml } = await getText(fileUrl(app.baseUrl, name));
    expect((await validateSitemapXml(xml)).valid).toBe(true);
    listed.push(...parseUrlset(xml).map((url) => url.loc));
  }
  const newest = Array.from(
    { length: SERIES },
    (_, i) => `https://www.example.com/en/reports/r-${ENTRIES - SERIES + i}`
  );
  expect(listed.sort()).toEqual(newest.sort());

  const run = await app.strapi.plugin('sitemap').service('runs').lastFullSuccess();
  expect(run.report.validation.counts['news-limit']).toBe(1);
  expect(run.report.validation.samples).toContainEqual(
    expect.objectContaining({
      rule: 'news-limit',
      contentType: REPORT,
      detail: `${ENTRIES - SERIES} URLs of news-report left out of its news series`,
    })
  );
});
