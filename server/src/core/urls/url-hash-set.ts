/**
 * Remembers which URLs a run has written, in 16 bytes per URL (a 64-bit hash in an open-addressing
 * table), so duplicate detection at a million URLs costs megabytes, not the hundreds a Set<string> would.
 * Two different URLs share a 64-bit hash with odds of about 1 in 30 million at a million URLs.
 * Hand-written because no maintained package offers a compact string set.
 */
// Bound once: a global lookup per character is costly in sandboxes such as jest's vm context.
const imul = Math.imul;

export class UrlHashSet {
  private table = new Uint32Array(2 * 1024);
  private size = 0;

  /** Adds the URL; returns false when it was already there. */
  add(url: string): boolean {
    let h1 = 0xdeadbeef;
    let h2 = 0x41c6ce57;
    for (let i = 0; i < url.length; i++) {
      const ch = url.charCodeAt(i);
      h1 = imul(h1 ^ ch, 2654435761);
      h2 = imul(h2 ^ ch, 1597334677);
    }
    h1 = imul(h1 ^ (h1 >>> 16), 2246822507) ^ imul(h2 ^ (h2 >>> 13), 3266489909);
    h2 = imul(h2 ^ (h2 >>> 16), 2246822507) ^ imul(h1 ^ (h1 >>> 13), 3266489909);
    // 0/0 marks an empty slot.
    if (h1 === 0 && h2 === 0) h2 = 1;
    if ((this.size + 1) * 2 > this.table.length / 2) this.grow();
    return this.insert(h1 >>> 0, h2 >>> 0);
  }

  private insert(h1: number, h2: number): boolean {
    const slots = this.table.length / 2;
    let slot = h1 & (slots - 1);
    for (;;) {
      const a = this.table[slot * 2];
      const b = this.table[slot * 2 + 1];
      if (a === 0 && b === 0) {
        this.table[slot * 2] = h1;
        this.table[slot * 2 + 1] = h2;
        this.size++;
        return true;
      }
      if (a === h1 && b === h2) return false;
      slot = (slot + 1) & (slots - 1);
    }
  }

  private grow() {
    const old = this.table;
    this.table = new Uint32Array(old.length * 2);
    this.size = 0;
    for (let i = 0; i < old.length; i += 2) {
      if (old[i] !== 0 || old[i + 1] !== 0) this.insert(old[i], old[i + 1]);
    }
  }
}
