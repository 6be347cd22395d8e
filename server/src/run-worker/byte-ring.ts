/**
 * The Worker's bytes reach the main thread through a fixed ring of slots in one SharedArrayBuffer:
 * the Worker writes a slot, the main thread hashes and compresses it where it lies, and says when
 * zlib has read it, which frees the slot. A transferred buffer was a new allocation on both sides
 * for every 256 KB (370 MB a million URLs): page faults in the Worker, and on the main thread
 * external memory that starts Strapi's full collections, the longest holds of its loop during a
 * run (issue 24). When every slot is on its way, a buffer of its own goes instead.
 */

/** Bytes per slot: one message each (fewer messages than zlib's 64 KB steps). */
export const SLOT_BYTES = 256 * 1024;
/**
 * Slots in a ring: the main thread's allowance (eight slots: run-worker/index), one being filled
 * for each of a file's two parts, and what one page of rows writes past the allowance.
 */
const RING_SLOTS = 16;

export const newByteRing = () => new SharedArrayBuffer(SLOT_BYTES * RING_SLOTS);

/** The Worker's side: the slots free to be written. */
export class SlotPool {
  private readonly free: number[] = [];

  constructor(private readonly ring: SharedArrayBuffer) {
    for (let slot = ring.byteLength / SLOT_BYTES - 1; slot >= 0; slot--) this.free.push(slot);
  }

  /** A free slot to write, or a buffer of its own when none is free. */
  take(): Buffer {
    const slot = this.free.pop();
    return slot === undefined
      ? Buffer.allocUnsafe(SLOT_BYTES)
      : Buffer.from(this.ring, slot * SLOT_BYTES, SLOT_BYTES);
  }

  /** The slot `bytes` lie in; null for bytes of their own. */
  slotOf(bytes: Uint8Array): number | null {
    return bytes.buffer === this.ring ? Math.floor(bytes.byteOffset / SLOT_BYTES) : null;
  }

  /** The main thread is done with the slot: it may be written again. */
  give(slot: number) {
    this.free.push(slot);
  }
}

/** The main thread's side: the bytes the Worker wrote in a slot, where they lie. */
export const slotBytes = (ring: SharedArrayBuffer, slot: number, length: number) =>
  Buffer.from(ring, slot * SLOT_BYTES, length);
