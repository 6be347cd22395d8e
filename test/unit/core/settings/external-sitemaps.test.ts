import {
  externalSitemaps,
  MAX_EXTERNAL_SITEMAPS,
} from '../../../../server/src/core/settings/external-sitemaps';

describe('externalSitemaps', () => {
  it('is empty when the option is not set', () => {
    expect(externalSitemaps(undefined)).toEqual({ sitemaps: [], errors: [] });
  });

  it('takes URLs and { url, lastmod }, percent-encoded, with the host each belongs to', () => {
    const { sitemaps, errors } = externalSitemaps([
      'https://shop.example.com/sitemap.xml',
      { url: 'https://www.example.fr/plan du site.xml', lastmod: '2026-11-30T10:00:00+01:00' },
      'https://www.example.com/caf%C3%A9.xml',
    ]);
    expect(errors).toEqual([]);
    expect(sitemaps).toEqual([
      { loc: 'https://shop.example.com/sitemap.xml', origin: 'https://shop.example.com' },
      {
        loc: 'https://www.example.fr/plan%20du%20site.xml',
        origin: 'https://www.example.fr',
        // Written in UTC, as a custom URL's lastmod is.
        lastmod: '2026-11-30T09:00:00+00:00',
      },
      // An escape already there is kept, not escaped twice.
      { loc: 'https://www.example.com/caf%C3%A9.xml', origin: 'https://www.example.com' },
    ]);
  });

  it('refuses each entry it cannot list, and then lists none', () => {
    const { sitemaps, errors } = externalSitemaps([
      'https://ok.example.com/sitemap.xml',
      'javascript:alert(1)',
      'https://user:secret@example.com/sitemap.xml',
      'https://ok.example.com/sitemap.xml',
      { url: 'https://ok.example.com/a.xml', lastmod: '30/11/2026' },
      { url: 'https://ok.example.com/b.xml', lastmod: '2999-01-01' },
      `https://example.com/${'a'.repeat(2100)}`,
      42,
    ]);
    expect(sitemaps).toEqual([]);
    expect(errors.map((error) => [error.path.join('.'), error.message])).toEqual([
      ['externalSitemaps.1', 'must be an absolute http(s) URL'],
      ['externalSitemaps.2', 'must not hold a user name or password'],
      ['externalSitemaps.3', 'is listed twice'],
      ['externalSitemaps.4.lastmod', expect.stringMatching(/W3C date/)],
      ['externalSitemaps.5.lastmod', expect.stringMatching(/not in the future/)],
      ['externalSitemaps.6', 'must be at most 2048 characters'],
      ['externalSitemaps.7', 'must be an absolute http(s) URL'],
    ]);
  });

  it('refuses what is not a list, and a list longer than an index should carry', () => {
    expect(externalSitemaps('https://shop.example.com/sitemap.xml').errors).toHaveLength(1);
    const many = Array.from(
      { length: MAX_EXTERNAL_SITEMAPS + 1 },
      (_, i) => `https://shop.example.com/sitemap-${i}.xml`
    );
    expect(externalSitemaps(many).errors).toEqual([
      { path: ['externalSitemaps'], message: `lists at most ${MAX_EXTERNAL_SITEMAPS} sitemaps` },
    ]);
  });
});
