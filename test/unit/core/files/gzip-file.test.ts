import { gunzipSync } from 'node:zlib';
import {
  etagOf,
  GzipFileSink,
  GzipStream,
  TextBytes,
} from '../../../../server/src/core/files/gzip-file';

describe('GzipStream', () => {
  it('compresses what it is given, piece by piece, with the ETag and size of the whole text', async () => {
    const stream = new GzipStream();
    const pieces = ['<urlset>', 'été 😀 ', 'x'.repeat(200_000), '', '</urlset>\n'];
    for (const piece of pieces) {
      stream.write(piece);
      await stream.drained();
    }
    const body = await stream.finish();
    const whole = pieces.join('');
    expect(gunzipSync(Buffer.concat(body.compressed)).toString('utf8')).toBe(whole);
    expect(body.etag).toBe(etagOf(whole));
    expect(body.byteSize).toBe(Buffer.byteLength(whole));
  });

  it('keeps every byte of many small pieces across its buffer boundaries, multi-byte ones too', async () => {
    const pieces = Array.from({ length: 20_000 }, (_, n) =>
      n % 3 === 0 ? `<loc>https://e.com/café-${n}-😀</loc>\n` : `<url>${'x'.repeat(n % 97)}</url>`
    );
    const stream = new GzipStream();
    for (const piece of pieces) stream.write(piece);
    const body = await stream.finish();
    const whole = pieces.join('');
    expect(gunzipSync(Buffer.concat(body.compressed)).toString('utf8')).toBe(whole);
    expect(body.etag).toBe(etagOf(whole));
    expect(body.byteSize).toBe(Buffer.byteLength(whole));
  });

  it('gives the same ETag however the text was cut', async () => {
    const text = Array.from(
      { length: 5_000 },
      (_, n) => `<url><loc>https://e.com/${n}</loc></url>\n`
    ).join('');
    const once = new GzipStream();
    once.write(text);
    const cut = new GzipStream();
    for (let at = 0; at < text.length; at += 7_777) cut.write(text.slice(at, at + 7_777));
    const [a, b] = await Promise.all([once.finish(), cut.finish()]);
    expect(a.etag).toBe(b.etag);
    expect(gunzipSync(Buffer.concat(b.compressed)).toString()).toBe(text);
  });
});

describe('GzipFileSink', () => {
  it('keeps the urlset and its block index apart', async () => {
    const sink = new GzipFileSink();
    sink.write('<a/>', '[');
    sink.write('<b/>', ']');
    await sink.drained();
    const { xml, blockIndex } = await sink.finish();
    expect(gunzipSync(Buffer.concat(xml.compressed)).toString()).toBe('<a/><b/>');
    expect(gunzipSync(Buffer.concat(blockIndex.compressed)).toString()).toBe('[]');
    expect(xml.etag).toBe(etagOf('<a/><b/>'));
  });
});

describe('TextBytes', () => {
  it('hands on the UTF-8 of what it is given in whole buffers of its size, each one new', () => {
    const handed: Buffer[] = [];
    const copies: Buffer[] = [];
    const text = new TextBytes((bytes) => {
      handed.push(bytes);
      copies.push(Buffer.from(bytes));
    }, 1024);
    const pieces = Array.from({ length: 3_000 }, (_, n) =>
      n % 5 === 0 ? `é😀${n}` : n === 1_501 ? 'y'.repeat(5_000) : `<u>${n}</u>`
    );
    for (const piece of pieces) text.write(piece);
    text.write('');
    text.flush();
    text.flush();
    expect(Buffer.concat(handed).toString('utf8')).toBe(pieces.join(''));
    // Full buffers stay within the size; the long piece goes on its own.
    expect(handed.filter((bytes) => bytes.length > 1024).map((bytes) => bytes.length)).toEqual([
      5_000,
    ]);
    // What was handed on is never written again: its taker may keep it (zlib) or move it (a Worker).
    expect(handed).toEqual(copies);
  });
});
