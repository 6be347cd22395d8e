/**
 * The largest file the protocol allows (52,428,800 bytes uncompressed) is generated, stored in the
 * database and served intact, on whichever database the run uses (DATABASE_CLIENT).
 *
 * ~26,500 published categories with ~1,900-character random slugs make ~53 MB of `<url>`s, so the
 * generator has to split at the byte limit: the first file ends within one `<url>` of it. The slugs
 * are random so gzip cannot shrink the file much (~0.6): the stored gzip of the first file is far
 * over MariaDB's default 16 MB max_allowed_packet, which only the 1 MiB parts get past.
 *
 * Seeding: test/helpers/bulk-seed.ts (one category through the Document Service, the rest cloned).
 *
 * Timing note: under jest, generate() takes ~45 s here against ~7 s in plain node. Jest runs the
 * plugin in a vm context, where each read of a global (`Math` in UrlHashSet's per-character loop,
 * ~100 M reads for these URLs) goes through a slow interceptor.
 */
import { createHash } from 'crypto';
import http from 'http';
import { gunzipSync } from 'zlib';
import type { UID } from '@strapi/strapi';
import { startTestStrapi, type TestStrapi } from '../helpers/strapi-app';
import { CATEGORY } from '../helpers/content';
import { testConfig } from '../helpers/config';
import { randomStrings, seedPublishedCategories } from '../helpers/bulk-seed';
import { fileUrl, getText, parseIndex } from '../helpers/sitemap-http';
import { validateSitemapXml } from '../helpers/xmllint';

const HOST = 'https://www.example.com';
const BYTES_PER_FILE = 52_428_800;
/** `https://www.example.com/c/` + 1,900 characters: 1,926, under the 2,048 URL length limit. */
const SLUG_LENGTH = 1900;
/** ~2,017 bytes per `<url>`: ~53.4 MB in all, one full file and a small second one. */
const DOCUMENTS = 26_500;
/** MariaDB's default max_allowed_packet. */
const MARIADB_DEFAULT_PACKET = 16 * 1024 * 1024;
const TIMEOUT = 300_000;

const digest = (text: string) => createHash('sha1').update(text).digest('base64');

/** GET with node's http module, which leaves the body as sent (fetch would gunzip it silently). */
function getRaw(url: string, headers: Record<string, string>) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>(
    (resolve, reject) => {
      http
        .get(url, { headers }, (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () =>
            resolve({
              status: response.statusCode!,
              headers: response.headers,
              body: Buffer.concat(chunks),
            })
          );
          response.on('error', reject);
        })
        .on('error', reject);
    }
  );
}

let app: TestStrapi;
/** sha1 of every `<loc>` seeded, to check each one is served exactly once. */
const expectedLocs = new Set<string>();

const plugin = () => app.strapi.plugin('sitemap');

async function waitForIdle() {
  for (;;) {
    const [last] = await plugin().service('runs').recent(1);
    if (last && last.status !== 'running' && !plugin().service('generator').progress()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

beforeAll(async () => {
  app = await startTestStrapi({
    pluginConfig: testConfig({
      contentTypes: { [CATEGORY]: { pattern: '/c/[slug]', priority: 0.5 } },
      customUrls: [],
      // The protocol's largest file, not the plugin's default of 10,000 URLs.
      limits: { urlsPerFile: 50_000 },
    }),
  });
  // The first generation of a fresh install runs in the background: let it finish on the empty set.
  await waitForIdle();
}, TIMEOUT);

afterAll(async () => {
  await app?.stop();
}, TIMEOUT);

describe('a file of the largest allowed size', () => {
  it(
    'seeds published categories that Strapi reads as documents',
    async () => {
      const { strapi } = app;
      const slugs = randomStrings(DOCUMENTS, SLUG_LENGTH);
      await seedPublishedCategories(strapi, slugs);
      for (const slug of slugs) expectedLocs.add(digest(`${HOST}/c/${slug}`));
      const documents = strapi.documents(CATEGORY as UID.ContentType);

      expect(expectedLocs.size).toBe(DOCUMENTS);
      expect(await documents.count({ status: 'published' } as any)).toBe(DOCUMENTS);
      expect(await documents.count({ status: 'draft' } as any)).toBe(DOCUMENTS);
    },
    TIMEOUT
  );

  it(
    'generates, splitting at the byte limit',
    async () => {
      const result = await plugin().service('generator').generate('manual');
      expect(result).toMatchObject({ status: 'success', urlCount: DOCUMENTS });
      const { files } = await plugin().service('dashboard').status();
      expect(files.map((file: any) => file.name)).toEqual(['category-1.xml', 'category-2.xml']);
      const [first, second] = files;
      expect(first.byteSize).toBeLessThanOrEqual(BYTES_PER_FILE);
      // Full: the next `<url>` (~2,017 bytes) did not fit.
      expect(first.byteSize).toBeGreaterThan(BYTES_PER_FILE - 2100);
      expect(second.byteSize).toBeLessThanOrEqual(BYTES_PER_FILE);
      expect(first.urlCount + second.urlCount).toBe(DOCUMENTS);
      // Too big for one MariaDB packet: only the 1 MiB parts let it be stored.
      expect(first.compressedSize).toBeGreaterThan(MARIADB_DEFAULT_PACKET);
    },
    TIMEOUT
  );

  it(
    'serves every file intact, plain and gzip, with the byte sizes the status reports',
    async () => {
      const { response, text: indexXml } = await getText(fileUrl(app.baseUrl, 'index.xml'));
      expect(response.status).toBe(200);
      expect((await validateSitemapXml(indexXml)).valid).toBe(true);
      const names = parseIndex(indexXml).map((entry) => entry.loc.split('/').pop()!);
      const reported = new Map<string, any>(
        (await plugin().service('dashboard').status()).files.map((file: any) => [file.name, file])
      );
      expect(names).toEqual([...reported.keys()]);

      const unseen = new Set(expectedLocs);
      let urls = 0;
      for (const [i, name] of names.entries()) {
        const stored = reported.get(name);
        const plain = await fetch(fileUrl(app.baseUrl, name), {
          headers: { 'Accept-Encoding': 'identity' },
        });
        expect(plain.status).toBe(200);
        expect(plain.headers.get('content-encoding')).toBeNull();
        const body = Buffer.from(await plain.arrayBuffer());
        expect(body.length).toBeLessThanOrEqual(BYTES_PER_FILE);
        if (i === 0) expect(body.length).toBeGreaterThan(50_000_000);
        expect(body.length).toBe(stored.byteSize);

        const check = await validateSitemapXml(body);
        expect(check.output).toBe('sitemap.xml validates\n');
        expect(check.valid).toBe(true);

        let fileUrls = 0;
        for (const match of body.toString('latin1').matchAll(/<loc>([^<]*)<\/loc>/g)) {
          const hash = digest(match[1]);
          expect(unseen.delete(hash)).toBe(true);
          fileUrls++;
        }
        expect(fileUrls).toBe(stored.urlCount);
        urls += fileUrls;

        const gzipped = await getRaw(fileUrl(app.baseUrl, name), { 'Accept-Encoding': 'gzip' });
        expect(gzipped.status).toBe(200);
        expect(gzipped.headers['content-encoding']).toBe('gzip');
        expect(gzipped.body.length).toBe(stored.compressedSize);
        expect(gunzipSync(gzipped.body).equals(body)).toBe(true);
      }
      expect(urls).toBe(DOCUMENTS);
      expect(unseen.size).toBe(0);
    },
    TIMEOUT
  );
});
