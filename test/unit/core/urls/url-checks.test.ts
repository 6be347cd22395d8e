import {
  checkLoc,
  isLocalHostUrl,
  MAX_URL_LENGTH,
  ValidationReport,
} from '../../../../server/src/core/urls/url-checks';
import { RULES } from '../../../../shared/rules';

describe('ValidationReport', () => {
  it('starts empty', () => {
    const report = new ValidationReport();
    expect(report.count('url-duplicate')).toBe(0);
    expect(report.summary()).toEqual({ counts: {}, samples: [] });
  });

  it('counts every finding per rule', () => {
    const report = new ValidationReport();
    report.add({ rule: 'url-duplicate', url: 'https://e.com/a' });
    report.add({ rule: 'url-duplicate', url: 'https://e.com/b' });
    report.add({ rule: 'pattern-unfilled', documentId: 'doc1' });
    expect(report.count('url-duplicate')).toBe(2);
    expect(report.count('pattern-unfilled')).toBe(1);
    expect(report.count('url-too-long')).toBe(0);
    expect(report.summary().counts).toEqual({ 'url-duplicate': 2, 'pattern-unfilled': 1 });
  });

  it('keeps all the sample fields, in the order added', () => {
    const report = new ValidationReport();
    const sample = {
      rule: 'lastmod-future' as const,
      contentType: 'api::a.a',
      documentId: 'd',
      locale: 'fr',
      url: 'https://e.com/x',
      detail: 'updatedAt = 2099',
    };
    report.add(sample);
    report.add({ rule: 'url-duplicate', url: 'https://e.com/y' });
    expect(report.summary().samples).toEqual([
      sample,
      { rule: 'url-duplicate', url: 'https://e.com/y' },
    ]);
  });

  it('keeps 20 samples per rule by default, and counts past that', () => {
    const report = new ValidationReport();
    for (let i = 0; i < 25; i++) report.add({ rule: 'url-duplicate', url: `https://e.com/${i}` });
    for (let i = 0; i < 3; i++)
      report.add({ rule: 'url-too-long', url: `https://e.com/long-${i}` });
    const summary = report.summary();
    expect(summary.counts).toEqual({ 'url-duplicate': 25, 'url-too-long': 3 });
    expect(summary.samples.filter((s) => s.rule === 'url-duplicate').map((s) => s.url)).toEqual(
      Array.from({ length: 20 }, (_, i) => `https://e.com/${i}`)
    );
    expect(summary.samples.filter((s) => s.rule === 'url-too-long')).toHaveLength(3);
  });

  it('caps samples per rule, not overall', () => {
    const report = new ValidationReport(2);
    for (let i = 0; i < 5; i++) {
      report.add({ rule: 'url-duplicate', url: `d${i}` });
      report.add({ rule: 'pattern-unfilled', documentId: `p${i}` });
    }
    const { samples, counts } = report.summary();
    expect(counts).toEqual({ 'url-duplicate': 5, 'pattern-unfilled': 5 });
    expect(samples).toEqual([
      { rule: 'url-duplicate', url: 'd0' },
      { rule: 'pattern-unfilled', documentId: 'p0' },
      { rule: 'url-duplicate', url: 'd1' },
      { rule: 'pattern-unfilled', documentId: 'p1' },
    ]);
  });

  it('can keep counts only', () => {
    const report = new ValidationReport(0);
    report.add({ rule: 'url-duplicate' });
    expect(report.summary()).toEqual({ counts: { 'url-duplicate': 1 }, samples: [] });
  });

  it('returns a summary that later findings do not change', () => {
    const report = new ValidationReport();
    report.add({ rule: 'url-duplicate' });
    const summary = report.summary();
    report.add({ rule: 'url-duplicate' });
    report.add({ rule: 'url-too-long' });
    expect(summary).toEqual({
      counts: { 'url-duplicate': 1 },
      samples: [{ rule: 'url-duplicate' }],
    });
  });
});

describe('ValidationReport.merge (what the run Worker found)', () => {
  it('adds the counts, and samples only up to the per-rule limit', () => {
    const main = new ValidationReport(3);
    main.add({ rule: 'url-duplicate', url: 'https://e.com/a' });
    main.add({ rule: 'url-duplicate', url: 'https://e.com/b' });
    const worker = new ValidationReport(3);
    for (const letter of ['c', 'd', 'e'])
      worker.add({ rule: 'url-duplicate', url: `https://e.com/${letter}` });
    worker.add({ rule: 'pattern-unfilled', documentId: 'doc1' });
    main.merge(worker.summary());
    expect(main.summary().counts).toEqual({ 'url-duplicate': 5, 'pattern-unfilled': 1 });
    expect(main.summary().samples.map((sample) => sample.url ?? sample.documentId)).toEqual([
      'https://e.com/a',
      'https://e.com/b',
      'https://e.com/c',
      'doc1',
    ]);
  });
});

describe('RULES', () => {
  it('leaves out entries that break URL rules or ask not to be listed, and only warns on lastmod and priority', () => {
    const leftOut = Object.entries(RULES)
      .filter(([, rule]) => rule.leftOut)
      .map(([code]) => code)
      .sort();
    expect(leftOut).toEqual([
      'file-limit',
      'pattern-unfilled',
      'seo-canonical',
      'seo-noindex',
      'url-duplicate',
      'url-host-mismatch',
      'url-not-absolute',
      'url-too-long',
    ]);
    for (const rule of Object.values(RULES)) expect(rule.message).toEqual(expect.any(String));
  });
});

describe('checkLoc', () => {
  const origin = 'https://www.example.com';

  it('accepts an absolute URL on the expected origin', () => {
    expect(checkLoc('https://www.example.com/', origin)).toBeNull();
    expect(checkLoc('https://www.example.com/blog/a?x=1', origin)).toBeNull();
    expect(checkLoc('https://WWW.Example.COM/a', origin)).toBeNull();
    expect(checkLoc('https://www.example.com:443/a', origin)).toBeNull();
    expect(checkLoc('http://localhost:1337/a', 'http://localhost:1337')).toBeNull();
  });

  it('refuses a URL of 2,048 characters or more, and accepts 2,047', () => {
    expect(MAX_URL_LENGTH).toBe(2048);
    const base = 'https://www.example.com/';
    expect(checkLoc(base + 'a'.repeat(2047 - base.length), origin)).toBeNull();
    expect(checkLoc(base + 'a'.repeat(2048 - base.length), origin)).toBe('url-too-long');
    expect(checkLoc(base + 'a'.repeat(5000), origin)).toBe('url-too-long');
  });

  it('checks the length first, even for a relative URL', () => {
    expect(checkLoc('/' + 'a'.repeat(3000), origin)).toBe('url-too-long');
  });

  it.each(['/blog/a', 'blog/a', '//www.example.com/a', '', 'www.example.com/a'])(
    'refuses the relative URL %j',
    (loc) => {
      expect(checkLoc(loc, origin)).toBe('url-not-absolute');
    }
  );

  it.each([
    'ftp://www.example.com/a',
    'mailto:a@example.com',
    'javascript:alert(1)',
    'file:///etc/passwd',
    'data:text/plain,x',
  ])('refuses the non-http(s) URL %j', (loc) => {
    expect(checkLoc(loc, origin)).toBe('url-not-absolute');
  });

  it.each([
    ['another host', 'https://evil.example.org/a'],
    ['a subdomain missing', 'https://example.com/a'],
    ['another scheme', 'http://www.example.com/a'],
    ['another port', 'https://www.example.com:8443/a'],
    ['a look-alike host', 'https://www.example.com.evil.org/a'],
    ['credentials before another host', 'https://www.example.com@evil.org/a'],
  ])('refuses %s', (_label, loc) => {
    expect(checkLoc(loc, origin)).toBe('url-host-mismatch');
  });
});

describe('isLocalHostUrl', () => {
  it.each([
    'http://0.0.0.0:1337/api/sitemap/index.xml',
    'http://localhost:1337/api/sitemap',
    'http://LOCALHOST./api/sitemap',
    'http://cms.localhost/api/sitemap',
    'http://127.0.0.1:1337/api/sitemap',
    'http://127.12.0.9/api/sitemap',
    'http://127.1/api/sitemap',
    'http://2130706433/api/sitemap',
    'http://0/api/sitemap',
    'http://[::1]:1337/api/sitemap',
    'http://[0:0:0:0:0:0:0:1]/api/sitemap',
    'http://[::]:1337/api/sitemap',
    'http://[::ffff:127.0.0.1]/api/sitemap',
  ])('%s is local', (url) => {
    expect(isLocalHostUrl(url)).toBe(true);
  });

  it.each([
    'https://cms.example.com/api/sitemap',
    'http://128.0.0.1/api/sitemap',
    'http://10.0.0.1/api/sitemap',
    'http://localhost.example.com/api/sitemap',
    'http://[2001:db8::1]/api/sitemap',
    'not a url',
  ])('%s is not', (url) => {
    expect(isLocalHostUrl(url)).toBe(false);
  });
});
