'use strict';

module.exports = ({ env }) => ({
  host: env('HOST', '127.0.0.1'),
  port: env.int('PORT', 1337),
  ...(env('PUBLIC_URL') ? { url: env('PUBLIC_URL') } : {}),
  app: { keys: ['test-app-key-1', 'test-app-key-2'] },
  logger: { updates: { enabled: false }, startup: { enabled: false } },
});
