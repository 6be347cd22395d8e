/**
 * SQLite rows packed into one string each by SQLite itself, to cross from the run's reading
 * thread to its Worker (run-worker/sqlite-reader), and unpacked there into the rows the driver
 * would have given. A row object is costly twice over: the driver makes a string for every value
 * and the structured clone copies every value and key again. At 1M URLs the reading thread's
 * read-back took 1.4–1.5 s instead of 2.3, and the Worker unpacked in 0.5 s what took it 0.7 to
 * clone (2026-12-06, docs/performance.md).
 *
 * A field is a tag and the value as SQLite writes it; fields are apart by U+001F. Text holding
 * that character goes as hex, so a split never cuts a value.
 */

import { quotedIdentifier } from './quoted-identifier';

type Row = Record<string, unknown>;

const FIELD = '\u001f';

/**
 * The SQL of one packed row of `columns`. Reals with 17 digits, which parse back to the same
 * number whatever the SQLite version (older ones write 15 digits as text).
 */
export function packedRowSql(columns: readonly string[]): string {
  return columns
    .map((name) => {
      const column = quotedIdentifier(name);
      return (
        `case typeof(${column}) when 'integer' then 'i' || ${column}` +
        ` when 'text' then case when instr(${column}, char(31)) then 'x' || hex(${column}) else 's' || ${column} end` +
        ` when 'null' then 'n' when 'real' then 'r' || printf('%!.17g', ${column})` +
        ` else 'b' || hex(${column}) end`
      );
    })
    .join(' || char(31) || ');
}

/** SQLite writes infinite reals as Inf and -Inf. */
function realOf(text: string) {
  const number = Number(text);
  return Number.isNaN(number) && text.endsWith('Inf')
    ? text.startsWith('-')
      ? -Infinity
      : Infinity
    : number;
}

function fieldValue(field: string): unknown {
  switch (field.charCodeAt(0)) {
    case 115: // s
      return field.slice(1);
    case 105: // i
      return Number(field.slice(1));
    case 110: // n
      return null;
    case 114: // r
      return realOf(field.slice(1));
    case 120: // x
      return Buffer.from(field.slice(1), 'hex').toString('utf8');
    case 98: // b
      return Buffer.from(field.slice(1), 'hex');
    default:
      throw new Error(`a packed row holds a field of no known kind: ${field.slice(0, 16)}`);
  }
}

/** Rows packed by `packedRowSql(columns)`, as objects keyed by `columns`. */
export function unpackedRows(columns: readonly string[], packed: readonly string[]): Row[] {
  const rows: Row[] = new Array(packed.length);
  for (let i = 0; i < packed.length; i++) {
    const fields = packed[i].split(FIELD);
    if (fields.length !== columns.length)
      throw new Error(`a packed row has ${fields.length} fields for ${columns.length} columns`);
    const row: Row = {};
    for (let c = 0; c < columns.length; c++) row[columns[c]] = fieldValue(fields[c]);
    rows[i] = row;
  }
  return rows;
}
