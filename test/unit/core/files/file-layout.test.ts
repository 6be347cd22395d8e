import {
  chainRanges,
  evenShare,
  fillFiles,
  holds,
  inIndexOrder,
  inRangeOrder,
  localesOn,
  originOf,
  RangeHandOff,
  spliceBlocks,
} from '../../../../server/src/core/files/file-layout';
import { hostGroup } from '../../../../server/src/core/files/file-names';
import {
  MemorySink,
  renderBlock,
  UrlsetWriter,
} from '../../../../server/src/core/files/urlset-writer';

const block = (key: string) =>
  renderBlock({ key, records: [{ loc: `https://example.com/${key}` }] });
const keysOf = (blocks: Array<{ key: string }>) => blocks.map((item) => item.key);
const writer = (urlsPerFile: number) =>
  new UrlsetWriter({ urlsPerFile, bytesPerFile: 1_000_000 }, undefined, () => new MemorySink());

describe('holds', () => {
  it('holds keys after the start up to and including the end', () => {
    const file = { rangeStart: 'b', rangeEnd: 'd' };
    expect(['a', 'b', 'c', 'd', 'e'].filter((key) => holds(file, key))).toEqual(['c', 'd']);
  });

  it('treats an empty or null start and a null end as open', () => {
    expect(holds({ rangeStart: null, rangeEnd: null }, '0')).toBe(true);
    expect(holds({ rangeStart: '', rangeEnd: 'm' }, 'a')).toBe(true);
    expect(holds({ rangeStart: 'm', rangeEnd: null }, 'zzz')).toBe(true);
  });
});

describe('ordering', () => {
  it('sorts a group by range start, the open start first', () => {
    const files = [
      { rangeStart: 'm', rangeEnd: null },
      { rangeStart: null, rangeEnd: 'c' },
      { rangeStart: 'c', rangeEnd: 'm' },
    ];
    expect(inRangeOrder(files).map((file) => file.rangeStart)).toEqual([null, 'c', 'm']);
  });

  it('lists the index by group, then by range start', () => {
    const files = [
      { groupKey: 'page', rangeStart: '' },
      { groupKey: 'article', rangeStart: 'k' },
      { groupKey: 'article', rangeStart: '' },
    ];
    expect(inIndexOrder(files)).toEqual([files[2], files[1], files[0]]);
  });
});

describe('host groups', () => {
  const hosts = {
    hostname: 'https://example.com',
    hostnames: { fr: 'https://example.fr', be: 'https://example.fr', de: 'https://example.de' },
  };
  const groupOf = (origin: string) => hostGroup('article', localesOn(origin, hosts));

  it('gives the main host no locale and another host every locale it serves', () => {
    expect(groupOf('https://example.com')).toBe('article');
    expect(groupOf('https://example.fr')).toBe('article_be_fr');
  });

  it('finds the host of a group, and none for a group the settings no longer give', () => {
    expect(originOf('article_de', groupOf, hosts)).toBe('https://example.de');
    expect(originOf('article_it', groupOf, hosts)).toBeUndefined();
  });
});

describe('spliceBlocks', () => {
  it('replaces the changed documents, drops the ones gone and keeps key order', () => {
    const old = ['a', 'c', 'e'].map(block);
    const fresh = ['b', 'c'].map(block);
    expect(keysOf(spliceBlocks(old, fresh, ['b', 'c', 'e']))).toEqual(['a', 'b', 'c']);
  });
});

describe('fillFiles', () => {
  const blocks = ['a', 'b', 'c', 'd', 'e'].map(block);

  it('writes blocks into as many files as the limits need', () => {
    const outputs = fillFiles(writer(2), blocks);
    expect(outputs.map((file) => [file.firstKey, file.lastKey])).toEqual([
      ['a', 'b'],
      ['c', 'd'],
      ['e', 'e'],
    ]);
  });

  it('writes nothing for no blocks', () => {
    expect(fillFiles(writer(2), [])).toEqual([]);
  });
});

describe('evenShare', () => {
  const keys = (count: number) =>
    Array.from({ length: count }, (_, i) => block(`k${String(i).padStart(5, '0')}`));
  // Bytes never bind here: the protocol's 50 MB.
  const sizes = (blocks: ReturnType<typeof keys>, limit: number) =>
    fillFiles(
      new UrlsetWriter(
        { urlsPerFile: evenShare(blocks, limit), bytesPerFile: 52_428_800 },
        undefined,
        () => new MemorySink()
      ),
      blocks
    ).map((file) => file.urlCount);

  it('keeps the limit for what fits in one file', () => {
    expect(evenShare(keys(10), 10)).toBe(10);
  });

  it('splits a file one URL over the limit into two halves, not a full file and a tiny one', () => {
    expect(sizes(keys(10_001), 10_000)).toEqual([5_001, 5_000]);
  });

  it('never writes more files than the limit needs, nor one over the limit', () => {
    for (const [urls, limit] of [
      [21, 10],
      [30, 10],
      [99, 7],
      [50_001, 50_000],
    ]) {
      const files = sizes(keys(urls), limit);
      expect(files).toHaveLength(Math.ceil(urls / limit));
      expect(Math.max(...files)).toBeLessThanOrEqual(limit);
    }
  });

  it('leaves room for the largest block, which never splits', () => {
    const multi = (key: string, count: number) =>
      renderBlock({
        key,
        records: Array.from({ length: count }, (_, i) => ({
          loc: `https://example.com/${key}/${i}`,
        })),
      });
    const blocks = [multi('a', 3), multi('b', 3), multi('c', 3), multi('d', 3)];
    expect(sizes(blocks, 9)).toEqual([6, 6]);
  });
});

describe('chainRanges', () => {
  it('starts each file where the one before it ended, the last at the given end', () => {
    expect(chainRanges(['c', 'f', 'h'], 'a', null)).toEqual([
      { rangeStart: 'a', rangeEnd: 'c' },
      { rangeStart: 'c', rangeEnd: 'f' },
      { rangeStart: 'f', rangeEnd: null },
    ]);
    expect(chainRanges(['c'], '', 'k')).toEqual([{ rangeStart: '', rangeEnd: 'k' }]);
  });
});

describe('RangeHandOff', () => {
  it('changes nothing when no file empties', () => {
    const handOff = new RangeHandOff();
    handOff.kept(1);
    expect(handOff.startOf({ rangeStart: 'f', rangeEnd: 'm' })).toBe('f');
    handOff.written(7);
    handOff.kept(3);
    expect(handOff.finish()).toEqual([]);
  });

  it('hands an emptied file start on to the next file kept', () => {
    const handOff = new RangeHandOff();
    handOff.kept(1);
    handOff.emptied(handOff.startOf({ rangeStart: 'f', rangeEnd: 'm' }));
    handOff.kept(3);
    expect(handOff.finish()).toEqual([{ id: 3, rangeStart: 'f' }]);
  });

  it('starts the next rewritten file at an emptied file start', () => {
    const handOff = new RangeHandOff();
    handOff.emptied(handOff.startOf({ rangeStart: null, rangeEnd: 'm' }));
    expect(handOff.startOf({ rangeStart: 'm', rangeEnd: null })).toBe('');
    expect(handOff.finish()).toEqual([]);
  });

  it('opens the end of the file before when the last files empty', () => {
    const handOff = new RangeHandOff();
    handOff.kept(1);
    handOff.written(5);
    handOff.emptied(handOff.startOf({ rangeStart: 'm', rangeEnd: 's' }));
    handOff.emptied(handOff.startOf({ rangeStart: 's', rangeEnd: null }));
    expect(handOff.finish()).toEqual([{ id: 5, rangeEnd: null }]);
  });

  it('leaves nothing to change when every file of the group empties', () => {
    const handOff = new RangeHandOff();
    handOff.emptied(handOff.startOf({ rangeStart: null, rangeEnd: null }));
    expect(handOff.finish()).toEqual([]);
  });
});
