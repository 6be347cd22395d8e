/**
 * Rows of one SQL query, streamed in batches with back-pressure: the database sends the next batch
 * only when the previous one has been taken, so memory stays at a batch whatever the table's size.
 * Written per database because knex's `stream()` needs pg-query-stream on PostgreSQL (not a
 * dependency of Strapi) and, on better-sqlite3, reads every row before the first one is returned.
 */
import type { Core } from '@strapi/strapi';
import { cursorRows } from '../../core/reading/pg-cursor';

type Row = Record<string, unknown>;

/** Databases whose connections let a read stay open beside other queries (a pool, MVCC). */
export const canStreamRows = (strapi: Core.Strapi) =>
  ['postgres', 'mysql'].includes(strapi.db.dialect.client);

export function streamRows(strapi: Core.Strapi, knexQuery: any, batchSize: number) {
  return strapi.db.dialect.client === 'postgres'
    ? postgresRows(strapi, knexQuery, batchSize)
    : mysqlRows(knexQuery, batchSize);
}

/** The cursor read (core/reading/pg-cursor) on a connection of Strapi's pool, released after. */
async function* postgresRows(
  strapi: Core.Strapi,
  knexQuery: any,
  batchSize: number
): AsyncGenerator<Row[]> {
  const { sql, bindings } = knexQuery.toSQL().toNative();
  const client = (strapi.db.connection as any).client;
  const connection = await client.acquireConnection();
  try {
    yield* cursorRows(connection, { sql, bindings, batchSize, types: client.driver.types });
  } finally {
    await client.releaseConnection(connection);
  }
}

/** mysql2 streams a result natively: the socket is paused while a batch is being used. */
async function* mysqlRows(knexQuery: any, batchSize: number): AsyncGenerator<Row[]> {
  const stream = knexQuery.stream({ highWaterMark: batchSize });
  let batch: Row[] = [];
  try {
    for await (const row of stream) {
      batch.push(row as Row);
      if (batch.length >= batchSize) {
        yield batch;
        batch = [];
      }
    }
    if (batch.length > 0) yield batch;
  } finally {
    // A consumer that stops early must not leave the connection reading the rest.
    stream.destroy();
  }
}
