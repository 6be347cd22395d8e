/**
 * A PostgreSQL read as one statement run to completion, its rows taken as they arrive and handed
 * on a batch at a time, the socket paused while batches wait: memory stays a few batches whatever
 * the result's size. Unlike a cursor (core/reading/pg-cursor), such a statement may use a parallel
 * plan: PostgreSQL never plans a cursor in parallel. A run's read sorts the whole type by
 * document; at 1M URLs its first row came after 2.7 s from a cursor and 1.5 s from two workers'
 * parallel sort, the run's Worker idle meanwhile (docs/performance.md). One statement reads one
 * consistent state of the tables, as the cursor's transaction did.
 *
 * For a connection of its own only (the run's Worker's): a read stopped early ends the connection,
 * the only way to stop a statement whose rows are not wanted any more.
 */
import { pgRowTypes, type PgTypes } from './pg-row-types';

type Row = Record<string, unknown>;

/** What is used of a `pg` Query: rows as events, then its end or error. */
interface PgQuery {
  on(event: 'row', listener: (row: Row) => void): unknown;
  on(event: 'end', listener: () => void): unknown;
  on(event: 'error', listener: (error: Error) => void): unknown;
}

export interface PgStreamClient {
  query(query: PgQuery): unknown;
  connection: {
    stream: { pause(): unknown; resume(): unknown; destroy(): unknown };
  };
}

/** The driver's `Query` class (`require('pg').Query`). */
export type PgQueryClass = new (config: {
  text: string;
  values: unknown[];
  types: PgTypes;
}) => PgQuery;

export interface StreamedRead {
  sql: string;
  bindings: unknown[];
  batchSize: number;
  /** The driver's type parsers, which the read's own override (core/reading/pg-row-types). */
  types: PgTypes;
}

/** Whole batches held before the socket is paused (the batch being filled comes on top). */
const BATCHES_AHEAD = 2;

export async function* streamedRows(
  client: PgStreamClient,
  Query: PgQueryClass,
  read: StreamedRead
): AsyncGenerator<Row[]> {
  const { batchSize } = read;
  const socket = client.connection.stream;
  const ready: Row[][] = [];
  let batch: Row[] = [];
  let ended = false;
  let failure: Error | null = null;
  let paused = false;
  let wake: (() => void) | null = null;
  const notify = () => {
    wake?.();
    wake = null;
  };

  const query = new Query({ text: read.sql, values: read.bindings, types: pgRowTypes(read.types) });
  // With a row listener and no callback the driver keeps no rows of its own.
  query.on('row', (row) => {
    batch.push(row);
    if (batch.length < batchSize) return;
    ready.push(batch);
    batch = [];
    if (ready.length >= BATCHES_AHEAD && !paused) {
      paused = true;
      socket.pause();
    }
    notify();
  });
  query.on('end', () => {
    if (batch.length > 0) ready.push(batch);
    batch = [];
    ended = true;
    notify();
  });
  query.on('error', (error) => {
    failure = error;
    ended = true;
    notify();
  });
  client.query(query);

  try {
    for (;;) {
      if (failure) throw failure;
      const rows = ready.shift();
      if (rows) {
        if (paused && ready.length < BATCHES_AHEAD) {
          paused = false;
          socket.resume();
        }
        yield rows;
      } else if (ended) return;
      else await new Promise<void>((resolve) => (wake = resolve));
    }
  } finally {
    // A statement still running cannot be stopped otherwise; one that ended (or failed) leaves the
    // connection usable once its last messages are read, which a paused socket would withhold.
    if (!ended) socket.destroy();
    else if (paused) socket.resume();
  }
}
