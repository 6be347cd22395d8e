import { renderSitemapIndex } from '../../../../server/src/core/files/sitemapindex-writer';

const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

describe('renderSitemapIndex', () => {
  it('writes a sitemapindex in the sitemap namespace with one <sitemap> per entry', () => {
    const xml = renderSitemapIndex([
      {
        loc: 'https://cms.example.com/api/sitemap/sitemap-1.xml',
        lastmod: '2026-01-15T10:00:00+00:00',
      },
      { loc: 'https://cms.example.com/api/sitemap/sitemap-2.xml', lastmod: '2026-01-16' },
    ]);
    expect(xml).toBe(
      [
        '<?xml version="1.0" encoding="UTF-8"?>',
        `<sitemapindex xmlns="${NS}">`,
        '  <sitemap>',
        '    <loc>https://cms.example.com/api/sitemap/sitemap-1.xml</loc>',
        '    <lastmod>2026-01-15T10:00:00+00:00</lastmod>',
        '  </sitemap>',
        '  <sitemap>',
        '    <loc>https://cms.example.com/api/sitemap/sitemap-2.xml</loc>',
        '    <lastmod>2026-01-16</lastmod>',
        '  </sitemap>',
        '</sitemapindex>',
        '',
      ].join('\n')
    );
  });

  it('leaves <lastmod> out when an entry has none (or an empty one)', () => {
    const xml = renderSitemapIndex([
      { loc: 'https://e.com/a.xml' },
      { loc: 'https://e.com/b.xml', lastmod: '' },
      { loc: 'https://e.com/c.xml', lastmod: '2026-01-15' },
    ]);
    expect(xml.match(/<sitemap>/g)).toHaveLength(3);
    expect(xml.match(/<lastmod>/g)).toHaveLength(1);
    expect(xml).toContain('<loc>https://e.com/a.xml</loc>\n  </sitemap>');
    expect(xml).toContain('<loc>https://e.com/b.xml</loc>\n  </sitemap>');
  });

  it('puts <loc> before <lastmod>', () => {
    const xml = renderSitemapIndex([{ loc: 'https://e.com/a.xml', lastmod: '2026-01-15' }]);
    expect(xml.indexOf('<loc>')).toBeLessThan(xml.indexOf('<lastmod>'));
  });

  it('escapes & (and other markup) in a loc', () => {
    const xml = renderSitemapIndex([{ loc: 'https://e.com/sitemap.xml?a=1&b=<2>' }]);
    expect(xml).toContain('<loc>https://e.com/sitemap.xml?a=1&amp;b=&lt;2&gt;</loc>');
    expect(xml).not.toMatch(/&(?!amp;|lt;|gt;|quot;|apos;)/);
  });

  it('writes an empty index when there are no entries', () => {
    const xml = renderSitemapIndex([]);
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n')).toBe(true);
    expect(xml).toMatch(new RegExp(`<sitemapindex xmlns="${NS.replace(/[./]/g, '\\$&')}"\\s*/>`));
    expect(xml).not.toContain('<sitemap>');
  });

  it('ends with a newline', () => {
    expect(renderSitemapIndex([{ loc: 'https://e.com/a.xml' }]).endsWith('</sitemapindex>\n')).toBe(
      true
    );
  });

  describe('the xml-stylesheet instruction', () => {
    it('is left out unless an href is given', () => {
      expect(renderSitemapIndex([{ loc: 'https://e.com/a.xml' }])).not.toContain('xml-stylesheet');
      expect(renderSitemapIndex([{ loc: 'https://e.com/a.xml' }], '')).not.toContain(
        'xml-stylesheet'
      );
    });

    it('comes after the XML declaration and before the root element', () => {
      const xml = renderSitemapIndex([{ loc: 'https://e.com/a.xml' }], 'sitemap.xsl');
      const lines = xml.split('\n');
      expect(lines[0]).toBe('<?xml version="1.0" encoding="UTF-8"?>');
      expect(lines[1]).toBe('<?xml-stylesheet type="text/xsl" href="sitemap.xsl"?>');
      expect(lines[2]).toBe(`<sitemapindex xmlns="${NS}">`);
    });

    it('percent-encodes a double quote in the href so the pseudo-attribute stays closed', () => {
      const xml = renderSitemapIndex([], 'https://e.com/a"b.xsl');
      expect(xml).toContain('<?xml-stylesheet type="text/xsl" href="https://e.com/a%22b.xsl"?>');
    });
  });
});

describe('renderSitemapIndex against xmlbuilder2 (which wrote it before)', () => {
  it('writes the same document, byte for byte', () => {
    const { create } = jest.requireActual('xmlbuilder2');
    const entries = Array.from({ length: 50 }, (_, i) => ({
      loc: `https://e.com/sitemaps/blog-${i}.xml?x=${i}&y=<${i}>`,
      lastmod: i % 3 ? `2026-01-${String((i % 28) + 1).padStart(2, '0')}` : undefined,
    }));
    for (const xslHref of [undefined, 'https://e.com/sitemap.xsl']) {
      const doc = create({ version: '1.0', encoding: 'UTF-8' });
      if (xslHref) doc.ins('xml-stylesheet', `type="text/xsl" href="${xslHref}"`);
      const index = doc.ele(NS, 'sitemapindex');
      for (const entry of entries) {
        const sitemap = index.ele('sitemap');
        sitemap.ele('loc').txt(entry.loc);
        if (entry.lastmod) sitemap.ele('lastmod').txt(entry.lastmod);
      }
      expect(renderSitemapIndex(entries, xslHref)).toBe(`${doc.end({ prettyPrint: true })}\n`);
    }
  });
});
