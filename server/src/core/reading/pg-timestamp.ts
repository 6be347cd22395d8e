/**
 * PostgreSQL's `timestamp` text (`2026-11-30 12:00:00.123456`, no zone: how Strapi stores its
 * dates) read as the `pg` driver reads it (postgres-date: the local time of those fields), by
 * hand because it is hot: the driver's regular expressions and splits allocated about 600 bytes a
 * value, a tenth of all a full run allocated (docs/performance.md). Anything else (a zone, BC,
 * infinity, a year before 1000) gives null, for the driver's own parser.
 */
const SHAPE = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(?:\.\d{1,6})?$/;

const digits = (text: string, at: number, count: number) => {
  let value = 0;
  for (let i = at; i < at + count; i++) value = value * 10 + text.charCodeAt(i) - 48;
  return value;
};

export function parseLocalTimestamp(text: string): Date | null {
  if (!SHAPE.test(text)) return null;
  const year = digits(text, 0, 4);
  if (year < 1000) return null;
  // The same arithmetic as postgres-date, so the same millisecond whatever the fraction's digits.
  const ms = text.length > 19 ? 1000 * parseFloat(text.slice(19)) : 0;
  return new Date(
    year,
    digits(text, 5, 2) - 1,
    digits(text, 8, 2),
    digits(text, 11, 2),
    digits(text, 14, 2),
    digits(text, 17, 2),
    ms
  );
}

/** PostgreSQL's type id of `timestamp without time zone`. */
export const PG_TIMESTAMP_OID = 1114;
