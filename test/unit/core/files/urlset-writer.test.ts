import {
  formatPriority,
  MemorySink,
  renderBlock,
  renderUrl,
  splitFile,
  UrlsetWriter,
  type BlockIndexEntry,
  type ClosedFile,
  type UrlBlock,
} from '../../../../server/src/core/files/urlset-writer';
import type { FileLimits, UrlRecord } from '../../../../shared/types';
import { urlsetText } from '../../../../server/src/core/files/urlset-text';
import { xmlProlog } from '../../../../server/src/core/files/xml';

const OPEN =
  '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1" xmlns:video="http://www.google.com/schemas/sitemap-video/1.1" xmlns:news="http://www.google.com/schemas/sitemap-news/0.9">\n';
const CLOSE = '</urlset>\n';
const PROLOG = '<?xml version="1.0" encoding="UTF-8"?>\n';

const block = (key: string, records: UrlRecord[], lastmodTime?: number): UrlBlock => ({
  key,
  records,
  lastmodTime,
});
const one = (key: string, loc = `https://example.com/${key}`, lastmodTime?: number) =>
  block(key, [{ loc }], lastmodTime);

/** A closed file with the content its sink received. */
type WrittenFile = Omit<ClosedFile<MemorySink>, 'sink'> & {
  xml: string;
  text: string;
  blocks: BlockIndexEntry[];
};

const newWriter = (limits: FileLimits, xslHref?: string) =>
  new UrlsetWriter(limits, xslHref, () => new MemorySink());

function contentOf(file: ClosedFile<MemorySink>): WrittenFile {
  const { sink, ...meta } = file;
  return {
    ...meta,
    xml: sink.xml,
    text: urlsetText(sink.xml),
    blocks: JSON.parse(sink.blockIndex) as BlockIndexEntry[],
  };
}

/** Feeds blocks through a writer the way the generator does, and returns every file written. */
function writeAll(limits: FileLimits, blocks: UrlBlock[], xslHref?: string): WrittenFile[] {
  const writer = newWriter(limits, xslHref);
  const files: WrittenFile[] = [];
  for (const item of blocks) {
    const rendered = renderBlock(item);
    expect(writer.fits(rendered)).toBe(true);
    const closed = writer.add(rendered);
    if (closed) files.push(contentOf(closed));
  }
  const last = writer.close();
  if (last) files.push(contentOf(last));
  return files;
}

const locsOf = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => match[1]);

function expectWithinLimits(files: WrittenFile[], limits: FileLimits) {
  for (const file of files) {
    expect(Buffer.byteLength(file.xml)).toBe(file.byteSize);
    expect(file.byteSize).toBeLessThanOrEqual(limits.bytesPerFile);
    expect(file.urlCount).toBeLessThanOrEqual(limits.urlsPerFile);
    expect(locsOf(file.xml)).toHaveLength(file.urlCount);
    expect(file.text.split('\n').filter(Boolean)).toHaveLength(file.urlCount);
  }
}

describe('formatPriority', () => {
  it.each([
    [0, '0'],
    [1, '1'],
    [0.5, '0.5'],
    [0.8, '0.8'],
    [0.1 + 0.2, '0.3'],
    [0.123, '0.12'],
    [0.126, '0.13'],
    [0.07, '0.07'],
  ])('writes %p as %p', (priority, text) => {
    expect(formatPriority(priority)).toBe(text);
  });
});

describe('xmlProlog', () => {
  it('is the XML declaration alone without a stylesheet', () => {
    expect(xmlProlog()).toBe(PROLOG);
  });

  it('adds the xml-stylesheet instruction, its href escaped and a double quote percent-encoded', () => {
    expect(xmlProlog('/api/sitemap/sitemap.xsl?a=1&b="2"')).toBe(
      `${PROLOG}<?xml-stylesheet type="text/xsl" href="/api/sitemap/sitemap.xsl?a=1&amp;b=%222%22"?>\n`
    );
  });
});

describe('renderUrl', () => {
  it('writes only <loc> for a bare record', () => {
    expect(renderUrl({ loc: 'https://example.com/a' })).toBe(
      '<url><loc>https://example.com/a</loc></url>\n'
    );
  });

  it('writes loc, lastmod, changefreq, priority, then the xhtml:link alternates, in schema order', () => {
    const xml = renderUrl({
      loc: 'https://example.com/en/a',
      lastmod: '2026-01-15T10:00:00+00:00',
      changefreq: 'weekly',
      priority: 0.8,
      alternates: [
        { hreflang: 'en', href: 'https://example.com/en/a' },
        { hreflang: 'fr', href: 'https://example.com/fr/a' },
        { hreflang: 'x-default', href: 'https://example.com/en/a' },
      ],
    });
    expect(xml).toBe(
      '<url><loc>https://example.com/en/a</loc><lastmod>2026-01-15T10:00:00+00:00</lastmod>' +
        '<changefreq>weekly</changefreq><priority>0.8</priority>' +
        '<xhtml:link rel="alternate" hreflang="en" href="https://example.com/en/a"/>' +
        '<xhtml:link rel="alternate" hreflang="fr" href="https://example.com/fr/a"/>' +
        '<xhtml:link rel="alternate" hreflang="x-default" href="https://example.com/en/a"/>' +
        '</url>\n'
    );
  });

  it('keeps the order when only some optional elements are present', () => {
    expect(renderUrl({ loc: 'https://e.com/', priority: 0, changefreq: 'never' })).toBe(
      '<url><loc>https://e.com/</loc><changefreq>never</changefreq><priority>0</priority></url>\n'
    );
    expect(renderUrl({ loc: 'https://e.com/', lastmod: '2026-01-15', priority: 1 })).toBe(
      '<url><loc>https://e.com/</loc><lastmod>2026-01-15</lastmod><priority>1</priority></url>\n'
    );
  });

  it('writes a priority of 0 (not left out as falsy)', () => {
    expect(renderUrl({ loc: 'https://e.com/', priority: 0 })).toContain('<priority>0</priority>');
  });

  it('leaves out undefined optional fields', () => {
    expect(
      renderUrl({
        loc: 'https://e.com/',
        lastmod: undefined,
        changefreq: undefined,
        priority: undefined,
      })
    ).toBe('<url><loc>https://e.com/</loc></url>\n');
  });

  it("escapes & and ' in loc and in alternate hrefs", () => {
    const xml = renderUrl({
      loc: "https://example.com/a?x=1&y=it's",
      alternates: [{ hreflang: 'fr', href: "https://example.com/l'été&co" }],
    });
    expect(xml).toContain('<loc>https://example.com/a?x=1&amp;y=it&apos;s</loc>');
    expect(xml).toContain('href="https://example.com/l&apos;été&amp;co"');
    expect(xml).not.toMatch(/&(?!amp;|apos;|lt;|gt;|quot;)/);
  });

  it('escapes < > " in loc', () => {
    expect(renderUrl({ loc: 'https://e.com/<"x">' })).toBe(
      '<url><loc>https://e.com/&lt;&quot;x&quot;&gt;</loc></url>\n'
    );
  });
});

describe('UrlsetWriter', () => {
  const big = { urlsPerFile: 50_000, bytesPerFile: 52_428_800 };

  it('writes one complete urlset document with both namespaces', () => {
    const [file] = writeAll(big, [one('a'), one('b')]);
    expect(file.xml).toBe(
      PROLOG +
        OPEN +
        '<url><loc>https://example.com/a</loc></url>\n<url><loc>https://example.com/b</loc></url>\n' +
        CLOSE
    );
    expect(file.urlCount).toBe(2);
    expect(file.byteSize).toBe(Buffer.byteLength(file.xml));
  });

  it('writes the xml-stylesheet instruction when given an href, and counts its bytes', () => {
    const [file] = writeAll(big, [one('a')], 'sitemap.xsl');
    expect(
      file.xml.startsWith(`${PROLOG}<?xml-stylesheet type="text/xsl" href="sitemap.xsl"?>\n${OPEN}`)
    ).toBe(true);
    expect(file.byteSize).toBe(Buffer.byteLength(file.xml));
  });

  it('returns nothing on close when no URL was added', () => {
    const writer = newWriter(big);
    expect(writer.close()).toBeNull();
    expect(writer.close()).toBeNull();
  });

  it('reads a text twin off the XML with one URL per line, unescaped', () => {
    const [file] = writeAll(big, [
      block('doc1', [{ loc: 'https://example.com/en/a&b' }, { loc: 'https://example.com/fr/a&b' }]),
      one('doc2'),
    ]);
    expect(file.text).toBe(
      'https://example.com/en/a&b\nhttps://example.com/fr/a&b\nhttps://example.com/doc2\n'
    );
    expect(file.xml).toContain('<loc>https://example.com/en/a&amp;b</loc>');
  });

  it('measures a block as the bytes of its rendered URLs', () => {
    const writer = newWriter(big);
    const records: UrlRecord[] = [
      { loc: 'https://example.com/é' },
      { loc: 'https://example.com/b', priority: 0.5 },
    ];
    const rendered = renderBlock(block('k', records));
    expect(rendered.xml).toBe(records.map((record) => renderUrl(record)).join(''));
    expect(urlsetText(rendered.xml)).toBe('https://example.com/é\nhttps://example.com/b\n');
    expect(rendered.bytes).toBe(
      Buffer.byteLength(records.map((record) => renderUrl(record)).join(''))
    );
    expect(writer.fits(rendered)).toBe(true);
  });

  it('hands a big file to its sink in several chunks, the same bytes as written at once', () => {
    const chunks: string[] = [];
    const writer = new UrlsetWriter(big, undefined, () => ({
      write: (xml: string) => void chunks.push(xml),
    }));
    const blocks = Array.from({ length: 3000 }, (_, n) =>
      one(`k${String(n).padStart(5, '0')}`, `https://example.com/${'x'.repeat(40)}/${n}`)
    );
    for (const item of blocks) writer.add(renderBlock(item));
    writer.close();
    expect(chunks.length).toBeGreaterThan(2);
    const [file] = writeAll(big, blocks);
    expect(chunks.join('')).toBe(file.xml);
  });

  it('writes the block index as JSON.stringify would', () => {
    const [file] = writeAll(big, [
      {
        key: 'doc"1',
        records: [{ loc: 'https://e.com/a' }, { loc: 'https://e.com/b' }],
        lastmodTime: 5,
        locales: ['en', 'fr-\u00e9'],
      },
      { key: 'doc2', records: [{ loc: 'https://e.com/c' }], locales: [undefined] },
    ]);
    const writer = newWriter(big);
    writer.add(renderBlock(one('x')));
    const sink = writer.close()!.sink;
    expect(sink.blockIndex).toBe(
      JSON.stringify([['x', renderUrl({ loc: 'https://example.com/x' }).length, 0, null, '']])
    );
    expect(file.blocks).toEqual([
      ['doc"1', renderUrl({ loc: 'https://e.com/a' }).length * 2, 0, 5, 'en,fr-\u00e9'],
      ['doc2', renderUrl({ loc: 'https://e.com/c' }).length, 0, null, ''],
    ]);
  });

  describe('the URL limit', () => {
    it('rolls to a new file exactly at urlsPerFile', () => {
      const limits = { urlsPerFile: 3, bytesPerFile: 52_428_800 };
      const files = writeAll(
        limits,
        ['a', 'b', 'c', 'd', 'e', 'f', 'g'].map((key) => one(key))
      );
      expect(files.map((file) => file.urlCount)).toEqual([3, 3, 1]);
      expect(files.map((file) => locsOf(file.xml))).toEqual([
        ['https://example.com/a', 'https://example.com/b', 'https://example.com/c'],
        ['https://example.com/d', 'https://example.com/e', 'https://example.com/f'],
        ['https://example.com/g'],
      ]);
      expectWithinLimits(files, limits);
    });

    it('closes the file and returns it on the add that does not fit', () => {
      const writer = newWriter({ urlsPerFile: 2, bytesPerFile: 52_428_800 });
      const add = (item: UrlBlock) => writer.add(renderBlock(item));
      expect(add(one('a'))).toBeNull();
      expect(add(one('b'))).toBeNull();
      const closed = add(one('c'));
      expect(closed).not.toBeNull();
      expect(closed!.urlCount).toBe(2);
      expect(writer.close()!.urlCount).toBe(1);
    });

    it('never splits a block: a block that would pass the count starts a new file', () => {
      const limits = { urlsPerFile: 4, bytesPerFile: 52_428_800 };
      const two = (key: string) =>
        block(key, [{ loc: `https://e.com/en/${key}` }, { loc: `https://e.com/fr/${key}` }]);
      const three = (key: string) =>
        block(key, [
          { loc: `https://e.com/en/${key}` },
          { loc: `https://e.com/fr/${key}` },
          { loc: `https://e.com/de/${key}` },
        ]);
      const files = writeAll(limits, [three('a'), two('b'), two('c'), one('d'), three('e')]);
      // a(3) | b(2) c(2) | d(1) e(3)
      expect(files.map((file) => file.urlCount)).toEqual([3, 4, 4]);
      expect(files.map((file) => [file.firstKey, file.lastKey])).toEqual([
        ['a', 'a'],
        ['b', 'c'],
        ['d', 'e'],
      ]);
      expectWithinLimits(files, limits);
    });

    it('reports a block with more URLs than a file may hold as not fitting', () => {
      const writer = newWriter({ urlsPerFile: 2, bytesPerFile: 52_428_800 });
      const records = [1, 2, 3].map((n) => ({ loc: `https://e.com/${n}` }));
      expect(writer.fits(renderBlock(block('k', records)))).toBe(false);
      expect(writer.fits(renderBlock(block('k', records.slice(0, 2))))).toBe(true);
    });
  });

  describe('the byte limit', () => {
    const frame = Buffer.byteLength(PROLOG + OPEN + CLOSE);
    const url = (loc: string) => Buffer.byteLength(renderUrl({ loc }));

    it('fills a file up to exactly bytesPerFile and rolls before it would be passed', () => {
      const locs = [
        'https://example.com/aaaa',
        'https://example.com/bbbb',
        'https://example.com/cccc',
      ];
      const limits = { urlsPerFile: 50_000, bytesPerFile: frame + url(locs[0]) + url(locs[1]) };
      const files = writeAll(
        limits,
        locs.map((loc, i) => block(String(i), [{ loc }]))
      );
      expect(files.map((file) => file.urlCount)).toEqual([2, 1]);
      expect(files[0].byteSize).toBe(limits.bytesPerFile);
      expectWithinLimits(files, limits);
    });

    it('rolls when the next block would be one byte over', () => {
      const locs = ['https://example.com/aaaa', 'https://example.com/bbbb'];
      const limits = { urlsPerFile: 50_000, bytesPerFile: frame + url(locs[0]) + url(locs[1]) - 1 };
      const files = writeAll(
        limits,
        locs.map((loc, i) => block(String(i), [{ loc }]))
      );
      expect(files.map((file) => file.urlCount)).toEqual([1, 1]);
      expectWithinLimits(files, limits);
    });

    it('counts the stylesheet instruction in the frame', () => {
      const loc = 'https://example.com/aaaa';
      const xsl = 'https://cms.example.com/api/sitemap/sitemap.xsl';
      const withXsl = Buffer.byteLength(xmlProlog(xsl) + OPEN + CLOSE);
      const writer = newWriter({ urlsPerFile: 10, bytesPerFile: withXsl + url(loc) }, xsl);
      expect(writer.fits(renderBlock(one('a', loc)))).toBe(true);
      const tight = newWriter({ urlsPerFile: 10, bytesPerFile: withXsl + url(loc) - 1 }, xsl);
      expect(tight.fits(renderBlock(one('a', loc)))).toBe(false);
    });

    it('counts bytes, not characters, for multibyte content and hreflang links', () => {
      const records = (n: number): UrlRecord[] => [
        {
          loc: `https://example.com/fr/été-${n}-日本-😀`,
          lastmod: '2026-01-15T10:00:00+00:00',
          changefreq: 'daily',
          priority: 0.7,
          alternates: [
            { hreflang: 'fr', href: `https://example.com/fr/été-${n}-日本-😀` },
            { hreflang: 'en', href: `https://example.com/en/summer-${n}&'` },
            { hreflang: 'x-default', href: `https://example.com/en/summer-${n}&'` },
          ],
        },
        {
          loc: `https://example.com/en/summer-${n}&'`,
          alternates: [{ hreflang: 'fr', href: `https://example.com/fr/été-${n}-日本-😀` }],
        },
      ];
      const blocks = Array.from({ length: 200 }, (_, n) =>
        block(`doc${String(n).padStart(3, '0')}`, records(n))
      );
      const limits = { urlsPerFile: 50_000, bytesPerFile: 4096 };
      const files = writeAll(limits, blocks);
      expect(files.length).toBeGreaterThan(10);
      expectWithinLimits(files, limits);
      // Character length would undercount: the limit is on bytes.
      expect(files.some((file) => file.xml.length < file.byteSize)).toBe(true);
      // Every URL is written exactly once, in order, and each block stays whole in one file.
      const written = files.flatMap((file) => locsOf(file.xml));
      expect(written).toHaveLength(400);
      for (const file of files) expect(file.urlCount % 2).toBe(0);
      // Files are full: the block that starts the next file would not have fit in this one.
      const bytesOf = new Map(
        blocks.map((item) => [
          item.key,
          Buffer.byteLength(item.records.map((record) => renderUrl(record)).join('')),
        ])
      );
      for (let i = 0; i < files.length - 1; i++) {
        expect(files[i].byteSize + bytesOf.get(files[i + 1].firstKey)!).toBeGreaterThan(
          limits.bytesPerFile
        );
      }
    });

    it('never splits a block across files when bytes run out', () => {
      const blocks = Array.from({ length: 50 }, (_, n) =>
        block(
          `k${n}`,
          Array.from({ length: (n % 4) + 1 }, (_, i) => ({
            loc: `https://example.com/${i}/page-${n}`,
          }))
        )
      );
      const limits = { urlsPerFile: 50_000, bytesPerFile: 1024 };
      const files = writeAll(limits, blocks);
      expectWithinLimits(files, limits);
      const fileOfUrl = new Map<string, number>();
      files.forEach((file, index) => locsOf(file.xml).forEach((loc) => fileOfUrl.set(loc, index)));
      for (const item of blocks) {
        const where = new Set(item.records.map((record) => fileOfUrl.get(record.loc)));
        expect(where.size).toBe(1);
      }
      expect(fileOfUrl.size).toBe(blocks.reduce((sum, item) => sum + item.records.length, 0));
    });

    it('reports a block too big for an empty file as not fitting', () => {
      const loc = `https://example.com/${'é'.repeat(200)}`;
      const writer = newWriter({ urlsPerFile: 10, bytesPerFile: frame + url(loc) - 1 });
      const rendered = renderBlock(one('a', loc));
      expect(writer.fits(rendered)).toBe(false);
      expect(rendered.bytes).toBe(url(loc));
      const roomy = newWriter({ urlsPerFile: 10, bytesPerFile: frame + url(loc) });
      expect(roomy.fits(rendered)).toBe(true);
    });
  });

  describe('per-file metadata', () => {
    it('keeps firstKey and lastKey of the blocks in each file', () => {
      const files = writeAll(
        { urlsPerFile: 2, bytesPerFile: 52_428_800 },
        ['a', 'b', 'c', 'd', 'e'].map((key) => one(key))
      );
      expect(files.map(({ firstKey, lastKey }) => [firstKey, lastKey])).toEqual([
        ['a', 'b'],
        ['c', 'd'],
        ['e', 'e'],
      ]);
    });

    it('keeps the newest lastmodTime of the blocks in each file, and resets it per file', () => {
      const files = writeAll({ urlsPerFile: 3, bytesPerFile: 52_428_800 }, [
        one('a', undefined, 300),
        one('b', undefined, 900),
        one('c', undefined, 100),
        one('d'),
        one('e', undefined, 50),
        one('f'),
        one('g'),
      ]);
      expect(files.map((file) => file.lastmodTime)).toEqual([900, 50, null]);
    });

    it('has a null lastmodTime when no block has one', () => {
      const [file] = writeAll({ urlsPerFile: 10, bytesPerFile: 52_428_800 }, [one('a'), one('b')]);
      expect(file.lastmodTime).toBeNull();
    });

    it('starts fresh after a file is closed: no URL or text carried over', () => {
      const files = writeAll({ urlsPerFile: 1, bytesPerFile: 52_428_800 }, [one('a'), one('b')]);
      expect(files[1].xml).not.toContain('https://example.com/a');
      expect(files[1].text).toBe('https://example.com/b\n');
      expect(files[1].byteSize).toBe(Buffer.byteLength(files[1].xml));
    });
  });
});

describe('splitFile (the block index an incremental run splices with)', () => {
  const limits = { urlsPerFile: 50_000, bytesPerFile: 52_428_800 };
  const block = (key: string, locs: string[], time?: number) => ({
    key,
    records: locs.map((loc) => ({ loc, lastmod: time ? new Date(time).toISOString() : undefined })),
    lastmodTime: time,
    locales: locs.map((_, i) => (i === 0 ? 'en' : 'fr')),
  });

  it('gives back the blocks that were written, byte for byte', () => {
    const writer = newWriter(limits, 'sitemap.xsl');
    const blocks = [
      block('a', ['https://x.test/é&1', 'https://x.test/fr/1'], 1_000),
      block('b', ['https://x.test/2']),
      block('c', ['https://x.test/🚀'], 3_000),
    ];
    for (const item of blocks) writer.add(renderBlock(item));
    const file = contentOf(writer.close()!);
    const split = splitFile(file.xml, file.blocks);
    expect(split.map((item) => item.key)).toEqual(['a', 'b', 'c']);
    expect(split.map((item) => item.locales)).toEqual([['en', 'fr'], ['en'], ['en']]);
    expect(split[0].lastmodTime).toBe(1_000);
    expect(split[1].lastmodTime).toBeUndefined();
    const again = newWriter(limits, 'sitemap.xsl');
    for (const item of split) again.add(item);
    const rewritten = contentOf(again.close()!);
    expect(rewritten.xml).toBe(file.xml);
    expect(rewritten.text).toBe(file.text);
    expect(rewritten.byteSize).toBe(file.byteSize);
    expect(rewritten.localeCounts).toEqual(file.localeCounts);
  });

  it('keeps the URL count of blocks without a locale (types without i18n, custom URLs)', () => {
    const writer = newWriter(limits);
    for (const key of ['a', 'b'])
      writer.add(renderBlock({ key, records: [{ loc: `https://x.test/${key}` }] }));
    const file = contentOf(writer.close()!);
    const split = splitFile(file.xml, file.blocks);
    expect(split.map((item) => [item.urlCount, item.locales])).toEqual([
      [1, [undefined]],
      [1, [undefined]],
    ]);
    const again = newWriter(limits);
    for (const item of split) again.add(item);
    const rewritten = contentOf(again.close()!);
    expect(rewritten).toMatchObject({
      urlCount: 2,
      xml: file.xml,
      localeCounts: file.localeCounts,
    });
  });

  it('reads an index stored with text lengths, as sets written with text twins have them', () => {
    const writer = newWriter(limits);
    writer.add(renderBlock(block('a', ['https://x.test/1', 'https://x.test/fr/1'], 1_000)));
    writer.add(renderBlock(block('b', ['https://x.test/2'])));
    const file = contentOf(writer.close()!);
    const older = file.blocks.map(
      ([key, xml, , time, locales]) => [key, xml, 17, time, locales] as (typeof file.blocks)[number]
    );
    expect(splitFile(file.xml, older)).toEqual(splitFile(file.xml, file.blocks));
    expect(splitFile(file.xml, older).map((item) => urlsetText(item.xml))).toEqual([
      'https://x.test/1\nhttps://x.test/fr/1\n',
      'https://x.test/2\n',
    ]);
  });

  it('refuses an index that does not match the file', () => {
    const writer = newWriter(limits);
    writer.add(renderBlock(block('a', ['https://x.test/1'])));
    const file = contentOf(writer.close()!);
    const broken = file.blocks.map(
      ([key, xml, text, time, locales]) =>
        [key, xml + 1, text, time, locales] as (typeof file.blocks)[number]
    );
    expect(() => splitFile(file.xml, broken)).toThrow(/does not match/);
  });
});
