/**
 * Serving a 50,000-URL file to many clients at once without holding it whole per request:
 * a GET without gzip streams the stored gzip bytes through zlib, a HEAD reads nothing.
 *
 * Memory is measured in this process, where Strapi runs: the kernel's high-water mark (VmHWM),
 * reset through /proc/self/clear_refs just before the requests, against the RSS of the idle process.
 * The clients run in a child process (test/scripts/concurrent-requests.js): in this one, the 200
 * bodies they received (3.3 GB of buffers) made the peak depend on when V8 collected them (45 to
 * 232 MB above idle in runs of the same code), not on what the server holds.
 * Seeding: test/helpers/bulk-seed.ts.
 */
import { createHash } from 'crypto';
import { execFile } from 'child_process';
import fs from 'fs';
import path from 'path';
import { promisify } from 'util';
import http from 'http';
import v8 from 'v8';
import vm from 'vm';
import { gunzipSync } from 'zlib';
import { startTestStrapi, type TestStrapi } from '../helpers/strapi-app';
import { CATEGORY } from '../helpers/content';
import { testConfig } from '../helpers/config';
import { seedPublishedCategories } from '../helpers/bulk-seed';
import { fileUrl } from '../helpers/sitemap-http';
import { validateSitemapXml } from '../helpers/xmllint';

const URLS = 50_000;
const CLIENTS = 200;
const MAX_GROWTH_MB = 150;
const TIMEOUT = 300_000;
const MB = 1024 * 1024;
const NAME = 'category-1.xml';

let app: TestStrapi;
const plugin = () => app.strapi.plugin('sitemap');
/** The file as the gzip route serves it, uncompressed: what every identity body must equal. */
let expected: { sha1: string; bytes: number; compressedBytes: number };

const execFileAsync = promisify(execFile);
/** V8's full collection, without starting node with --expose-gc. */
v8.setFlagsFromString('--expose-gc');
const collectGarbage = vm.runInNewContext('gc') as () => void;
const sha1 = (bytes: Buffer) => createHash('sha1').update(bytes).digest('hex');
const rssMb = () => process.memoryUsage().rss / MB;
const highWaterMb = () =>
  Number(/VmHWM:\s+(\d+) kB/.exec(fs.readFileSync('/proc/self/status', 'utf8'))![1]) / 1024;
const resetHighWater = () => fs.writeFileSync('/proc/self/clear_refs', '5');

interface Received {
  status: number;
  headers: http.IncomingHttpHeaders;
  sha1: string;
  bytes: number;
  raw?: Buffer;
}

/** One request with node's http module (bodies as sent), hashing the body as it streams in. */
function request(method: 'GET' | 'HEAD', headers: Record<string, string>, keep = false) {
  return new Promise<Received>((resolve, reject) => {
    const req = http.request(
      fileUrl(app.baseUrl, NAME),
      { method, headers, agent: false },
      (response) => {
        const hash = createHash('sha1');
        const chunks: Buffer[] = [];
        let bytes = 0;
        response.on('data', (chunk: Buffer) => {
          hash.update(chunk);
          bytes += chunk.length;
          if (keep) chunks.push(chunk);
        });
        response.on('end', () => {
          const raw = keep ? Buffer.concat(chunks) : undefined;
          resolve({
            status: response.statusCode!,
            headers: response.headers,
            sha1: hash.digest('hex'),
            bytes,
            raw,
          });
        });
        response.on('error', reject);
      }
    );
    req.on('error', reject);
    req.end();
  });
}

const CLIENTS_SCRIPT = path.resolve(__dirname, '../scripts/concurrent-requests.js');

/**
 * Sends `count` requests at once from a child process and returns what each received, with how far
 * this process (Strapi's) grew above its idle RSS meanwhile.
 */
async function concurrently(
  count: number,
  method: 'GET' | 'HEAD',
  headers: Record<string, string>
) {
  // Garbage left by the test files that ran before in this process (jest --runInBand) is collected
  // first: compacting it mid-measurement is what raised the peak, not serving.
  collectGarbage();
  collectGarbage();
  const idle = rssMb();
  resetHighWater();
  const { stdout } = await execFileAsync(
    process.execPath,
    [CLIENTS_SCRIPT, fileUrl(app.baseUrl, NAME), String(count), method, JSON.stringify(headers)],
    { maxBuffer: 64 * 1024 * 1024 }
  );
  return { responses: JSON.parse(stdout) as Received[], growthMb: highWaterMb() - idle };
}

beforeAll(async () => {
  app = await startTestStrapi({
    pluginConfig: testConfig({
      contentTypes: { [CATEGORY]: { pattern: '/c/[slug]', priority: 0.5 } },
      customUrls: [],
      // The protocol's largest file, not the plugin's default of 10,000 URLs.
      limits: { urlsPerFile: 50_000 },
      cron: false,
    }),
  });
  // Slugs that compress like real ones (~30x): a long shared text after a unique number.
  const filler = 'a-long-and-descriptive-slug-that-repeats-from-one-entry-to-the-next-'.repeat(3);
  await seedPublishedCategories(
    app.strapi,
    Array.from({ length: URLS }, (_, i) => `${i}-${filler}${i}`)
  );
  expect((await plugin().service('generator').generate('manual')).status).toBe('success');
}, TIMEOUT);

afterAll(async () => {
  await app?.stop();
}, TIMEOUT);

it(
  'writes one valid file of 50,000 URLs',
  async () => {
    const { files } = await plugin().service('dashboard').status();
    expect(files.map((file: any) => [file.name, file.urlCount])).toEqual([[NAME, URLS]]);
    const gzip = await request('GET', { 'Accept-Encoding': 'gzip' }, true);
    expect(gzip.headers['content-encoding']).toBe('gzip');
    const xml = gunzipSync(gzip.raw!);
    expect(xml.length).toBe(files[0].byteSize);
    expect((await validateSitemapXml(xml)).valid).toBe(true);
    expected = { sha1: sha1(xml), bytes: xml.length, compressedBytes: gzip.raw!.length };
  },
  TIMEOUT
);

// Before the GETs, so that their garbage cannot hide what HEADs would allocate.
it(
  `answers ${CLIENTS} concurrent HEADs with the headers of the GET and no body, reading nothing`,
  async () => {
    const { responses, growthMb } = await concurrently(CLIENTS, 'HEAD', {
      'Accept-Encoding': 'identity',
    });
    for (const response of responses) {
      expect(response.status).toBe(200);
      expect(response.bytes).toBe(0);
      expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(Number(response.headers['content-length'])).toBe(expected.bytes);
      expect(response.headers.etag).toMatch(/^"[\w-]+"$/);
    }
    expect(growthMb).toBeLessThan(MAX_GROWTH_MB);

    const gzip = await request('HEAD', { 'Accept-Encoding': 'gzip' });
    expect(gzip).toMatchObject({ status: 200, bytes: 0 });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(Number(gzip.headers['content-length'])).toBe(expected.compressedBytes);
    expect(gzip.headers.etag).toMatch(/-gz"$/);
  },
  TIMEOUT
);

it(
  `serves ${CLIENTS} concurrent GETs without gzip, every body complete, within ${MAX_GROWTH_MB} MB of the idle RSS`,
  async () => {
    const { responses, growthMb } = await concurrently(CLIENTS, 'GET', {
      'Accept-Encoding': 'identity',
    });
    for (const response of responses) {
      expect(response.status).toBe(200);
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
      expect(Number(response.headers['content-length'])).toBe(expected.bytes);
      expect(response.bytes).toBe(expected.bytes);
      expect(response.sha1).toBe(expected.sha1);
    }
    expect(growthMb).toBeLessThan(MAX_GROWTH_MB);
  },
  TIMEOUT
);
