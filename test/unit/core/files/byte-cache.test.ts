import { ByteCache } from '../../../../server/src/core/files/byte-cache';

const bytes = (length: number, fill = 1) => Buffer.alloc(length, fill);

describe('ByteCache', () => {
  it('drops the least recently used values first to stay within its budget', () => {
    const cache = new ByteCache(10, 10);
    cache.set(1, bytes(4, 1));
    cache.set(2, bytes(4, 2));
    expect(cache.get(1)?.[0]).toBe(1); // 1 is now the most recently used
    cache.set(3, bytes(4, 3)); // 12 bytes: 2 goes
    expect(cache.get(2)).toBeUndefined();
    expect(cache.get(1)?.[0]).toBe(1);
    expect(cache.get(3)?.[0]).toBe(3);
  });

  it('never keeps a value larger than its largest size', () => {
    const cache = new ByteCache(100, 8);
    cache.set(1, bytes(9));
    expect(cache.get(1)).toBeUndefined();
    cache.set(2, bytes(8));
    expect(cache.get(2)?.length).toBe(8);
  });
});
