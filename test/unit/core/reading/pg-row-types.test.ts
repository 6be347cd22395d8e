import { pgRowTypes } from '../../../../server/src/core/reading/pg-row-types';

/** A driver's parsers as pg has them before Strapi sets its own: everything parsed its way. */
const driver = {
  getTypeParser: (oid: number, format?: string) => (text: string) =>
    `driver:${oid}:${format ?? 'text'}:${text}`,
};

describe('pgRowTypes', () => {
  const types = pgRowTypes(driver);

  it("reads date and jsonb as text and numeric as a float, as Strapi's PostgreSQL dialect sets pg up", () => {
    expect(types.getTypeParser(1082, 'text')('2026-12-03')).toBe('2026-12-03');
    expect(types.getTypeParser(3802, 'text')('{"a":1}')).toBe('{"a":1}');
    expect(types.getTypeParser(1700, 'text')('12.50')).toBe(12.5);
  });

  it('parses timestamps by hand, and hands the driver what it cannot', () => {
    expect(types.getTypeParser(1114, 'text')('2026-11-30 12:00:00.123')).toEqual(
      new Date(2026, 10, 30, 12, 0, 0, 123)
    );
    expect(types.getTypeParser(1114, 'text')('infinity')).toBe('driver:1114:text:infinity');
  });

  it('leaves other types and binary formats to the driver', () => {
    expect(types.getTypeParser(25, 'text')('x')).toBe('driver:25:text:x');
    expect(types.getTypeParser(1082, 'binary')('x')).toBe('driver:1082:binary:x');
  });
});
