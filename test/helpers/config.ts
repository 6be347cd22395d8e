/** The plugin config the integration tests start from (the shape users write in config/plugins.ts). */
export const PUBLIC_URL = 'https://cms.example.com/api/sitemap';

export function testConfig(overrides: Record<string, unknown> = {}) {
  return {
    hostname: 'https://www.example.com',
    publicUrl: PUBLIC_URL,
    defaultLocale: 'en',
    contentTypes: {
      'api::article.article': {
        pattern: '/blog/[category.slug]/[slug]',
        locales: { fr: { pattern: '/fr/blog/[category.slug]/[slug]' } },
        priority: 0.7,
        changefreq: 'weekly',
        lastmod: 'updatedAt',
        filters: { noindex: { $ne: true } },
      },
      'api::category.category': { pattern: '/blog/[slug]', priority: 0.5, changefreq: 'monthly' },
      'api::homepage.homepage': { pattern: '/', locales: { fr: { pattern: '/fr/' } }, priority: 1, changefreq: 'daily' },
    },
    customUrls: [{ url: '/contact', priority: 0.3, changefreq: 'yearly', lastmod: '2026-01-15' }],
    ...overrides,
  };
}
