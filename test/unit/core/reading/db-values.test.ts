import { fromDbValue } from '../../../../server/src/core/reading/db-values';

// Strapi's own conversions, the reference: the entry reader must give what the query engine gives.
const { createField } = require('@strapi/database/dist/fields/index.js');
const engine = (type: string, value: unknown) =>
  value === null ? null : createField({ type }).fromDB(value);

describe('fromDbValue', () => {
  it.each([
    ['string', ['a slug', '', 'été', 12]],
    ['text', ['long text', '']],
    ['uid', ['my-uid']],
    ['email', ['a@b.c']],
    ['enumeration', ['draft']],
    ['integer', [0, 42, -7, '42']],
    ['float', [1.5, '2.25', 0]],
    ['decimal', [3.14, '3.14']],
    ['biginteger', ['9007199254740993', 12, '-5', BigInt(7)]],
    ['date', ['2026-01-15']],
    // SQLite's 0 and 1 (MySQL's too without Strapi's type cast), PostgreSQL's true and false.
    ['boolean', [0, 1, '0', '1', true, false, 2]],
    ['timestamp', [1764470000000, new Date(Date.UTC(2026, 0, 2)), '2026-01-02T00:00:00.000Z']],
  ])('gives what the query engine gives for a %s', (type, values) => {
    const convert = fromDbValue(type);
    for (const value of [...(values as unknown[]), null])
      expect(convert(value)).toEqual(engine(type, value));
  });

  it('gives a datetime as a Date of the instant the query engine writes as ISO text', () => {
    const convert = fromDbValue('datetime');
    for (const value of [
      new Date(Date.UTC(2026, 0, 2, 3, 4, 5, 6)),
      1764470000000,
      '2026-01-02 03:04:05',
      '2026-01-02T03:04:05.006Z',
    ]) {
      const date = convert(value) as Date;
      expect(date).toBeInstanceOf(Date);
      expect(date.toISOString()).toBe(engine('datetime', value));
    }
    expect(convert('not a date')).toBeNull();
    expect(engine('datetime', 'not a date')).toBeNull();
    expect(convert(null)).toBeNull();
  });
});
