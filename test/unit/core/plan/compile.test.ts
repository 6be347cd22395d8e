import {
  compileSitemapPlan,
  planFromSettings,
  type ProjectFacts,
} from '../../../../server/src/core/plan/compile';
import { validateSettings } from '../../../../server/src/core/settings/validate';
import type { SchemaCatalog, SitemapSettings } from '../../../../shared/types';

const ARTICLE = 'api::article.article';
const CATEGORY = 'api::category.category';
const AUTHOR = 'api::author.author';
const PAGE = 'api::page.page';

const catalog: SchemaCatalog = {
  [ARTICLE]: {
    uid: ARTICLE,
    kind: 'collectionType',
    localized: true,
    draftAndPublish: true,
    attributes: {
      slug: { type: 'uid' },
      publishedOn: { type: 'date' },
      category: { type: 'relation', relation: 'manyToOne', target: CATEGORY },
      author: { type: 'relation', relation: 'manyToOne', target: AUTHOR },
    },
  },
  [CATEGORY]: {
    uid: CATEGORY,
    kind: 'collectionType',
    localized: false,
    draftAndPublish: false,
    attributes: { slug: { type: 'uid' } },
  },
  [AUTHOR]: {
    uid: AUTHOR,
    kind: 'collectionType',
    localized: false,
    draftAndPublish: true,
    attributes: { name: { type: 'string' } },
  },
  [PAGE]: {
    uid: PAGE,
    kind: 'collectionType',
    localized: false,
    draftAndPublish: false,
    attributes: { slug: { type: 'string' } },
  },
};

const facts: ProjectFacts = {
  catalog,
  servedUrl: 'http://127.0.0.1:1337/api/sitemap',
  i18nDefaultLocale: 'en',
};

const fileConfig = {
  hostname: 'https://www.example.com',
  hostnames: { fr: 'https://www.example.fr', 'fr-BE': 'https://www.example.fr' },
  contentTypes: {
    [ARTICLE]: {
      pattern: '/blog/[category.slug]/[slug]',
      locales: { fr: { pattern: '/fr/blog/[slug]' } },
      priority: 0.7,
      changefreq: 'weekly',
      lastmod: 'publishedOn',
      filters: { author: { name: { $ne: 'ghost' } } },
    },
    [PAGE]: { pattern: '/[slug]', lastmod: false },
  },
};

/** Settings as the validator returns them, which is what `planFromSettings` takes. */
const validated = (input: Record<string, unknown>): SitemapSettings => {
  const { settings, errors } = validateSettings(input, catalog);
  if (!settings) throw new Error(JSON.stringify(errors));
  return settings;
};

describe('compileSitemapPlan', () => {
  const plan = compileSitemapPlan(fileConfig, {}, facts);

  it('compiles each mapped type once: parsed patterns and the URL settings', () => {
    expect([...plan.types.keys()]).toEqual([ARTICLE, PAGE]);
    const article = plan.types.get(ARTICLE)!.plan;
    expect(article.pattern.fields).toEqual([['category', 'slug'], ['slug']]);
    expect(article.localePatterns.fr.source).toBe('/fr/blog/[slug]');
    expect(article).toMatchObject({
      uid: ARTICLE,
      localized: true,
      hostname: 'https://www.example.com',
      hostnames: { fr: 'https://www.example.fr', 'fr-BE': 'https://www.example.fr' },
      defaultLocale: 'en',
      priority: 0.7,
      changefreq: 'weekly',
      lastmodField: 'publishedOn',
    });
    expect(plan.types.get(PAGE)!.plan.lastmodField).toBe(false);
  });

  it('gives the entry reader every field the patterns read, the filters and the schema flags', () => {
    expect(plan.types.get(ARTICLE)!.query).toEqual({
      uid: ARTICLE,
      fields: [['category', 'slug'], ['slug'], ['slug']],
      lastmodField: 'publishedOn',
      filters: { author: { name: { $ne: 'ghost' } } },
      localized: true,
      draftAndPublish: true,
      // Alternates need no read of their own; no extension of this type reads through the engine.
      extensions: [],
    });
    expect(plan.types.get(PAGE)!.query).toMatchObject({
      localized: false,
      draftAndPublish: false,
      fields: [['slug']],
    });
  });

  it('reads lastmod from updatedAt when the type names no field', () => {
    const withDefault = compileSitemapPlan(
      fileConfig,
      { contentTypes: { [PAGE]: { pattern: '/[slug]' } } },
      facts
    );
    expect(withDefault.types.get(PAGE)!.query.lastmodField).toBe('updatedAt');
  });

  it('maps each type a pattern or a filter reads to the mapped types that depend on it', () => {
    expect(plan.dependents).toEqual(
      new Map([
        [ARTICLE, new Set([ARTICLE])],
        [CATEGORY, new Set([ARTICLE])],
        [AUTHOR, new Set([ARTICLE])],
        [PAGE, new Set([PAGE])],
      ])
    );
  });

  it('names file series per host: the main host plain, a locale host with its locales', () => {
    expect(plan.groupKey('article', 'https://www.example.com')).toBe('article');
    expect(plan.groupKey('article', 'https://www.example.fr')).toBe('article_fr_fr-be');
    expect(plan.groupKey('custom', 'https://www.example.fr')).toBe('custom_fr_fr-be');
  });

  it("serves the files under Strapi's URL unless publicUrl is set", () => {
    expect(plan.publicUrl).toBe('http://127.0.0.1:1337/api/sitemap');
    expect(
      compileSitemapPlan(fileConfig, { publicUrl: 'https://cms.example.com/sitemaps/' }, facts)
        .publicUrl
    ).toBe('https://cms.example.com/sitemaps');
  });

  it("takes the default locale from the settings, else from i18n's", () => {
    expect(plan.defaultLocale).toBe('en');
    expect(compileSitemapPlan(fileConfig, { defaultLocale: 'fr' }, facts).defaultLocale).toBe('fr');
    expect(
      compileSitemapPlan(fileConfig, {}, { ...facts, i18nDefaultLocale: undefined }).defaultLocale
    ).toBeUndefined();
  });

  it('carries the validated settings, with admin values over the config file', () => {
    const saved = compileSitemapPlan(fileConfig, { gzip: false, debounceMs: 2000 }, facts);
    expect(saved.settings).toMatchObject({
      hostname: 'https://www.example.com',
      gzip: false,
      debounceMs: 2000,
      cron: '0 3 * * *',
    });
    expect(saved.errors).toEqual([]);
    expect(saved.skipped).toEqual([]);
  });

  it('leaves out a saved type that no longer validates, and lists it in skipped', () => {
    const saved = {
      contentTypes: { [PAGE]: { pattern: '/[slug]' }, [CATEGORY]: { pattern: '/c/[removed]' } },
    };
    const partial = compileSitemapPlan(fileConfig, saved, facts);
    expect([...partial.types.keys()]).toEqual([PAGE]);
    expect(partial.skipped.map((item) => item.setting)).toEqual([`contentTypes["${CATEGORY}"]`]);
    expect(partial.dependents.has(CATEGORY)).toBe(false);
  });

  it('without a usable hostname: lists the errors, maps no type, and keeps what the schedule and the change hook read', () => {
    const { hostname: _unset, ...withoutHostname } = fileConfig;
    const unusable = compileSitemapPlan(
      withoutHostname,
      { cron: '0 4 * * *', autoGenerate: false },
      facts
    );
    expect(unusable.errors.map((error) => error.path)).toEqual([['hostname']]);
    expect(unusable.types.size).toBe(0);
    expect(unusable.skipped).toEqual([]);
    expect(unusable.settings).toMatchObject({
      cron: '0 4 * * *',
      autoGenerate: false,
      debounceMs: 500,
      gzip: true,
    });
    expect(unusable.dependents.get(CATEGORY)).toEqual(new Set([ARTICLE]));
    expect(unusable.publicUrl).toBe('http://127.0.0.1:1337/api/sitemap');
    expect(unusable.defaultLocale).toBe('en');
  });
});

describe('planFromSettings', () => {
  it('compiles candidate settings (the preview of unsaved values) the same way', () => {
    const candidate = validated({
      ...compileSitemapPlan(fileConfig, {}, facts).settings,
      contentTypes: { [PAGE]: { pattern: '/pages/[slug]', priority: 0.3 } },
    });
    const plan = planFromSettings(candidate, facts);
    expect([...plan.types.keys()]).toEqual([PAGE]);
    expect(plan.types.get(PAGE)!.plan).toMatchObject({
      priority: 0.3,
      lastmodField: 'updatedAt',
      defaultLocale: 'en',
    });
    expect(plan.types.get(PAGE)!.plan.pattern.tokens).toEqual([
      { kind: 'literal', text: '/pages/' },
      { kind: 'field', path: ['slug'] },
    ]);
    expect(plan.skipped).toEqual([]);
  });
});
