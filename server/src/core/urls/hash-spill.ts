/**
 * The part of a run's duplicate check kept on disk (core/urls/url-hash-set): when a table of the
 * set fills, its hashes are sorted and appended to an unlinked temporary file as a run, and the
 * table starts empty. What stays in memory is every 256th hash of each run and blocked Bloom
 * filters (2 to 4 bytes a hash), so a run's memory stays nearly flat in the site's size (issue 24: 10
 * million URLs in the same budget as one). A filter covers a span of a table's runs, each span
 * twice as many runs as the one before, so a lookup probes about log2(runs) filters instead of
 * one a run (at 10M, 13 filters a table made the tenth million three times as slow as the first,
 * docs/performance.md). A hash a filter may hold is looked up in its span's runs: one read of
 * 2 KB a run. The file lives in the page cache, which a container's memory limit does not count as
 * the process's resident memory.
 *
 * Hand-written: no maintained package keeps a sorted, filtered hash set on disk without a native
 * build. Synchronous reads and writes: they are a few KB (a lookup) or 48 KB (a spill), and run
 * in the run's Worker when there is one.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Entries between two fences: a lookup reads this many hashes (8 bytes each). */
const FENCE_EVERY = 256;
/** A Bloom block is a cache line: 16 words of 32 bits. */
const BLOCK_WORDS = 16;
/**
 * Bits a hash sets in its block; with 16 bits a hash, about 1 in 500 absent hashes passes a full
 * filter (test/unit/core/urls/url-hash-set.test.ts).
 */
const BITS_PER_HASH = 8;
/** Bloom bits per hash. */
const BLOOM_BITS = 16;

/** One table's hashes as written once: sorted (h2, h1) pairs at `offset` in the file. */
export interface SpilledRun {
  offset: number;
  count: number;
  /** Every FENCE_EVERY-th pair, in order. */
  fences: Uint32Array;
}

/**
 * A Bloom filter over the runs `first` to `first + runs - 1` of a table, made at its full
 * capacity: the span's runs times the first run's hashes (tables spill when full, so runs are of
 * one size). Each span holds twice the runs of the one before.
 */
export interface RunFilter {
  first: number;
  runs: number;
  bloom: Uint32Array;
}

/** Plain data: handed to the run's Worker and back with the set's tables. */
export interface HashSpillState {
  fd: number;
  /** Bytes written so far. */
  end: number;
  /** The runs of each table of the set, oldest first. */
  runs: SpilledRun[][];
  /** The filters over each table's runs, oldest first. */
  filters: RunFilter[][];
}

/** Whether the machine stores a 64-bit integer low word first (the sort below relies on it). */
const littleEndian = os.endianness() === 'LE';

/** A new spill file, unlinked at once (only its descriptor holds it); null when none can be made. */
export function openSpill(shards: number): HashSpillState | null {
  if (!littleEndian) return null;
  let dir: string | null = null;
  try {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sitemap-seen-'));
    const file = path.join(dir, 'hashes');
    const fd = fs.openSync(file, 'w+', 0o600);
    fs.unlinkSync(file);
    const perTable = <T>() => Array.from({ length: shards }, (): T[] => []);
    return { fd, end: 0, runs: perTable(), filters: perTable() };
  } catch {
    return null;
  } finally {
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The typed arrays it keeps in memory: to count, or to transfer with the set. */
export const spillArrays = (state: HashSpillState): Uint32Array[] => [
  ...state.runs.flat().map((run) => run.fences),
  ...state.filters.flat().map((filter) => filter.bloom),
];

export function closeSpill(state: HashSpillState) {
  try {
    fs.closeSync(state.fd);
  } catch {
    // Already closed: nothing held.
  }
}

/** Which word and bits of `bloom` a hash sets: a block from h1, positions from h2 and h1. */
function bloomHolds(bloom: Uint32Array, h1: number, h2: number, set: boolean): boolean {
  const blocks = bloom.length / BLOCK_WORDS;
  const base = (h1 % blocks) * BLOCK_WORDS;
  const step = (h1 >>> 16) | 1;
  let all = true;
  for (let i = 0; i < BITS_PER_HASH; i++) {
    const bit = (h2 + i * step) & (BLOCK_WORDS * 32 - 1);
    const word = base + (bit >>> 5);
    const mask = 1 << (bit & 31);
    if (set) bloom[word] |= mask;
    else if ((bloom[word] & mask) === 0) {
      all = false;
      break;
    }
  }
  return all;
}

/** -1, 0, 1 as (h2, h1) compares with the pair at `at` of `pairs`. */
function compare(pairs: Uint32Array, at: number, h1: number, h2: number) {
  const b2 = pairs[at * 2 + 1];
  if (h2 !== b2) return h2 < b2 ? -1 : 1;
  const b1 = pairs[at * 2];
  return h1 === b1 ? 0 : h1 < b1 ? -1 : 1;
}

/**
 * Appends a table's hashes (pairs h1, h2; 0/0 is an empty slot) as a sorted run of `shard`.
 * The caller empties the table after.
 */
export function spillTable(state: HashSpillState, shard: number, table: Uint32Array, size: number) {
  const pairs = new Uint32Array(size * 2);
  let n = 0;
  for (let i = 0; i < table.length; i += 2) {
    if (table[i] === 0 && table[i + 1] === 0) continue;
    pairs[n * 2] = table[i];
    pairs[n * 2 + 1] = table[i + 1];
    n++;
  }
  // Low word first: as 64-bit integers the pairs sort by h2, then h1.
  new BigUint64Array(pairs.buffer, 0, n).sort();
  const fences = new Uint32Array(Math.ceil(n / FENCE_EVERY) * 2);
  for (let f = 0; f * FENCE_EVERY < n; f++) {
    fences[f * 2] = pairs[f * FENCE_EVERY * 2];
    fences[f * 2 + 1] = pairs[f * FENCE_EVERY * 2 + 1];
  }
  const { bloom } = filterFor(state, shard, n);
  for (let i = 0; i < n; i++) bloomHolds(bloom, pairs[i * 2], pairs[i * 2 + 1], true);
  const bytes = new Uint8Array(pairs.buffer, 0, n * 8);
  let written = 0;
  while (written < bytes.length)
    written += fs.writeSync(state.fd, bytes, written, bytes.length - written, state.end + written);
  state.runs[shard].push({ offset: state.end, count: n, fences });
  state.end += bytes.length;
}

/** The filter the table's next run goes into: the last one, or a new one twice its span. */
function filterFor(state: HashSpillState, shard: number, hashes: number): RunFilter {
  const filters = state.filters[shard];
  const next = state.runs[shard].length;
  const last = filters[filters.length - 1];
  if (last && next < last.first + last.runs) return last;
  const runs = last ? last.runs * 2 : 1;
  const blocks = Math.max(1, Math.ceil((runs * Math.max(hashes, 1) * BLOOM_BITS) / 512));
  const filter = { first: next, runs, bloom: new Uint32Array(blocks * BLOCK_WORDS) };
  filters.push(filter);
  return filter;
}

/** A slice of a run read back (reused: one lookup at a time). */
const slice = new Uint32Array(FENCE_EVERY * 2);
const sliceBytes = new Uint8Array(slice.buffer);

/** Whether a run of `shard` holds the hash. */
export function spilledHolds(state: HashSpillState, shard: number, h1: number, h2: number) {
  const runs = state.runs[shard];
  for (const filter of state.filters[shard]) {
    if (!bloomHolds(filter.bloom, h1, h2, false)) continue;
    const end = Math.min(filter.first + filter.runs, runs.length);
    for (let r = filter.first; r < end; r++) if (runHolds(state.fd, runs[r], h1, h2)) return true;
  }
  return false;
}

/** Whether the run holds the hash: the slice its fences point to, read and searched. */
function runHolds(fd: number, run: SpilledRun, h1: number, h2: number) {
  if (compare(run.fences, 0, h1, h2) < 0) return false;
  // The last fence at or before the hash starts the slice that would hold it.
  let low = 0;
  let high = run.fences.length / 2 - 1;
  while (low < high) {
    const mid = (low + high + 1) >>> 1;
    if (compare(run.fences, mid, h1, h2) >= 0) low = mid;
    else high = mid - 1;
  }
  const first = low * FENCE_EVERY;
  const count = Math.min(FENCE_EVERY, run.count - first);
  const length = count * 8;
  let read = 0;
  while (read < length) {
    const got = fs.readSync(fd, sliceBytes, read, length - read, run.offset + first * 8 + read);
    if (got === 0) throw new Error('the duplicate check’s temporary file ended early');
    read += got;
  }
  let a = 0;
  let b = count - 1;
  while (a <= b) {
    const mid = (a + b) >>> 1;
    const order = compare(slice, mid, h1, h2);
    if (order === 0) return true;
    if (order < 0) b = mid - 1;
    else a = mid + 1;
  }
  return false;
}
