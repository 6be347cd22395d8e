/**
 * Long id lists go to the database in slices: SQLite allows 32,766 variables per statement, and a
 * list of 40,000 changed documents or marks would fail as one `IN (...)`.
 */
export const SQL_LIST_CHUNK = 10_000;

export function chunksOf<T>(list: readonly T[], size = SQL_LIST_CHUNK): T[][] {
  const chunks: T[][] = [];
  for (let start = 0; start < list.length; start += size)
    chunks.push(list.slice(start, start + size));
  return chunks;
}
