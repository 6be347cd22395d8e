/**
 * Recently read files' bytes, least recently used first out, within a byte budget. Keyed by the
 * stored row's id: rows are immutable, so an id always names the same bytes.
 */
export class ByteCache {
  private readonly entries = new Map<number, Buffer>();
  private bytes = 0;

  /** `budget` bytes in all; a value larger than `largest` is never kept. */
  constructor(
    private readonly budget: number,
    private readonly largest: number
  ) {}

  get(id: number) {
    const value = this.entries.get(id);
    if (value) {
      // A Map keeps insertion order: moving the entry to the end marks it most recently used.
      this.entries.delete(id);
      this.entries.set(id, value);
    }
    return value;
  }

  set(id: number, value: Buffer) {
    if (value.length > this.largest) return;
    this.entries.set(id, value);
    this.bytes += value.length;
    for (const [oldId, old] of this.entries) {
      if (this.bytes <= this.budget) break;
      this.entries.delete(oldId);
      this.bytes -= old.length;
    }
  }
}
