'use strict';
/**
 * Builds the Strapi admin panel of test/app (about a minute, 2 GB) when its inputs changed: the
 * plugin's built admin code and the app's own admin customisation. The demo and the browser tests
 * share the build; a fingerprint of those inputs in build/ says whether it is current.
 */
const fs = require('fs');
const path = require('path');
const crypto = require('crypto');
const { spawnSync } = require('child_process');

const appDir = path.resolve(__dirname, '../app');
const rootDir = path.resolve(__dirname, '../..');

function fingerprint() {
  const hash = crypto.createHash('sha1');
  for (const dir of [path.join(rootDir, 'dist/admin'), path.join(appDir, 'src/admin')]) {
    for (const name of fs.readdirSync(dir).sort()) {
      const file = path.join(dir, name);
      if (fs.statSync(file).isFile()) hash.update(name).update(fs.readFileSync(file));
    }
  }
  return hash.digest('hex');
}

function ensureAdminBuild({ log = console.log } = {}) {
  const stamp = path.join(appDir, 'build/.sitemap-plugin-admin');
  const current = fingerprint();
  if (fs.existsSync(stamp) && fs.readFileSync(stamp, 'utf8') === current) return;
  log('Building the Strapi admin panel of test/app (about a minute)…');
  const strapiBin = path.join(rootDir, 'node_modules/.bin/strapi');
  const result = spawnSync(strapiBin, ['build'], {
    cwd: appDir,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      STRAPI_TELEMETRY_DISABLED: 'true',
      NODE_OPTIONS: '--max-old-space-size=4096',
    },
  });
  if (result.status !== 0)
    throw new Error(`strapi build of test/app failed (exit ${result.status})`);
  fs.writeFileSync(stamp, current);
}

module.exports = { ensureAdminBuild, appDir };
