'use strict';

/** The sitemap config of the demo, also the base of the integration tests' config. */
module.exports = {
  hostname: 'https://www.example.com',
  hostnames: {},
  defaultLocale: 'en',
  contentTypes: {
    'api::article.article': {
      pattern: '/blog/[category.slug]/[slug]',
      locales: { fr: { pattern: '/fr/blog/[category.slug]/[slug]' } },
      priority: 0.7,
      changefreq: 'weekly',
      lastmod: 'updatedAt',
      filters: { noindex: { $ne: true } },
      titleField: 'title',
      visitorMap: { groupBy: 'category.name', labels: { en: 'Blog', fr: 'Le blog' } },
    },
    'api::category.category': {
      pattern: '/blog/[slug]',
      priority: 0.5,
      changefreq: 'monthly',
      titleField: 'name',
      visitorMap: { labels: { en: 'Topics', fr: 'Rubriques' } },
    },
    'api::homepage.homepage': {
      pattern: '/',
      locales: { fr: { pattern: '/fr/' } },
      priority: 1,
      changefreq: 'daily',
    },
  },
  customUrls: [{ url: '/contact', priority: 0.3, changefreq: 'yearly', lastmod: '2026-01-15' }],
};
