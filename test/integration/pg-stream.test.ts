/**
 * A PostgreSQL read streamed as one statement (core/reading/pg-stream), on the real server: every
 * row in order and in batches, the socket paused while batches wait (memory stays a few batches),
 * a read stopped early ends its statement, and the database's errors reach the reader. Runs in the
 * PostgreSQL pass only (the run's Worker reads this way on PostgreSQL alone).
 */
import { streamedRows } from '../../server/src/core/reading/pg-stream';

// Required: pg ships no types here.
const pg = require('pg');

const onPostgres = process.env.DATABASE_CLIENT === 'postgres';

const connect = async () => {
  const client = new pg.Client({ host: '127.0.0.1', user: 'postgres', database: 'postgres' });
  await client.connect();
  return client;
};

const read = (sql: string, bindings: unknown[], batchSize: number) =>
  ({ sql, bindings, batchSize, types: pg.types }) as const;

(onPostgres ? describe : describe.skip)('streamed PostgreSQL reads', () => {
  it('gives every row in order, in batches, pausing the socket while batches wait', async () => {
    const client = await connect();
    const socket = (client as any).connection.stream;
    const pause = jest.spyOn(socket, 'pause');
    try {
      const sizes: number[] = [];
      const values: number[] = [];
      for await (const rows of streamedRows(
        client as any,
        pg.Query as any,
        read('select n, repeat($1, 50) as pad from generate_series(1, 30000) as n', ['x'], 1000)
      )) {
        sizes.push(rows.length);
        for (const row of rows) values.push(Number(row.n));
        // A slow reader: the server's rows wait in the socket, not in this process.
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
      expect(sizes).toEqual(Array(30).fill(1000));
      expect(values).toEqual(Array.from({ length: 30000 }, (_, i) => i + 1));
      expect(pause).toHaveBeenCalled();
      // The connection is still usable: the statement ended as it should.
      expect((await client.query('select 1 as one')).rows[0].one).toBe(1);
    } finally {
      await client.end();
    }
  });

  it('gives a last short batch, and none for an empty result', async () => {
    const client = await connect();
    try {
      const batches = async (sql: string) => {
        const sizes: number[] = [];
        for await (const rows of streamedRows(client as any, pg.Query as any, read(sql, [], 4)))
          sizes.push(rows.length);
        return sizes;
      };
      expect(await batches('select n from generate_series(1, 10) as n')).toEqual([4, 4, 2]);
      expect(await batches('select n from generate_series(1, 0) as n')).toEqual([]);
    } finally {
      await client.end();
    }
  });

  it('ends its statement when the reader stops early', async () => {
    const client = await connect();
    const ended = new Promise((resolve) => client.on('end', resolve));
    client.on('error', () => undefined);
    const pid = (await client.query('select pg_backend_pid() as pid')).rows[0].pid;
    for await (const rows of streamedRows(
      client as any,
      pg.Query as any,
      read('select n from generate_series(1, 5000000) as n', [], 1000)
    )) {
      expect(rows).toHaveLength(1000);
      break;
    }
    await ended;
    const watcher = await connect();
    try {
      // The server notices the closed socket and ends the backend.
      let alive = true;
      for (let i = 0; i < 100 && alive; i++) {
        const { rows } = await watcher.query('select 1 from pg_stat_activity where pid = $1', [
          pid,
        ]);
        alive = rows.length > 0;
        if (alive) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(alive).toBe(false);
    } finally {
      await watcher.end();
    }
  });

  it("gives the database's error to the reader", async () => {
    const client = await connect();
    try {
      const reading = (async () => {
        for await (const rows of streamedRows(
          client as any,
          pg.Query as any,
          read('select 1 / (n - 3) as x from generate_series(1, 10) as n', [], 1)
        ))
          expect(rows).toHaveLength(1);
      })();
      await expect(reading).rejects.toThrow(/division by zero/);
      // The connection reads on: a socket left paused would keep its last messages (and its end).
      expect((await client.query('select 1 as one')).rows[0].one).toBe(1);
    } finally {
      await client.end();
    }
  });
});
