import {
  convertLegacySettings,
  importPatch,
  isLegacySettings,
  isOwnSettings,
} from '../../../../server/src/core/settings/legacy';
import { DEFAULT_SETTINGS } from '../../../../server/src/core/settings/validate';
import type { SchemaCatalog, SitemapSettings } from '../../../../shared/types';

const ARTICLE = 'api::article.article';
const PAGE = 'api::page.page';

const catalog: SchemaCatalog = {
  [ARTICLE]: {
    uid: ARTICLE,
    kind: 'collectionType',
    localized: true,
    draftAndPublish: true,
    attributes: {
      slug: { type: 'string' },
      title: { type: 'string' },
      updatedAt: { type: 'datetime' },
    },
  },
  [PAGE]: {
    uid: PAGE,
    kind: 'collectionType',
    localized: false,
    draftAndPublish: true,
    attributes: { slug: { type: 'string' }, updatedAt: { type: 'datetime' } },
  },
};

/** The exact row strapi-plugin-sitemap writes on a fresh install. */
const EMPTY_LEGACY_ROW = {
  hostname: '',
  includeHomepage: true,
  excludeDrafts: true,
  hostname_overrides: {},
  contentTypes: {},
  customEntries: {},
};

const context = { defaultLocale: 'en', locales: ['en', 'fr'] };

describe('telling the two shapes apart', () => {
  it('recognises the old plugin row, even empty', () => {
    expect(isLegacySettings(EMPTY_LEGACY_ROW)).toBe(true);
    expect(isOwnSettings(EMPTY_LEGACY_ROW)).toBe(false);
  });

  it('recognises a type configured per language as the old shape', () => {
    expect(
      isLegacySettings({ contentTypes: { [PAGE]: { languages: { und: { pattern: '/[slug]' } } } } })
    ).toBe(true);
  });

  it("recognises this plugin's own values", () => {
    const own = {
      hostname: 'https://www.example.com',
      contentTypes: { [PAGE]: { pattern: '/[slug]' } },
      gzip: false,
    };
    expect(isOwnSettings(own)).toBe(true);
    expect(isLegacySettings(own)).toBe(false);
    expect(isOwnSettings({})).toBe(true);
  });

  it('treats anything else as neither', () => {
    for (const value of [null, 'text', [], { someOtherPlugin: true }])
      expect(isOwnSettings(value)).toBe(false);
    for (const value of [null, 'text', [], { hostname: 'https://x.example' }])
      expect(isLegacySettings(value)).toBe(false);
  });
});

describe('convertLegacySettings', () => {
  it('converts an empty install into nothing but the homepage', () => {
    const plan = convertLegacySettings(EMPTY_LEGACY_ROW, catalog, context);
    expect(plan).toEqual({
      hostnames: {},
      contentTypes: {},
      customUrls: [{ url: '/' }],
      notConverted: [],
    });
  });

  it('converts hostname, per-locale hostnames, types and custom entries', () => {
    const plan = convertLegacySettings(
      {
        ...EMPTY_LEGACY_ROW,
        hostname: 'https://www.example.com/',
        hostname_overrides: { fr: 'https://www.example.fr' },
        contentTypes: {
          [PAGE]: {
            languages: {
              und: {
                pattern: '/[slug]',
                priority: '0.8',
                frequency: 'weekly',
                includeLastmod: false,
              },
            },
          },
          [ARTICLE]: {
            languages: {
              en: {
                pattern: '/blog/[slug]',
                priority: 0.5,
                frequency: 'daily',
                includeLastmod: true,
              },
              fr: {
                pattern: '/fr/blog/[slug]',
                priority: 0.5,
                frequency: 'daily',
                includeLastmod: true,
              },
            },
          },
        },
        customEntries: { '/contact': { priority: '0.3', changefreq: 'yearly' } },
      },
      catalog,
      context
    );
    expect(plan.hostname).toBe('https://www.example.com');
    expect(plan.hostnames).toEqual({ fr: 'https://www.example.fr' });
    expect(plan.contentTypes[PAGE]).toEqual({
      pattern: '/[slug]',
      priority: 0.8,
      changefreq: 'weekly',
      lastmod: false,
    });
    expect(plan.contentTypes[ARTICLE]).toEqual({
      pattern: '/blog/[slug]',
      priority: 0.5,
      changefreq: 'daily',
      locales: { fr: { pattern: '/fr/blog/[slug]' } },
    });
    expect(plan.customUrls).toEqual([
      { url: '/' },
      { url: '/contact', priority: 0.3, changefreq: 'yearly' },
    ]);
    expect(plan.notConverted).toEqual([]);
  });

  it('lists what cannot be converted, with why, and keeps the rest', () => {
    const plan = convertLegacySettings(
      {
        hostname: 'https://www.example.com/site',
        includeHomepage: false,
        excludeDrafts: false,
        hostname_overrides: { fr: 'not a url' },
        contentTypes: {
          'api::gone.gone': { languages: { und: { pattern: '/[slug]' } } },
          [PAGE]: { languages: { und: { pattern: '/[missing]' } } },
          [ARTICLE]: {
            languages: {
              en: { pattern: '/blog/[slug]', priority: 0.5 },
              fr: { pattern: '/fr/[nope]', priority: 0.9 },
            },
          },
        },
        customEntries: { 'no-slash': { priority: 0.5 }, '/ok': { priority: 7 } },
        somethingElse: 1,
      },
      catalog,
      { defaultLocale: 'en', locales: ['en', 'fr', 'de'] }
    );
    expect(plan.hostname).toBeUndefined();
    expect(plan.hostnames).toEqual({});
    expect(plan.contentTypes).toEqual({ [ARTICLE]: { pattern: '/blog/[slug]', priority: 0.5 } });
    expect(plan.customUrls).toEqual([{ url: '/ok' }]);
    const settings = plan.notConverted.map((item) => item.setting);
    expect(settings).toEqual(
      expect.arrayContaining([
        'hostname',
        'hostname_overrides.fr',
        'contentTypes["api::gone.gone"]',
        'contentTypes["api::page.page"].languages.und.pattern',
        'contentTypes["api::article.article"].languages.fr.priority',
        'contentTypes["api::article.article"].languages.fr.pattern',
        'contentTypes["api::article.article"].languages',
        'customEntries["no-slash"]',
        'customEntries["/ok"].priority',
        'excludeDrafts',
        'somethingElse',
      ])
    );
    const reason = (setting: string) =>
      plan.notConverted.find((item) => item.setting === setting)!.reason;
    expect(reason('contentTypes["api::gone.gone"]')).toContain('does not exist');
    expect(reason('contentTypes["api::page.page"].languages.und.pattern')).toContain(
      '"missing" is not a field'
    );
    expect(reason('contentTypes["api::article.article"].languages')).toContain('de');
    expect(reason('excludeDrafts')).toContain('published entries only');
  });

  it('uses the default locale of a type as its base, whatever the key order', () => {
    const plan = convertLegacySettings(
      {
        contentTypes: {
          [ARTICLE]: {
            languages: { fr: { pattern: '/fr/[slug]' }, en: { pattern: '/en/[slug]' } },
          },
        },
      },
      catalog,
      context
    );
    expect(plan.contentTypes[ARTICLE]).toEqual({
      pattern: '/en/[slug]',
      locales: { fr: { pattern: '/fr/[slug]' } },
    });
  });

  it('does not add the homepage when a type or custom entry already lists "/"', () => {
    const plan = convertLegacySettings(
      { includeHomepage: true, customEntries: { '/': {} } },
      catalog,
      context
    );
    expect(plan.customUrls).toEqual([{ url: '/' }]);
  });

  it('never reads inherited names as types', () => {
    const plan = convertLegacySettings(
      { contentTypes: { constructor: { languages: { und: { pattern: '/[slug]' } } } } },
      catalog,
      context
    );
    expect(plan.contentTypes).toEqual({});
    expect(plan.notConverted[0].reason).toContain('does not exist');
  });
});

describe('importPatch', () => {
  const current: SitemapSettings = {
    ...DEFAULT_SETTINGS,
    hostname: 'https://old.example.com',
    hostnames: { de: 'https://www.example.de' },
    contentTypes: { [PAGE]: { pattern: '/p/[slug]' } },
    customUrls: [{ url: '/' }],
  };

  it('adds the imported values to the current ones', () => {
    const patch = importPatch(current, {
      hostname: 'https://www.example.com',
      hostnames: { fr: 'https://www.example.fr' },
      contentTypes: { [ARTICLE]: { pattern: '/blog/[slug]' } },
      customUrls: [{ url: '/' }, { url: '/contact' }],
      notConverted: [],
    });
    expect(patch).toEqual({
      hostname: 'https://www.example.com',
      hostnames: { de: 'https://www.example.de', fr: 'https://www.example.fr' },
      contentTypes: { [PAGE]: { pattern: '/p/[slug]' }, [ARTICLE]: { pattern: '/blog/[slug]' } },
      customUrls: [{ url: '/' }, { url: '/contact' }],
    });
  });

  it('changes nothing when nothing was converted', () => {
    expect(
      importPatch(current, {
        hostnames: {},
        contentTypes: {},
        customUrls: [{ url: '/' }],
        notConverted: [],
      })
    ).toEqual({});
  });
});
