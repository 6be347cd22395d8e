import { randomBytes } from 'node:crypto';
import {
  base64Parts,
  byteLengthOf,
  partCountOf,
} from '../../../../server/src/core/files/base64-parts';

/** `bytes` cut at the given lengths (the rest in a last chunk). */
function cut(bytes: Buffer, lengths: number[]): Buffer[] {
  const chunks: Buffer[] = [];
  let at = 0;
  for (const length of lengths) {
    chunks.push(bytes.subarray(at, at + length));
    at += length;
  }
  if (at < bytes.length) chunks.push(bytes.subarray(at));
  return chunks;
}

const decoded = (parts: string[]) => parts.map((part) => Buffer.from(part, 'base64'));

describe('base64Parts', () => {
  it('cuts chunks of any sizes into parts of the given size, every byte once and in order', () => {
    const bytes = randomBytes(10_000);
    for (const lengths of [[], [1], [999, 1, 1], [3000, 3000, 3000], [7, 5000, 0, 13, 2]]) {
      const chunks = cut(bytes, lengths);
      const parts = decoded([...base64Parts(chunks, 1024)]);
      expect(parts).toHaveLength(Math.ceil(10_000 / 1024));
      expect(parts.slice(0, -1).every((part) => part.length === 1024)).toBe(true);
      expect(Buffer.concat(parts).equals(bytes)).toBe(true);
    }
  });

  it('encodes each part on its own: a part is valid base64 whatever its length', () => {
    const bytes = randomBytes(1000);
    const parts = [...base64Parts(cut(bytes, [10, 20, 30]), 100)];
    for (const [n, part] of parts.entries()) {
      expect(Buffer.from(part, 'base64').equals(bytes.subarray(n * 100, (n + 1) * 100))).toBe(true);
    }
  });

  it('gives one empty part for no bytes, as a stored file has at least one part', () => {
    expect([...base64Parts([], 1024)]).toEqual(['']);
    expect([...base64Parts([Buffer.alloc(0)], 1024)]).toEqual(['']);
    expect(partCountOf(0, 1024)).toBe(1);
    expect(partCountOf(2048, 1024)).toBe(2);
    expect(partCountOf(2049, 1024)).toBe(3);
  });

  it('gives parts of interleaved files their own bytes (the buffer it gathers in is shared)', () => {
    const a = randomBytes(5000);
    const b = randomBytes(5000);
    const first = base64Parts(cut(a, [100, 100]), 1000);
    const second = base64Parts(cut(b, [300, 300]), 1000);
    const partsA: string[] = [];
    const partsB: string[] = [];
    for (let n = 0; n < 5; n++) {
      partsA.push(first.next().value as string);
      partsB.push(second.next().value as string);
    }
    expect(Buffer.concat(decoded(partsA)).equals(a)).toBe(true);
    expect(Buffer.concat(decoded(partsB)).equals(b)).toBe(true);
  });

  it('counts the bytes of chunks', () => {
    expect(byteLengthOf([Buffer.alloc(3), Buffer.alloc(0), Buffer.alloc(5)])).toBe(8);
  });
});
