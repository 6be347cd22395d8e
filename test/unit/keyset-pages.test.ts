import { keysetPages } from '../../server/src/core/reading/keyset-pages';

type Row = Record<string, unknown>;
const keyOf = (row: Row) => String(row.key);

/** A table's rows sorted by key, read as a database would answer `key > after … LIMIT size`. */
function table(keys: string[]) {
  const rows = keys.map((key, id) => ({ id, key }));
  const afters: string[] = [];
  const readPage = (size: number) => (after: string) => {
    afters.push(after);
    return rows.filter((row) => row.key > after).slice(0, size);
  };
  return { rows, afters, readPage };
}

describe('keysetPages', () => {
  it('hands on every row once, pages holding whole documents, each page starting after the last whole one', () => {
    const { rows, afters, readPage } = table(['a', 'b', 'b', 'c', 'c', 'c', 'd', 'e', 'e']);
    const pages = [...keysetPages(readPage(4), 4, keyOf)];
    expect(pages.map((page) => page.map(keyOf).join(''))).toEqual(['abb', 'ccc', 'dee']);
    expect(pages.flat()).toEqual(rows);
    expect(afters).toEqual(['', 'b', 'c']);
  });

  it("leaves a full page's last document to the next page even when each document is one row; nothing for an empty table", () => {
    const full = table(['a', 'b', 'c', 'd']);
    expect([...keysetPages(full.readPage(2), 2, keyOf)].map((page) => page.map(keyOf))).toEqual([
      ['a'],
      ['b'],
      ['c'],
      ['d'],
    ]);
    expect(full.afters).toEqual(['', 'a', 'b', 'c']);
    expect([...keysetPages(table([]).readPage(2), 2, keyOf)]).toEqual([]);
  });

  it('refuses a document with more versions than a page holds rather than looping on it', () => {
    const { readPage } = table(['a', 'b', 'b', 'b']);
    const pages = keysetPages(readPage(2), 2, keyOf);
    expect(pages.next().value).toEqual([{ id: 0, key: 'a' }]);
    expect(() => pages.next()).toThrow('document b has more than 2 versions');
  });
});
