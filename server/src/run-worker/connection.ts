/**
 * The run's Worker's own database connection, opened with the driver and settings of Strapi's
 * pool, and its one read: the whole type as one statement, streamed (core/reading/pg-stream on
 * PostgreSQL, mysql-stream on MySQL and MariaDB). The read runs as long as the type is large, so
 * the statement time limits a site sets for its requests are lifted on this connection only.
 * SQLite's file is copied in short slices of ids, then sorted, by a thread of its own
 * (run-worker/sqlite-reader).
 */
import { createRequire } from 'node:module';
import { mysqlStreamedRows } from '../core/reading/mysql-stream';
import { streamedRows } from '../core/reading/pg-stream';
import { quotedIdentifier } from '../core/reading/quoted-identifier';
import type { ConnectionJob, TypeJob } from './protocol';
import { sqliteRows } from './sqlite-reader';

type Row = Record<string, unknown>;

export interface RunConnection {
  rows(read: TypeJob['read']): AsyncIterable<Row[]>;
  close(): Promise<void>;
}

/** knex's quoting of the schemas it sets as the search path. */
const searchPathSql = (searchPath: string | string[]) =>
  `set search_path to ${[searchPath].flat().map(quotedIdentifier).join(',')}`;

async function openPostgres(job: ConnectionJob): Promise<RunConnection> {
  const pg = createRequire(job.driverPath)(job.driverPath);
  const client = new pg.Client(job.settings);
  await client.connect();
  if (job.searchPath) await client.query(searchPathSql(job.searchPath));
  await client.query('SET statement_timeout = 0');
  return {
    rows: (read) => streamedRows(client, pg.Query, { ...read, types: pg.types }),
    close: () => client.end().catch(() => undefined),
  };
}

async function openMysql(job: ConnectionJob): Promise<RunConnection> {
  const mysql = createRequire(job.driverPath)(job.driverPath);
  const connection = mysql.createConnection(job.settings);
  const query = (sql: string) =>
    new Promise<void>((resolve, reject) =>
      connection.query(sql, (error: Error | null) => (error ? reject(error) : resolve()))
    );
  await new Promise<void>((resolve, reject) =>
    connection.connect((error: Error | null) => (error ? reject(error) : resolve()))
  );
  // An abandoned read closes the socket under the driver, which then reports it: nothing to do.
  connection.on('error', () => undefined);
  // Each server knows one of the two limits (MariaDB, MySQL); the other refuses the name.
  await query('SET SESSION max_statement_time = 0').catch(() => undefined);
  await query('SET SESSION max_execution_time = 0').catch(() => undefined);
  // The server gives up on a client that stops reading this long: the read pauses while the
  // Worker's batches wait, and a save on the main thread may make it wait for a while.
  await query('SET SESSION net_write_timeout = 600');
  return {
    rows: (read) => mysqlStreamedRows(connection, read),
    close: () =>
      new Promise<void>((resolve) => {
        if (connection.stream.destroyed) resolve();
        else connection.end(() => resolve());
      }),
  };
}

/** The reading thread opens the file (read-only) and closes it when the read ends. */
const openSqlite = async (job: ConnectionJob): Promise<RunConnection> => ({
  // This bundle is the Worker's script: the reading thread runs it too (run-worker/index).
  rows: (read) => sqliteRows(__filename, job, read),
  close: async () => undefined,
});

const OPEN: Record<ConnectionJob['client'], (job: ConnectionJob) => Promise<RunConnection>> = {
  postgres: openPostgres,
  mysql: openMysql,
  sqlite: openSqlite,
};

export const openConnection = (job: ConnectionJob) => OPEN[job.client](job);
