import { browseBlocks } from '../../../../server/src/core/files/browse';
import type { RenderedBlock } from '../../../../server/src/core/files/urlset-writer';

const url = (loc: string, extra = '') =>
  `<url><loc>${loc}</loc><lastmod>2026-12-01</lastmod>${extra}</url>\n`;
const block = (key: string, urls: Array<[string, string | undefined, string?]>): RenderedBlock => ({
  key,
  xml: urls.map(([loc, , extra]) => url(loc, extra)).join(''),
  urlCount: urls.length,
  bytes: 0,
  locales: urls.map(([, locale]) => locale),
});

const blocks = [
  block('doc-a', [
    [
      'https://x.com/en/a?x=1&amp;y=2',
      'en',
      '<xhtml:link rel="alternate" hreflang="fr" href="https://x.com/fr/a"/><image:image><image:loc>https://cdn.x.com/a.jpg</image:loc></image:image>',
    ],
    ['https://x.com/fr/a', 'fr'],
  ]),
  block('doc-b', [
    [
      'https://x.com/en/b',
      'en',
      '<video:video><video:title>Tide &amp; time</video:title></video:video>',
    ],
  ]),
];

describe('browseBlocks', () => {
  it('reads each URL back with what it lists and the entry it comes from', () => {
    const { total, urls } = browseBlocks(blocks, { page: 1, pageSize: 10 }, false);
    expect(total).toBe(3);
    expect(urls[0]).toEqual({
      loc: 'https://x.com/en/a?x=1&y=2',
      lastmod: '2026-12-01',
      changefreq: undefined,
      priority: undefined,
      alternates: [{ hreflang: 'fr', href: 'https://x.com/fr/a' }],
      images: ['https://cdn.x.com/a.jpg'],
      documentId: 'doc-a',
      locale: 'en',
    });
    expect(urls[1]).toMatchObject({ loc: 'https://x.com/fr/a', documentId: 'doc-a', locale: 'fr' });
    expect(urls[2]).toMatchObject({ video: 'Tide & time', documentId: 'doc-b' });
  });

  it('pages, searches in any case, and names no entry for custom URLs', () => {
    expect(browseBlocks(blocks, { page: 2, pageSize: 2 }, false).urls.map((u) => u.loc)).toEqual([
      'https://x.com/en/b',
    ]);
    const found = browseBlocks(blocks, { query: '/EN/', page: 1, pageSize: 10 }, false);
    expect(found.total).toBe(2);
    expect(found.urls.map((u) => u.loc)).toEqual([
      'https://x.com/en/a?x=1&y=2',
      'https://x.com/en/b',
    ]);
    expect(browseBlocks(blocks, { query: 'nowhere', page: 1 }, false)).toEqual({
      total: 0,
      urls: [],
    });
    expect(browseBlocks(blocks, { page: 1 }, true).urls[0].documentId).toBeNull();
  });
});
