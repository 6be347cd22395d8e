import { entryStatus, type EntryStatusInput } from '../../../../server/src/core/views/entry-state';
import type { TypePlan } from '../../../../server/src/core/urls/document-urls';
import { parsePattern } from '../../../../server/src/core/urls/pattern';
import { alternatesExtension } from '../../../../server/src/core/extensions/alternates';

const NOW = Date.UTC(2026, 5, 15, 12, 0, 0);

const basePlan = (overrides: Partial<TypePlan> = {}): Omit<TypePlan, 'extensions'> => ({
  uid: 'api::article.article',
  localized: true,
  pattern: parsePattern('/blog/[category.slug]/[slug]'),
  localePatterns: { fr: parsePattern('/fr/blog/[category.slug]/[slug]') },
  hostname: 'https://www.example.com',
  hostnames: {},
  defaultLocale: 'en',
  lastmodField: 'updatedAt',
  ...overrides,
});
/** As the plan compiles it: a localized type lists its versions' alternates. */
const plan = (overrides: Partial<TypePlan> = {}): TypePlan => {
  const compiled = basePlan(overrides);
  return { extensions: compiled.localized ? [LOCALIZED] : [], ...compiled, ...overrides };
};
const LOCALIZED = { extension: alternatesExtension, compiled: true };

const en = {
  locale: 'en',
  entry: { slug: 'hello', category: { slug: 'news' }, updatedAt: '2026-01-10T10:00:00.000Z' },
};
const fr = {
  locale: 'fr',
  entry: { slug: 'bonjour', category: { slug: 'news' }, updatedAt: '2026-01-10T10:00:00.000Z' },
};

const input = (overrides: Partial<EntryStatusInput> = {}): EntryStatusInput => ({
  plan: plan(),
  documentId: 'doc1',
  published: [en, fr],
  matching: new Set(['en', 'fr']),
  drafts: [en, fr],
  excluded: new Set(),
  files: new Map([
    ['en', 'article-1.xml'],
    ['fr', 'article-1.xml'],
  ]),
  pending: false,
  now: NOW,
  ...overrides,
});

const byLocale = (overrides: Partial<EntryStatusInput>) =>
  Object.fromEntries(entryStatus(input(overrides)).map((status) => [status.locale, status]));

describe('entryStatus', () => {
  it('names the live file and the URL of each listed locale', () => {
    expect(entryStatus(input())).toEqual([
      {
        locale: 'en',
        state: 'listed',
        url: 'https://www.example.com/blog/news/hello',
        sites: [],
        draftUrl: null,
        images: [],
        video: null,
        file: 'article-1.xml',
        pending: false,
        excludedBy: null,
        reason: null,
      },
      {
        locale: 'fr',
        state: 'listed',
        url: 'https://www.example.com/fr/blog/news/bonjour',
        sites: [],
        draftUrl: null,
        images: [],
        video: null,
        file: 'article-1.xml',
        pending: false,
        excludedBy: null,
        reason: null,
      },
    ]);
  });

  it('says pending when a change waits and no file holds the locale yet, not-listed when nothing waits', () => {
    expect(byLocale({ files: new Map([['en', 'article-1.xml']]), pending: true }).fr).toMatchObject(
      { state: 'pending', file: null, pending: true }
    );
    expect(byLocale({ files: new Map([['en', 'article-1.xml']]) }).fr).toMatchObject({
      state: 'not-listed',
      file: null,
      reason: null,
    });
    // Listed but changed since: still in its file, with the rewrite waiting.
    expect(byLocale({ pending: true }).en).toMatchObject({ state: 'listed', pending: true });
  });

  it('reports a locale that only exists as a draft, with the URL it would get', () => {
    const draftDe = { locale: 'de', entry: { slug: 'hallo', category: { slug: 'news' } } };
    const status = byLocale({
      published: [en],
      matching: new Set(['en']),
      drafts: [en, fr, draftDe],
      files: new Map([['en', 'article-1.xml']]),
    });
    expect(Object.keys(status)).toEqual(['de', 'en', 'fr']);
    expect(status.fr).toMatchObject({
      state: 'draft-only',
      url: null,
      draftUrl: 'https://www.example.com/fr/blog/news/bonjour',
      file: null,
    });
    expect(status.de).toMatchObject({
      state: 'draft-only',
      draftUrl: 'https://www.example.com/blog/news/hallo',
    });
    expect(status.en.state).toBe('listed');
  });

  it('gives no draft URL when the draft cannot fill the pattern', () => {
    const draft = { locale: 'en', entry: { slug: 'hello', category: null } };
    expect(
      byLocale({ published: [], matching: new Set(), drafts: [draft], files: new Map() }).en
    ).toMatchObject({ state: 'draft-only', draftUrl: null });
  });

  it('says filtered-out for a published version the filters leave out, keeping its URL', () => {
    expect(byLocale({ matching: new Set(['fr']) }).en).toMatchObject({
      state: 'filtered-out',
      url: 'https://www.example.com/blog/news/hello',
    });
  });

  it('says excluded, for the whole document or one locale', () => {
    expect(byLocale({ excluded: new Set(['doc1']) }).fr).toMatchObject({
      state: 'excluded',
      excludedBy: 'document',
    });
    const one = byLocale({ excluded: new Set(['doc1|fr']) });
    expect(one.fr).toMatchObject({
      state: 'excluded',
      excludedBy: 'locale',
      file: 'article-1.xml',
    });
    expect(one.en.state).toBe('listed');
  });

  it('says pattern-unfilled with the field at fault', () => {
    const lost = { locale: 'en', entry: { slug: 'lost', category: null } };
    const status = byLocale({
      published: [lost, fr],
      files: new Map([['fr', 'article-1.xml']]),
    }).en;
    expect(status).toMatchObject({
      state: 'pattern-unfilled',
      url: null,
      reason: {
        rule: 'pattern-unfilled',
        field: 'category.slug',
        pattern: '/blog/[category.slug]/[slug]',
      },
    });
    expect(status.reason!.detail).toMatch(/category\.slug/);
  });

  it('says not-listed with the rule for a URL too long', () => {
    const long = { locale: 'en', entry: { slug: 'x'.repeat(2100), category: { slug: 'news' } } };
    expect(byLocale({ published: [long, fr] }).en).toMatchObject({
      state: 'not-listed',
      reason: { rule: 'url-too-long' },
    });
  });

  it('checks draft, filters, exclusion and pattern in the order a generation does', () => {
    const lost = { locale: 'en', entry: { slug: 'lost', category: null } };
    expect(
      byLocale({ published: [lost], matching: new Set(), excluded: new Set(['doc1']) }).en.state
    ).toBe('filtered-out');
    expect(byLocale({ published: [lost], excluded: new Set(['doc1']) }).en.state).toBe('excluded');
  });

  it('answers one row with a null locale for a type without i18n', () => {
    const category = { entry: { slug: 'news' } };
    expect(
      entryStatus(
        input({
          plan: plan({
            localized: false,
            pattern: parsePattern('/blog/[slug]'),
            localePatterns: {},
          }),
          published: [category],
          matching: new Set(['']),
          drafts: [],
          files: new Map([['', 'category-1.xml']]),
        })
      )
    ).toEqual([
      {
        locale: null,
        state: 'listed',
        url: 'https://www.example.com/blog/news',
        sites: [],
        draftUrl: null,
        images: [],
        video: null,
        file: 'category-1.xml',
        pending: false,
        excludedBy: null,
        reason: null,
      },
    ]);
  });
});
