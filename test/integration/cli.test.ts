/**
 * The command line, on the test app and its database: `generate` makes a full run in a process of
 * its own, which the running instance then serves, and `export` writes the live files as they are
 * served, each valid against the official XSDs.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { startTestStrapi, APP_DIR, type TestStrapi } from '../helpers/strapi-app';
import { ARTICLE, createArticle, createCategory } from '../helpers/content';
import { testConfig } from '../helpers/config';
import { fetchSitemapSet, fileUrl, getText } from '../helpers/sitemap-http';
import { validateSitemapXml } from '../helpers/xmllint';

const CLI = path.resolve(__dirname, '../../server/bin/strapi-sitemap.js');
const run = promisify(execFile);
let app: TestStrapi;
let out: string;

/** The CLI in a process of its own, on the test app's database (the env boot() set). */
async function cli(...args: string[]) {
  try {
    const { stdout, stderr } = await run(process.execPath, [CLI, ...args, '--dist-dir', APP_DIR], {
      cwd: APP_DIR,
      env: { ...process.env, STRAPI_LOG_LEVEL: 'error' },
      timeout: 240_000,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? -1, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' };
  }
}

beforeAll(async () => {
  app = await startTestStrapi({
    pluginConfig: testConfig({
      contentTypes: { [ARTICLE]: { pattern: '/blog/[slug]' } },
      customUrls: [],
      cron: false,
      autoGenerate: false,
      feed: true,
      indexNow: { key: 'c1b2a3d4e5f60718', endpoint: 'http://127.0.0.1:9/indexnow' },
    }),
  });
  out = fs.mkdtempSync(path.join(os.tmpdir(), 'sitemap-export-'));
}, 120_000);

afterAll(async () => {
  await app?.stop();
  if (out) fs.rmSync(out, { recursive: true, force: true });
});

it('answers a wrong call with its usage, and starts nothing', async () => {
  const missing = await cli('export');
  expect(missing.code).toBe(2);
  expect(missing.stderr).toMatch(/export needs --out <dir>[\s\S]*Usage: strapi-sitemap generate/);
  expect((await cli('publish')).code).toBe(2);
});

it('generates in a process of its own, and the running instance serves what it wrote', async () => {
  const category = await createCategory(app.strapi, { name: 'News', slug: 'news' });
  for (const slug of ['first', 'second'])
    await createArticle(app.strapi, { title: slug, slug, categoryDocumentId: category.documentId });
  const result = await cli('generate');
  expect(result.stderr).toBe('');
  expect(result.code).toBe(0);
  expect(result.stdout).toMatch(/strapi-sitemap: \d+ URLs, \d+ files written \(run \d+\)/);
  // Its own first run, queued at its start while the script's ran, was dropped at its stop, not failed.
  const [last] = await app.strapi.plugin('sitemap').service('runs').recent(1);
  expect([last.trigger, last.status]).toEqual(['script', 'success']);
  const { urls } = await fetchSitemapSet(app.baseUrl);
  expect(urls.map((url) => url.loc).sort()).toEqual([
    'https://www.example.com/blog/first',
    'https://www.example.com/blog/second',
  ]);
});

it('exports the live files as they are served, each valid', async () => {
  const result = await cli('export', '--out', out);
  expect(result.code).toBe(0);
  const names = fs.readdirSync(out).sort();
  expect(names).toEqual(
    expect.arrayContaining(['index.xml', 'article-1.xml', 'article-1.txt', 'recent.atom'])
  );
  // Files only the plugin reads (block indexes, the feed's state) stay in the database.
  expect(names.some((name) => /blocks|\.json$/.test(name))).toBe(false);
  expect(fs.readFileSync(path.join(out, 'c1b2a3d4e5f60718.txt'), 'utf8')).toBe('c1b2a3d4e5f60718');
  for (const name of names) {
    const { text } = await getText(fileUrl(app.baseUrl, name));
    expect([name, fs.readFileSync(path.join(out, name), 'utf8')]).toEqual([name, text]);
    if (name.endsWith('.xml')) {
      const check = await validateSitemapXml(fs.readFileSync(path.join(out, name)));
      expect([name, check.valid]).toEqual([name, true]);
    }
  }
});
