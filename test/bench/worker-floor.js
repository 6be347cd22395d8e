'use strict';
/**
 * `--worker-floor on` (PostgreSQL): what issue 24's suggested design costs at its floor, before the
 * plugin is rebuilt on it. The lower bound's work plus what a run adds that the bound leaves out
 * (duplicate detection, gzip at the urlsets' level, the bytes handed to the main thread) done two
 * ways on the same rows:
 *   - `thread`: in this thread, as the plugin's runs are today;
 *   - `worker`: in a `worker_threads` Worker with `resourceLimits` and a connection of its own,
 *     handing each file's compressed bytes to the main thread (transferred, not copied).
 * Each answers: time against the lower bound, peak RSS above idle (the kernel's VmHWM, which counts
 * the worker's heap too), and the longest hold of the main thread's event loop.
 */
const { Worker, isMainThread, parentPort, workerData } = require('node:worker_threads');
const zlib = require('node:zlib');

const URLS_PER_FILE = 50_000;
const PAGE = 1_000;
/** The urlsets' level (server/src/core/files/gzip-file.ts URLSET_GZIP_LEVEL). */
const GZIP_LEVEL = 1;

/** The lower bound's escaping (run.js) too: escaped concatenation, the cheapest correct way. */
const escapeXml = (value) =>
  /[&<>"']/.test(value)
    ? value.replace(
        /[&<>"']/g,
        (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]
      )
    : value;

/**
 * 64-bit hashes of the URLs seen, as the plugin's UrlHashSet keeps them (one open-addressing table
 * here, sized up front: the floor, not the plugin's growth policy).
 */
function hashSet(expected) {
  const slots = 2 ** Math.ceil(Math.log2((expected * 4) / 3 + 1));
  const table = new Uint32Array(2 * slots);
  const mask = slots - 1;
  return (url) => {
    let h1 = 0xdeadbeef;
    let h2 = 0x41c6ce57;
    for (let i = 0; i < url.length; i++) {
      const ch = url.charCodeAt(i);
      h1 = Math.imul(h1 ^ ch, 2654435761);
      h2 = Math.imul(h2 ^ ch, 1597334677);
    }
    h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
    h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
    if (h1 === 0 && h2 === 0) h2 = 1;
    for (let slot = h1 & mask; ; slot = (slot + 1) & mask) {
      const a = table[2 * slot];
      const b = table[2 * slot + 1];
      if (a === 0 && b === 0) {
        table[2 * slot] = h1;
        table[2 * slot + 1] = h2;
        return true;
      }
      if (a === h1 >>> 0 && b === h2 >>> 0) return false;
    }
  };
}

/**
 * Reads the rows with a cursor on its own connection, writes 50,000-URL files through gzip, and
 * calls `emit(bytes)` with each file's compressed bytes. Yields to the event loop after each page.
 */
async function writeFloor({ connection, sql, bindings, expected }, emit) {
  const { Client } = require('pg');
  const client = new Client(connection);
  await client.connect();
  const add = hashSet(expected);
  let urls = 0;
  let duplicates = 0;
  let gzip = null;
  let chunks = [];
  let inFile = 0;
  const closeFile = async () => {
    const done = new Promise((resolve) => gzip.once('end', resolve));
    gzip.end('</urlset>\n');
    await done;
    emit(Buffer.concat(chunks));
    gzip = null;
    chunks = [];
    inFile = 0;
  };
  try {
    await client.query('BEGIN READ ONLY');
    await client.query('SET LOCAL cursor_tuple_fraction = 1');
    await client.query(`DECLARE floor NO SCROLL CURSOR FOR ${sql}`, bindings);
    for (;;) {
      const { rows } = await client.query(`FETCH ${PAGE} FROM floor`);
      // One write to zlib a page at most (a write per URL costs more than the URL).
      let page = '';
      for (const row of rows) {
        const loc = `https://www.example.com/blog/${encodeURIComponent(row.category_slug)}/${encodeURIComponent(row.slug)}`;
        if (!add(loc)) {
          duplicates++;
          continue;
        }
        if (!gzip) {
          gzip = zlib.createGzip({ level: GZIP_LEVEL });
          gzip.on('data', (chunk) => chunks.push(chunk));
          gzip.write(
            '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n'
          );
        }
        page += `<url><loc>${escapeXml(loc)}</loc><lastmod>${new Date(row.updated_at).toISOString()}</lastmod></url>\n`;
        urls++;
        if (++inFile === URLS_PER_FILE) {
          gzip.write(page);
          page = '';
          await closeFile();
        }
      }
      if (page) gzip.write(page);
      if (rows.length < PAGE) break;
      await new Promise((resolve) => setImmediate(resolve));
    }
    if (gzip) await closeFile();
    await client.query('ROLLBACK');
  } finally {
    await client.end();
  }
  return { urls, duplicates };
}

if (!isMainThread) {
  writeFloor(workerData, (bytes) => {
    // Moved to the main thread, not copied: a buffer of its own (a small one may share a pool).
    const own = bytes.byteLength === bytes.buffer.byteLength ? bytes : new Uint8Array(bytes);
    parentPort.postMessage({ file: own }, [own.buffer]);
  }).then(
    (counts) => parentPort.postMessage({ counts }),
    (error) => parentPort.postMessage({ error: error.stack })
  );
}

/** The same work in a Worker whose heap is capped: its compressed files come back as messages. */
function inWorker(job, limits) {
  return new Promise((resolve, reject) => {
    let files = 0;
    let bytes = 0;
    const worker = new Worker(__filename, { workerData: job, resourceLimits: limits });
    worker.on('message', (message) => {
      if (message.file) {
        files++;
        bytes += message.file.byteLength;
      } else if (message.counts) resolve({ ...message.counts, files, bytes });
      else if (message.error) reject(new Error(message.error));
    });
    worker.on('error', reject);
    worker.on('exit', (code) => code !== 0 && reject(new Error(`worker exited with ${code}`)));
  });
}

async function inThread(job) {
  let files = 0;
  let bytes = 0;
  const counts = await writeFloor(job, (file) => {
    files++;
    bytes += file.byteLength;
  });
  return { ...counts, files, bytes };
}

/** The job both ways share: the lower bound's query, on a connection of their own. */
function floorJob(strapi, query, expected) {
  const { sql, bindings } = query().toSQL().toNative();
  const { connection } = strapi.config.get('database.connection');
  return { connection, sql, bindings, expected };
}

/** The heap the worker may use: V8's old generation and young generation, in MB. */
const WORKER_LIMITS = { maxOldGenerationSizeMb: 64, maxYoungGenerationSizeMb: 8 };

module.exports = { escapeXml, floorJob, inThread, inWorker, WORKER_LIMITS };
