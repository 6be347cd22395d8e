import path from 'node:path';

const { parseArgs } = require('../../../server/bin/strapi-sitemap.js');

describe('strapi-sitemap arguments', () => {
  it('reads a command and its options, paths resolved from the current folder', () => {
    expect(parseArgs(['generate'])).toEqual({ command: 'generate', appDir: process.cwd() });
    expect(parseArgs(['export', '--out', 'site', '--dist-dir', 'dist'])).toEqual({
      command: 'export',
      appDir: process.cwd(),
      out: path.resolve('site'),
      distDir: path.resolve('dist'),
    });
  });

  it('refuses what it cannot use, with the reason', () => {
    expect(parseArgs([])).toEqual({ error: 'name a command' });
    expect(parseArgs(['publish'])).toEqual({ error: 'name a command' });
    expect(parseArgs(['export'])).toEqual({ error: 'export needs --out <dir>' });
    expect(parseArgs(['export', '--out'])).toEqual({ error: '--out needs a value' });
    expect(parseArgs(['export', '--out', '--app-dir'])).toEqual({ error: '--out needs a value' });
    expect(parseArgs(['generate', '--out', 'x'])).toEqual({ error: 'unknown option --out' });
    expect(parseArgs(['generate', '--force', 'x'])).toEqual({ error: 'unknown option --force' });
  });
});
