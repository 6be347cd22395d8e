/**
 * SQLite's side of the run's Worker: a second thread reads the type on a read-only connection of
 * its own to the database file, in keyset pages (core/reading/keyset-pages), while the Worker
 * builds the pages before. A page is one short statement: SQLite's read lock lasts that long, so
 * an editor's save waits for one page at most, never for the run (issue 24); reading on a thread
 * of its own keeps SQLite's page reads, most of a SQLite run, beside the building instead of
 * before it, and off Strapi's event loop.
 */
import { createRequire } from 'node:module';
import { parentPort, Worker } from 'node:worker_threads';
import { keysetPages } from '../core/reading/keyset-pages';
import type { ConnectionJob, TypeJob } from './protocol';

type Row = Record<string, unknown>;

/** What the reading thread is started with (as its `workerData.sqliteRead`). */
export interface SqliteReadJob {
  driverPath: string;
  filename: string;
  sql: string;
  bindings: unknown[];
  /** Which binding is the key a page starts after. */
  afterBinding: number;
  /** Rows per page (the statement's limit): what a save may wait for. */
  pageSize: number;
  /** Rows per message to the Worker: pages go together, so as many are on their way. */
  batchSize: number;
}

type FromReader =
  | { kind: 'rows'; rows: Row[] }
  | { kind: 'end' }
  | { kind: 'failed'; message: string; stack?: string };

/** Batches sent and not yet taken by the Worker before the reader waits. */
const BATCHES_AHEAD = 2;

/** It holds a few pages of rows: what its limits bound is their garbage. */
const READER_LIMITS = { maxOldGenerationSizeMb: 32, maxYoungGenerationSizeMb: 16 };

/** How long a page may wait for a write to let go of the file (better-sqlite3's default: 5 s). */
const BUSY_MS = 60_000;

/** knex's formatting of bindings for better-sqlite3, which binds neither Dates nor booleans. */
const sqliteBinding = (value: unknown) =>
  value instanceof Date ? value.valueOf() : typeof value === 'boolean' ? Number(value) : value;

/** The reading thread: pages of the type, a few ahead of the Worker taking them. */
export function readSqlitePages(job: SqliteReadJob) {
  readPages(job).catch((error: Error) =>
    parentPort!.postMessage({ kind: 'failed', message: error.message, stack: error.stack })
  );
}

async function readPages(job: SqliteReadJob) {
  const port = parentPort!;
  const Database = createRequire(job.driverPath)(job.driverPath);
  // A write holding the file that long (a large import) delays the run rather than failing it.
  const db = new Database(job.filename, { readonly: true, fileMustExist: true, timeout: BUSY_MS });
  try {
    const statement = db.prepare(job.sql);
    const bindings = job.bindings.map(sqliteBinding);
    const readPage = (after: string) => {
      bindings[job.afterBinding] = after;
      return statement.all(bindings) as Row[];
    };
    let ahead = 0;
    let taken: (() => void) | null = null;
    port.on('message', () => {
      ahead--;
      taken?.();
    });
    const send = (message: FromReader) => port.postMessage(message);
    let batch: Row[] = [];
    const pages = keysetPages(readPage, job.pageSize, (row) => String(row.sitemap_document_id));
    for (const rows of pages) {
      batch = batch.length === 0 ? rows : batch.concat(rows);
      if (batch.length < job.batchSize) continue;
      while (ahead >= BATCHES_AHEAD) await new Promise<void>((resolve) => (taken = resolve));
      ahead++;
      send({ kind: 'rows', rows: batch });
      batch = [];
    }
    if (batch.length > 0) send({ kind: 'rows', rows: batch });
    send({ kind: 'end' });
  } finally {
    db.close();
  }
}

/**
 * The Worker's side: the pages as they come from a reading thread, started now (at the caller's
 * priority) and ended with the read.
 */
export function sqliteRows(
  script: string,
  connection: ConnectionJob,
  read: TypeJob['read']
): AsyncGenerator<Row[]> {
  const sqliteRead: SqliteReadJob = {
    driverPath: connection.driverPath,
    filename: String(connection.settings.filename),
    sql: read.sql,
    bindings: read.bindings,
    ...read.keyset!,
    batchSize: read.batchSize,
  };
  const reader = new Worker(script, { workerData: { sqliteRead }, resourceLimits: READER_LIMITS });
  const pages: Row[][] = [];
  let ended = false;
  let failure: Error | null = null;
  let wake: (() => void) | null = null;
  const notify = () => {
    wake?.();
    wake = null;
  };
  reader.on('message', (message: FromReader) => {
    if (message.kind === 'rows') pages.push(message.rows);
    else if (message.kind === 'end') ended = true;
    else failure = Object.assign(new Error(message.message), { stack: message.stack });
    notify();
  });
  reader.on('error', (error) => {
    failure = error;
    notify();
  });
  reader.on('exit', (code) => {
    if (!ended && !failure)
      failure = new Error(`the run's SQLite reader stopped (exit code ${code})`);
    notify();
  });
  return handedPages();

  async function* handedPages(): AsyncGenerator<Row[]> {
    try {
      for (;;) {
        if (failure) throw failure;
        const rows = pages.shift();
        if (rows) {
          reader.postMessage('taken');
          yield rows;
        } else if (ended) return;
        else await new Promise<void>((resolve) => (wake = resolve));
      }
    } finally {
      await reader.terminate();
    }
  }
}
