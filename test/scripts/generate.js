'use strict';
/**
 * Generates the sitemap from the command line, e.g. in a deployment step:
 *   node scripts/generate-sitemap.js      (copy this file into your Strapi project)
 * It boots Strapi without the HTTP server, runs a full generation under the same database
 * lease as the running instances, and exits non-zero when the run failed.
 */
const { compileStrapi, createStrapi } = require('@strapi/strapi');

async function main() {
  const appContext = await compileStrapi({ appDir: process.env.STRAPI_APP_DIR || process.cwd() });
  const strapi = await createStrapi(appContext).load();
  const result = await strapi.plugin('sitemap').service('generator').generate('script');
  console.log(
    `sitemap: ${result.status}, ${result.urlCount} URLs, ${result.filesWritten} files written${result.error ? `: ${result.error}` : ''}`
  );
  await strapi.destroy();
  process.exit(result.status === 'success' ? 0 : 1);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
