/**
 * A file's gzip bytes cut into stored parts, each as base64 (the part rows' text), straight from
 * the chunks zlib handed out: the chunks are never joined into one buffer first. Joined, every
 * file's bytes were allocated twice on Strapi's thread, and that thread collects seldom during a
 * run (it mostly waits), so the copies piled up as external memory: 17 MB at the top of a 1M run,
 * 33 MB at 3M (heaptrack, 2026-12-06; docs/performance.md).
 */

/** Bytes in all of `chunks`. */
export const byteLengthOf = (chunks: readonly Uint8Array[]) =>
  chunks.reduce((sum, chunk) => sum + chunk.length, 0);

/** Parts of `partBytes` (the last shorter) that `size` bytes make: at least one, even empty. */
export const partCountOf = (size: number, partBytes: number) =>
  Math.max(1, Math.ceil(size / partBytes));

/** One part's bytes gathered: reused, as each part is encoded before the next is gathered. */
let scratch: Buffer | null = null;

/**
 * Each part of `partBytes` of the bytes in `chunks`, in base64. A part that lies within one chunk
 * is encoded where it lies; one that spans chunks is copied into a buffer kept for the purpose.
 */
export function* base64Parts(chunks: readonly Buffer[], partBytes: number): Generator<string> {
  const size = byteLengthOf(chunks);
  let chunk = 0;
  let offset = 0;
  for (let part = 0; part < partCountOf(size, partBytes); part++) {
    const length = Math.min(partBytes, size - part * partBytes);
    while (chunk < chunks.length && offset === chunks[chunk].length) {
      chunk++;
      offset = 0;
    }
    if (length === 0) {
      yield '';
    } else if (chunks[chunk].length - offset >= length) {
      yield chunks[chunk].toString('base64', offset, offset + length);
      offset += length;
    } else {
      if (!scratch || scratch.length < length) scratch = Buffer.allocUnsafeSlow(partBytes);
      let filled = 0;
      while (filled < length) {
        if (offset === chunks[chunk].length) {
          chunk++;
          offset = 0;
        }
        const take = Math.min(length - filled, chunks[chunk].length - offset);
        chunks[chunk].copy(scratch, filled, offset, offset + take);
        filled += take;
        offset += take;
      }
      yield scratch.toString('base64', 0, length);
    }
  }
}
