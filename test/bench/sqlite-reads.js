'use strict';
/**
 * `--reads on` with `--db sqlite`: the ways a full run could read the seeded articles on SQLite,
 * timed on the same file right after the plugin's full run, through a read-only connection of
 * their own (better-sqlite3, synchronous, as Strapi's is). Each reads the columns and joins of
 * the plugin's query for `/blog/[category.slug]/[slug]`:
 * - keyset pages of 1,000 rows after the last document id (what the plugin does on SQLite);
 * - one query ordered by document id (SQLite walks the documents index: a random read per row);
 * - one query over a table scan, sorted (`NOT INDEXED`: a temporary B-tree), with the time before
 *   its first row, which is how long it holds the database before giving anything;
 * - the table in `id` order (the lower bound's reads);
 * - keyset pages again with `mmap_size` at 1 GiB, and how much the process's file-backed RSS grew;
 * - the rows copied in `id` order, slice by slice, into a temporary table keyed by (document id,
 *   locale) (WITHOUT ROWID, so stored in key order), then read back in key order: each slice
 *   would hold Strapi's one connection only briefly; the longest slice is reported.
 */
const fs = require('fs');
const Database = require('better-sqlite3');

const PAGE = 1000;
const SLICE = 20_000;
const MMAP_BYTES = 1024 ** 3;

const rssFile = () =>
  Number(/RssFile:\s+(\d+) kB/.exec(fs.readFileSync('/proc/self/status', 'utf8'))[1]) * 1024;

function timed(fn) {
  const started = process.hrtime.bigint();
  const value = fn();
  return { ms: Number(process.hrtime.bigint() - started) / 1e6, ...value };
}

function sqliteReads(strapi, filename) {
  const article = strapi.db.metadata.get('api::article.article');
  const category = strapi.db.metadata.get('api::category.category');
  const link = article.attributes.category.joinTable;
  const select = `select t0.id, t0.document_id, t0.locale, c.slug as category_slug, t0.slug, t0.updated_at`;
  const from = (hint = '') =>
    `from ${article.tableName} as t0 ${hint} left join ${link.name} as l on l.${link.joinColumn.name} = t0.id left join ${category.tableName} as c on c.id = l.${link.inverseJoinColumn.name}`;
  const byDocument = 'order by t0.document_id, t0.locale';
  // The page after a document id; '' is before every id, so it also reads the first page.
  const keysetPage = `${select} ${from()} where t0.published_at is not null and t0.document_id > ? ${byDocument} limit ${PAGE}`;

  const keyset = (db) => {
    const next = db.prepare(keysetPage);
    let rows = next.all('');
    let read = 0;
    while (rows.length > 0) {
      read += rows.length;
      rows = next.all(rows[rows.length - 1].document_id);
    }
    return { rows: read };
  };
  const oneQuery = (db, sql) => {
    let rows = 0;
    let firstRowMs;
    const started = process.hrtime.bigint();
    for (const row of db.prepare(sql).iterate()) {
      if (rows === 0) firstRowMs = Number(process.hrtime.bigint() - started) / 1e6;
      rows += row ? 1 : 0;
    }
    return { rows, firstRowMs };
  };

  const copiedInKeyOrder = (db) => {
    db.exec(
      'create temp table sitemap_scan (document_id text not null, locale text not null, id integer, category_slug text, slug text, updated_at, primary key (document_id, locale)) without rowid'
    );
    const copy = db.prepare(
      `insert into temp.sitemap_scan select t0.document_id, coalesce(t0.locale, ''), t0.id, c.slug, t0.slug, t0.updated_at ${from()} where t0.published_at is not null and t0.id > ? and t0.id <= ?`
    );
    const lastId = db.prepare(`select max(id) as id from ${article.tableName}`).get().id ?? 0;
    let longestSliceMs = 0;
    let copyMs = 0;
    for (let after = 0; after < lastId; after += SLICE) {
      const started = process.hrtime.bigint();
      copy.run(after, after + SLICE);
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      copyMs += ms;
      longestSliceMs = Math.max(longestSliceMs, ms);
    }
    const next = db.prepare(
      `select * from temp.sitemap_scan where (document_id, locale) > (?, ?) order by document_id, locale limit ${PAGE}`
    );
    let rows = next.all('', '');
    let read = 0;
    while (rows.length > 0) {
      read += rows.length;
      const last = rows[rows.length - 1];
      rows = next.all(last.document_id, last.locale);
    }
    db.exec('drop table temp.sitemap_scan');
    return { rows: read, copyMs, longestSliceMs };
  };

  const db = new Database(filename, { readonly: true });
  try {
    const plans = {
      keyset: db
        .prepare(`explain query plan ${keysetPage}`)
        .all('')
        .map((step) => step.detail)
        .join('; '),
    };
    const reads = {
      keyset: timed(() => keyset(db)),
      indexOrder: timed(() =>
        oneQuery(db, `${select} ${from()} where t0.published_at is not null ${byDocument}`)
      ),
      scanSorted: timed(() =>
        oneQuery(
          db,
          `${select} ${from('not indexed')} where t0.published_at is not null ${byDocument}`
        )
      ),
      idOrder: timed(() =>
        oneQuery(db, `${select} ${from()} where t0.published_at is not null order by t0.id`)
      ),
      copiedInKeyOrder: timed(() => copiedInKeyOrder(db)),
    };
    const fileBefore = rssFile();
    db.pragma(`mmap_size = ${MMAP_BYTES}`);
    reads.keysetMmap = { ...timed(() => keyset(db)), rssFileGrowth: rssFile() - fileBefore };
    return { plans, reads };
  } finally {
    db.close();
  }
}

module.exports = { sqliteReads };
