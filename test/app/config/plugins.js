'use strict';

const path = require('path');

const demoConfig = require('../sitemap-config');

module.exports = ({ env }) => ({
  sitemap: {
    enabled: true,
    // Absolute: Strapi tries require.resolve(resolve) first, which would resolve a
    // relative path against Strapi's own files.
    resolve: path.resolve(__dirname, '../../..'),
    config: env('SITEMAP_PLUGIN_CONFIG') ? JSON.parse(env('SITEMAP_PLUGIN_CONFIG')) : demoConfig,
  },
});
