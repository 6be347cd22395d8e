'use strict';

const path = require('path');

const demoConfig = {
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
    },
    'api::category.category': { pattern: '/blog/[slug]', priority: 0.5, changefreq: 'monthly' },
    'api::homepage.homepage': { pattern: '/', locales: { fr: { pattern: '/fr/' } }, priority: 1, changefreq: 'daily' },
  },
  customUrls: [{ url: '/contact', priority: 0.3, changefreq: 'yearly', lastmod: '2026-01-15' }],
};

module.exports = ({ env }) => ({
  sitemap: {
    enabled: true,
    // Absolute: Strapi tries require.resolve(resolve) first, which would resolve a
    // relative path against Strapi's own files.
    resolve: path.resolve(__dirname, '../../..'),
    config: env('SITEMAP_PLUGIN_CONFIG') ? JSON.parse(env('SITEMAP_PLUGIN_CONFIG')) : demoConfig,
  },
});
