/**
 * A MySQL/MariaDB read streamed as one statement (core/reading/mysql-stream), on the real server:
 * every row in order and in batches, the connection paused while batches wait (memory stays a few
 * batches), values cast as Strapi's pool casts them, a read stopped early ends its statement, and
 * the database's errors reach the reader. Runs in the MariaDB pass only (the run's Worker reads
 * this way on MySQL and MariaDB). Numbers come from MariaDB's sequence tables (`seq_1_to_N`, in
 * any database).
 */
import { mysqlStreamedRows } from '../../server/src/core/reading/mysql-stream';

// Required: the callback API, as the run's Worker uses it.
const mysql = require('mysql2');

const onMysql = process.env.DATABASE_CLIENT === 'mysql';
const DATABASE = `sitemap_stream_${process.pid}`;

type Connection = ReturnType<typeof mysql.createConnection>;

/** A connection to the test's database, or to none (to create and drop it). */
const connect = async (database: string | null = DATABASE): Promise<Connection> => {
  const connection = mysql.createConnection({
    host: '127.0.0.1',
    port: 3306,
    user: 'root',
    password: '',
    database: database ?? undefined,
  });
  await new Promise<void>((resolve, reject) =>
    connection.connect((error: Error | null) => (error ? reject(error) : resolve()))
  );
  return connection;
};

const query = (connection: Connection, sql: string, values: unknown[] = []) =>
  new Promise<any[]>((resolve, reject) =>
    connection.query(sql, values, (error: Error | null, rows: any[]) =>
      error ? reject(error) : resolve(rows)
    )
  );

const end = (connection: Connection) =>
  new Promise<void>((resolve) => connection.end(() => resolve()));

const read = (sql: string, bindings: unknown[], batchSize: number) => ({
  sql,
  bindings,
  batchSize,
});

(onMysql ? describe : describe.skip)('streamed MySQL/MariaDB reads', () => {
  beforeAll(async () => {
    const admin = await connect(null);
    await query(admin, `CREATE DATABASE IF NOT EXISTS \`${DATABASE}\``);
    await end(admin);
  });

  afterAll(async () => {
    const admin = await connect(null);
    await query(admin, `DROP DATABASE IF EXISTS \`${DATABASE}\``);
    await end(admin);
  });

  it('gives every row in order, in batches, pausing the connection while batches wait', async () => {
    const connection = await connect();
    const pause = jest.spyOn(connection, 'pause');
    try {
      const sizes: number[] = [];
      const values: number[] = [];
      for await (const rows of mysqlStreamedRows(
        connection,
        read('select seq as n, repeat(?, 50) as pad from seq_1_to_30000 order by seq', ['x'], 1000)
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
      expect((await query(connection, 'select 1 as one'))[0].one).toBe(1);
    } finally {
      await end(connection);
    }
  });

  it('gives a last short batch, and none for an empty result', async () => {
    const connection = await connect();
    try {
      const batches = async (sql: string) => {
        const sizes: number[] = [];
        for await (const rows of mysqlStreamedRows(connection, read(sql, [], 4)))
          sizes.push(rows.length);
        return sizes;
      };
      expect(await batches('select seq from seq_1_to_10')).toEqual([4, 4, 2]);
      expect(await batches('select seq from seq_1_to_10 where seq > 10')).toEqual([]);
    } finally {
      await end(connection);
    }
  });

  it("casts values as Strapi's MySQL dialect has its pool cast them", async () => {
    const connection = await connect();
    try {
      await query(
        connection,
        'create temporary table cast_check (flag tinyint(1), amount decimal(6,2), day date, count tinyint)'
      );
      await query(
        connection,
        "insert into cast_check values (1, 12.50, '2026-12-04', 7), (0, null, null, null), (null, 0, '1999-01-02', 1)"
      );
      const rows: any[] = [];
      for await (const batch of mysqlStreamedRows(
        connection,
        read('select * from cast_check', [], 10)
      ))
        rows.push(...batch);
      expect(rows).toEqual([
        { flag: true, amount: 12.5, day: '2026-12-04', count: 7 },
        { flag: false, amount: null, day: null, count: null },
        { flag: null, amount: 0, day: '1999-01-02', count: 1 },
      ]);
    } finally {
      await end(connection);
    }
  });

  it('ends its statement when the reader stops early', async () => {
    const watcher = await connect();
    const connection = await connect();
    connection.on('error', () => undefined);
    const ended = new Promise((resolve) => connection.stream.on('close', resolve));
    const threadId = connection.threadId;
    const running = async () =>
      (
        await query(
          watcher,
          "select 1 from information_schema.processlist where id = ? and command = 'Query'",
          [threadId]
        )
      ).length > 0;
    try {
      for await (const rows of mysqlStreamedRows(
        connection,
        read('select seq from seq_1_to_5000000', [], 1000)
      )) {
        expect(rows).toHaveLength(1000);
        // The statement is still sending its rows, held by the paused connection.
        expect(await running()).toBe(true);
        break;
      }
      await ended;
      // The server notices the closed socket and ends the statement.
      let alive = true;
      for (let i = 0; i < 100 && alive; i++) {
        alive = await running();
        if (alive) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(alive).toBe(false);
    } finally {
      await end(watcher);
    }
  });

  it("gives the database's error to the reader", async () => {
    const connection = await connect();
    try {
      const seen: number[] = [];
      const reading = (async () => {
        // The third row's subquery gives two rows: the statement fails after two rows were sent.
        for await (const rows of mysqlStreamedRows(
          connection,
          read(
            'select seq, if(seq = 3, (select 1 union select 2), seq) as x from seq_1_to_10',
            [],
            1
          )
        ))
          seen.push(...rows.map((row) => Number(row.seq)));
      })();
      await expect(reading).rejects.toThrow(/more than 1 row/);
      expect(seen.length).toBeLessThan(3);
      // The connection reads on: a connection left paused would keep its last messages.
      expect((await query(connection, 'select 1 as one'))[0].one).toBe(1);
    } finally {
      await end(connection);
    }
  });
});
