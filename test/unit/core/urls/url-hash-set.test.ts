import { UrlHashSet } from '../../../../server/src/core/urls/url-hash-set';

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
