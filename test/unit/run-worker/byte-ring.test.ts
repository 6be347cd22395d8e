import { TextBytes } from '../../../server/src/core/files/gzip-file';
import {
  newByteRing,
  SLOT_BYTES,
  slotBytes,
  SlotPool,
} from '../../../server/src/run-worker/byte-ring';

describe('the byte ring', () => {
  it('gives each slot once until it is given back, then buffers of their own', () => {
    const ring = newByteRing();
    const slots = ring.byteLength / SLOT_BYTES;
    const pool = new SlotPool(ring);
    const taken = Array.from({ length: slots }, () => pool.take());
    const indexes = taken.map((bytes) => pool.slotOf(bytes));
    expect(new Set(indexes).size).toBe(slots);
    expect(taken.every((bytes) => bytes.length === SLOT_BYTES)).toBe(true);

    const own = pool.take();
    expect(own.length).toBe(SLOT_BYTES);
    expect(pool.slotOf(own)).toBeNull();

    pool.give(indexes[3]!);
    expect(pool.slotOf(pool.take())).toBe(indexes[3]);
    expect(pool.slotOf(pool.take())).toBeNull();
  });

  it("shows the main thread a slot's bytes where the Worker wrote them, by slot and length", () => {
    const ring = newByteRing();
    const pool = new SlotPool(ring);
    pool.take();
    const second = pool.take();
    const written = second.write('<url>été</url>');
    const seen = slotBytes(ring, pool.slotOf(second.subarray(0, written))!, written);
    expect(seen.toString('utf8')).toBe('<url>été</url>');
  });

  it('carries text written through TextBytes into slots, whole, and a piece too long for one on its own', () => {
    const ring = newByteRing();
    const pool = new SlotPool(ring);
    const handed: Array<{ slot: number | null; text: string }> = [];
    const text = new TextBytes(
      (bytes) => {
        const slot = pool.slotOf(bytes);
        handed.push({ slot, text: bytes.toString('utf8') });
        if (slot !== null) pool.give(slot);
      },
      SLOT_BYTES,
      () => pool.take()
    );
    const pieces = Array.from({ length: 40_000 }, (_, n) =>
      n === 20_000 ? 'é'.repeat(SLOT_BYTES) : `<url><loc>https://e.com/été-${n}</loc></url>\n`
    );
    for (const piece of pieces) text.write(piece);
    text.flush();
    expect(handed.map((part) => part.text).join('')).toBe(pieces.join(''));
    expect(handed.filter((part) => part.slot === null).map((part) => part.text.length)).toEqual([
      SLOT_BYTES,
    ]);
    expect(handed.filter((part) => part.slot !== null).length).toBeGreaterThan(4);
  });

  it('takes no buffer before the first write, nor after a flush until the next one', () => {
    let allocated = 0;
    const text = new TextBytes(
      () => undefined,
      1024,
      () => {
        allocated++;
        return Buffer.alloc(1024);
      }
    );
    expect(allocated).toBe(0);
    text.write('a');
    text.flush();
    text.flush();
    expect(allocated).toBe(1);
    text.write('b');
    expect(allocated).toBe(2);
  });
});
