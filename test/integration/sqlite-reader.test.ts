/**
 * SQLite's reading thread (run-worker/sqlite-reader), on a real database file in rollback-journal
 * mode (as Strapi opens it): every row once, in key order, in batches, an older copy of a version
 * (a row read before a publish replaced it) left out; no read lock held while the Worker works on
 * what it was handed, so another connection's write commits at once; bindings as knex formats
 * them; the database's errors reach the Worker; a read stopped early ends the thread. Runs the
 * built Worker script (dist/run-worker), in the SQLite pass only.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sqliteRows } from '../../server/src/run-worker/sqlite-reader';
import type { ConnectionJob } from '../../server/src/run-worker/protocol';

const Database = require('better-sqlite3');

const onSqlite = (process.env.DATABASE_CLIENT ?? 'sqlite') === 'sqlite';
const SCRIPT = path.resolve(__dirname, '../../dist/run-worker/index.js');

type Row = Record<string, any>;

let dir: string;
let filename: string;
/** (document id, locale) of every row, in the order a sorted read gives them. */
let expected: string[];

const connection = (): ConnectionJob => ({
  client: 'sqlite',
  driverPath: require.resolve('better-sqlite3'),
  settings: { filename },
});

const SLICE_SQL =
  'select id as sitemap_id, document_id as sitemap_document_id, locale as sitemap_locale from pages' +
  ' where id > ? and id <= ?';
const BOUNDS_SQL = 'select min(id) as first, max(id) as last from pages';

/** The rows of `sql`, one slice of ids at a time (`sliceIds`), handed on in batches of `batchSize`. */
const read = (
  sql: string,
  bindings: unknown[],
  { afterBinding = 0, upToBinding = 1, sliceIds = 100, batchSize = 250 } = {}
) => ({
  sql,
  bindings,
  batchSize,
  idSlices: {
    afterBinding,
    upToBinding,
    boundsSql: BOUNDS_SQL,
    sliceIds,
    sortedBy: ['sitemap_document_id', 'sitemap_locale'],
  },
  shape: { localized: true, nodes: [], columns: [] },
});

const keyOf = (row: Row) => `${row.sitemap_document_id}/${row.sitemap_locale}`;

async function collect(rows: AsyncIterable<Row[]>) {
  const pages: Row[][] = [];
  for await (const page of rows) pages.push(page);
  return pages;
}

(onSqlite ? describe : describe.skip)("SQLite's reading thread", () => {
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sitemap-reader-'));
    filename = path.join(dir, 'data.db');
    const db = new Database(filename);
    db.exec(
      'create table pages (id integer primary key, document_id text, locale text, flag integer, created_at integer);' +
        'create index pages_documents on pages (document_id, locale)'
    );
    // 3,000 documents with one to three locales each, inserted in random key order.
    const insert = db.prepare(
      'insert into pages (document_id, locale, flag, created_at) values (?, ?, ?, ?)'
    );
    const rows: Array<[string, string]> = [];
    for (let i = 0; i < 3000; i++) {
      const documentId = `d${((i * 7919) % 3000).toString().padStart(5, '0')}`;
      for (const locale of ['en', 'fr', 'de'].slice(0, 1 + (i % 3)))
        rows.push([documentId, locale]);
    }
    db.transaction(() => {
      for (const [documentId, locale] of rows)
        insert.run(
          documentId,
          locale,
          locale === 'fr' ? 1 : 0,
          Date.UTC(2026, 0, 1 + (rows.length % 28))
        );
    })();
    db.close();
    expected = rows.map(([documentId, locale]) => `${documentId}/${locale}`).sort();
  });

  afterAll(() => {
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('hands on every row once, in key order, in batches', async () => {
    const batches = await collect(
      sqliteRows(SCRIPT, connection(), read(SLICE_SQL, [0, 0], { batchSize: 7 }))
    );
    expect(batches.flat().map(keyOf)).toEqual(expected);
    expect(batches.every((batch) => batch.length > 0 && batch.length <= 7)).toBe(true);
    // Two threads read a half each, each ending on a batch of its own.
    expect(batches.filter((batch) => batch.length < 7).length).toBeLessThanOrEqual(2);
  });

  it('reads a table too small to share in one thread, the other told to end at once', async () => {
    const batches = await collect(
      sqliteRows(SCRIPT, connection(), read(SLICE_SQL, [0, 0], { sliceIds: 10_000 }))
    );
    expect(batches.flat().map(keyOf)).toEqual(expected);
    expect(batches.slice(0, -1).every((batch) => batch.length === 250)).toBe(true);
  });

  // One document in each half of the read.
  it.each(['d00007', 'd02993'])(
    'leaves out an older copy of a version: the row a publish deleted, read before it was (%s)',
    async (documentId) => {
      // The published row of <document>/en read, then deleted and inserted again with a new id
      // during the copy: both copies stand in the table here, as both would in the reader's.
      const db = new Database(filename);
      const { id } = db
        .prepare("select id from pages where document_id = ? and locale = 'en'")
        .get(documentId);
      const again = db
        .prepare("insert into pages (document_id, locale, flag, created_at) values (?, 'en', 0, 0)")
        .run(documentId).lastInsertRowid;
      db.close();
      try {
        const rows = (
          await collect(sqliteRows(SCRIPT, connection(), read(SLICE_SQL, [0, 0])))
        ).flat();
        expect(rows.map(keyOf)).toEqual(expected);
        const kept = rows.find((row) => keyOf(row) === `${documentId}/en`)!;
        expect(kept.sitemap_id).toBe(Number(again));
        expect(kept.sitemap_id).toBeGreaterThan(id);
      } finally {
        const cleanup = new Database(filename);
        cleanup.prepare('delete from pages where id = ?').run(again);
        cleanup.close();
      }
    }
  );

  it('holds no read lock while the Worker works on its pages: writes elsewhere commit meanwhile', async () => {
    // Rollback journal, as Strapi opens the file, and no busy wait: a write fails while a read
    // holds the lock. A page's read holds it for a moment, so a write may meet one and is tried
    // again; a read holding it across pages (waiting for this loop) would fail every try.
    const writer = new Database(filename, { timeout: 0 });
    const write = async (id: number) => {
      for (let attempt = 1; ; attempt++) {
        try {
          writer.prepare('update pages set flag = flag where id = ?').run(id);
          return;
        } catch (error: any) {
          if (error.code !== 'SQLITE_BUSY' || attempt === 20) throw error;
          await new Promise((resolve) => setTimeout(resolve, 25));
        }
      }
    };
    try {
      expect(writer.pragma('journal_mode', { simple: true })).toBe('delete');
      let pages = 0;
      const batches = read(SLICE_SQL, [0, 0], { batchSize: 100 });
      for await (const _page of sqliteRows(SCRIPT, connection(), batches)) {
        // The reader has its pages ahead sent, and waits for more to be taken.
        await new Promise((resolve) => setTimeout(resolve, 10));
        if (++pages % 5 === 0) await write(pages);
      }
      expect(pages).toBeGreaterThan(20);
    } finally {
      writer.close();
    }
  });

  it('binds Dates and booleans as knex does for better-sqlite3', async () => {
    const sql =
      'select id as sitemap_id, document_id as sitemap_document_id, locale as sitemap_locale from pages' +
      ' where flag = ? and created_at >= ? and id > ? and id <= ?';
    const pages = await collect(
      sqliteRows(
        SCRIPT,
        connection(),
        read(sql, [true, new Date(0), 0, 0], { afterBinding: 2, upToBinding: 3 })
      )
    );
    expect(pages.flat().map(keyOf)).toEqual(expected.filter((key) => key.endsWith('/fr')));
  });

  it("passes on the database's error", async () => {
    await expect(
      collect(sqliteRows(SCRIPT, connection(), read('select * from nowhere where ? < ?', [0, 0])))
    ).rejects.toThrow('no such table: nowhere');
  });

  it('ends the reading thread when the Worker stops reading early', async () => {
    const rows = sqliteRows(SCRIPT, connection(), read(SLICE_SQL, [0, 0], { batchSize: 100 }));
    try {
      expect((await rows.next()).value.length).toBe(100);
    } finally {
      // return() runs the reader's clean-up: it resolves once the thread has ended (a thread left
      // running would keep this process alive).
      await expect(rows.return(undefined)).resolves.toEqual({ done: true, value: undefined });
    }
    const writer = new Database(filename, { timeout: 0 });
    try {
      writer.prepare('update pages set flag = flag where id = 1').run();
    } finally {
      writer.close();
    }
  });
});
