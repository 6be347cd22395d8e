import {
  blockSignature,
  GroupComparison,
  UrlChanges,
  SAMPLES_PER_TYPE,
  type ComparedBlock,
} from '../../../../server/src/core/urls/url-changes';

const block = (key: string, urls: string[], lastmod = 1): ComparedBlock => ({
  key,
  urls,
  signature: blockSignature(100, lastmod, urls.join('\n') + '\n'),
});

describe('UrlChanges.compare', () => {
  it('counts new, changed and gone URLs of a document, nothing when its entry is the same', () => {
    const changes = new UrlChanges();
    changes.compare(block('a', ['/a']), block('a', ['/a']));
    changes.compare(block('b', ['/b', '/b-fr']), block('b', ['/b', '/b2-fr'], 2));
    changes.compare(undefined, block('c', ['/c']));
    changes.compare(block('d', ['/d']), undefined);
    expect(changes.counts).toEqual({ added: 2, changed: 1, removed: 2 });
    expect(changes.list('added').sort()).toEqual(['/b2-fr', '/c']);
    expect(changes.list('changed')).toEqual(['/b']);
    expect(changes.list('removed').sort()).toEqual(['/b-fr', '/d']);
    expect(changes.urls().sort()).toEqual(['/b', '/b-fr', '/b2-fr', '/c', '/d']);
  });

  it('keeps at most `cap` URLs of each kind and counts them all', () => {
    const changes = new UrlChanges(2);
    for (let i = 0; i < 5; i++) changes.compare(undefined, block(`k${i}`, [`/p${i}`]));
    expect(changes.counts.added).toBe(5);
    expect(changes.list('added')).toEqual(['/p0', '/p1']);
    expect(changes.total).toBe(5);
  });
});

describe('UrlChanges.summary', () => {
  it('keeps a few URLs per type and kind, beside the whole counts', () => {
    const changes = new UrlChanges();
    for (let i = 0; i < 8; i++) changes.compare(undefined, block(`a${i}`, [`/a${i}`]), 'api::a.a');
    changes.compare(block('s', ['/s']), undefined, 'api::s.s');
    changes.compare(block('c', ['/c']), block('c', ['/c'], 3));
    const { counts, samples } = changes.summary();
    expect(counts).toEqual({ added: 8, changed: 1, removed: 1 });
    expect(samples.filter((sample) => sample.contentType === 'api::a.a')).toHaveLength(
      SAMPLES_PER_TYPE
    );
    expect(samples).toContainEqual({ kind: 'removed', url: '/s', contentType: 'api::s.s' });
    expect(samples).toContainEqual({ kind: 'changed', url: '/c', contentType: null });
  });
});

describe('GroupComparison', () => {
  it('walks the live blocks beside the written ones, file by file, in key order', async () => {
    const files = [
      [block('a', ['/a']), block('c', ['/c'])],
      [block('e', ['/e']), block('g', ['/g'])],
    ];
    const loaded: number[] = [];
    const changes = new UrlChanges();
    const comparison = new GroupComparison(changes, async () => {
      const next = files.shift();
      if (next) loaded.push(next.length);
      return next ?? null;
    });
    await comparison.written(block('a', ['/a']));
    await comparison.written(block('b', ['/b']));
    // c is passed without being written: removed. The second file is read only now.
    expect(loaded).toEqual([2]);
    await comparison.written(block('e', ['/e'], 9));
    expect(loaded).toEqual([2, 2]);
    await comparison.finish();
    expect(changes.list('added')).toEqual(['/b']);
    expect(changes.list('changed')).toEqual(['/e']);
    expect(changes.list('removed')).toEqual(['/c', '/g']);
  });
});
