import {
  contentManagerLink,
  formatBytes,
  formatPercent,
  isCrossHost,
} from '../../../admin/src/utils/format';

describe('dashboard formatting', () => {
  it('formats sizes and shares of the limits', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(2048)).toBe('2.0 KB');
    expect(formatBytes(52_428_800)).toBe('50.0 MB');
    expect(formatPercent(0.456)).toBe('46%');
  });

  it('links an entry in the content manager, in the locale at fault', () => {
    expect(contentManagerLink('api::article.article', 'abc', 'fr')).toBe(
      '/content-manager/collection-types/api::article.article/abc?plugins[i18n][locale]=fr'
    );
    expect(contentManagerLink('api::homepage.homepage', 'x', undefined, 'singleType')).toBe(
      '/content-manager/single-types/api::homepage.homepage'
    );
  });

  it('tells when the sitemap is on another host than the pages (cross-host submission)', () => {
    expect(
      isCrossHost('https://cms.example.com/api/sitemap/index.xml', 'https://www.example.com')
    ).toBe(true);
    expect(
      isCrossHost('https://www.example.com/api/sitemap/index.xml', 'https://www.example.com')
    ).toBe(false);
    expect(isCrossHost('not a url', 'https://www.example.com')).toBe(true);
  });
});
