/**
 * Remembers which URLs a run has written, as 64-bit hashes in open-addressing tables (8 bytes a
 * slot, at most three quarters full: 11 to 21 bytes a URL), so duplicate detection at a million
 * URLs costs megabytes, not the hundreds a Set<string> would. Two different URLs share a 64-bit
 * hash with odds of about 1 in 30 million at a million URLs.
 *
 * The hashes are spread over 256 tables by their top bits, each growing on its own: a growth
 * rehashes a 256th of the URLs, so it never holds the event loop (one table of a million URLs took
 * tens of milliseconds to rehash at once, growing with the site) and never holds two copies of the
 * whole set. A run's set (`UrlHashSet.spilling()`) stops a table's growth at 4,096 slots (8 MB in
 * all, 750,000 URLs): a full table goes to disk sorted (core/urls/hash-spill) and starts empty,
 * so memory stays nearly flat whatever the site's size. Hand-written because no maintained
 * package offers a compact string set.
 */
import {
  closeSpill,
  openSpill,
  spillArrays,
  spilledHolds,
  spillTable,
  type HashSpillState,
} from './hash-spill';

// Bound once: a global lookup per character is costly in sandboxes such as jest's vm context.
const imul = Math.imul;

const SHARD_BITS = 8;
const SHARDS = 1 << SHARD_BITS;
/** Slots a table starts with: 256 tables of 8 slots are 16 KB, for the small sets of a preview. */
const FIRST_SLOTS = 8;
/**
 * The hashes a spilling set's table holds before it goes to disk (three quarters of 4,096 slots).
 * At 8,192 slots the tables took 16 MB; halved, a 3M run on SQLite peaked 124-145 MB above idle
 * against 133-151 for its first runs, in as much time (alternated, 2026-12-06), though a lookup
 * then probed a filter per run, twice as many; filters now span doubling runs, so halving adds
 * one. At 10M the filters hold 2 to 4 bytes a hash spilled.
 */
const SPILL_AT = 3072;

/** A set's tables as plain typed arrays: handed to the run's Worker and back (transferred, not copied). */
export interface UrlHashSetState {
  tables: Uint32Array[];
  sizes: Uint32Array;
  /** A spilling set's disk part: null until a table first fills (or `state()` is asked). */
  spill?: HashSpillState | null;
  /** The hashes a table holds before it goes to disk; 0: never (nor when no temporary file could be made). */
  spillAt?: number;
}

export class UrlHashSet {
  private tables: Uint32Array[];
  private sizes: Uint32Array;
  private spill: HashSpillState | null;
  private spillAt: number;

  /** A run's set: full tables go to disk. `dispose()` it when the run ends. */
  static spilling(spillAt = SPILL_AT) {
    const set = new UrlHashSet();
    set.spillAt = spillAt;
    return set;
  }

  constructor(
    state: UrlHashSetState = {
      tables: Array.from({ length: SHARDS }, () => new Uint32Array(2 * FIRST_SLOTS)),
      sizes: new Uint32Array(SHARDS),
    }
  ) {
    this.tables = state.tables;
    this.sizes = state.sizes;
    this.spill = state.spill ?? null;
    this.spillAt = state.spillAt ?? 0;
  }

  /**
   * Its tables, to transfer; the set must not be used after. A spilling set's file is opened
   * first, so the sender knows it and can close it if the receiver never hands the set back.
   */
  state(): UrlHashSetState {
    if (this.spillAt > 0 && !this.spill) this.openSpill();
    return { tables: this.tables, sizes: this.sizes, spill: this.spill, spillAt: this.spillAt };
  }

  /** The buffers `state()` holds, for a transfer list. */
  static buffers(state: UrlHashSetState): ArrayBuffer[] {
    return [
      ...[...state.tables, state.sizes].map((array) => array.buffer as ArrayBuffer),
      ...(state.spill ? spillArrays(state.spill) : []).map((array) => array.buffer as ArrayBuffer),
    ];
  }

  /** Closes the file of a set's state (one handed away and not handed back). */
  static dispose(state: UrlHashSetState) {
    if (state.spill) closeSpill(state.spill);
  }

  /** Closes its file, if it has one; the set must not be used after. */
  dispose() {
    if (this.spill) closeSpill(this.spill);
    this.spill = null;
    this.spillAt = 0;
  }

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
    // The table from h2's top bits, the slot in it from h1's low bits: independent bits.
    const shard = h2 >>> (32 - SHARD_BITS);
    h1 >>>= 0;
    h2 >>>= 0;
    if (this.spillAt > 0) {
      // A full table goes to disk first, so the runs below are the only other place to look.
      if (this.sizes[shard] >= this.spillAt) this.spillShard(shard);
      if (this.spill && spilledHolds(this.spill, shard, h1, h2)) return false;
    }
    if ((this.sizes[shard] + 1) * 4 > (this.tables[shard].length / 2) * 3) this.grow(shard);
    return this.insert(shard, h1, h2);
  }

  /** The bytes it holds in memory: its tables, and what it keeps of the runs on disk. */
  get byteSize(): number {
    const arrays = [...this.tables, ...(this.spill ? spillArrays(this.spill) : [])];
    return arrays.reduce((sum, array) => sum + array.byteLength, 0);
  }

  private openSpill() {
    this.spill = openSpill(SHARDS);
    // No temporary file to be had: the set stays in memory, as it did before spilling existed.
    if (!this.spill) this.spillAt = 0;
  }

  /** Writes a full table to disk and empties it (keeping its size: it fills again). */
  private spillShard(shard: number) {
    if (!this.spill) this.openSpill();
    if (!this.spill) return;
    spillTable(this.spill, shard, this.tables[shard], this.sizes[shard]);
    this.tables[shard].fill(0);
    this.sizes[shard] = 0;
  }

  private insert(shard: number, h1: number, h2: number): boolean {
    const table = this.tables[shard];
    const mask = table.length / 2 - 1;
    let slot = h1 & mask;
    for (;;) {
      const a = table[slot * 2];
      const b = table[slot * 2 + 1];
      if (a === 0 && b === 0) {
        table[slot * 2] = h1;
        table[slot * 2 + 1] = h2;
        this.sizes[shard]++;
        return true;
      }
      if (a === h1 && b === h2) return false;
      slot = (slot + 1) & mask;
    }
  }

  private grow(shard: number) {
    const old = this.tables[shard];
    this.tables[shard] = new Uint32Array(old.length * 2);
    this.sizes[shard] = 0;
    for (let i = 0; i < old.length; i += 2) {
      if (old[i] !== 0 || old[i + 1] !== 0) this.insert(shard, old[i], old[i + 1]);
    }
  }
}
