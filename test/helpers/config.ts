/** The plugin config the integration tests start from: the demo's, with the files on a fixed public URL. */
const demoConfig = require('../app/sitemap-config');

export const PUBLIC_URL = 'https://cms.example.com/api/sitemap';

export function testConfig(overrides: Record<string, unknown> = {}) {
  return { ...demoConfig, publicUrl: PUBLIC_URL, ...overrides };
}
