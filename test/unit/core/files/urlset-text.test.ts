import { Readable } from 'node:stream';
import { text as readAll } from 'node:stream/consumers';
import { UrlsetTextStream, urlsetText } from '../../../../server/src/core/files/urlset-text';
import { unescapeXml, escapeXml } from '../../../../server/src/core/files/xml';
import {
  MemorySink,
  renderBlock,
  UrlsetWriter,
  type UrlBlock,
} from '../../../../server/src/core/files/urlset-writer';

/** A urlset as the writer writes it; the images', videos' and alternates' URLs are not the twin's. */
function written(blocks: UrlBlock[]) {
  const writer = new UrlsetWriter(
    { urlsPerFile: 50_000, bytesPerFile: 50 * 1024 * 1024 },
    'sitemap.xsl',
    () => new MemorySink()
  );
  for (const block of blocks) writer.add(renderBlock(block));
  const file = writer.close()!;
  // The twin as it was stored: each record's loc on a line.
  const text = blocks.flatMap((block) => block.records.map((record) => `${record.loc}\n`)).join('');
  return { xml: file.sink.xml, text };
}

const BLOCKS: UrlBlock[] = [
  {
    key: 'a',
    records: [
      {
        loc: 'https://x.test/é&<1>"\'',
        lastmod: '2026-01-01',
        images: ['https://cdn.x.test/a.png'],
        video: {
          thumbnailLoc: 'https://cdn.x.test/a.jpg',
          title: 'a <url><loc>b</loc>',
          description: 'two\nlines',
          contentLoc: 'https://cdn.x.test/a.mp4',
        },
        alternates: [{ hreflang: 'fr', href: 'https://x.test/fr/1' }],
      },
      { loc: 'https://x.test/fr/1' },
    ],
  },
  { key: 'b', records: [{ loc: 'https://x.test/🚀' }] },
];

it('unescapes what escapeXml escaped', () => {
  const value = `a&b<c>"d'e &amp; f`;
  expect(unescapeXml(escapeXml(value))).toBe(value);
  expect(unescapeXml('plain')).toBe('plain');
});

it('reads the twin off the XML: the URLs of the file, one a line, as the blocks render them', () => {
  const { xml, text } = written(BLOCKS);
  expect(xml).toContain('<image:loc>https://cdn.x.test/a.png</image:loc>');
  expect(xml).toContain('&lt;url&gt;&lt;loc&gt;b');
  expect(xml).toContain('hreflang="fr"');
  expect(urlsetText(xml)).toBe(text);
  expect(text).toBe('https://x.test/é&<1>"\'\nhttps://x.test/fr/1\nhttps://x.test/🚀\n');
});

it('streams the same twin whatever the chunks, cut inside tags and characters', async () => {
  const { xml, text } = written(BLOCKS);
  const bytes = Buffer.from(xml);
  for (let size = 1; size <= 64; size++) {
    const chunks: Buffer[] = [];
    for (let at = 0; at < bytes.length; at += size) chunks.push(bytes.subarray(at, at + size));
    const streamed = await readAll(Readable.from(chunks).pipe(new UrlsetTextStream()));
    expect(streamed).toBe(text);
  }
});

it('holds no more than an unfinished tag between chunks of a long file', async () => {
  const many = Array.from({ length: 5_000 }, (_, i) => ({
    key: String(i).padStart(6, '0'),
    records: [{ loc: `https://x.test/${i}` }],
  }));
  const { xml, text } = written(many);
  const stream = new UrlsetTextStream();
  const bytes = Buffer.from(xml);
  let longest = 0;
  const out: string[] = [];
  stream.on('data', (chunk: Buffer) => out.push(chunk.toString()));
  for (let at = 0; at < bytes.length; at += 1_000) {
    stream.write(bytes.subarray(at, at + 1_000));
    longest = Math.max(longest, (stream as unknown as { pending: string }).pending.length);
  }
  stream.end();
  await new Promise((resolve) => stream.on('end', resolve));
  expect(out.join('')).toBe(text);
  expect(longest).toBeLessThan(200);
});
