/**
 * SQLite's side of the run's Worker: reading threads read the type on read-only connections of
 * their own to the database file, while the Worker builds what it was handed. Each copies rows in
 * slices of ids, each one short statement (SQLite's read lock lasts that long, so an editor's save
 * waits for one slice at most, never for the run: issue 24), into a temporary table of its own,
 * which it then reads sorted by document without holding the database file at all. Read in the
 * table's own order, copied and sorted, a type costs half the CPU of keyset pages by document
 * id, each row a random read (core/reading/id-slices; docs/performance.md).
 *
 * Two threads share the work, each copying and sorting the documents on one side of a key the
 * first finds by sampling: nothing can be handed on before the whole type is copied, and the
 * Worker and Strapi's thread are idle meanwhile, so a second core copies too. The Worker takes
 * the lower half, then the upper one, sorted and copied while it worked. Rows cross packed into
 * one string each by SQLite (core/reading/packed-rows). At 1M URLs the two together took a full
 * run from 2.29–2.82× the lower bound to 2.12–2.30×, alternated (2026-12-06, docs/performance.md).
 */
import { createRequire } from 'node:module';
import { parentPort, Worker } from 'node:worker_threads';
import {
  idSlices,
  middleKey,
  newestCopies,
  spreadIds,
  type IdBounds,
} from '../core/reading/id-slices';
import { packedRowSql, unpackedRows } from '../core/reading/packed-rows';
import type { ConnectionJob, TypeJob } from './protocol';

type Row = Record<string, unknown>;

/** What the reading thread is started with (as its `workerData.sqliteRead`). */
export interface SqliteReadJob {
  driverPath: string;
  filename: string;
  /** The type's rows whose id is in one slice, unordered; the slice's bounds are bindings. */
  sql: string;
  bindings: unknown[];
  afterBinding: number;
  upToBinding: number;
  /** The table's lowest and highest id, as `first` and `last`. */
  boundsSql: string;
  /** Ids per slice: what a save may wait for. */
  sliceIds: number;
  /** The columns a document's rows are sorted and told apart by (document id, locale). */
  sortedBy: string[];
  /** Rows per message to the Worker. */
  batchSize: number;
  /**
   * The lower half finds the key the halves split at and says so (`split`); the upper half
   * waits to be told it (null: the lower half reads everything).
   */
  half: 'lower' | 'upper';
}

type FromReader =
  | { kind: 'split'; at: string | null }
  /** Rows packed by SQLite (core/reading/packed-rows), and the names of their columns. */
  | { kind: 'rows'; columns: string[]; rows: string[] }
  | { kind: 'end' }
  | { kind: 'failed'; message: string; stack?: string };

/** Batches sent and not yet taken by the Worker before the reader waits. */
const BATCHES_AHEAD = 2;

/**
 * It holds a few batches of rows: what its limits bound is their garbage. A young generation of
 * 16 MB grew toward its cap over a long run (each thread's heap 14 MB at 1M URLs, 21 at 3M, 5-6 in
 * use); at 2 MB each heap stayed at 7.5 MB and a 3M run peaked 145-153 MB above idle against
 * 166-172, reading as fast (alternated, 2026-12-06, docs/performance.md).
 */
const READER_LIMITS = { maxOldGenerationSizeMb: 32, maxYoungGenerationSizeMb: 2 };

/** Keys sampled to find where the halves split. */
const SAMPLES = 63;

/** A type spanning fewer ids than this many slices is read by one thread. */
const SPLIT_FROM_SLICES = 4;

/** How long a slice may wait for a write to let go of the file (better-sqlite3's default: 5 s). */
const BUSY_MS = 60_000;

/**
 * SQLite's page caches of this connection, the file's and the temporary table's, in KiB (negative
 * in the pragma): the file is read once in order and the copy spills to a temporary file, so a
 * large cache buys little. Also the size of the sorter's runs. At 1M URLs, 2 MB took as long as
 * better-sqlite3's 16 MB, for 9 MB of peak RSS instead of 51 (2026-12-06).
 */
const CACHE_KIB = 2000;

/** knex's formatting of bindings for better-sqlite3, which binds neither Dates nor booleans. */
const sqliteBinding = (value: unknown) =>
  value instanceof Date ? value.valueOf() : typeof value === 'boolean' ? Number(value) : value;

/** A reading thread: its half of the type copied, then sorted, a few batches ahead of the Worker. */
export function readSqliteHalf(job: SqliteReadJob) {
  readSorted(job).catch((error: Error) =>
    parentPort!.postMessage({ kind: 'failed', message: error.message, stack: error.stack })
  );
}

type Database = {
  prepare(sql: string): {
    run(bindings: unknown[]): unknown;
    get(bindings?: unknown[]): unknown;
    pluck(): { get(bindings: unknown[]): unknown; iterate(): Iterable<unknown> };
    columns(): Array<{ name: string }>;
  };
  pragma(pragma: string): unknown;
  close(): void;
};

async function readSorted(job: SqliteReadJob) {
  const port = parentPort!;
  const send = (message: FromReader) => port.postMessage(message);
  const told =
    job.half === 'upper'
      ? new Promise<string | null>((resolve) => port.once('message', resolve))
      : null;
  const Driver = createRequire(job.driverPath)(job.driverPath);
  // A write holding the file that long (a large import) delays the run rather than failing it.
  const db: Database = new Driver(job.filename, {
    readonly: true,
    fileMustExist: true,
    timeout: BUSY_MS,
  });
  try {
    db.pragma('temp_store = FILE');
    db.pragma(`cache_size = -${CACHE_KIB}`);
    const bindings = job.bindings.map(sqliteBinding);
    const slice = (after: number, upTo: number) => {
      bindings[job.afterBinding] = after;
      bindings[job.upToBinding] = upTo;
      return bindings;
    };
    const boundsQuery = db.prepare(job.boundsSql);
    const bounds = () => boundsQuery.get() as ReturnType<IdBounds>;
    const key = job.sortedBy[0];
    let at: string | null;
    if (told) {
      at = await told;
      if (at === null) return send({ kind: 'end' });
    } else {
      at = splitKey(db, job, slice, bounds());
      send({ kind: 'split', at });
    }
    // Never null in Strapi's tables; were it, the lower half would read it.
    const side =
      at === null ? '' : told ? ` where ${key} >= ?` : ` where ${key} < ? or ${key} is null`;
    // The table takes the columns (and names) of the read; it lives as long as this connection.
    db.prepare(`create temp table sitemap_rows as select * from (${job.sql}) limit 0`).run(
      slice(0, 0)
    );
    db.pragma(`temp.cache_size = -${CACHE_KIB}`);
    const copy = db.prepare(`insert into temp.sitemap_rows select * from (${job.sql})${side}`);
    for (const [after, upTo] of idSlices(bounds, job.sliceIds))
      copy.run(at === null ? slice(after, upTo) : [...slice(after, upTo), at]);

    let ahead = 0;
    let taken: (() => void) | null = null;
    port.on('message', () => {
      ahead--;
      taken?.();
    });
    const columns: string[] = db
      .prepare('select * from temp.sitemap_rows')
      .columns()
      .map((column) => column.name);
    const sorted = db
      .prepare(
        `select ${packedRowSql(columns)} from temp.sitemap_rows` +
          ` order by ${job.sortedBy.join(', ')}, sitemap_id desc`
      )
      .pluck();
    let batch: string[] = [];
    const flush = async () => {
      while (ahead >= BATCHES_AHEAD) await new Promise<void>((resolve) => (taken = resolve));
      ahead++;
      send({ kind: 'rows', columns, rows: batch });
      batch = [];
    };
    for (const row of sorted.iterate() as Iterable<string>) {
      batch.push(row);
      if (batch.length >= job.batchSize) await flush();
    }
    if (batch.length > 0) await flush();
    send({ kind: 'end' });
  } finally {
    db.close();
  }
}

/**
 * Where the halves split: the middle of the first keys read from ids spread over the table
 * (a short search each); null for a table too small to share.
 */
function splitKey(
  db: Database,
  job: SqliteReadJob,
  slice: (after: number, upTo: number) => unknown[],
  { first, last }: ReturnType<IdBounds>
): string | null {
  if (first === null || last === null || last - first < SPLIT_FROM_SLICES * job.sliceIds)
    return null;
  const keyFrom = db.prepare(`select ${job.sortedBy[0]} from (${job.sql}) limit 1`).pluck();
  const keys = spreadIds(first, last, SAMPLES)
    .map((id) => keyFrom.get(slice(id - 1, id - 1 + job.sliceIds)))
    .filter((key): key is string => typeof key === 'string');
  return middleKey(keys);
}

/**
 * The Worker's side: the pages as they come from the two reading threads, the lower half's then
 * the upper half's, both started now (at the caller's priority) and ended with the read.
 */
export function sqliteRows(
  script: string,
  connection: ConnectionJob,
  read: TypeJob['read']
): AsyncGenerator<Row[]> {
  const job: Omit<SqliteReadJob, 'half'> = {
    driverPath: connection.driverPath,
    filename: String(connection.settings.filename),
    sql: read.sql,
    bindings: read.bindings,
    ...read.idSlices!,
    batchSize: read.batchSize,
  };
  const upper = readingThread(script, { ...job, half: 'upper' });
  const lower = readingThread(script, { ...job, half: 'lower' }, (at) => upper.tell(at));
  return handedPages();

  async function* handedPages(): AsyncGenerator<Row[]> {
    try {
      for (const half of [lower, upper])
        for (let rows = await half.next(); rows; rows = await half.next()) yield rows;
    } finally {
      await Promise.all([lower.stop(), upper.stop()]);
    }
  }
}

/** One reading thread's pages, in order; null once it has read all. */
function readingThread(
  script: string,
  sqliteRead: SqliteReadJob,
  onSplit?: (at: string | null) => void
) {
  const reader = new Worker(script, { workerData: { sqliteRead }, resourceLimits: READER_LIMITS });
  const newest = newestCopies((row) =>
    sqliteRead.sortedBy.map((column) => row[column]).join('\u0000')
  );
  const pages: Array<{ columns: string[]; rows: string[] }> = [];
  let ended = false;
  let failure: Error | null = null;
  let wake: (() => void) | null = null;
  const notify = () => {
    wake?.();
    wake = null;
  };
  reader.on('message', (message: FromReader) => {
    if (message.kind === 'split') onSplit?.(message.at);
    else if (message.kind === 'rows') pages.push(message);
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
  return {
    /** The split key, to the upper half. */
    tell: (at: string | null) => reader.postMessage(at),
    async next(): Promise<Row[] | null> {
      for (;;) {
        if (failure) throw failure;
        const page = pages.shift();
        if (page) {
          reader.postMessage('taken');
          return newest(unpackedRows(page.columns, page.rows));
        }
        if (ended) return null;
        await new Promise<void>((resolve) => (wake = resolve));
      }
    },
    stop: () => reader.terminate(),
  };
}
