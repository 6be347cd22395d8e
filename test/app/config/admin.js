'use strict';

module.exports = () => ({
  auth: { secret: 'test-admin-jwt-secret' },
  apiToken: { salt: 'test-api-token-salt' },
  transfer: { token: { salt: 'test-transfer-token-salt' } },
  secrets: { encryptionKey: 'test-encryption-key-0123456789abcdef' },
  // Tests log in many times from the same address within minutes.
  rateLimit: { enabled: false },
});
