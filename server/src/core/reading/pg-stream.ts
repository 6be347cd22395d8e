/**
 * A PostgreSQL read as one statement run to completion, its rows handed on a batch at a time with
 * the socket paused while batches wait (core/reading/pushed-rows). Unlike a cursor
 * (core/reading/pg-cursor), such a statement may use a parallel plan: PostgreSQL never plans a
 * cursor in parallel. A run's read sorts the whole type by document; at 1M URLs its first row came
 * after 2.7 s from a cursor and 1.5 s from two workers' parallel sort, the run's Worker idle
 * meanwhile (docs/performance.md). One statement reads one consistent state of the tables, as the
 * cursor's transaction did.
 *
 * For a connection of its own only (the run's Worker's): a read stopped early ends the connection,
 * the only way to stop a statement whose rows are not wanted any more.
 */
import { pgRowTypes, type PgTypes } from './pg-row-types';
import { pushedRows } from './pushed-rows';

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

export function streamedRows(
  client: PgStreamClient,
  Query: PgQueryClass,
  read: StreamedRead
): AsyncGenerator<Row[]> {
  const socket = client.connection.stream;
  return pushedRows(
    {
      start(events) {
        const query = new Query({
          text: read.sql,
          values: read.bindings,
          types: pgRowTypes(read.types),
        });
        // With a row listener and no callback the driver keeps no rows of its own.
        query.on('row', events.row);
        query.on('end', events.end);
        query.on('error', events.error);
        client.query(query);
      },
      pause: () => socket.pause(),
      resume: () => socket.resume(),
      abandon: () => socket.destroy(),
    },
    read.batchSize
  );
}
