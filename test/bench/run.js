'use strict';
/**
 * `npm run bench -- [--n 10000,100000] [--db sqlite|postgres|mysql]`
 * For each N, on a fresh database: seeds N URLs' worth of articles shaped as Strapi writes them
 * (random document ids, shuffled creation, drafts, two locales on 30%, republished rows: seed.js),
 * mapped as `/blog/[category.slug]/[slug]`, then measures in the same run
 *   1. the plugin's full run (read, write, gzip, store, switch), first, from the idle Strapi;
 *   2. a lower bound: one pass over the published rows in id order with the relation joined, written
 *      into 50,000-URL strings with escaped concatenation, nothing else;
 *   3. incremental: from publish() of a new article returning to its URL being served over HTTP,
 *      and from a slug change's publish() to the new URL being served, with the worker's delay;
 * with peak RSS above the idle Strapi's (and above the step's own start); beside the full run, what it spent its time on by the
 * plugin's own clock (its report's phases) and the longest the event loop was held while it ran.
 * Prints tables and writes test/bench/results.json.
 * BENCH_PROFILE_DIR=/some/dir also writes a CPU profile and an allocation profile of each full run.
 * `--visitors on` then lists the articles in the visitors' site map too (grouped by category) and
 * measures, against a plain full run of the same state: the full run, the publish → plan.json lag,
 * a burst of plan.json requests over every locale and order (peak RSS, from a child process), and,
 * after restarting Strapi on the same database, the first plan.json a new process answers.
 * `--reads on` (SQLite) also times the ways a full run could read the articles: sqlite-reads.js.
 * `--sqlite-mmap 1073741824` sets SQLite's mmap_size on Strapi's connection (test/app/config).
 * `--worker-floor on` (PostgreSQL) also measures the floor of issue 24's Worker design against the
 * same work in this thread: worker-floor.js.
 * `--images on` gives every article a cover image (a media field test/app adds for it),
 * listed in the sitemap: the type's images are read through the query engine, page by page, beside
 * its rows (the lower bound stays the plain read).
 * `--worker off` sets the plugin's `worker: false`: full runs write every type on the main thread
 * (what every database did before the Worker: PostgreSQL before 24b01f0, MySQL and MariaDB before
 * 91aac39, SQLite before its reading thread, run-worker/sqlite-reader).
 * `--seed-only N` (internal) seeds N URLs' worth into the database the environment names.
 * `--size-only N` (internal) benches one size and prints its result: a call naming several sizes
 * runs each in such a process, so every size starts from a Strapi that has run nothing else.
 */
const fs = require('fs');
const os = require('os');
const path = require('path');
const crypto = require('crypto');
const { monitorEventLoopDelay, PerformanceObserver } = require('perf_hooks');
const { seedArticles, seedArticlesPostgres, seedCovers } = require('./seed');
const { sqliteReads } = require('./sqlite-reads');
const { escapeXml, floorJob, inThread, inWorker, WORKER_LIMITS } = require('./worker-floor');

const args = Object.fromEntries(
  process.argv
    .slice(2)
    .reduce(
      (pairs, arg, i, all) =>
        arg.startsWith('--') ? [...pairs, [arg.slice(2), all[i + 1]]] : pairs,
      []
    )
);
const SIZES = String(args.n || '10000,100000')
  .split(',')
  .map(Number);
const CLIENT = args.db || 'sqlite';
const VISITORS = args.visitors === 'on';
const READS = args.reads === 'on' && CLIENT === 'sqlite';
const WORKER_FLOOR = args['worker-floor'] === 'on' && CLIENT === 'postgres';
const WORKER = args.worker !== 'off';
// Articles with a cover image, listed in the sitemap (test/app's register adds the media field).
// The seeding child learns it from the environment.
const IMAGES = args.images === 'on' || process.env.SITEMAP_BENCH_COVER === 'on';
if (IMAGES) process.env.SITEMAP_BENCH_COVER = 'on';
// SQLite's mmap_size on Strapi's connection (the README's tip), in bytes.
if (args['sqlite-mmap'])
  process.env.DATABASE_SQLITE_MMAP_SIZE = String(Number(args['sqlite-mmap']));
const appDir = path.resolve(__dirname, '../app');
const DEBOUNCE_MS = 200;

process.env.STRAPI_TELEMETRY_DISABLED = 'true';
process.env.STRAPI_LOG_LEVEL = 'error';
process.env.DATABASE_CLIENT = CLIENT;

const { createStrapi } = require('@strapi/strapi');

async function createDatabase() {
  if (CLIENT === 'sqlite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sitemap-bench-'));
    process.env.DATABASE_FILENAME = path.join(dir, 'bench.db');
    return () => fs.rmSync(dir, { recursive: true, force: true });
  }
  const name = `sitemap_bench_${crypto.randomBytes(4).toString('hex')}`;
  process.env.DATABASE_NAME = name;
  const run = async (sql) => {
    if (CLIENT === 'postgres') {
      const { Client } = require('pg');
      const client = new Client({ host: '127.0.0.1', user: 'postgres', database: 'postgres' });
      await client.connect();
      await client.query(sql);
      await client.end();
    } else {
      const mysql = require('mysql2/promise');
      const client = await mysql.createConnection({
        host: '127.0.0.1',
        user: 'root',
        password: '',
      });
      await client.query(sql);
      await client.end();
    }
  };
  await run(
    CLIENT === 'postgres'
      ? `CREATE DATABASE "${name}"`
      : `CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4`
  );
  return () =>
    run(
      CLIENT === 'postgres' ? `DROP DATABASE "${name}" WITH (FORCE)` : `DROP DATABASE \`${name}\``
    );
}

/** Rows per page of the lower bound's scan: large pages, so it is close to one pass over the table. */
const SCAN_PAGE = 10_000;

/**
 * The lower bound: the machine's floor for the same output. One pass over the published rows in
 * `id` order (the order they sit in the table) with the category joined, each URL built with
 * escaped concatenation and cut into 50,000-URL strings; nothing else (no hreflang grouping, no
 * gzip, no storage).
 */
async function lowerBound(strapi) {
  const query = boundQuery(strapi);
  let files = 0;
  let urls = 0;
  let parts = [];
  for await (const rows of inIdOrder(strapi, query)) {
    for (const row of rows) {
      const loc = `https://www.example.com/blog/${encodeURIComponent(row.category_slug)}/${encodeURIComponent(row.slug)}`;
      parts.push(
        `<url><loc>${escapeXml(loc)}</loc><lastmod>${new Date(row.updated_at).toISOString()}</lastmod></url>\n`
      );
      urls++;
      if (parts.length === 50_000) {
        files += Buffer.byteLength(parts.join('')) > 0 ? 1 : 0;
        parts = [];
      }
    }
  }
  if (parts.length) files++;
  return { urls, files };
}

/** The lower bound's query: the published articles in id order, their category joined. */
function boundQuery(strapi) {
  const knex = strapi.db.connection;
  const article = strapi.db.metadata.get('api::article.article');
  const category = strapi.db.metadata.get('api::category.category');
  const link = article.attributes.category.joinTable;
  return () =>
    knex(`${article.tableName} as a`)
      .leftJoin(`${link.name} as l`, `l.${link.joinColumn.name}`, 'a.id')
      .leftJoin(`${category.tableName} as c`, 'c.id', `l.${link.inverseJoinColumn.name}`)
      .select('a.id', 'a.slug', 'a.updated_at', 'c.slug as category_slug')
      .whereNotNull('a.published_at')
      .orderBy('a.id');
}

/**
 * The lower bound's rows in batches, each database read its fastest way: one query streamed on
 * PostgreSQL (a cursor: keyset pages with the join make it merge-join the link table from its start
 * on every page, 19 s instead of a few at 1M) and MySQL (mysql2's stream); pages by id on SQLite.
 */
async function* inIdOrder(strapi, query) {
  const knex = strapi.db.connection;
  if (CLIENT === 'postgres') {
    const { sql, bindings } = query().toSQL().toNative();
    const connection = await knex.client.acquireConnection();
    try {
      await connection.query('BEGIN READ ONLY');
      // Costed for all its rows, as the plugin's own cursor is (row-stream.ts).
      await connection.query('SET LOCAL cursor_tuple_fraction = 1');
      await connection.query(`DECLARE bound NO SCROLL CURSOR FOR ${sql}`, bindings);
      for (;;) {
        const { rows } = await connection.query(`FETCH ${SCAN_PAGE} FROM bound`);
        if (rows.length > 0) yield rows;
        if (rows.length < SCAN_PAGE) break;
      }
    } finally {
      await connection.query('ROLLBACK');
      await knex.client.releaseConnection(connection);
    }
    return;
  }
  if (CLIENT === 'mysql') {
    let batch = [];
    for await (const row of query().stream()) {
      batch.push(row);
      if (batch.length === SCAN_PAGE) {
        yield batch;
        batch = [];
      }
    }
    if (batch.length > 0) yield batch;
    return;
  }
  let after = 0;
  for (;;) {
    const rows = await query().andWhere('a.id', '>', after).limit(SCAN_PAGE);
    if (rows.length > 0) yield rows;
    if (rows.length < SCAN_PAGE) return;
    after = rows[rows.length - 1].id;
  }
}

/**
 * Peak RSS while a measure runs. On Linux the kernel's high-water mark (VmHWM), reset before each
 * measure: a timer sampling memoryUsage() misses peaks while the event loop is busy, and SQLite
 * queries through better-sqlite3 never yield to timers. Elsewhere, the timer.
 */
function rssSampler() {
  try {
    fs.writeFileSync('/proc/self/clear_refs', '5');
    return () =>
      Number(/VmHWM:\s+(\d+) kB/.exec(fs.readFileSync('/proc/self/status', 'utf8'))[1]) * 1024;
  } catch {
    let peak = process.memoryUsage().rss;
    const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
    return () => {
      clearInterval(timer);
      return Math.max(peak, process.memoryUsage().rss);
    };
  }
}

/** With BENCH_PROFILE_DIR set, writes a CPU profile of `fn` there (open it in Chrome DevTools). */
async function profiled(label, fn) {
  const dir = process.env.BENCH_PROFILE_DIR;
  if (!dir) return fn();
  const inspector = require('node:inspector');
  const session = new inspector.Session();
  session.connect();
  const post = (method) =>
    new Promise((resolve, reject) =>
      session.post(method, (error, result) => (error ? reject(error) : resolve(result)))
    );
  await post('Profiler.enable');
  await post('Profiler.start');
  // What the step allocated, by allocation site, including what both collections freed: what
  // fills the young generation, and what survives it is the garbage peak RSS is made of.
  // `node test/bench/allocations.js <dir>/<label>.heapprofile` prints the largest sites.
  await post('HeapProfiler.enable');
  await new Promise((resolve, reject) =>
    session.post(
      'HeapProfiler.startSampling',
      {
        samplingInterval: 32 * 1024,
        includeObjectsCollectedByMajorGC: true,
        includeObjectsCollectedByMinorGC: true,
      },
      (error) => (error ? reject(error) : resolve())
    )
  );
  // A heartbeat every 2 ms: where it came late, the loop was held; its times are the profile's
  // clock (monotonic, µs), so test/bench/profile-gaps.js shows what ran in each of the longest.
  const beats = [];
  const heartbeat = setInterval(() => beats.push(Number(process.hrtime.bigint() / 1000n)), 2);
  try {
    return await fn();
  } finally {
    clearInterval(heartbeat);
    // A last beat now: a hold at the step's very end (a run's closing steps) has no beat after it.
    beats.push(Number(process.hrtime.bigint() / 1000n));
    const { profile } = await post('Profiler.stop');
    fs.writeFileSync(path.join(dir, `${label}.cpuprofile`), JSON.stringify(profile));
    const allocations = await post('HeapProfiler.stopSampling');
    fs.writeFileSync(path.join(dir, `${label}.heapprofile`), JSON.stringify(allocations.profile));
    const gaps = beats.slice(1).map((at, i) => [beats[i], at]);
    gaps.sort((a, b) => b[1] - b[0] - (a[1] - a[0]));
    fs.writeFileSync(path.join(dir, `${label}.gaps.json`), JSON.stringify(gaps.slice(0, 10)));
    session.disconnect();
  }
}

/**
 * Waits until this process uses less than a tenth of a core over half a second (at most a
 * minute). Seeding a million rows leaves V8 freeing memory on background threads for seconds
 * afterwards; on two cores that slowed whatever was measured next by up to 1.8x.
 */
async function settle() {
  for (const started = Date.now(); Date.now() - started < 60_000; ) {
    const before = process.cpuUsage();
    await new Promise((resolve) => setTimeout(resolve, 500));
    const used = process.cpuUsage(before);
    if ((used.user + used.system) / 1000 < 50) return;
  }
}

/** CPU seconds the database server's processes have used (Linux /proc; 0 for SQLite, which runs in this process). */
function databaseCpuMs() {
  const names =
    CLIENT === 'postgres' ? ['postgres'] : CLIENT === 'mysql' ? ['mariadbd', 'mysqld'] : [];
  if (names.length === 0) return 0;
  const tick = 10; // ms: Linux's USER_HZ is 100
  let ticks = 0;
  for (const pid of fs.readdirSync('/proc').filter((entry) => /^\d+$/.test(entry))) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      if (!names.includes(comm)) continue;
      // utime, stime, and cutime, cstime (the children it reaped: a backend that ended during the
      // step, such as the run Worker's connection, counts in the postmaster's): fields 14 to 17.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
    } catch {
      // The process ended while it was being read.
    }
  }
  return ticks * tick;
}

/**
 * CPU used during a step: this process (all its threads: Strapi's, the run's Worker, zlib's pool)
 * and the database server, so a ratio can be read as more work or as waiting.
 */
function cpuMeter() {
  const process0 = process.cpuUsage();
  const database0 = databaseCpuMs();
  return () => {
    const used = process.cpuUsage(process0);
    return {
      processMs: (used.user + used.system) / 1000,
      databaseMs: databaseCpuMs() - database0,
    };
  };
}

async function measure(label, fn) {
  global.gc?.();
  // What the process holds as the step starts: after a step before it, V8 keeps part of the heap
  // it grew (committed, not returned at once), which the idle figure does not show.
  const rssBefore = process.memoryUsage().rss;
  const stop = rssSampler();
  const cpu = cpuMeter();
  const started = process.hrtime.bigint();
  const value = await fn();
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  return { label, ms, peakRss: stop(), cpu: cpu(), rssBefore, value };
}

/**
 * Waits until the sitemap has caught up with the changes made so far, as test/helpers/settle.ts does:
 * nothing left to record, the worker neither due nor working (both in memory, read first, so the
 * polling itself does not load the process it measures), no dirty mark pending and no run 'running'.
 */
async function caughtUp(strapi, timeoutMs = 60_000) {
  const plugin = strapi.plugin('sitemap');
  for (
    const deadline = Date.now() + timeoutMs;
    Date.now() < deadline;
    await new Promise((resolve) => setTimeout(resolve, 10))
  ) {
    const worker = plugin.service('scheduler').status();
    if (
      plugin.service('change-feed').status().recording > 0 ||
      worker.working ||
      worker.dueAt !== null
    )
      continue;
    if ((await strapi.db.query('plugin::sitemap.sitemap-dirty-mark').count({})) > 0) continue;
    if (
      (await strapi.db
        .query('plugin::sitemap.sitemap-run')
        .count({ where: { status: 'running' } })) === 0
    )
      return true;
  }
  return false;
}

/** The last finished run's scope and duration by its own record (the part of "→ served" spent writing). */
async function latestRun(strapi) {
  const [run] = await strapi.db.query('plugin::sitemap.sitemap-run').findMany({
    where: { status: { $ne: 'running' } },
    orderBy: { id: 'desc' },
    limit: 1,
  });
  return {
    scope: run.scope,
    durationMs: run.durationMs,
    status: run.status,
    filesWritten: run.filesWritten,
    reportScope: run.report?.scope,
    /** What the run spent its time on, by the plugin's own clock (core/runs/phase-clock). */
    phases: run.report?.phases ?? {},
  };
}

/**
 * Waits until `needle` is in the file that holds `documentId`, served over HTTP. Returns when the
 * headers of that response arrived (hrtime): reading and searching the body is the client's time.
 */
async function waitServed(strapi, baseUrl, documentId, needle) {
  for (;;) {
    await caughtUp(strapi);
    const files = await strapi.plugin('sitemap').service('file-store').listLive();
    const holder = files.find(
      (file) =>
        file.format === 'urlset' &&
        file.contentType === 'api::article.article' &&
        documentId > (file.rangeStart ?? '') &&
        (file.rangeEnd === null || documentId <= file.rangeEnd)
    );
    if (holder) {
      const response = await fetch(`${baseUrl}/api/sitemap/${holder.name}`);
      const headersAt = process.hrtime.bigint();
      if ((await response.text()).includes(needle)) return headersAt;
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/**
 * `--images on`: the articles' covers listed with their URLs, set as an admin would (the config
 * file is checked before test/app's register adds the field).
 */
const listCovers = (strapi) =>
  strapi
    .plugin('sitemap')
    .service('settings')
    .update({
      contentTypes: { 'api::article.article': { ...ARTICLE_MAPPING, images: ['cover'] } },
    });

/** `--images on`: every URL of the first article file served lists its cover. */
async function expectCovers(strapi, baseUrl) {
  const files = await strapi.plugin('sitemap').service('file-store').listLive();
  const first = files.find(
    (file) => file.format === 'urlset' && file.contentType === 'api::article.article'
  );
  const xml = await (await fetch(`${baseUrl}/api/sitemap/${first.name}`)).text();
  const urls = xml.split('<url>').length - 1;
  const covers = xml.match(/<image:loc>[^<]*\/uploads\/cover_\d+\.jpg<\/image:loc>/g) ?? [];
  if (urls === 0 || covers.length !== urls)
    throw new Error(`${first.name}: ${covers.length} covers, ${urls} URLs: ${xml.slice(0, 900)}`);
}

/** Requests per second from load.js in a child process: 10 keep-alive connections for 5 s. */
async function load(url, headers) {
  const { execFile } = require('child_process');
  const args = [path.join(__dirname, 'load.js'), url, '5', '10', JSON.stringify(headers)];
  const stdout = await new Promise((resolve, reject) =>
    execFile(process.execPath, args, (error, out) => (error ? reject(error) : resolve(out)))
  );
  return JSON.parse(stdout);
}

/** The response to a GET as it came over the wire: headers and body bytes, still compressed. */
function rawGet(url, headers) {
  const http = require('http');
  return new Promise((resolve, reject) =>
    http
      .get(url, { headers }, (response) => {
        const chunks = [];
        response.on('data', (chunk) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ headers: response.headers, body: Buffer.concat(chunks) })
        );
      })
      .on('error', reject)
  );
}

/**
 * A bare Node server in this process (where Strapi runs, idle meanwhile) answering every request
 * with the same bytes and headers the plugin sent: what serving that file costs without Strapi.
 */
async function bareNode(sent) {
  const http = require('http');
  const headers = {
    'content-type': sent.headers['content-type'],
    'content-encoding': sent.headers['content-encoding'],
    etag: sent.headers.etag,
    'content-length': sent.body.length,
  };
  const server = http.createServer((request, response) => {
    response.writeHead(200, headers);
    response.end(sent.body);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    return await load(`http://127.0.0.1:${server.address().port}/file`, {
      'accept-encoding': 'gzip',
    });
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
}

/**
 * Requests per second for the biggest stored sitemap file over HTTP with gzip: a bare Node server
 * sending the same bytes from this process, the plugin through Strapi's middleware (the default)
 * and with the `serving.beforeMiddleware` listener, in turn three times (medians); and
 * conditional requests answered 304. 10 connections for 5 s each, against 127.0.0.1 only.
 */
async function serve(strapi, baseUrl) {
  const files = (await strapi.plugin('sitemap').service('file-store').listLive()).filter(
    (file) => file.format === 'urlset'
  );
  const biggest = files.sort((a, b) => b.urlCount - a.urlCount)[0];
  const url = `${baseUrl}/api/sitemap/${biggest.name}`;
  const first = await rawGet(url, { 'accept-encoding': 'gzip' });
  const conditional = await load(url, {
    'accept-encoding': 'gzip',
    'if-none-match': first.headers.etag,
  });
  // In turn, three times each, each round starting one further: this machine's speed drifts.
  const direct = strapi.plugin('sitemap').service('direct-serving');
  const gzipLoad = async () => checked(await load(url, { 'accept-encoding': 'gzip' }), first);
  const ways = {
    bare: async () => checked(await bareNode(first), first),
    koa: gzipLoad,
    before: async () => {
      direct.install();
      try {
        return await gzipLoad();
      } finally {
        direct.uninstall();
      }
    },
  };
  const rounds = { bare: [], koa: [], before: [] };
  const order = Object.keys(ways);
  for (let round = 0; round < 3; round++) {
    for (let at = 0; at < order.length; at++) {
      const way = order[(round + at) % order.length];
      rounds[way].push(await ways[way]());
    }
  }
  const median = (values) => [...values].sort((a, b) => a - b)[1];
  function checked(measured, sent) {
    // Every answer a 200 with the whole file: a faster round must not be a cheaper answer.
    if (
      Object.keys(measured.statuses).join() !== '200' ||
      measured.bytes !== measured.requests * sent.body.length
    )
      throw new Error(`serving answered otherwise: ${JSON.stringify(measured)}`);
    return measured.rps;
  }
  return {
    file: biggest.name,
    urls: biggest.urlCount,
    gzipBytes: biggest.compressedSize,
    rounds,
    bareRps: median(rounds.bare),
    gzipRps: median(rounds.koa),
    directRps: median(rounds.before),
    notModifiedRps: conditional.rps,
    notModifiedStatuses: conditional.statuses,
  };
}

/** A new English article in a published category, not yet published. */
async function draftArticle(strapi, title, slug) {
  const category = await strapi.db
    .query('api::category.category')
    .findOne({ where: { publishedAt: { $notNull: true } } });
  return strapi.documents('api::article.article').create({
    locale: 'en',
    data: { title, slug, noindex: false, category: category.documentId },
  });
}

/** The median and the slowest of five saves of a draft's title, in ms (what an editor waits for). */
/**
 * The longest time the event loop went without running a 2 ms timer, that is the longest hold, with
 * pauses: monitorEventLoopDelay, disabled and enabled again, counts the pause itself as a gap.
 */
function loopWatch() {
  let last = performance.now();
  let longest = 0;
  let paused = false;
  const timer = setInterval(() => {
    const now = performance.now();
    if (!paused) longest = Math.max(longest, now - last);
    last = now;
  }, 2);
  return {
    pause: () => (paused = true),
    resume: () => {
      paused = false;
      last = performance.now();
    },
    stop: () => {
      clearInterval(timer);
      return Math.max(longest, paused ? 0 : performance.now() - last);
    },
  };
}

async function editorSaves(strapi, documentId, label) {
  const times = [];
  const held = loopWatch();
  for (let i = 0; i < 5; i++) {
    const started = process.hrtime.bigint();
    await strapi
      .documents('api::article.article')
      .update({ documentId, locale: 'en', data: { title: `Editor ${label} ${i}` } });
    times.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  const loopHeldMs = held.stop();
  times.sort((a, b) => a - b);
  return { median: times[2], max: times[4], loopHeldMs };
}

const ARTICLE_MAPPING = {
  pattern: '/blog/[category.slug]/[slug]',
  priority: 0.7,
  changefreq: 'weekly',
  filters: { noindex: { $ne: true } },
};

/** Boots Strapi on the database of this size's bench (the app in test/app), listening on a free port. */
async function boot() {
  const strapi = await createStrapi({
    appDir,
    distDir: appDir,
    autoReload: false,
    serveAdminPanel: false,
  }).load();
  await caughtUp(strapi);
  await new Promise((resolve) => strapi.server.listen(0, '127.0.0.1', resolve));
  return { strapi, baseUrl: `http://127.0.0.1:${strapi.server.httpServer.address().port}` };
}

const BURST_SCRIPT = path.resolve(__dirname, '../scripts/burst-requests.js');

/**
 * GETs `urls` from a child process (the clients' bodies are not this process's memory) and gives
 * this process's peak RSS (VmHWM) above its RSS just before, after a forced collection.
 */
async function burst(urls) {
  const list = path.join(
    fs.mkdtempSync(path.join(os.tmpdir(), 'sitemap-bench-burst-')),
    'urls.json'
  );
  fs.writeFileSync(list, JSON.stringify(urls));
  global.gc?.();
  global.gc?.();
  const before = process.memoryUsage().rss;
  const peak = rssSampler();
  const started = process.hrtime.bigint();
  const { stdout } = await require('util').promisify(require('child_process').execFile)(
    process.execPath,
    [BURST_SCRIPT, list],
    { maxBuffer: 16 * 1024 * 1024 }
  );
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  fs.rmSync(path.dirname(list), { recursive: true, force: true });
  const statuses = JSON.parse(stdout);
  if (!statuses.every((status) => status === 200)) throw new Error(`burst: ${statuses.join(',')}`);
  return { requests: urls.length, ms, peakAboveBefore: peak() - before };
}

/**
 * The same site with the articles also in the visitors' site map (see the header), measured last:
 * it ends by restarting Strapi, for the first plan.json after a start. Returns the Strapi now running.
 */
async function benchVisitors(strapi, baseUrl, n, plainFull) {
  // The plain full run again, with the default file limits, in this state of the process: the
  // run that writes the site map too is compared with it.
  await strapi.plugin('sitemap').service('settings').update({ limits: null });
  const plain = await measure('full run (again)', () =>
    strapi.plugin('sitemap').service('generator').generate('script')
  );
  await strapi
    .plugin('sitemap')
    .service('settings')
    .update({
      contentTypes: {
        'api::article.article': {
          ...ARTICLE_MAPPING,
          titleField: 'title',
          visitorMap: { groupBy: 'category.name' },
        },
      },
    });
  const full = await measure('full run + visitors', () =>
    profiled(`full-visitors-${n}`, () =>
      strapi.plugin('sitemap').service('generator').generate('script')
    )
  );
  if (full.value.status !== 'success') throw new Error(`full run: ${JSON.stringify(full.value)}`);
  // The nightly reconciliation once the site map is stored: compares, and writes what changed.
  const steady = await measure('full run + visitors, again', () =>
    profiled(`full-visitors-again-${n}`, () =>
      strapi.plugin('sitemap').service('generator').generate('script')
    )
  );
  await caughtUp(strapi);
  const timedGet = async (url) => {
    const started = process.hrtime.bigint();
    const response = await fetch(url);
    const body = await response.text();
    return { ms: Number(process.hrtime.bigint() - started) / 1e6, body, status: response.status };
  };
  const planAt = (base, query) => `${base}/api/sitemap/plan.json?${query}`;

  const documents = strapi.documents('api::article.article');
  const created = await draftArticle(strapi, 'Bench visitor', 'bench-visitor');
  const publish = await measure('publish → in plan.json', async () => {
    const calledAt = process.hrtime.bigint();
    await documents.publish({ documentId: created.documentId, locale: 'en' });
    const needle = '/bench-visitor"';
    for (;;) {
      // The only title under B: found as soon as its run is live.
      const { body } = await timedGet(planAt(baseUrl, 'locale=en&order=alpha&section=B'));
      if (body.includes(needle)) return Number(process.hrtime.bigint() - calledAt) / 1e6;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  });
  const publishRun = await latestRun(strapi);
  await caughtUp(strapi);

  // Every locale and order, pages spread over each listing (the seed's titles all start with A).
  const urls = [];
  for (const locale of ['en', 'fr'])
    for (const order of ['tree', 'alpha']) {
      const { body } = await timedGet(planAt(baseUrl, `locale=${locale}&order=${order}`));
      const { totalPages } = JSON.parse(body);
      for (let i = 0; i < 65; i++)
        urls.push(
          planAt(
            baseUrl,
            `locale=${locale}&order=${order}&page=${1 + Math.floor((i * (totalPages - 1)) / 64)}`
          )
        );
    }
  const burstResult = await burst(urls);
  const later = [];
  for (let i = 0; i < 20; i++)
    later.push((await timedGet(planAt(baseUrl, `locale=en&page=${1 + i * 7}`))).ms);
  later.sort((a, b) => a - b);

  // After a start: a new process reads nothing yet (settings, file list, locales, directories).
  await strapi.destroy();
  const restarted = await boot();
  const afterStart = await timedGet(planAt(restarted.baseUrl, 'locale=en&page=1000'));
  const secondAfterStart = await timedGet(
    planAt(restarted.baseUrl, 'locale=fr&order=alpha&page=500')
  );
  return {
    strapi: restarted.strapi,
    result: {
      plainFull: plain,
      full,
      steady,
      publish: { ms: publish.value, run: publishRun },
      burst: burstResult,
      laterMedianMs: later[later.length >> 1],
      firstAfterStart: { ms: afterStart.ms, status: afterStart.status },
      secondAfterStart: { ms: secondAfterStart.ms, status: secondAfterStart.status },
      plainFullFirst: plainFull.ms,
    },
  };
}

/**
 * `--worker-floor on`: the floor of issue 24's Worker design against the same work in this thread
 * (worker-floor.js), each with its peak RSS above the idle Strapi's (before the lower bound) and
 * the longest hold of this thread's loop.
 */
async function measureWorkerFloor(strapi, n, bound, idle) {
  const job = floorJob(strapi, boundQuery(strapi), n);
  const rows = [];
  // The Worker first: what this thread's heap keeps after its own pass would count as idle.
  for (const [way, fn] of [
    ['worker', () => inWorker(job, WORKER_LIMITS)],
    ['thread', () => inThread(job)],
  ]) {
    await settle();
    const loopDelay = monitorEventLoopDelay({ resolution: 10 });
    loopDelay.enable();
    const measured = await measure(`floor in ${way}`, fn);
    loopDelay.disable();
    rows.push({
      way,
      ms: measured.ms,
      ratio: measured.ms / bound.ms,
      peakAboveIdle: measured.peakRss - idle,
      peakAboveStart: measured.peakRss - measured.rssBefore,
      longestLoopGapMs: loopDelay.max / 1e6,
      ...measured.value,
    });
  }
  console.log(
    [
      `worker floor (limits ${JSON.stringify(WORKER_LIMITS)}), lower bound ${s(bound.ms)}:`,
      '| way | time | / lower bound | peak RSS above idle (above its start) | longest loop gap | URLs | files | gzip bytes |',
      '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
      ...rows.map(
        (row) =>
          `| ${row.way} | ${s(row.ms)} | ${row.ratio.toFixed(2)}× | ${mb(row.peakAboveIdle)} (${mb(row.peakAboveStart)}) | ${row.longestLoopGapMs.toFixed(0)} ms | ${row.urls} | ${row.files} | ${mb(row.bytes)} |`
      ),
    ].join('\n')
  );
  return rows;
}

async function benchSize(n) {
  const drop = await createDatabase();
  process.env.SITEMAP_PLUGIN_CONFIG = JSON.stringify({
    hostname: 'https://www.example.com',
    contentTypes: {
      'api::article.article': ARTICLE_MAPPING,
    },
    cron: false,
    debounceMs: DEBOUNCE_MS,
    ...(WORKER ? {} : { worker: false }),
  });
  // Seeded by a process of its own, so the Strapi measured here boots on a database that already
  // holds the site and its sitemap, as a server does: seeding in this process left its heap and RSS
  // shaped by the seeding (a 3M full run peaked 16 MB higher above its start there than in a
  // process that only booted: docs/performance.md).
  const seeding = await seedInChild(n);
  const booted = await boot();
  let { strapi } = booted;
  const { baseUrl } = booted;
  try {
    if (IMAGES) await listCovers(strapi);
    await settle();
    const idleRss = await idleRssOf();
    if (CLIENT === 'sqlite')
      console.log(
        "SQLite mmap_size on Strapi's connection:",
        (await strapi.db.connection.raw('pragma mmap_size'))[0]?.mmap_size
      );
    // An editor's saves of a draft, on an idle Strapi, then while the full run goes on.
    const editor = await draftArticle(strapi, 'Editor', 'bench-editor');
    const idleSaves = await editorSaves(strapi, editor.documentId, 'idle');
    // The longest time the run held the event loop (timers and requests wait that long), and the
    // collector's pauses, the first suspect of a long gap: watched from the run's start, after the
    // forced collection measure() makes.
    const loopDelay = monitorEventLoopDelay({ resolution: 10 });
    let longestGcMs = 0;
    const gcObserver = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) longestGcMs = Math.max(longestGcMs, entry.duration);
    });
    let runningSaves = null;
    let runWatch;
    let runHeldMs;
    const full = await measure('full run', () =>
      profiled(`full-${n}`, async () => {
        loopDelay.enable();
        runWatch = loopWatch();
        gcObserver.observe({ entryTypes: ['gc'] });
        const generator = strapi.plugin('sitemap').service('generator');
        let ended = false;
        const running = generator.generate('script').finally(() => (ended = true));
        // Once a third of the URLs are written, the editor saves.
        const pause = () => new Promise((resolve) => setTimeout(resolve, 5));
        while (!ended && (generator.progress()?.urlCount ?? 0) < n / 3) await pause();
        // The saves' own hold of the loop is Strapi's: the watch of the run's holds pauses then.
        if (!ended) {
          runWatch.pause();
          runningSaves = await editorSaves(strapi, editor.documentId, 'during');
          runWatch.resume();
        }
        const result = await running;
        // Stopped here: with BENCH_PROFILE_DIR, writing the profiles afterwards holds the loop a second.
        loopDelay.disable();
        runHeldMs = runWatch.stop();
        return result;
      })
    );
    for (const entry of gcObserver.takeRecords())
      longestGcMs = Math.max(longestGcMs, entry.duration);
    gcObserver.disconnect();
    if (full.value.status !== 'success' || full.value.urlCount !== n)
      throw new Error(`full run: ${JSON.stringify(full.value)}`);
    if (IMAGES) await expectCovers(strapi, baseUrl);
    const fullRun = await latestRun(strapi);
    const fullPhases = {
      ...fullRun.phases,
      longestLoopGapMs: loopDelay.max / 1e6,
      runHeldMs,
      longestGcMs,
      idleSaveMs: idleSaves,
      runningSaveMs: runningSaves,
    };
    // The lower bound after the full run, which starts from the idle Strapi as on a site: V8 keeps
    // much of the heap a step grew (at 1M on PostgreSQL, 150-195 MB above idle after the bound, a
    // forced collection included). Both read the same rows from warm caches.
    const bound = await measure('lower bound', () => lowerBound(strapi));
    const workerFloor = WORKER_FLOOR ? await measureWorkerFloor(strapi, n, bound, idleRss) : null;
    const reads = READS ? sqliteReads(strapi, process.env.DATABASE_FILENAME) : null;

    const documents = strapi.documents('api::article.article');
    const created = await draftArticle(strapi, 'Bench', 'bench-new');
    // How long the editor's publish() takes: the sitemap must never make it wait (timing lives here, not in the tests).
    let publishReturnMs;
    const publishNew = await measure('publish new → served', () =>
      profiled(`publish-new-${n}`, async () => {
        const calledAt = process.hrtime.bigint();
        await documents.publish({ documentId: created.documentId, locale: 'en' });
        publishReturnMs = Number(process.hrtime.bigint() - calledAt) / 1e6;
        const servedAt = await waitServed(strapi, baseUrl, created.documentId, '/bench-new<');
        return Number(servedAt - calledAt) / 1e6;
      })
    );
    publishNew.ms = publishNew.value; // up to the served response's headers
    const publishNewRun = await latestRun(strapi);
    const existing = seeding.value.sampleDocumentId;
    await documents.update({ documentId: existing, locale: 'en', data: { slug: 'bench-renamed' } });
    const publishChange = await measure('slug change → served', async () => {
      const calledAt = process.hrtime.bigint();
      await documents.publish({ documentId: existing, locale: 'en' });
      const servedAt = await waitServed(strapi, baseUrl, existing, '/bench-renamed<');
      return Number(servedAt - calledAt) / 1e6;
    });
    publishChange.ms = publishChange.value;
    const publishChangeRun = await latestRun(strapi);
    // Serving is measured on a file of the protocol's largest size, 50,000 URLs (the default is 10,000).
    await strapi
      .plugin('sitemap')
      .service('settings')
      .update({ limits: { urlsPerFile: 50_000 } });
    await strapi.plugin('sitemap').service('generator').generate('script');
    await caughtUp(strapi);
    const serving = await serve(strapi, baseUrl);
    let visitors = null;
    if (VISITORS) {
      const measured = await benchVisitors(strapi, baseUrl, n, full);
      strapi = measured.strapi;
      visitors = measured.result;
    }
    return {
      n,
      db: CLIENT,
      seedMs: seeding.ms,
      idleRss,
      bound,
      full,
      fullPhases,
      publishNew,
      publishNewRun,
      publishChangeRun,
      publishReturnMs,
      publishChange,
      serving,
      visitors,
      reads,
      workerFloor,
      debounceMs: DEBOUNCE_MS,
    };
  } finally {
    await strapi.destroy();
    await drop();
  }
}

const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const s = (ms) => `${(ms / 1000).toFixed(2)} s`;
const saves = ({ median, max, loopHeldMs }) =>
  `${median.toFixed(0)} ms, ${max.toFixed(0)} ms (held ${loopHeldMs.toFixed(0)} ms)`;

async function main() {
  console.log(
    `bench: ${CLIENT}, ${SIZES.join(', ')} URLs, the run's Worker ${WORKER ? 'on' : 'off'}`
  );
  const results = [];
  for (const n of SIZES) {
    const result = SIZES.length > 1 ? await sizeInChild(n) : await benchSize(n);
    results.push(result);
    console.log(`N=${n} done`);
  }
  const lines = [
    `| URLs | DB | lower bound | full run | ratio | full run peak RSS above idle (above its start) | publish new → served (publish() returned; its run) | slug change → served (its run) | worker delay | serving (gzip, ${'file'}) | bare Node, same bytes | share | before middleware (share) | 304 |`,
    `| ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |`,
    ...results.map(
      (r) =>
        `| ${r.n.toLocaleString('en')} | ${r.db} | ${s(r.bound.ms)} | ${s(r.full.ms)} | ${(r.full.ms / r.bound.ms).toFixed(2)}× | ${mb(r.full.peakRss - r.idleRss)} (${mb(r.full.peakRss - r.full.rssBefore)}) | ${s(r.publishNew.ms)} (${s(r.publishReturnMs)}; run ${s(r.publishNewRun.durationMs)}) | ${s(r.publishChange.ms)} (run ${s(r.publishChangeRun.durationMs)}) | ${r.debounceMs} ms | ${Math.round(r.serving.gzipRps)} req/s (${r.serving.urls.toLocaleString('en')} URLs, ${mb(r.serving.gzipBytes)}) | ${Math.round(r.serving.bareRps)} req/s | ${Math.round((100 * r.serving.gzipRps) / r.serving.bareRps)}% | ${Math.round(r.serving.directRps)} req/s (${Math.round((100 * r.serving.directRps) / r.serving.bareRps)}%) | ${Math.round(r.serving.notModifiedRps)} req/s |`
    ),
  ];
  console.log(
    `\nMachine: ${os.cpus().length} × ${os.cpus()[0].model}, ${mb(os.totalmem())}, Node ${process.version}\n`
  );
  console.log(lines.join('\n'));
  for (const r of results) {
    const list = (values) => values.map(Math.round).join(', ');
    const { bare, koa, before } = r.serving.rounds;
    console.log(
      `\nSeeded ${r.n.toLocaleString('en')} URLs on ${r.db} in ${s(r.seedMs)}; idle RSS then ${mb(r.idleRss)}, the full run's peak RSS ${mb(r.full.peakRss)}`
    );
    const cpu = ({ cpu: { processMs, databaseMs } }) =>
      `${s(processMs)} in this process, ${s(databaseMs)} in the database`;
    console.log(
      `\nCPU at ${r.n.toLocaleString('en')}: full run ${cpu(r.full)}; lower bound ${cpu(r.bound)} (${os.cpus().length} cores)`
    );
    console.log(
      `\nServing rounds at ${r.n.toLocaleString('en')} (req/s, in turn): bare Node ${list(bare)}; through the middleware ${list(koa)}; before it ${list(before)}`
    );
  }
  const phases = [
    'reading',
    'building',
    'compressing',
    'storing',
    'comparing',
    'outputs',
    'yielding',
    'other',
  ];
  console.log(
    [
      '',
      `| URLs | DB | full run | ${phases.join(' | ')} | longest hold of the event loop: the run's (whole, with the saves) (longest GC pause) | editor's save, idle → during the run (median, slowest of 5; longest hold of the saves) |`,
      `| ---: | --- | ---: | ${phases.map(() => '---:').join(' | ')} | ---: | ---: |`,
      ...results.map(
        (r) =>
          `| ${r.n.toLocaleString('en')} | ${r.db} | ${s(r.full.ms)} | ${phases.map((phase) => s(r.fullPhases[phase] ?? 0)).join(' | ')} | ${r.fullPhases.runHeldMs.toFixed(0)} ms (${r.fullPhases.longestLoopGapMs.toFixed(0)} ms) (${r.fullPhases.longestGcMs.toFixed(0)} ms) | ${saves(r.fullPhases.idleSaveMs)} → ${r.fullPhases.runningSaveMs ? saves(r.fullPhases.runningSaveMs) : 'run ended first'} |`
      ),
    ].join('\n')
  );
  const withVisitors = results.filter((r) => r.visitors);
  if (withVisitors.length > 0)
    console.log(
      [
        '',
        `| URLs | DB | full run | full run + visitors' site map, first (ratio, peak RSS above idle) | again, site map stored (ratio, peak RSS above idle) | publish → in plan.json (its run) | first plan.json after a start (a second one) | burst over every locale and order: peak RSS above before | later plan.json (median of 20) |`,
        `| ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |`,
        ...withVisitors.map(
          ({ visitors: v, ...r }) =>
            `| ${r.n.toLocaleString('en')} | ${r.db} | ${s(v.plainFull.ms)} | ${s(v.full.ms)} (${(v.full.ms / v.plainFull.ms).toFixed(2)}×, ${mb(v.full.peakRss - r.idleRss)}) | ${s(v.steady.ms)} (${(v.steady.ms / v.plainFull.ms).toFixed(2)}×, ${mb(v.steady.peakRss - r.idleRss)}) | ${s(v.publish.ms)} (run ${s(v.publish.run.durationMs)}) | ${v.firstAfterStart.ms.toFixed(1)} ms (${v.secondAfterStart.ms.toFixed(1)} ms) | ${mb(v.burst.peakAboveBefore)} (${v.burst.requests} requests in ${s(v.burst.ms)}) | ${v.laterMedianMs.toFixed(1)} ms |`
        ),
      ].join('\n')
    );
  const withReads = results.filter((r) => r.reads);
  if (withReads.length > 0)
    console.log(
      [
        '',
        `| URLs | lower bound | full run | keyset pages (plugin) | one query, index order | one query, table scan sorted (first row) | id order | keyset pages, mmap 1 GiB (file RSS growth) | copied by id slices into a keyed temp table, read in key order (copy; longest slice) |`,
        `| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |`,
        ...withReads.map(
          ({ reads: { reads: x }, ...r }) =>
            `| ${r.n.toLocaleString('en')} | ${s(r.bound.ms)} | ${s(r.full.ms)} | ${s(x.keyset.ms)} | ${s(x.indexOrder.ms)} | ${s(x.scanSorted.ms)} (${s(x.scanSorted.firstRowMs)}) | ${s(x.idOrder.ms)} | ${s(x.keysetMmap.ms)} (${mb(x.keysetMmap.rssFileGrowth)}) | ${s(x.copiedInKeyOrder.ms)} (${s(x.copiedInKeyOrder.copyMs)}; ${s(x.copiedInKeyOrder.longestSliceMs)}) |`
        ),
        '',
        `keyset page plan: ${withReads[0].reads.plans.keyset}`,
      ].join('\n')
    );
  fs.writeFileSync(
    path.join(__dirname, 'results.json'),
    JSON.stringify(
      {
        machine: {
          cpus: os.cpus().length,
          model: os.cpus()[0].model,
          memory: os.totalmem(),
          node: process.version,
        },
        results,
      },
      null,
      2
    )
  );
  process.exit(0);
}

/**
 * The idle Strapi's RSS, once it stops falling: a process that just booted still holds pages its
 * heap grew during startup, which V8 gives back over the next seconds (forced collections help it).
 * Measured too early, "above idle" would count the run reusing them as memory it did not need.
 */
async function idleRssOf() {
  let rss = Infinity;
  for (let round = 0; round < 20; round++) {
    global.gc?.();
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const now = process.memoryUsage().rss;
    if (rss - now < 1024 * 1024) return Math.min(rss, now);
    rss = now;
  }
  return rss;
}

/** PostgreSQL seeds in SQL, set by set: 10 million URLs in minutes (the others row batch by batch). */
async function seedOnly(n) {
  const { strapi } = await boot();
  const seed = CLIENT === 'postgres' ? seedArticlesPostgres : seedArticles;
  const started = Date.now();
  const value = await seed(strapi, n);
  if (IMAGES) await seedCovers(strapi);
  const ms = Date.now() - started;
  // The site's first sitemap, as a server has one before its next full run: the rows went in by
  // SQL, after this Strapi's startup run found none, and a run replacing an empty set peaked 74 MB
  // above idle at 1M where the same build's next process, replacing a full one, peaked 128
  // (docs/performance.md).
  const first = await strapi.plugin('sitemap').service('generator').generate('script');
  if (first.status !== 'success')
    throw new Error(`the seeded site's first run: ${JSON.stringify(first)}`);
  await strapi.destroy();
  process.stdout.write(`${SEEDED}${JSON.stringify({ ms, value })}\n`);
  process.exit(0);
}

const SEEDED = 'seeded: ';

/**
 * Runs this script again in a child with `args` and returns the JSON it printed after `prefix`;
 * the child's other lines are printed here when `echo` says so.
 */
async function resultOfChild(args, prefix, { echo = false, maxBuffer = 16 * 1024 * 1024 } = {}) {
  const { stdout } = await require('util').promisify(require('child_process').execFile)(
    process.execPath,
    args,
    { env: process.env, maxBuffer }
  );
  const lines = stdout.split('\n');
  const line = lines.find((text) => text.startsWith(prefix));
  if (!line) throw new Error(`${args.join(' ')} printed no result:\n${stdout}`);
  const printed = lines.filter((text) => text && text !== line).join('\n');
  if (echo && printed) console.log(printed);
  return JSON.parse(line.slice(prefix.length));
}

/** Runs this script with `--seed-only` on the same database (the environment says which). */
const seedInChild = (n) =>
  resultOfChild([__filename, '--seed-only', String(n), '--db', CLIENT], SEEDED);

const MEASURED = 'measured: ';

/** `--size-only N` (internal): one size's bench, its result printed for the parent. */
async function sizeOnly(n) {
  const result = await benchSize(n);
  process.stdout.write(`\n${MEASURED}${JSON.stringify(result)}\n`);
  process.exit(0);
}

/**
 * One size in a process of its own when a call names several: in one process each later size
 * started from the idle of a Strapi that had run the earlier ones (235 MB against 182 at the
 * second of three 1M runs on PostgreSQL, 2026-12-07), so its peak above idle read lower.
 */
const sizeInChild = (n) =>
  resultOfChild(
    [...process.execArgv, __filename, ...process.argv.slice(2), '--size-only', String(n)],
    MEASURED,
    { echo: true, maxBuffer: 256 * 1024 * 1024 }
  );

// alternate.js reuses the command line, the database set-up, the boot and the lower bound.
module.exports = {
  ARTICLE_MAPPING,
  CLIENT,
  DEBOUNCE_MS,
  IMAGES,
  expectCovers,
  listCovers,
  args,
  boot,
  cpuMeter,
  createDatabase,
  idleRssOf,
  latestRun,
  lowerBound,
  rssSampler,
  seedInChild,
  settle,
};

if (require.main === module)
  (args['seed-only']
    ? seedOnly(Number(args['seed-only']))
    : args['size-only']
      ? sizeOnly(Number(args['size-only']))
      : main()
  ).catch((error) => {
    console.error(error);
    process.exit(1);
  });
