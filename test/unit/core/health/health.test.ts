import { judgePage, readHead } from '../../../../server/src/core/health/page-verdict';
import { samplePositions } from '../../../../server/src/core/health/sample';
import { listedUrlsAt } from '../../../../server/src/core/health/listed-urls';
import {
  DEFAULT_HEALTH_CHECK,
  healthCheckOptions,
} from '../../../../server/src/core/health/health-options';

const URL_ = 'https://www.example.com/blog/a';
const page = (head: string, headers: Record<string, string> = {}, status = 200) => ({
  status,
  headers: { 'content-type': 'text/html; charset=utf-8', ...headers },
  body: `<!doctype html><html><head>${head}</head><body><h1>Hello</h1></body></html>`,
});

describe('judgePage', () => {
  it('finds nothing wrong with a page that is what it says', () => {
    expect(judgePage(URL_, page('<title>A</title><link rel="canonical" href="/blog/a/">'))).toEqual(
      { problem: null }
    );
  });

  it('reports gone, moved and failing answers', () => {
    expect(judgePage(URL_, page('', {}, 410)).problem).toBe('not-found');
    expect(judgePage(URL_, page('', {}, 404)).problem).toBe('not-found');
    expect(judgePage(URL_, page('', { location: '/blog/b' }, 308))).toEqual({
      problem: 'redirect',
      detail: '308 → https://www.example.com/blog/b',
    });
    expect(judgePage(URL_, page('', {}, 503))).toEqual({ problem: 'error', detail: '503' });
  });

  it('reads noindex from the header, for every crawler or a named one, and from meta tags', () => {
    expect(judgePage(URL_, page('', { 'x-robots-tag': 'noindex, nofollow' })).problem).toBe(
      'noindex'
    );
    expect(judgePage(URL_, page('', { 'x-robots-tag': 'googlebot: noindex' })).problem).toBe(
      'noindex'
    );
    expect(judgePage(URL_, page('', { 'x-robots-tag': 'max-snippet: 20' })).problem).toBeNull();
    expect(judgePage(URL_, page('<meta content=NONE name=Robots>')).problem).toBe('noindex');
    expect(judgePage(URL_, page('<meta name="googlebot" content="noindex">')).problem).toBe(
      'noindex'
    );
    expect(judgePage(URL_, page('<meta name="description" content="noindex">')).problem).toBeNull();
  });

  it('reports a canonical link to another page, and a page that says it is not found', () => {
    expect(
      judgePage(URL_, page('<link rel="alternate canonical" href="https://www.example.com/b">'))
    ).toEqual({ problem: 'canonical-elsewhere', detail: 'https://www.example.com/b' });
    expect(judgePage(URL_, page('<title>Page introuvable</title>')).problem).toBe('soft-404');
    expect(judgePage(URL_, page('<title>Error 404 &ndash; Example</title>'))).toEqual({
      problem: 'soft-404',
      detail: 'Error 404 – Example',
    });
    // A title that only mentions 404 is not a page saying it is missing.
    expect(judgePage(URL_, page('<title>Top 404 hikes</title>')).problem).toBeNull();
    expect(judgePage(URL_, page('<title>404</title>')).problem).toBe('soft-404');
    expect(judgePage(URL_, page('<title>Foundations</title>')).problem).toBeNull();
  });

  it('reads no head in what is not HTML', () => {
    expect(
      judgePage(URL_, { status: 200, headers: { 'content-type': 'application/pdf' }, body: '%PDF' })
    ).toEqual({ problem: null });
  });

  it('reads the head whatever the attribute order and quoting', () => {
    expect(readHead('<LINK HREF=/x REL=canonical><title> T </title>')).toMatchObject({
      canonical: '/x',
      title: 'T',
    });
  });
});

describe('samplePositions', () => {
  const files = [
    { name: 'a-1.xml', urlCount: 5 },
    { name: 'b-1.xml', urlCount: 3 },
  ];

  it('gives every position when the count covers them all', () => {
    expect(Object.fromEntries(samplePositions(files, 100))).toEqual({
      'a-1.xml': [0, 1, 2, 3, 4],
      'b-1.xml': [0, 1, 2],
    });
  });

  it('draws distinct positions, per file and in order', () => {
    let seed = 1;
    const random = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
    for (let round = 0; round < 50; round++) {
      const byFile = samplePositions(files, 4, random);
      const all = [...byFile.entries()].flatMap(([name, at]) =>
        at.map((position) => `${name}:${position}`)
      );
      expect(new Set(all).size).toBe(4);
      for (const [name, at] of byFile) {
        expect([...at].sort((x, y) => x - y)).toEqual(at);
        const size = files.find((file) => file.name === name)!.urlCount;
        expect(at.every((position) => position >= 0 && position < size)).toBe(true);
      }
    }
  });
});

describe('listedUrlsAt', () => {
  it("names each URL's document and locale from the block index", () => {
    const text = 'https://x.com/en/a\nhttps://x.com/fr/a\nhttps://x.com/en/b\n';
    const blocks: Array<[string, number, number, number | null, string]> = [
      ['doc-a', 0, 0, null, 'en,fr'],
      ['doc-b', 0, 0, null, 'en'],
    ];
    expect(listedUrlsAt(text, blocks, [1, 2], false)).toEqual([
      { url: 'https://x.com/fr/a', documentId: 'doc-a', locale: 'fr' },
      { url: 'https://x.com/en/b', documentId: 'doc-b', locale: 'en' },
    ]);
    expect(listedUrlsAt('https://x.com/about\n', [['/about', 0, 0, null, '']], [0], true)).toEqual([
      { url: 'https://x.com/about', documentId: null, locale: null },
    ]);
  });
});

describe('healthCheckOptions', () => {
  it('is off unless turned on, with defaults for what is not set', () => {
    expect(healthCheckOptions(undefined)).toEqual({ options: null, errors: [] });
    expect(healthCheckOptions(false)).toEqual({ options: null, errors: [] });
    expect(healthCheckOptions(true).options).toEqual(DEFAULT_HEALTH_CHECK);
    expect(healthCheckOptions({ sample: 10 }).options).toEqual({
      ...DEFAULT_HEALTH_CHECK,
      sample: 10,
    });
  });

  it('says what is wrong, field by field', () => {
    const { options, errors } = healthCheckOptions({
      cron: 'often',
      perSecond: 500,
      sample: 1.5,
      userAgent: 'a\nb',
      target: 'x',
    });
    expect(options).toBeNull();
    expect(errors.map((error) => error.path.join('.')).sort()).toEqual([
      'healthCheck.cron',
      'healthCheck.perSecond',
      'healthCheck.sample',
      'healthCheck.target',
      'healthCheck.userAgent',
    ]);
    expect(healthCheckOptions('yes').errors).toHaveLength(1);
  });
});
