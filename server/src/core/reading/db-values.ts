/**
 * Raw column values, as the database drivers hand them back, turned into what Strapi's query
 * engine gives for the attribute (its fields' `fromDB`), for the types a pattern or a lastmod
 * field can read. The entry reader selects columns with knex, so it must give the same values.
 */

const STRING_TYPES = new Set([
  'string',
  'text',
  'uid',
  'email',
  'enumeration',
  'richtext',
  'password',
]);
const NUMBER_TYPES = new Set(['integer', 'float', 'decimal']);
const BIG_INTEGER = /^[+-]?\d+$/;

function bigIntegerString(value: unknown): string {
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'number' && Number.isInteger(value)) return value.toString();
  if (typeof value === 'string' && BIG_INTEGER.test(value.trim()))
    return BigInt(value.trim()).toString();
  return String(value);
}

type Convert = (value: unknown) => unknown;

const asString: Convert = (value) =>
  value === null || value === undefined ? null : typeof value === 'string' ? value : String(value);
const asNumber: Convert = (value) =>
  value === null || value === undefined ? null : typeof value === 'number' ? value : Number(value);
const asBigInteger: Convert = (value) =>
  value === null || value === undefined ? null : bigIntegerString(value);
const asIs: Convert = (value) => (value === undefined ? null : value);
/** SQLite (and MySQL without Strapi's type cast) hand a boolean back as 0 or 1: the engine's true or false. */
const asBoolean: Convert = (value) => {
  if (typeof value === 'boolean') return value;
  const text = value === null || value === undefined ? '' : String(value);
  return text === '1' ? true : text === '0' ? false : null;
};
const asTimestamp: Convert = (value) => {
  if (value === null || value === undefined) return null;
  const time = (value instanceof Date ? value : new Date(value as string | number)).getTime();
  return Number.isNaN(time) ? null : String(time);
};
/**
 * One exception to "the same as the query engine": a `datetime` comes back as a Date (null when
 * invalid) where the engine gives its ISO string. Same instant; lastmod then needs no parsing.
 */
const asDate: Convert = (value) => {
  if (value === null || value === undefined) return null;
  const date = value instanceof Date ? value : new Date(value as string | number);
  return Number.isNaN(date.getTime()) ? null : date;
};

/** The conversion for an attribute type, chosen once per column rather than once per value. */
export function fromDbValue(type: string): Convert {
  if (STRING_TYPES.has(type)) return asString;
  if (NUMBER_TYPES.has(type)) return asNumber;
  if (type === 'biginteger') return asBigInteger;
  if (type === 'datetime') return asDate;
  if (type === 'timestamp') return asTimestamp;
  if (type === 'boolean') return asBoolean;
  return asIs;
}
