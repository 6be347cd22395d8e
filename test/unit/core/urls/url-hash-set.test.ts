import fs from 'node:fs';
import { UrlHashSet } from '../../../../server/src/core/urls/url-hash-set';
import {
  closeSpill,
  openSpill,
  spilledHolds,
  spillTable,
} from '../../../../server/src/core/urls/hash-spill';

describe('UrlHashSet', () => {
  it('returns true for a new URL and false when the same URL is added again', () => {
    const set = new UrlHashSet();
    expect(set.add('https://example.com/a')).toBe(true);
    expect(set.add('https://example.com/a')).toBe(false);
    expect(set.add('https://example.com/a')).toBe(false);
  });

  it('tells apart URLs that differ by one character, case, or a trailing slash', () => {
    const set = new UrlHashSet();
    for (const url of [
      'https://example.com/a',
      'https://example.com/b',
      'https://example.com/A',
      'https://example.com/a/',
      'http://example.com/a',
      'https://example.com/a%20',
      'https://example.com/é',
      'https://example.com/e',
      '',
    ]) {
      expect(set.add(url)).toBe(true);
    }
  });

  it('accepts the empty string once', () => {
    const set = new UrlHashSet();
    expect(set.add('')).toBe(true);
    expect(set.add('')).toBe(false);
  });

  it('keeps independent sets apart', () => {
    const first = new UrlHashSet();
    const second = new UrlHashSet();
    expect(first.add('https://example.com/a')).toBe(true);
    expect(second.add('https://example.com/a')).toBe(true);
  });

  // Slow under Jest only (~6 s): global lookups (Math) inside a vm context are costly; plain Node does it in ~0.15 s.
  it('accepts 200,000 distinct URLs without a false duplicate, then still knows them', () => {
    const set = new UrlHashSet();
    const url = (n: number) => `https://example.com/${n % 3 ? 'en' : 'fr'}/blog/post-${n}`;
    const count = 200_000;
    let accepted = 0;
    for (let n = 0; n < count; n++) if (set.add(url(n))) accepted++;
    expect(accepted).toBe(count);
    let known = 0;
    for (let n = 0; n < count; n += 97) if (!set.add(url(n))) known++;
    expect(known).toBe(Math.ceil(count / 97));
  });

  it('keeps the first members across many growths of the table', () => {
    const set = new UrlHashSet();
    const early = [
      'https://example.com/',
      'https://example.com/first',
      'https://example.com/second',
    ];
    for (const url of early) expect(set.add(url)).toBe(true);
    let accepted = 0;
    for (let n = 0; n < 20_000; n++) if (set.add(`https://example.com/filler/${n}`)) accepted++;
    expect(accepted).toBe(20_000);
    for (const url of early) expect(set.add(url)).toBe(false);
    expect(set.add('https://example.com/third')).toBe(true);
  });

  it('accepts similar short URLs that differ only in the last characters', () => {
    const set = new UrlHashSet();
    let accepted = 0;
    for (let a = 0; a < 256; a++)
      for (let b = 0; b < 256; b++)
        if (set.add(`/${String.fromCharCode(a)}${String.fromCharCode(b)}`)) accepted++;
    expect(accepted).toBe(65_536);
  });

  it('accepts URLs that differ only in non-ASCII characters', () => {
    const set = new UrlHashSet();
    let accepted = 0;
    for (let code = 0x100; code < 0x100 + 20_000; code++)
      if (set.add(`https://example.com/${String.fromCharCode(code)}`)) accepted++;
    expect(accepted).toBe(20_000);
  });

  it('keeps at most 21 bytes a URL, growing a 256th of the set at a time', () => {
    const set = new UrlHashSet();
    const empty = set.byteSize;
    expect(empty).toBeLessThanOrEqual(16 * 1024);
    let largestStep = 0;
    let before = empty;
    for (let n = 0; n < 100_000; n++) {
      set.add(`https://example.com/p/${n}`);
      largestStep = Math.max(largestStep, set.byteSize - before);
      before = set.byteSize;
    }
    expect(set.byteSize).toBeLessThanOrEqual(100_000 * 21 + empty);
    // One table doubling: a few KB at 100,000 URLs, where one table for all would double 2 MB.
    expect(largestStep).toBeLessThanOrEqual(8 * 1024);
  });
});

describe('UrlHashSet state (handed to the run Worker and back)', () => {
  it('keeps every URL through state() and a new set over it, and goes on growing', () => {
    const first = new UrlHashSet();
    for (let i = 0; i < 5000; i++) first.add(`https://example.com/${i}`);
    const state = first.state();
    // What a Worker receives: the same arrays, moved (structuredClone with a transfer list).
    const moved = structuredClone(state, { transfer: UrlHashSet.buffers(state) });
    expect(state.sizes.byteLength).toBe(0);
    const second = new UrlHashSet(moved);
    for (let i = 0; i < 5000; i++) expect(second.add(`https://example.com/${i}`)).toBe(false);
    for (let i = 5000; i < 20000; i++) expect(second.add(`https://example.com/${i}`)).toBe(true);
    expect(second.add('https://example.com/19999')).toBe(false);
  });
});

describe('UrlHashSet.spilling (a run at millions of URLs keeps full tables on disk)', () => {
  const url = (n: number) => `https://example.com/${n % 3 ? 'en' : 'fr'}/blog/post-${n}`;
  const runsOf = (set: UrlHashSet) => set.state().spill?.runs.flat() ?? [];

  it('finds URLs again once their tables went to disk, and still accepts new ones', () => {
    // 16 hashes a table: 40,000 URLs spill each of the 256 tables about ten times.
    const set = UrlHashSet.spilling(16);
    try {
      const first = 'https://example.com/first';
      expect(set.add(first)).toBe(true);
      let accepted = 0;
      for (let n = 0; n < 40_000; n++) if (set.add(url(n))) accepted++;
      expect(accepted).toBe(40_000);
      expect(set.add(first)).toBe(false);
      let known = 0;
      for (let n = 0; n < 40_000; n += 7) if (!set.add(url(n))) known++;
      expect(known).toBe(Math.ceil(40_000 / 7));
      for (let n = 40_000; n < 41_000; n++) expect(set.add(url(n))).toBe(true);
      expect(runsOf(set).length).toBeGreaterThan(256 * 5);
    } finally {
      set.dispose();
    }
  });

  it('holds under 3 bytes a URL beyond its 256 KB of tables once spilled, where the set held in memory took over 11', () => {
    const inMemory = new UrlHashSet();
    const spilling = UrlHashSet.spilling(64);
    try {
      for (let n = 0; n < 100_000; n++) {
        inMemory.add(url(n));
        spilling.add(url(n));
      }
      // 256 tables of at most 128 slots (256 KB), then the spans' Bloom filters and the fences.
      expect(spilling.byteSize).toBeLessThan(256 * 1024 + 100_000 * 3);
      expect(inMemory.byteSize).toBeGreaterThan(100_000 * 11);
    } finally {
      spilling.dispose();
    }
  });

  it('opens no file while its tables have room', () => {
    const set = UrlHashSet.spilling(16);
    for (let n = 0; n < 100; n++) set.add(url(n));
    expect((set as unknown as { spill: unknown }).spill).toBeNull();
  });

  it('goes on from its state in another set (a Worker), file and all, and closes the file on dispose', () => {
    const first = UrlHashSet.spilling(16);
    for (let n = 0; n < 20_000; n++) first.add(url(n));
    const state = first.state();
    const { fd } = state.spill!;
    const moved = structuredClone(state, { transfer: UrlHashSet.buffers(state) });
    const second = new UrlHashSet(moved);
    for (let n = 0; n < 20_000; n += 3) expect(second.add(url(n))).toBe(false);
    for (let n = 20_000; n < 30_000; n++) expect(second.add(url(n))).toBe(true);
    second.dispose();
    expect(() => fs.fstatSync(fd)).toThrow(/EBADF/);
  });

  it('closes the file of a state that was handed away and never came back', () => {
    const set = UrlHashSet.spilling(16);
    set.add(url(1));
    const state = set.state();
    const { fd } = state.spill!;
    expect(fs.fstatSync(fd).size).toBe(0);
    UrlHashSet.dispose(state);
    expect(() => fs.fstatSync(fd)).toThrow(/EBADF/);
  });
});

describe('hash-spill lookups', () => {
  /** A full table of a run's set: 3,072 random hashes in 4,096 slots. */
  const fullTable = () => {
    const table = new Uint32Array(4096 * 2);
    let size = 0;
    while (size < 3072) {
      const h1 = (Math.random() * 2 ** 32) >>> 0;
      const h2 = (Math.random() * 2 ** 32) >>> 0 || 1;
      const slot = (h1 & 4095) * 2;
      if (table[slot] !== 0 || table[slot + 1] !== 0) continue;
      table[slot] = h1;
      table[slot + 1] = h2;
      size++;
    }
    return table;
  };

  it('reads the file for fewer than 1 in 200 absent hashes per run (the Bloom filters filter)', () => {
    const state = openSpill(1)!;
    try {
      // Seven runs: filters over spans of 1, 2 and 4 runs, each full.
      const tables = Array.from({ length: 7 }, fullTable);
      for (const table of tables) spillTable(state, 0, table, 3072);
      expect(state.filters[0].map((filter) => filter.runs)).toEqual([1, 2, 4]);
      const reads = jest.spyOn(fs, 'readSync');
      const lookups = 100_000;
      let found = 0;
      for (let i = 0; i < lookups; i++) {
        const h1 = (Math.random() * 2 ** 32) >>> 0;
        const h2 = (Math.random() * 2 ** 32) >>> 0;
        if (spilledHolds(state, 0, h1, h2)) found++;
      }
      const inVain = reads.mock.calls.length;
      reads.mockRestore();
      expect(found).toBe(0);
      expect(inVain).toBeGreaterThan(0);
      expect(inVain / (lookups * tables.length)).toBeLessThan(1 / 200);
    } finally {
      closeSpill(state);
    }
  });

  it('finds every hash of every run, whichever span its filter covers', () => {
    const state = openSpill(1)!;
    try {
      const tables = Array.from({ length: 12 }, fullTable);
      for (const table of tables) spillTable(state, 0, table, 3072);
      // Spans of 1, 2, 4 and 8 runs; the last holds five so far.
      expect(state.filters[0].map((filter) => [filter.first, filter.runs])).toEqual([
        [0, 1],
        [1, 2],
        [3, 4],
        [7, 8],
      ]);
      let found = 0;
      for (const table of tables) {
        for (let i = 0; i < table.length; i += 2) {
          if (table[i] === 0 && table[i + 1] === 0) continue;
          if (spilledHolds(state, 0, table[i], table[i + 1])) found++;
        }
      }
      expect(found).toBe(12 * 3072);
    } finally {
      closeSpill(state);
    }
  });
});
