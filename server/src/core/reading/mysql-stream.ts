/**
 * A MySQL or MariaDB read as one statement, its rows handed on a batch at a time with the
 * connection paused while batches wait (core/reading/pushed-rows): `mysql2` emits rows as they
 * arrive and keeps none when the query has no callback. One SELECT reads one consistent snapshot
 * (InnoDB), without locks that would hold an editor's save.
 *
 * For a connection of its own only (the run's Worker's): a read stopped early ends the connection,
 * the only way to stop a statement whose rows are not wanted any more.
 */
import { mysqlTypeCast } from './mysql-row-types';
import { pushedRows } from './pushed-rows';

type Row = Record<string, unknown>;

/** What is used of a `mysql2` query: rows as events, then its end or error. */
interface MysqlQuery {
  on(event: 'result', listener: (row: Row) => void): unknown;
  on(event: 'end', listener: () => void): unknown;
  on(event: 'error', listener: (error: Error) => void): unknown;
}

/** What is used of a `mysql2` connection (callback API). */
export interface MysqlStreamConnection {
  query(options: { sql: string; values: unknown[]; typeCast: typeof mysqlTypeCast }): MysqlQuery;
  pause(): void;
  resume(): void;
  stream: { destroy(): unknown };
}

export interface MysqlStreamedRead {
  sql: string;
  bindings: unknown[];
  batchSize: number;
}

export function mysqlStreamedRows(
  connection: MysqlStreamConnection,
  read: MysqlStreamedRead
): AsyncGenerator<Row[]> {
  return pushedRows(
    {
      start(events) {
        const query = connection.query({
          sql: read.sql,
          values: read.bindings,
          typeCast: mysqlTypeCast,
        });
        query.on('result', events.row);
        query.on('end', events.end);
        query.on('error', events.error);
      },
      pause: () => connection.pause(),
      resume: () => connection.resume(),
      // The socket itself: ending the connection politely would wait for the server's rows.
      abandon: () => connection.stream.destroy(),
    },
    read.batchSize
  );
}
