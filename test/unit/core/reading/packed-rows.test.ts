/**
 * Rows packed by SQLite (an in-memory database, the driver the plugin reads SQLite with) and
 * unpacked: the same values the driver gives for the row itself, of every storage class.
 */
import { packedRowSql, unpackedRows } from '../../../../server/src/core/reading/packed-rows';

const Database = require('better-sqlite3');

describe('packed rows', () => {
  const db = new Database(':memory:');
  afterAll(() => db.close());

  db.exec('create table t (id integer primary key, "odd ""name""" text, n, r real, b blob)');
  const insert = db.prepare('insert into t values (?, ?, ?, ?, ?)');
  insert.run(1, 'plain', 42, 0.1 + 0.2, null);
  insert.run(2, 'a\u001fb\u001ec', null, 1 / 3, Buffer.from([0, 1, 254]));
  insert.run(3, '', 'text in an untyped column', Infinity, Buffer.alloc(0));
  insert.run(4, 'é — 日本 😀', -Infinity, -0.5, null);
  insert.run(5, null, 2 ** 53, 1e-320, null);
  const columns: string[] = db
    .prepare('select * from t')
    .columns()
    .map((column: { name: string }) => column.name);

  it('gives back what the driver reads, value for value and type for type', () => {
    const packed = db
      .prepare(`select ${packedRowSql(columns)} from t order by id`)
      .pluck()
      .all();
    expect(packed.every((row: unknown) => typeof row === 'string')).toBe(true);
    expect(unpackedRows(columns, packed)).toEqual(db.prepare('select * from t order by id').all());
  });

  it('refuses a row that does not match its columns', () => {
    expect(() => unpackedRows(['a', 'b'], ['sx'])).toThrow('1 fields for 2 columns');
    expect(() => unpackedRows(['a'], ['?x'])).toThrow('no known kind');
  });
});
