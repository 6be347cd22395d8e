import {
  idSlices,
  middleKey,
  newestCopies,
  spreadIds,
} from '../../../../server/src/core/reading/id-slices';

describe('idSlices', () => {
  it('covers the ids from the first to the last in slices of the width, the last one short', () => {
    expect([...idSlices(() => ({ first: 3, last: 12 }), 4)]).toEqual([
      [2, 6],
      [6, 10],
      [10, 12],
    ]);
  });

  it('reads on past the last id while rows are added meanwhile, then stops', () => {
    const lasts = [12, 15, 15];
    let asked = 0;
    const bounds = () => ({ first: 1, last: lasts[Math.min(asked++, lasts.length - 1)] });
    expect([...idSlices(bounds, 5)]).toEqual([
      [0, 5],
      [5, 10],
      [10, 12],
      [12, 15],
    ]);
    expect(asked).toBe(3);
  });

  it('stops after its catch-up rounds on a table that keeps growing, and gives nothing for an empty one', () => {
    let last = 10;
    const growing = () => ({ first: 1, last: (last += 2) });
    expect([...idSlices(growing, 100, 3)].length).toBe(4);
    expect([...idSlices(() => ({ first: null, last: null }), 5)]).toEqual([]);
  });
});

describe('newestCopies', () => {
  it('keeps the first row of each key across batches, the newest when sorted newest first', () => {
    const keep = newestCopies((row) => `${row.document}/${row.locale}`);
    const row = (document: string, locale: string, id: number) => ({ document, locale, id });
    expect(keep([row('a', 'en', 9), row('a', 'en', 2), row('a', 'fr', 3)])).toEqual([
      row('a', 'en', 9),
      row('a', 'fr', 3),
    ]);
    expect(keep([row('a', 'fr', 1), row('b', 'en', 4)])).toEqual([row('b', 'en', 4)]);
  });
});

describe('spreadIds and middleKey', () => {
  it('spreads the samples over the range, ends excluded', () => {
    expect(spreadIds(1, 101, 4)).toEqual([21, 41, 61, 81]);
    expect(spreadIds(5, 5, 2)).toEqual([5, 5]);
  });

  it('gives the middle key of the sample, whatever their order, and null for none', () => {
    expect(middleKey(['m', 'a', 'z', 'c', 'q'])).toBe('m');
    expect(middleKey(['b', 'a'])).toBe('b');
    expect(middleKey([])).toBeNull();
  });
});
