/**
 * No anonymous request makes an instance build or keep something that grows with the site
 * (issue 22, part 3): 10,000 pages of a type without locales, 21 locales, every locale and order
 * asked for at once. Serving reads the stored directories and leaves only: after a forced
 * collection the process holds what its small caches hold, not one view per locale and order
 * (57.5 MB retained on the same data before, when each view was built on its first request).
 *
 * The clients run in a child process (test/scripts/burst-requests.js), so what is measured here is
 * Strapi's: the heap and external memory after two forced collections, and the kernel's high-water
 * mark (VmHWM, reset through /proc/self/clear_refs) against the idle process.
 */
import { execFile } from 'child_process';
import fs from 'fs';
import os from 'os';
import path from 'path';
import { promisify } from 'util';
import v8 from 'v8';
import vm from 'vm';
import { startTestStrapi, type TestStrapi } from '../helpers/strapi-app';
import { CATEGORY } from '../helpers/content';
import { testConfig } from '../helpers/config';
import { insertPublishedCategoryRows } from '../helpers/bulk-seed';

const PAGES = 10_000;
const LOCALES = ['de', 'es', 'it', 'nl', 'pt', 'sv', 'da', 'fi', 'pl', 'cs'].concat(
  ['sk', 'hu', 'ro', 'bg', 'el', 'hr', 'sl', 'et', 'lv'] // with en and fr: 21
);
/** What the caches may keep: a few MB of leaves and the directories, not the site. */
const MAX_RETAINED_MB = 12;
const MAX_PEAK_MB = 80;
const MB = 1024 * 1024;
const TIMEOUT = 300_000;

const execFileAsync = promisify(execFile);
v8.setFlagsFromString('--expose-gc');
const collectGarbage = vm.runInNewContext('gc') as () => void;
const heldMb = () => {
  const usage = process.memoryUsage();
  return (usage.heapUsed + usage.external) / MB;
};
const highWaterMb = () =>
  Number(/VmHWM:\s+(\d+) kB/.exec(fs.readFileSync('/proc/self/status', 'utf8'))![1]) / 1024;

let app: TestStrapi;

beforeAll(async () => {
  app = await startTestStrapi({
    pluginConfig: testConfig({
      contentTypes: { [CATEGORY]: { pattern: '/c/[slug]', titleField: 'name', visitorMap: {} } },
      customUrls: [],
      cron: false,
      autoGenerate: false,
    }),
  });
  const locales = app.strapi.plugin('i18n').service('locales');
  for (const code of LOCALES) await locales.create({ code, name: code });
  await insertPublishedCategoryRows(app.strapi, PAGES);
  expect((await app.strapi.plugin('sitemap').service('generator').generate('manual')).status).toBe(
    'success'
  );
}, TIMEOUT);

afterAll(async () => {
  await app?.stop();
}, TIMEOUT);

it(
  'answers a burst over every locale and order from what is stored, keeping nothing that grows with the site',
  async () => {
    const codes = ['en', 'fr', ...LOCALES];
    const urls: string[] = [];
    for (const locale of codes)
      for (const order of ['tree', 'alpha'])
        for (let page = 1; page <= 6; page++)
          urls.push(
            `${app.baseUrl}/api/sitemap/plan.json?locale=${locale}&order=${order}&page=${page}`
          );
    const list = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'sitemap-burst-')), 'urls.json');
    fs.writeFileSync(list, JSON.stringify(urls));

    // One request first: what every later one shares (the settings, the file list) is loaded.
    expect((await fetch(urls[0])).status).toBe(200);
    collectGarbage();
    collectGarbage();
    const held = heldMb();
    const idle = process.memoryUsage().rss / MB;
    fs.writeFileSync('/proc/self/clear_refs', '5');
    const { stdout } = await execFileAsync(process.execPath, [
      path.resolve(__dirname, '../scripts/burst-requests.js'),
      list,
    ]);
    const peakMb = highWaterMb() - idle;
    collectGarbage();
    collectGarbage();
    const retainedMb = heldMb() - held;
    fs.rmSync(path.dirname(list), { recursive: true, force: true });

    const statuses = JSON.parse(stdout) as number[];
    expect(statuses.length).toBe(codes.length * 2 * 6);
    expect(statuses.every((status) => status === 200)).toBe(true);
    expect(retainedMb).toBeLessThan(MAX_RETAINED_MB);
    expect(peakMb).toBeLessThan(MAX_PEAK_MB);
    console.log(
      `[visitor-map-memory] ${statuses.length} requests: retained ${retainedMb.toFixed(1)} MB, peak +${peakMb.toFixed(1)} MB above idle`
    );
  },
  TIMEOUT
);
