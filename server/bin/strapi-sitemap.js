#!/usr/bin/env node
'use strict';
/**
 * The sitemap from scripts and static hosting, in the project's own Strapi (started as
 * `strapi console` starts it: a TypeScript project is compiled first):
 * - `strapi-sitemap generate`: a full run, then exit (0 when it succeeded);
 * - `strapi-sitemap export --out <dir>`: the live files written to <dir> as they are served
 *   (sitemaps, their text twins, the index, feeds, the stylesheet, the IndexNow key).
 * Plain JavaScript beside the built plugin: it runs from the installed package with no build step.
 */
const fs = require('node:fs');
const path = require('node:path');
const { pipeline } = require('node:stream/promises');

const USAGE = `Usage: strapi-sitemap generate [--app-dir <dir>] [--dist-dir <dir>]
       strapi-sitemap export --out <dir> [--app-dir <dir>] [--dist-dir <dir>]

  --app-dir   the Strapi project (default: the current folder)
  --dist-dir  its built code, for a project already compiled (default: compiled now, as strapi console does)`;

/** The formats the public route serves by name, as it serves them (controllers/public-sitemap.ts). */
const SERVED_FORMATS = new Set(['urlset', 'news', 'index', 'feed', 'xsl']);
const SERVED_NAME = /^[a-z0-9][a-z0-9_-]{0,120}\.(xml|txt|xsl|atom)$/;

/** The command and its options, or the reason they cannot be used. */
function parseArgs(argv) {
  const [command, ...rest] = argv;
  if (command !== 'generate' && command !== 'export') return { error: 'name a command' };
  const options = { command, appDir: process.cwd() };
  const flags = { '--out': 'out', '--app-dir': 'appDir', '--dist-dir': 'distDir' };
  for (let i = 0; i < rest.length; i += 2) {
    const key = flags[rest[i]];
    if (!key || (key === 'out' && command !== 'export'))
      return { error: `unknown option ${rest[i]}` };
    if (rest[i + 1] === undefined || rest[i + 1].startsWith('--'))
      return { error: `${rest[i]} needs a value` };
    options[key] = path.resolve(rest[i + 1]);
  }
  if (command === 'export' && !options.out) return { error: 'export needs --out <dir>' };
  return options;
}

async function startStrapi({ appDir, distDir }) {
  process.env.STRAPI_TELEMETRY_DISABLED ??= 'true';
  const { compileStrapi, createStrapi } = require(
    require.resolve('@strapi/strapi', { paths: [appDir] })
  );
  const context = distDir ? { appDir, distDir } : await compileStrapi({ appDir });
  return createStrapi({ ...context, autoReload: false, serveAdminPanel: false }).load();
}

async function generate(strapi) {
  const result = await strapi.plugin('sitemap').service('generator').generate('script');
  if (result.status !== 'success') {
    console.error(
      `strapi-sitemap: the run ${result.status}${result.error ? `: ${result.error}` : ''}`
    );
    return 1;
  }
  console.log(
    `strapi-sitemap: ${result.urlCount} URLs, ${result.filesWritten} files written (run ${result.runId})`
  );
  return 0;
}

async function exportFiles(strapi, out) {
  const plugin = strapi.plugin('sitemap');
  const store = plugin.service('file-store');
  const files = (await store.listLive()).filter(
    (file) => SERVED_FORMATS.has(file.format) && SERVED_NAME.test(file.name)
  );
  if (files.length === 0) {
    console.error('strapi-sitemap: no sitemap is live yet; run `strapi-sitemap generate` first');
    return 1;
  }
  fs.mkdirSync(out, { recursive: true });
  // One file's text at a time, streamed: an export holds a few chunks, never a whole file.
  for (const file of files) {
    await pipeline(await store.openText(file), fs.createWriteStream(path.join(out, file.name)));
    // Each urlset's text twin, read off its XML as the public route serves it.
    if (file.format === 'urlset')
      await pipeline(
        await store.openTextTwin(file),
        fs.createWriteStream(path.join(out, file.name.replace(/\.xml$/, '.txt')))
      );
  }
  const { settings } = await plugin.service('settings').plan();
  if (settings.indexNow)
    fs.writeFileSync(path.join(out, `${settings.indexNow.key}.txt`), settings.indexNow.key);
  console.log(`strapi-sitemap: ${files.length} files written to ${out}`);
  return 0;
}

async function main(argv) {
  const options = parseArgs(argv);
  if (options.error) {
    console.error(`strapi-sitemap: ${options.error}\n${USAGE}`);
    return 2;
  }
  const strapi = await startStrapi(options);
  try {
    return options.command === 'generate'
      ? await generate(strapi)
      : await exportFiles(strapi, options.out);
  } finally {
    await strapi.destroy();
  }
}

if (require.main === module) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error) => {
      console.error(`strapi-sitemap: ${error instanceof Error ? error.message : error}`);
      process.exit(1);
    }
  );
}

module.exports = { parseArgs };
