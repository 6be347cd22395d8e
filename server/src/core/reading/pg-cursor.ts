/**
 * A PostgreSQL read as a server-side cursor in a read-only transaction, fetched a batch at a time:
 * the transaction's snapshot makes the whole run read one consistent state of the table. Takes a
 * `pg` client of Strapi's pool, which it leaves as it found it (the run's Worker, on a connection
 * of its own, reads with core/reading/pg-stream instead).
 */
import { pgRowTypes, type PgTypes } from './pg-row-types';

type Row = Record<string, unknown>;

export interface PgConnection {
  query(text: string | Record<string, unknown>, values?: unknown[]): Promise<{ rows: Row[] }>;
}

export interface CursorRead {
  sql: string;
  bindings: unknown[];
  batchSize: number;
  /** The driver's type parsers, which the read's own override (core/reading/pg-row-types). */
  types: PgTypes;
}

export async function* cursorRows(
  connection: PgConnection,
  read: CursorRead
): AsyncGenerator<Row[]> {
  const { sql, bindings, batchSize } = read;
  let open = false;
  let next: Promise<Row[]> | undefined;
  try {
    await connection.query('BEGIN TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY');
    open = true;
    // The planner costs a cursor for its first tenth of rows and picks a walk of the documents
    // index with a random heap read per row; the whole result is read, so cost it as a whole:
    // at 1M URLs the query then sorts a sequential scan, 2.9 s instead of 8.5 s.
    await connection.query('SET LOCAL cursor_tuple_fraction = 1');
    await connection.query(`DECLARE sitemap_rows NO SCROLL CURSOR FOR ${sql}`, bindings);
    const fetch = {
      text: `FETCH ${Number(batchSize)} FROM sitemap_rows`,
      types: pgRowTypes(read.types),
    };
    const fetchBatch = (): Promise<Row[]> => connection.query(fetch).then((result) => result.rows);
    // The next batch is asked for before this one is used: the database works while we write.
    next = fetchBatch();
    for (;;) {
      const rows = await next;
      const more = rows.length === batchSize;
      if (more) next = fetchBatch();
      if (rows.length > 0) yield rows;
      if (!more) break;
    }
  } finally {
    // Also when the run stops early (the consumer returns): the cursor ends with its transaction,
    // after the batch asked for ahead, whose failure no one awaits any more.
    await next?.catch(() => undefined);
    if (open) await connection.query('ROLLBACK').catch(() => undefined);
  }
}
