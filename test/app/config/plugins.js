'use strict';

const path = require('path');

const demoConfig = require('../sitemap-config');

module.exports = ({ env }) => ({
  // End users with an email and a password hash: a type the sitemap must never list unless this file maps it.
  // A fixed secret, so its first start writes no .env into the test app.
  'users-permissions': { config: { jwtSecret: 'sitemap-test-app-jwt-secret' } },
  sitemap: {
    enabled: true,
    // Absolute: Strapi tries require.resolve(resolve) first, which would resolve a
    // relative path against Strapi's own files.
    resolve: path.resolve(__dirname, '../../..'),
    config: env('SITEMAP_PLUGIN_CONFIG') ? JSON.parse(env('SITEMAP_PLUGIN_CONFIG')) : demoConfig,
  },
});
