'use strict';
/**
 * How long a write waits beside SQLite's reading thread (run-worker/sqlite-reader), by page size:
 * `node test/bench/sqlite-lock-wait.js [--n 600000] [--pages 100,250,500,1000]`. Builds a table
 * shaped as the plugin reads it (random document ids in insertion order, a link table joined,
 * half the rows published) in a temporary file in rollback-journal mode, as Strapi opens it; then,
 * for each page size, a thread reads it in keyset pages back to back (the reader is always reading
 * one, as in a run) while this thread commits a one-row update every 30 ms, as an editor's save
 * would, and prints how long the writes took (SQLite's busy handler sleeps 1, 2, 5, 10… ms while
 * a page holds the read lock) and the longest page.
 */
const fs = require('fs');
const os = require('os');
const path = require('path');
const { Worker, isMainThread, workerData, parentPort } = require('worker_threads');
const Database = require('better-sqlite3');

const SQL = (pageSize) =>
  'select t.id, t.document_id, t.slug, l.c from t left join l on l.a = t.id' +
  ` where t.published_at is not null and t.document_id > ? order by t.document_id limit ${pageSize}`;

function seed(file, n) {
  const db = new Database(file);
  db.exec(
    'create table t (id integer primary key, document_id text, slug text, published_at integer);' +
      'create index td on t (document_id, published_at);' +
      'create table l (id integer primary key, a integer, c integer); create index la on l (a)'
  );
  const row = db.prepare('insert into t (document_id, slug, published_at) values (?, ?, ?)');
  const link = db.prepare('insert into l (a, c) values (?, ?)');
  db.transaction(() => {
    for (let i = 0; i < n; i++) {
      const id = `${Math.random().toString(36).slice(2)}${i}`;
      const { lastInsertRowid } = row.run(id, `slug-${i}-${'x'.repeat(40)}`, i % 2 ? 1 : null);
      link.run(lastInsertRowid, i % 50);
    }
  })();
  db.close();
}

/** One page size: the reader in a thread, writes here; resolves with the figures. */
function measure(file, n, pageSize) {
  return new Promise((resolve) => {
    const reader = new Worker(__filename, { workerData: { file, pageSize } });
    const writer = new Database(file);
    const waits = [];
    let read = null;
    reader.on('message', (message) => (read = message));
    const write = () => {
      if (read) {
        writer.close();
        reader.terminate();
        waits.sort((a, b) => a - b);
        const at = (share) => waits[Math.min(waits.length - 1, Math.floor(waits.length * share))];
        resolve({
          pageSize,
          ...read,
          writes: waits.length,
          median: at(0.5),
          p90: at(0.9),
          max: at(1),
        });
        return;
      }
      const started = performance.now();
      writer
        .prepare('update t set slug = slug where id = ?')
        .run(1 + Math.floor(Math.random() * n));
      waits.push(performance.now() - started);
      setTimeout(write, 30);
    };
    setTimeout(write, 30);
  });
}

async function readPages({ file, pageSize }) {
  const db = new Database(file, { readonly: true });
  const statement = db.prepare(SQL(pageSize));
  let after = '';
  let pages = 0;
  let longest = 0;
  const started = performance.now();
  for (;;) {
    const pageStarted = performance.now();
    const rows = statement.all(after);
    longest = Math.max(longest, performance.now() - pageStarted);
    pages++;
    if (rows.length < pageSize) break;
    after = rows[rows.length - 1].document_id;
    // Lets the thread take messages between pages, as the reader does.
    await new Promise((resolve) => setImmediate(resolve));
  }
  parentPort.postMessage({ pages, readMs: performance.now() - started, longestPageMs: longest });
}

async function main() {
  const args = process.argv.slice(2);
  const option = (name, fallback) => {
    const at = args.indexOf(`--${name}`);
    return at >= 0 ? args[at + 1] : fallback;
  };
  const n = Number(option('n', '600000'));
  const pageSizes = option('pages', '100,250,500,1000').split(',').map(Number);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sitemap-lock-'));
  const file = path.join(dir, 'data.db');
  try {
    seed(file, n);
    const rows = [];
    for (const pageSize of pageSizes) rows.push(await measure(file, n, pageSize));
    const ms = (value) => value.toFixed(1);
    console.log(`${n} rows, half published; writes every 30 ms beside the reader (ms)`);
    console.log('| page | read | longest page | writes | median wait | p90 | longest |');
    console.log('| ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
    for (const row of rows)
      console.log(
        `| ${row.pageSize} | ${ms(row.readMs)} | ${ms(row.longestPageMs)} | ${row.writes} | ${ms(row.median)} | ${ms(row.p90)} | ${ms(row.max)} |`
      );
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (isMainThread) main();
else readPages(workerData);
