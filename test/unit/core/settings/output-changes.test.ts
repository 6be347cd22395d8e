import { outputChanges } from '../../../../server/src/core/settings/output-changes';
import { DEFAULT_SETTINGS } from '../../../../server/src/core/settings/validate';
import type { SitemapSettings } from '../../../../shared/types';

const base: SitemapSettings = {
  ...DEFAULT_SETTINGS,
  hostname: 'https://www.example.com',
  contentTypes: { 'api::page.page': { pattern: '/[slug]', priority: 0.5 } },
};

describe('outputChanges', () => {
  it('names each setting that changes the files', () => {
    const cases: Array<[Partial<SitemapSettings>, string]> = [
      [{ hostname: 'https://www.example.org' }, 'hostname'],
      [{ hostnames: { fr: 'https://www.example.fr' } }, 'hostnames'],
      [{ defaultLocale: 'fr' }, 'defaultLocale'],
      [{ publicUrl: 'https://cms.example.com/api/sitemap' }, 'publicUrl'],
      [
        { contentTypes: { 'api::page.page': { pattern: '/p/[slug]', priority: 0.5 } } },
        'contentTypes',
      ],
      [{ contentTypes: {} }, 'contentTypes'],
      [{ customUrls: [{ url: '/contact' }] }, 'customUrls'],
      [
        { limits: { urlsPerFile: 10, bytesPerFile: DEFAULT_SETTINGS.limits.bytesPerFile } },
        'limits',
      ],
      [{ gzip: false }, 'gzip'],
      [{ xsl: false }, 'xsl'],
    ];
    for (const [change, key] of cases)
      expect(outputChanges(base, { ...base, ...change })).toEqual([key]);
  });

  it('ignores settings that only change when runs start, and key order', () => {
    expect(
      outputChanges(base, { ...base, cron: false, autoGenerate: false, debounceMs: 10 })
    ).toEqual([]);
    expect(
      outputChanges(base, {
        ...base,
        contentTypes: { 'api::page.page': { priority: 0.5, pattern: '/[slug]' } },
      })
    ).toEqual([]);
  });
});
