/**
 * A whole type copied off a database in slices of row ids, each a short statement of its own, then
 * sorted apart from it (run-worker/sqlite-reader: a temporary table of the reader's own). Reading
 * in id order is the table's own order: at 1M URLs on SQLite the copy and the sort took 2.2–2.3 s
 * of CPU against 4.6–5.0 s for keyset pages by document id, a random read per row
 * (docs/performance.md). The statements are not one snapshot, so the two helpers below make up
 * for what a publish during the copy does: it deletes the published row and inserts it again with
 * a higher id.
 */

type Row = Record<string, unknown>;

/** The lowest and highest id of the table now (null when empty). */
export type IdBounds = () => { first: number | null; last: number | null };

/**
 * The id ranges (after, upTo] covering the table, `width` ids each. Once past the last id it
 * asks again, so rows inserted meanwhile (a publish moving a row to the end) are read too; it
 * stops when nothing was added, or after `catchUps` more rounds on a table that keeps growing
 * (what comes later is any run's next change).
 */
export function* idSlices(
  bounds: IdBounds,
  width: number,
  catchUps = 10
): Generator<[after: number, upTo: number]> {
  const { first, last } = bounds();
  if (first === null || last === null) return;
  let after = first - 1;
  let end = last;
  for (let round = 0; ; round++) {
    for (; after < end; after += width) yield [after, Math.min(after + width, end)];
    after = end;
    const now = bounds().last;
    if (now === null || now <= end || round === catchUps) return;
    end = now;
  }
}

/** `count` ids spread evenly over [first, last]: where to sample a table's keys. */
export function spreadIds(first: number, last: number, count: number): number[] {
  const step = (last - first) / (count + 1);
  return Array.from({ length: count }, (_, i) => Math.round(first + step * (i + 1)));
}

/**
 * The middle of sampled keys: split there, a read's two halves hold about as many rows each. Any
 * key splits correctly (each half reads the keys on its side of it); null when there are none.
 */
export function middleKey(keys: string[]): string | null {
  if (keys.length === 0) return null;
  return [...keys].sort()[keys.length >> 1];
}

/**
 * Sorted rows with older copies of a version left out: rows sorted by `keyOf` and, within a key,
 * newest id first; a key seen just before is an older copy (a row read before its publish
 * deleted it, beside the one the publish inserted). Strapi keeps one published row per document
 * and locale, so two rows with one key are never two versions.
 */
export function newestCopies(keyOf: (row: Row) => string) {
  let lastKey: string | undefined;
  return (rows: Row[]) =>
    rows.filter((row) => {
      const key = keyOf(row);
      if (key === lastKey) return false;
      lastKey = key;
      return true;
    });
}
