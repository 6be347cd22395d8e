import {
  mergeEntries,
  RecentEntries,
  renderAtom,
  type FeedEntry,
} from '../../../../server/src/core/feeds/recent';

const entry = (n: number, extra: Partial<FeedEntry> = {}): FeedEntry => ({
  key: `doc${n}`,
  contentType: 'api::article.article',
  loc: `https://www.example.com/p/${n}`,
  title: `Page ${n}`,
  updated: Date.UTC(2026, 0, 1) + n * 60_000,
  ...extra,
});

describe('RecentEntries', () => {
  it('keeps the newest entries, newest first, and turns older ones away once full', () => {
    const recent = new RecentEntries(3);
    for (const n of [5, 1, 9, 3, 7]) recent.offer(entry(n));
    expect(recent.newest().map((item) => item.key)).toEqual(['doc9', 'doc7', 'doc5']);
    expect(recent.threshold(undefined)).toBe(entry(5).updated);
    recent.offer(entry(4));
    expect(recent.list()).toHaveLength(3);
  });

  it('keeps each locale’s newest apart, however many newer ones the other locales have', () => {
    const recent = new RecentEntries(2);
    for (const n of [1, 2]) recent.offer(entry(n, { locale: 'fr' }));
    for (const n of [10, 11, 12, 13]) recent.offer(entry(n, { locale: 'en' }));
    expect(recent.newest().map((item) => item.key)).toEqual(['doc13', 'doc12']);
    expect(recent.newest('fr').map((item) => item.key)).toEqual(['doc2', 'doc1']);
    expect(recent.locales()).toEqual(['en', 'fr']);
    // French entries older than the site's newest still get into the French list, until it is full.
    expect(recent.threshold('fr')).toBe(entry(1).updated);
    expect(recent.threshold('de')).toBe(-Infinity);
    expect(recent.list().map((item) => item.key)).toEqual(['doc13', 'doc12', 'doc2', 'doc1']);
  });
});

describe('mergeEntries', () => {
  it('replaces what a run read again, keeps the rest, one entry per URL', () => {
    const kept = [entry(3), entry(2), entry(1)];
    const fresh = [entry(2, { updated: entry(9).updated, title: 'Page 2, edited' }), entry(4)];
    const merged = mergeEntries(kept, (item) => item.key === 'doc2' || item.key === 'doc1', fresh);
    expect(merged.newest().map((item) => [item.key, item.title])).toEqual([
      ['doc2', 'Page 2, edited'],
      ['doc4', 'Page 4'],
      ['doc3', 'Page 3'],
    ]);
  });
});

describe('renderAtom', () => {
  it('writes an Atom 1.0 feed with every value escaped', () => {
    const xml = renderAtom(
      {
        url: 'https://cms.example.com/api/sitemap/recent.atom',
        title: 'A & B',
        site: 'https://www.example.com',
        language: 'fr',
      },
      [entry(1, { title: '<Tide> & "foam"', loc: 'https://www.example.com/p/1?a=1&b=2' })],
      Date.UTC(2026, 0, 2)
    );
    expect(xml).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n' +
        '<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="fr">\n' +
        '<id>https://cms.example.com/api/sitemap/recent.atom</id>\n<title>A &amp; B</title>\n<updated>2026-01-01T00:01:00+00:00</updated>\n' +
        '<link rel="self" type="application/atom+xml" href="https://cms.example.com/api/sitemap/recent.atom"/>\n' +
        '<link rel="alternate" href="https://www.example.com"/>\n<author><name>www.example.com</name></author>\n' +
        '<entry><id>https://www.example.com/p/1?a=1&amp;b=2</id><title>&lt;Tide&gt; &amp; &quot;foam&quot;</title>' +
        '<link rel="alternate" href="https://www.example.com/p/1?a=1&amp;b=2"/><updated>2026-01-01T00:01:00+00:00</updated></entry>\n' +
        '</feed>\n'
    );
  });
});
