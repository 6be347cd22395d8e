import { documentGatherer, rowMapper } from '../../../../server/src/core/reading/source-rows';

const SHAPE = {
  localized: true,
  nodes: [{ parent: 0, key: 'category' }],
  columns: [
    { node: 0, key: 'slug', type: 'uid', alias: 'sitemap_c0' },
    { node: 1, key: 'slug', type: 'uid', alias: 'sitemap_c1' },
    { node: 0, key: 'updatedAt', type: 'datetime', alias: 'sitemap_c2' },
  ],
};

const row = (id: number, documentId: string, locale: string, category: string | null) => ({
  sitemap_id: id,
  sitemap_document_id: documentId,
  sitemap_locale: locale,
  sitemap_c0: `slug-${id}`,
  sitemap_c1: category,
  sitemap_c2: '2026-12-01T10:00:00.000Z',
});

describe('rowMapper', () => {
  it('sets each column on the entry or its joined relation, converted as the query engine would', () => {
    const [mapped] = rowMapper(SHAPE)([row(7, 'doc-a', 'fr', 'news')]);
    expect(mapped).toEqual({
      documentId: 'doc-a',
      locale: 'fr',
      entry: {
        id: 7,
        documentId: 'doc-a',
        locale: 'fr',
        slug: 'slug-7',
        category: { slug: 'news' },
        updatedAt: new Date('2026-12-01T10:00:00.000Z'),
      },
    });
  });

  it('keeps the first of rows a doubly linked relation repeats, across calls too', () => {
    const map = rowMapper(SHAPE);
    expect(map([row(1, 'a', 'en', 'x'), row(1, 'a', 'en', 'y')])).toHaveLength(1);
    expect(map([row(1, 'a', 'en', 'z'), row(2, 'a', 'fr', 'x')]).map((r) => r.entry.id)).toEqual([
      2,
    ]);
  });
});

describe('documentGatherer', () => {
  it("gathers a document's locales, holding the last one until the next batch or the end", () => {
    const map = rowMapper(SHAPE);
    const documents = documentGatherer();
    const first = documents.add(
      map([row(1, 'a', 'en', null), row(2, 'a', 'fr', null), row(3, 'b', 'en', null)])
    );
    expect(first.map((doc) => [doc.documentId, doc.versions.length])).toEqual([['a', 2]]);
    const second = documents.add(map([row(4, 'b', 'fr', null), row(5, 'c', 'en', null)]));
    expect(second.map((doc) => [doc.documentId, doc.versions.length])).toEqual([['b', 2]]);
    expect(documents.end().map((doc) => doc.documentId)).toEqual(['c']);
    expect(documents.end()).toEqual([]);
  });
});
