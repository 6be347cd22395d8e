/**
 * A whole type read as keyset pages, each a short statement of its own: the rows after a document
 * id, in document-id order, `pageSize` at most. A full page may end inside a document's locales,
 * so its last document is left for the next page, which starts after the one before it: every
 * page handed on holds whole documents, each once. For a connection where one long read would hold
 * the database (SQLite's locks: run-worker/sqlite-reader).
 */

type Row = Record<string, unknown>;

export function* keysetPages(
  readPage: (after: string) => Row[],
  pageSize: number,
  keyOf: (row: Row) => string
): Generator<Row[]> {
  let after = '';
  for (;;) {
    const rows = readPage(after);
    if (rows.length < pageSize) {
      if (rows.length > 0) yield rows;
      return;
    }
    const lastKey = keyOf(rows[rows.length - 1]);
    let cut = rows.length - 1;
    while (cut > 0 && keyOf(rows[cut - 1]) === lastKey) cut--;
    if (cut === 0) throw new Error(`document ${lastKey} has more than ${pageSize} versions`);
    yield rows.slice(0, cut);
    after = keyOf(rows[cut - 1]);
  }
}
