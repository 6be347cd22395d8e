import {
  changedSettings,
  checkDraft,
  fieldKey,
  formFieldKeys,
  insertToken,
  lastmodFields,
  parseFilters,
  patternTokens,
  serverFieldErrors,
  suggestPattern,
  withParsedFilters,
  type CatalogType,
  type SettingsDraft,
} from '../../../admin/src/utils/settings-form';

const ARTICLE = 'api::article.article';
const catalog: Record<string, CatalogType> = {
  [ARTICLE]: {
    uid: ARTICLE,
    displayName: 'Article',
    readable: true,
    kind: 'collectionType',
    localized: true,
    draftAndPublish: true,
    attributes: {
      title: { type: 'string' },
      slug: { type: 'uid' },
      body: { type: 'blocks' },
      publishedOn: { type: 'date' },
      updatedAt: { type: 'datetime' },
      locale: { type: 'string' },
      category: { type: 'relation', relation: 'manyToOne', target: 'api::category.category' },
      tags: { type: 'relation', relation: 'manyToMany', target: 'api::tag.tag' },
    },
  },
  'api::category.category': {
    uid: 'api::category.category',
    displayName: 'Category',
    readable: true,
    kind: 'collectionType',
    localized: false,
    draftAndPublish: true,
    attributes: { slug: { type: 'uid' }, cover: { type: 'media' } },
  },
  'api::homepage.homepage': {
    uid: 'api::homepage.homepage',
    displayName: 'Homepage',
    readable: true,
    kind: 'singleType',
    localized: false,
    draftAndPublish: false,
    attributes: { title: { type: 'string' } },
  },
};

const valid = (): SettingsDraft => ({
  hostname: 'https://www.example.com',
  hostnames: { fr: 'https://www.example.fr' },
  contentTypes: {
    [ARTICLE]: {
      pattern: '/blog/[category.slug]/[slug]',
      priority: 0.5,
      locales: { fr: { pattern: '/[locale]/blog/[slug]' } },
    },
  },
  customUrls: [{ url: '/about', lastmod: '2026-01-31' }],
  limits: { urlsPerFile: 50_000, bytesPerFile: 52_428_800 },
  gzip: true,
  xsl: true,
  cron: '0 3 * * *',
  autoGenerate: true,
  debounceMs: 500,
});

describe('checkDraft (messages shown before saving)', () => {
  it('accepts valid settings', () => {
    expect(checkDraft(valid(), { [ARTICLE]: '{"noindex":{"$ne":true}}' })).toEqual({});
  });

  it('names each wrong field with a translatable message and its values', () => {
    const draft = valid();
    draft.hostname = 'https://www.example.com/blog';
    draft.hostnames.fr = 'example.fr';
    draft.contentTypes[ARTICLE] = {
      pattern: 'blog/[slug',
      priority: 2,
      locales: { fr: { pattern: '' } },
    };
    draft.customUrls = [{ url: 'about', priority: -1, lastmod: '31/01/2026' }];
    draft.limits = { urlsPerFile: 60_000, bytesPerFile: 10 };
    draft.debounceMs = 1.5;
    draft.cron = ' ';
    const errors = checkDraft(draft, { [ARTICLE]: '[1, 2]' });
    const ids = Object.fromEntries(
      Object.entries(errors).map(([key, message]) => [key, message.id])
    );
    expect(ids).toEqual({
      [fieldKey(['hostname'])]: 'settings.error.origin',
      [fieldKey(['hostnames', 'fr'])]: 'settings.error.origin',
      [fieldKey(['cron'])]: 'settings.error.cron',
      [fieldKey(['limits', 'urlsPerFile'])]: 'settings.error.range',
      [fieldKey(['limits', 'bytesPerFile'])]: 'settings.error.range',
      [fieldKey(['debounceMs'])]: 'settings.error.range',
      [fieldKey(['contentTypes', ARTICLE, 'pattern'])]: 'settings.error.pattern',
      [fieldKey(['contentTypes', ARTICLE, 'locales', 'fr', 'pattern'])]: 'settings.error.required',
      [fieldKey(['contentTypes', ARTICLE, 'priority'])]: 'settings.error.priority',
      [fieldKey(['contentTypes', ARTICLE, 'filters'])]: 'settings.error.filters',
      [fieldKey(['customUrls', '0', 'url'])]: 'settings.error.customUrl',
      [fieldKey(['customUrls', '0', 'priority'])]: 'settings.error.priority',
      [fieldKey(['customUrls', '0', 'lastmod'])]: 'settings.error.lastmod',
    });
    expect(errors[fieldKey(['limits', 'urlsPerFile'])].values).toEqual({ min: 1, max: 50_000 });
    expect(errors[fieldKey(['limits', 'bytesPerFile'])].values).toEqual({
      min: 1024,
      max: 52_428_800,
    });
  });

  it('reports an unclosed field bracket apart from a missing leading slash', () => {
    const draft = valid();
    draft.contentTypes[ARTICLE].pattern = '/blog/[slug';
    expect(checkDraft(draft)[fieldKey(['contentTypes', ARTICLE, 'pattern'])].id).toBe(
      'settings.error.patternBrackets'
    );
    draft.contentTypes[ARTICLE].pattern = '/blog/[[slug]]';
    expect(checkDraft(draft)[fieldKey(['contentTypes', ARTICLE, 'pattern'])].id).toBe(
      'settings.error.patternBrackets'
    );
  });

  it('accepts no schedule at all', () => {
    expect(checkDraft({ ...valid(), cron: false })).toEqual({});
  });

  it('accepts an IANA time zone or none, and names a wrong one on its field', () => {
    expect(checkDraft({ ...valid(), cronTimezone: 'Europe/Paris' })).toEqual({});
    expect(checkDraft({ ...valid(), cronTimezone: '' })).toEqual({});
    const errors = checkDraft({ ...valid(), cronTimezone: 'Europe/Atlantis' });
    expect(errors).toEqual({
      [fieldKey(['cronTimezone'])]: expect.objectContaining({ id: 'settings.error.timezone' }),
    });
  });
});

describe('serverFieldErrors (the server is the authority)', () => {
  const draft = valid();
  const keys = formFieldKeys(draft, ['en', 'fr']);

  it('puts a cronTimezone error on its field', () => {
    const { fields } = serverFieldErrors(
      { errors: [{ path: ['cronTimezone'], message: 'must be an IANA time zone name' }] },
      keys
    );
    expect(Object.keys(fields)).toEqual([fieldKey(['cronTimezone'])]);
  });

  it('puts each server error next to its field, keeping the server text', () => {
    const { fields, other } = serverFieldErrors(
      {
        errors: [
          {
            path: ['contentTypes', ARTICLE, 'pattern'],
            message: '[category.nope]: "nope" is not a field of api::category.category',
          },
          { path: ['customUrls', 0, 'url'], message: 'must be a path' },
        ],
      },
      keys
    );
    expect(other).toEqual([]);
    expect(fields[fieldKey(['contentTypes', ARTICLE, 'pattern'])]).toEqual({
      id: 'settings.error.server',
      defaultMessage: '{message}',
      values: { message: '[category.nope]: "nope" is not a field of api::category.category' },
    });
    expect(fields[fieldKey(['customUrls', '0', 'url'])].values).toEqual({
      message: 'must be a path',
    });
  });

  it('shows a filter key error on the filters box with the key it concerns', () => {
    const { fields } = serverFieldErrors(
      {
        errors: [
          {
            path: ['contentTypes', ARTICLE, 'filters', 'nope'],
            message: 'is not a field of api::article.article',
          },
        ],
      },
      keys
    );
    expect(fields[fieldKey(['contentTypes', ARTICLE, 'filters'])].values).toEqual({
      message: 'nope: is not a field of api::article.article',
    });
  });

  it('returns errors the form has no field for apart, with their path', () => {
    const { fields, other } = serverFieldErrors(
      {
        errors: [
          { path: ['mystery', 'x'], message: 'is not a known setting' },
          { path: [], message: 'settings must be an object' },
        ],
      },
      keys
    );
    expect(fields).toEqual({});
    expect(other).toEqual(['mystery › x: is not a known setting', 'settings must be an object']);
  });

  it('copes with a response that has no details', () => {
    expect(serverFieldErrors(undefined, keys)).toEqual({ fields: {}, other: [] });
  });
});

describe('changedSettings', () => {
  it('sends only the settings the editor changed', () => {
    const initial = valid();
    const draft = { ...valid(), hostname: 'https://example.org', customUrls: [] };
    expect(changedSettings(initial, draft)).toEqual({
      hostname: 'https://example.org',
      customUrls: [],
    });
    expect(changedSettings(initial, valid())).toEqual({});
  });

  it('sends a cleared optional setting as null, so that the save drops it', () => {
    const initial = { ...valid(), publicUrl: 'https://cms.example.com/api/sitemap' };
    const draft = { ...valid(), publicUrl: undefined };
    const patch = changedSettings(initial, draft);
    expect(patch).toEqual({ publicUrl: null });
    expect(JSON.parse(JSON.stringify(patch))).toEqual({ publicUrl: null });
  });
});

describe('filters text', () => {
  it('parses an object, treats empty as none and refuses anything else', () => {
    expect(parseFilters('  ')).toEqual({ ok: true });
    expect(parseFilters('{"noindex":{"$ne":true}}')).toEqual({
      ok: true,
      value: { noindex: { $ne: true } },
    });
    expect(parseFilters('[]')).toEqual({ ok: false });
    expect(parseFilters('{noindex: true}')).toEqual({ ok: false });
  });

  it('writes the typed filters back into the draft, and drops them when emptied', () => {
    const draft = valid();
    draft.contentTypes[ARTICLE].filters = { old: true };
    expect(
      withParsedFilters(draft, { [ARTICLE]: '{"noindex":false}' }).contentTypes[ARTICLE].filters
    ).toEqual({ noindex: false });
    expect(withParsedFilters(draft, { [ARTICLE]: '' }).contentTypes[ARTICLE]).not.toHaveProperty(
      'filters'
    );
    expect(withParsedFilters(draft, {}).contentTypes[ARTICLE].filters).toEqual({ old: true });
  });
});

describe('field picker', () => {
  it('offers single-value fields, fields of to-one relations and [locale], never to-many relations or media', () => {
    expect(patternTokens(ARTICLE, catalog)).toEqual([
      '[title]',
      '[slug]',
      '[publishedOn]',
      '[locale]',
      '[category.slug]',
    ]);
    expect(patternTokens('api::homepage.homepage', catalog)).toEqual(['[title]']);
    expect(patternTokens('api::unknown.unknown', catalog)).toEqual([]);
  });

  it('inserts a token at the caret as its own path segment', () => {
    expect(insertToken('', '[slug]')).toBe('/[slug]');
    expect(insertToken('/blog', '[slug]')).toBe('/blog/[slug]');
    expect(insertToken('/blog/', '[slug]')).toBe('/blog/[slug]');
    expect(insertToken('/blog/[slug]', '[category.slug]', 6)).toBe('/blog/[category.slug][slug]');
  });

  it('lists date fields for lastmod with updatedAt first', () => {
    expect(lastmodFields(catalog[ARTICLE])).toEqual(['updatedAt', 'publishedOn']);
  });

  it('suggests a first pattern from the uid field', () => {
    expect(suggestPattern(catalog[ARTICLE])).toBe('/article/[slug]');
    expect(suggestPattern(catalog['api::homepage.homepage'])).toBe('/homepage');
  });
});
