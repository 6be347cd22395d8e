import {
  DEFAULT_SETTINGS,
  describeErrors,
  validateSettings,
} from '../../../../server/src/core/settings/validate';
import {
  CHANGEFREQS,
  MIN_BYTES_PER_FILE,
  DEFAULT_LIMITS,
  PROTOCOL_LIMITS,
} from '../../../../shared/limits';
import { parseOrigin } from '../../../../shared/checks';
import { parsePattern, resolvePattern } from '../../../../server/src/core/urls/pattern';
import type { FieldError, SchemaCatalog } from '../../../../shared/types';

const ARTICLE = 'api::article.article';
const CATEGORY = 'api::category.category';
const HOMEPAGE = 'api::homepage.homepage';

const catalog: SchemaCatalog = {
  [ARTICLE]: {
    uid: ARTICLE,
    kind: 'collectionType',
    localized: true,
    draftAndPublish: true,
    attributes: {
      slug: { type: 'string' },
      title: { type: 'string' },
      body: { type: 'blocks' },
      featured: { type: 'boolean' },
      updatedAt: { type: 'datetime' },
      publishDate: { type: 'date' },
      category: { type: 'relation', relation: 'manyToOne', target: CATEGORY },
      tags: { type: 'relation', relation: 'manyToMany', target: 'api::tag.tag' },
    },
  },
  [CATEGORY]: {
    uid: CATEGORY,
    kind: 'collectionType',
    localized: false,
    draftAndPublish: false,
    attributes: {
      slug: { type: 'string' },
      parent: { type: 'relation', relation: 'manyToOne', target: CATEGORY },
    },
  },
  [HOMEPAGE]: {
    uid: HOMEPAGE,
    kind: 'singleType',
    localized: false,
    draftAndPublish: true,
    attributes: { title: { type: 'string' }, updatedAt: { type: 'datetime' } },
  },
  'api::tag.tag': {
    uid: 'api::tag.tag',
    kind: 'collectionType',
    localized: false,
    draftAndPublish: false,
    attributes: { slug: { type: 'uid' } },
  },
};

/** Defaults merged with the given settings, as the settings service does before validating. */
const settings = (overrides: Record<string, unknown> = {}) => ({
  ...DEFAULT_SETTINGS,
  hostname: 'https://www.example.com',
  ...overrides,
});

/** Settings with a single content type entry. */
const withType = (uid: string, typeSettings: unknown) =>
  settings({ contentTypes: { [uid]: typeSettings } });

/** `null` validates without a catalog. */
const errorsOf = (input: unknown, withCatalog: SchemaCatalog | null = catalog) =>
  validateSettings(input, withCatalog ?? undefined).errors;

/** Asserts exactly one error, at `path`, whose message contains every given fragment. */
function expectOneError(input: unknown, path: string[], ...fragments: string[]) {
  const errors = errorsOf(input);
  expect(errors).toHaveLength(1);
  expect(errors[0].path).toEqual(path);
  for (const fragment of fragments) expect(errors[0].message).toContain(fragment);
}

const patternPath = (uid = ARTICLE) => ['contentTypes', uid, 'pattern'];

describe('parseOrigin', () => {
  it.each([
    ['https://www.example.com', 'https://www.example.com'],
    ['https://www.example.com/', 'https://www.example.com'],
    ['http://localhost:3000', 'http://localhost:3000'],
    ['HTTPS://WWW.Example.COM', 'https://www.example.com'],
    ['https://www.example.com:443/', 'https://www.example.com'],
    ['https://www.example.com:8443', 'https://www.example.com:8443'],
    ['https://bücher.example', 'https://xn--bcher-kva.example'],
  ])('normalises %j to %j', (value, origin) => {
    expect(parseOrigin(value)).toBe(origin);
  });

  it.each([
    ['a relative host', 'www.example.com'],
    ['a relative path', '/blog'],
    ['a protocol-relative URL', '//www.example.com'],
    ['an empty string', ''],
    ['another scheme', 'ftp://www.example.com'],
    ['a path', 'https://www.example.com/blog'],
    ['a query', 'https://www.example.com/?a=1'],
    ['a fragment', 'https://www.example.com/#top'],
    ['credentials', 'https://user:pass@www.example.com'],
    ['a user name', 'https://user@www.example.com'],
    ['a number', 42],
    ['null', null],
    ['undefined', undefined],
  ])('refuses %s', (_label, value) => {
    expect(parseOrigin(value)).toBeNull();
  });
});

describe('validateSettings', () => {
  describe('a valid configuration', () => {
    it('passes with the defaults and a hostname', () => {
      const result = validateSettings(settings(), catalog);
      expect(result.errors).toEqual([]);
      expect(result.settings).toEqual({
        ...DEFAULT_SETTINGS,
        hostname: 'https://www.example.com',
        hostnames: {},
        publicUrl: undefined,
        limits: { ...DEFAULT_LIMITS },
      });
    });

    it('comes back normalised', () => {
      const input = settings({
        hostname: 'https://WWW.Example.com/',
        hostnames: { fr: 'https://www.example.fr/' },
        defaultLocale: 'en',
        publicUrl: 'https://cms.example.com/api/sitemap/',
        limits: { urlsPerFile: 1000 },
        gzip: false,
        xsl: false,
        contentTypes: {
          [ARTICLE]: {
            pattern: '/[locale]/blog/[category.slug]/[slug]',
            locales: { fr: { pattern: '/fr/actualites/[slug]' } },
            priority: 0.8,
            changefreq: 'weekly',
            lastmod: 'updatedAt',
            filters: { title: { $notNull: true }, $or: [{ featured: true }] },
          },
          [HOMEPAGE]: { pattern: '/', priority: 1, lastmod: false },
        },
        customUrls: [
          { url: '/contact', priority: 0.3, changefreq: 'yearly', lastmod: '2026-01-15' },
        ],
      });
      const { errors, settings: result } = validateSettings(input, catalog);
      expect(errors).toEqual([]);
      expect(result).toMatchObject({
        hostname: 'https://www.example.com',
        hostnames: { fr: 'https://www.example.fr' },
        defaultLocale: 'en',
        publicUrl: 'https://cms.example.com/api/sitemap',
        limits: { urlsPerFile: 1000, bytesPerFile: PROTOCOL_LIMITS.bytesPerFile },
        gzip: false,
        xsl: false,
        contentTypes: input.contentTypes,
        customUrls: input.customUrls,
      });
    });

    it('fills missing limits with the defaults: 10,000 URLs and the protocol’s 50 MB', () => {
      expect(validateSettings(settings({ limits: {} }), catalog).settings!.limits).toEqual({
        urlsPerFile: 10_000,
        bytesPerFile: PROTOCOL_LIMITS.bytesPerFile,
      });
      expect(
        validateSettings(settings({ limits: { bytesPerFile: 2048 } }), catalog).settings!.limits
      ).toEqual({
        urlsPerFile: DEFAULT_LIMITS.urlsPerFile,
        bytesPerFile: 2048,
      });
    });

    it('accepts the limits at their bounds', () => {
      expect(
        errorsOf(settings({ limits: { urlsPerFile: 1, bytesPerFile: MIN_BYTES_PER_FILE } }))
      ).toEqual([]);
      expect(
        errorsOf(settings({ limits: { urlsPerFile: 50_000, bytesPerFile: 52_428_800 } }))
      ).toEqual([]);
    });

    it('leaves publicUrl out when it is empty or null', () => {
      expect(
        validateSettings(settings({ publicUrl: '' }), catalog).settings!.publicUrl
      ).toBeUndefined();
      expect(
        validateSettings(settings({ publicUrl: null }), catalog).settings!.publicUrl
      ).toBeUndefined();
      expect(
        validateSettings(settings({ publicUrl: 'https://cms.example.com' }), catalog).settings!
          .publicUrl
      ).toBe('https://cms.example.com');
    });

    it('accepts every changefreq of the protocol, and priority 0 and 1', () => {
      expect(CHANGEFREQS).toEqual([
        'always',
        'hourly',
        'daily',
        'weekly',
        'monthly',
        'yearly',
        'never',
      ]);
      for (const changefreq of CHANGEFREQS) {
        expect(
          errorsOf(withType(ARTICLE, { pattern: '/[slug]', changefreq, priority: 0 }))
        ).toEqual([]);
        expect(
          errorsOf(settings({ customUrls: [{ url: '/a', changefreq, priority: 1 }] }))
        ).toEqual([]);
      }
    });

    it('does not change the input', () => {
      const input = settings({
        hostname: 'https://www.example.com/',
        hostnames: { fr: 'https://www.example.fr/' },
      });
      const copy = JSON.parse(JSON.stringify(input));
      validateSettings(input, catalog);
      expect(input).toEqual(copy);
    });
  });

  it('reports several errors at once, each with its path', () => {
    const { errors, settings: result } = validateSettings(
      {
        hostname: 'example.com',
        hostnames: { fr: 'www.example.fr' },
        contentTypes: {
          [ARTICLE]: { pattern: '/blog/[nope]', priority: 2, changefreq: 'sometimes' },
          'api::nope.nope': { pattern: '/[slug]' },
        },
        customUrls: [{ url: 'contact', priority: -1 }],
        limits: { urlsPerFile: 60_000, bytesPerFile: 60_000_000 },
        gzip: 'yes',
        xsl: true,
        cron: '0 3 * * *',
        autoGenerate: true,
        debounceMs: 500,
        extra: 1,
      },
      catalog
    );
    expect(result).toBeUndefined();
    expect(errors.map((error) => error.path)).toEqual(
      expect.arrayContaining([
        ['extra'],
        ['hostname'],
        ['hostnames', 'fr'],
        ['contentTypes', ARTICLE, 'pattern'],
        ['contentTypes', ARTICLE, 'priority'],
        ['contentTypes', ARTICLE, 'changefreq'],
        ['contentTypes', 'api::nope.nope'],
        ['customUrls', '0', 'url'],
        ['customUrls', '0', 'priority'],
        ['limits', 'urlsPerFile'],
        ['limits', 'bytesPerFile'],
        ['gzip'],
      ])
    );
    expect(errors).toHaveLength(12);
    for (const error of errors) expect(error.message).toEqual(expect.any(String));
  });

  describe('top level', () => {
    it.each([null, undefined, 'settings', 42, []])('refuses %p as settings', (input) => {
      expect(validateSettings(input, catalog)).toEqual({
        errors: [{ path: [], message: 'settings must be an object' }],
      });
    });

    it('refuses unknown keys', () => {
      expectOneError(settings({ hostame: 'https://x.com' }), ['hostame'], 'not a known setting');
    });

    it.each(['gzip', 'xsl'])('requires %s to be a boolean', (key) => {
      expectOneError(settings({ [key]: 'true' }), [key], 'true or false');
      expectOneError(settings({ [key]: undefined }), [key], 'true or false');
    });
  });

  describe('hostname and hostnames', () => {
    it.each([
      '',
      'www.example.com',
      '/blog',
      'https://www.example.com/blog',
      'ftp://www.example.com',
      undefined,
    ])('refuses the hostname %p', (hostname) => {
      expectOneError(settings({ hostname }), ['hostname'], 'absolute origin', 'no path');
    });

    it('refuses a hostnames value that is not an object', () => {
      expectOneError(
        settings({ hostnames: 'https://www.example.fr' }),
        ['hostnames'],
        'object keyed by locale'
      );
      expectOneError(settings({ hostnames: null }), ['hostnames'], 'object keyed by locale');
    });

    it('refuses each bad per-locale origin, by locale', () => {
      const errors = errorsOf(
        settings({
          hostnames: { fr: 'example.fr', de: 'https://www.example.de', es: 'https://e.es/es' },
        })
      );
      expect(errors.map((error) => error.path)).toEqual([
        ['hostnames', 'fr'],
        ['hostnames', 'es'],
      ]);
      expect(errors[0].message).toContain('absolute http(s) origin');
    });
  });

  describe('defaultLocale and publicUrl', () => {
    it.each(['', 5, null])('refuses the defaultLocale %p', (defaultLocale) => {
      expectOneError(settings({ defaultLocale }), ['defaultLocale'], 'locale code');
    });

    it.each(['cms.example.com/api/sitemap', '/api/sitemap', 'ftp://cms.example.com'])(
      'refuses the publicUrl %p',
      (publicUrl) => {
        expectOneError(settings({ publicUrl }), ['publicUrl'], 'absolute http(s) URL');
      }
    );

    // File names are appended to it: a query or fragment would be carried into every listed file URL.
    const cms = 'https://cms.example.com';
    it.each([
      `${cms}/api/sitemap?x=1`,
      `${cms}/api/sitemap#top`,
      `${cms}/api/sitemap?`,
      'https://u:p@cms.example.com/s',
    ])('refuses the publicUrl %p with a query, a fragment or credentials', (publicUrl) => {
      expectOneError(settings({ publicUrl }), ['publicUrl'], 'query (?), a fragment (#)');
    });
  });

  describe('limits', () => {
    it('refuses a limits value that is not an object', () => {
      expectOneError(settings({ limits: 1000 }), ['limits'], 'urlsPerFile and bytesPerFile');
      expectOneError(settings({ limits: undefined }), ['limits'], 'urlsPerFile and bytesPerFile');
    });

    it.each([0, -1, 50_001, 1.5, '1000', NaN])('refuses urlsPerFile %p', (urlsPerFile) => {
      expectOneError(
        settings({ limits: { urlsPerFile } }),
        ['limits', 'urlsPerFile'],
        'whole number from 1 to 50000'
      );
    });

    it.each([MIN_BYTES_PER_FILE - 1, 0, 52_428_801, 2048.5, '2048'])(
      'refuses bytesPerFile %p',
      (bytesPerFile) => {
        expectOneError(
          settings({ limits: { bytesPerFile } }),
          ['limits', 'bytesPerFile'],
          'whole number from 1024 to 52428800',
          '50 MB'
        );
      }
    );

    it('refuses unknown limit keys', () => {
      expectOneError(
        settings({ limits: { maxUrls: 5 } }),
        ['limits', 'maxUrls'],
        'not a known setting'
      );
    });
  });

  describe('customUrls', () => {
    it('refuses a value that is not a list', () => {
      expectOneError(settings({ customUrls: {} }), ['customUrls'], 'must be a list');
      expectOneError(settings({ customUrls: undefined }), ['customUrls'], 'must be a list');
    });

    it('refuses an item that is not an object', () => {
      expectOneError(settings({ customUrls: ['/a'] }), ['customUrls', '0'], 'object with a url');
    });

    it('accepts a path or an absolute http(s) URL', () => {
      expect(
        errorsOf(
          settings({
            customUrls: [
              { url: '/' },
              { url: '/a b' },
              { url: 'https://www.example.com/x' },
              { url: 'http://a.b/c' },
            ],
          })
        )
      ).toEqual([]);
    });

    it.each(['contact', 'ftp://www.example.com/x', 'www.example.com/x', '', 42, undefined])(
      'refuses the url %p',
      (url) => {
        expectOneError(
          settings({ customUrls: [{ url }] }),
          ['customUrls', '0', 'url'],
          'starting with "/"',
          'absolute http(s) URL'
        );
      }
    );

    // A line break in a custom URL would inject a second line into the .txt sitemap.
    it.each([
      'https://www.example.com/a\nhttps://evil.example/x',
      '/a\r\n/b',
      '/a\tb',
      '/a\u0000',
      '/a\u001F',
      '/a\u007F',
    ])('refuses the url %j that holds a control character', (url) => {
      expectOneError(
        settings({ customUrls: [{ url }] }),
        ['customUrls', '0', 'url'],
        'control characters'
      );
    });

    it('reports the index of the item at fault', () => {
      const errors = errorsOf(
        settings({ customUrls: [{ url: '/ok' }, { url: '/ok2' }, { url: 'bad' }] })
      );
      expect(errors).toEqual([{ path: ['customUrls', '2', 'url'], message: expect.any(String) }]);
    });

    it.each([-0.1, 1.1, NaN, Infinity, '0.5'])('refuses the priority %p', (priority) => {
      expectOneError(
        settings({ customUrls: [{ url: '/a', priority }] }),
        ['customUrls', '0', 'priority'],
        'from 0.0 to 1.0'
      );
    });

    it.each(['sometimes', 'Daily', '', null])('refuses the changefreq %p', (changefreq) => {
      expectOneError(
        settings({ customUrls: [{ url: '/a', changefreq }] }),
        ['customUrls', '0', 'changefreq'],
        'must be one of always, hourly'
      );
    });

    it('accepts a date or a full date-time lastmod in the past', () => {
      expect(
        errorsOf(
          settings({
            customUrls: [
              { url: '/a', lastmod: '2026-01-15' },
              { url: '/b', lastmod: '2026-01-15T10:00:00+02:00' },
            ],
          })
        )
      ).toEqual([]);
    });

    it.each(['yesterday', '2026-02-30', '2999-01-01', '2999-01-01T00:00:00Z'])(
      'refuses the lastmod %p',
      (lastmod) => {
        expectOneError(
          settings({ customUrls: [{ url: '/a', lastmod }] }),
          ['customUrls', '0', 'lastmod'],
          'W3C date',
          'not in the future'
        );
      }
    );

    it('refuses a lastmod that is not a string, even a readable one', () => {
      expectOneError(
        settings({ customUrls: [{ url: '/a', lastmod: Date.UTC(2026, 0, 1) }] }),
        ['customUrls', '0', 'lastmod'],
        'W3C date'
      );
    });

    // Regression: a readable but non-W3C lastmod must reach the sitemap normalised, never verbatim.
    it.each(['2026-01-15 10:00:00', '2026-01-15T10:00:00', '1700000000000'])(
      'refuses, or normalises to W3C Datetime, the custom lastmod %p',
      (lastmod) => {
        const result = validateSettings(
          settings({ customUrls: [{ url: '/a', lastmod }] }),
          catalog
        );
        const W3C = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2}))?$/;
        if (result.settings) expect(result.settings.customUrls[0].lastmod).toMatch(W3C);
        else
          expect(result.errors.map((error) => error.path)).toEqual([
            ['customUrls', '0', 'lastmod'],
          ]);
      }
    );
  });

  describe('contentTypes', () => {
    it('refuses a value that is not an object', () => {
      expectOneError(settings({ contentTypes: [] }), ['contentTypes'], 'keyed by content type uid');
      expectOneError(
        settings({ contentTypes: undefined }),
        ['contentTypes'],
        'keyed by content type uid'
      );
    });

    it('refuses an unknown content type', () => {
      expectOneError(
        withType('api::nope.nope', { pattern: '/[slug]' }),
        ['contentTypes', 'api::nope.nope'],
        'unknown content type "api::nope.nope"'
      );
    });

    it('refuses type settings that are not an object', () => {
      expectOneError(
        withType(ARTICLE, '/blog/[slug]'),
        ['contentTypes', ARTICLE],
        'at least a pattern'
      );
    });

    it('refuses unknown keys in type settings', () => {
      expectOneError(
        withType(ARTICLE, { pattern: '/[slug]', priorty: 0.5 }),
        ['contentTypes', ARTICLE, 'priorty'],
        'not a known setting'
      );
    });

    it('requires a pattern', () => {
      expectOneError(
        withType(ARTICLE, { priority: 0.5 }),
        patternPath(),
        'is required',
        '/blog/[slug]'
      );
      expectOneError(withType(ARTICLE, { pattern: 42 }), patternPath(), 'is required');
    });

    it.each([-0.5, 1.01, '1', NaN])('refuses the priority %p', (priority) => {
      expectOneError(
        withType(ARTICLE, { pattern: '/[slug]', priority }),
        ['contentTypes', ARTICLE, 'priority'],
        'from 0.0 to 1.0'
      );
    });

    it.each(['sometimes', 'WEEKLY', 1])('refuses the changefreq %p', (changefreq) => {
      expectOneError(
        withType(ARTICLE, { pattern: '/[slug]', changefreq }),
        ['contentTypes', ARTICLE, 'changefreq'],
        'must be one of always, hourly, daily, weekly, monthly, yearly, never'
      );
    });

    describe('pattern syntax (checked with or without a catalog)', () => {
      it.each([
        ['blog/[slug]', 'starts with "/"'],
        ['/blog/[slug', 'unbalanced'],
        ['/blog/[slug]?x=1', '"?" or "#"'],
        ['/blog/[my-slug]', 'invalid placeholder'],
      ])('refuses %j', (pattern, reason) => {
        expectOneError(withType(ARTICLE, { pattern }), patternPath(), reason);
        const without = errorsOf(withType(ARTICLE, { pattern }), null);
        expect(without).toHaveLength(1);
        expect(without[0].message).toContain(reason);
      });
    });

    describe('pattern fields (checked against the catalog)', () => {
      it.each([
        '/blog/[slug]',
        '/[locale]/blog/[slug]',
        '/blog/[category.slug]/[slug]',
        '/[category.parent.slug]/[slug]',
        '/[publishDate]-[slug]',
        '/[category.parent.parent.slug]/x',
      ])('accepts %j', (pattern) => {
        expect(errorsOf(withType(ARTICLE, { pattern }))).toEqual([]);
      });

      it('refuses a field that does not exist, naming it and the type', () => {
        expectOneError(
          withType(ARTICLE, { pattern: '/blog/[slugg]' }),
          patternPath(),
          '[slugg]',
          '"slugg" is not a field of api::article.article'
        );
      });

      it('refuses a field that does not exist on the related type', () => {
        expectOneError(
          withType(ARTICLE, { pattern: '/[category.name]/[slug]' }),
          patternPath(),
          '"name" is not a field of api::category.category'
        );
      });

      it('refuses a field that is not a single text or number value', () => {
        expectOneError(
          withType(ARTICLE, { pattern: '/[body]' }),
          patternPath(),
          '"body" is a blocks field',
          'not a single text or number value'
        );
        expectOneError(
          withType(ARTICLE, { pattern: '/[updatedAt]' }),
          patternPath(),
          '"updatedAt" is a datetime field'
        );
      });

      it('refuses a relation used as a value, suggesting one of its fields', () => {
        expectOneError(
          withType(ARTICLE, { pattern: '/[category]/[slug]' }),
          patternPath(),
          '"category" is a relation',
          '[category.slug]'
        );
      });

      it('refuses a path through a to-many relation', () => {
        expectOneError(
          withType(ARTICLE, { pattern: '/[tags.slug]/[slug]' }),
          patternPath(),
          '"tags" must be a to-one relation',
          'manyToMany'
        );
      });

      it('refuses a path through a field that is not a relation', () => {
        expectOneError(
          withType(ARTICLE, { pattern: '/[title.slug]' }),
          patternPath(),
          '"title" is not a relation',
          'no field "slug"'
        );
      });

      it('refuses [locale] on a type without internationalization', () => {
        expectOneError(
          withType(CATEGORY, { pattern: '/[locale]/[slug]' }),
          patternPath(CATEGORY),
          '[locale]',
          'internationalization'
        );
      });

      it('refuses a collection type pattern that gives every entry the same URL', () => {
        expectOneError(
          withType(ARTICLE, { pattern: '/blog' }),
          patternPath(),
          'gives every entry the same URL'
        );
        expectOneError(
          withType(ARTICLE, { pattern: '/[locale]/blog' }),
          patternPath(),
          'gives every entry the same URL'
        );
      });

      it('accepts a fixed pattern for a single type', () => {
        expect(errorsOf(withType(HOMEPAGE, { pattern: '/' }))).toEqual([]);
        expect(errorsOf(withType(HOMEPAGE, { pattern: '/home' }))).toEqual([]);
      });

      it('reports every wrong field of one pattern', () => {
        const errors = errorsOf(withType(ARTICLE, { pattern: '/[nope]/[body]/[tags.slug]' }));
        expect(errors.map((error) => error.path)).toEqual([
          patternPath(),
          patternPath(),
          patternPath(),
        ]);
        expect(errors.map((error) => error.message)).toEqual([
          expect.stringContaining('"nope" is not a field'),
          expect.stringContaining('"body" is a blocks field'),
          expect.stringContaining('"tags" must be a to-one relation'),
        ]);
      });

      it('does not check fields without a catalog', () => {
        expect(
          errorsOf(
            withType('api::anything.anything', { pattern: '/[nope]/[tags.slug]/[locale]' }),
            null
          )
        ).toEqual([]);
      });
    });

    describe('per-locale patterns', () => {
      it('accepts locale overrides on a localized type', () => {
        expect(
          errorsOf(
            withType(ARTICLE, {
              pattern: '/en/[slug]',
              locales: { fr: { pattern: '/fr/[category.slug]/[slug]' } },
            })
          )
        ).toEqual([]);
      });

      it('checks each override like the main pattern, at its own path', () => {
        const errors = errorsOf(
          withType(ARTICLE, {
            pattern: '/[slug]',
            locales: { fr: { pattern: '/fr/[nope]' }, de: { pattern: 'de/[slug]' } },
          })
        );
        expect(errors.map((error) => error.path)).toEqual([
          ['contentTypes', ARTICLE, 'locales', 'fr', 'pattern'],
          ['contentTypes', ARTICLE, 'locales', 'de', 'pattern'],
        ]);
        expect(errors[0].message).toContain('"nope" is not a field');
        expect(errors[1].message).toContain('starts with "/"');
      });

      it('requires a pattern in each override', () => {
        expectOneError(
          withType(ARTICLE, { pattern: '/[slug]', locales: { fr: '/fr/[slug]' } }),
          ['contentTypes', ARTICLE, 'locales', 'fr', 'pattern'],
          'is required'
        );
        expectOneError(
          withType(ARTICLE, { pattern: '/[slug]', locales: { fr: {} } }),
          ['contentTypes', ARTICLE, 'locales', 'fr', 'pattern'],
          'is required'
        );
      });

      it('refuses locales that are not an object', () => {
        expectOneError(
          withType(ARTICLE, { pattern: '/[slug]', locales: ['fr'] }),
          ['contentTypes', ARTICLE, 'locales'],
          'keyed by locale code'
        );
      });

      it('refuses overrides on a type without internationalization', () => {
        expectOneError(
          withType(CATEGORY, { pattern: '/[slug]', locales: { fr: { pattern: '/fr/[slug]' } } }),
          ['contentTypes', CATEGORY, 'locales'],
          'internationalization'
        );
      });
    });

    describe('lastmod', () => {
      it.each(['updatedAt', 'publishDate', false, undefined])('accepts %p', (lastmod) => {
        expect(errorsOf(withType(ARTICLE, { pattern: '/[slug]', lastmod }))).toEqual([]);
      });

      it('accepts a timestamp field', () => {
        const withTimestamp: SchemaCatalog = {
          ...catalog,
          [CATEGORY]: {
            ...catalog[CATEGORY],
            attributes: { ...catalog[CATEGORY].attributes, changedAt: { type: 'timestamp' } },
          },
        };
        expect(
          validateSettings(
            withType(CATEGORY, { pattern: '/[slug]', lastmod: 'changedAt' }),
            withTimestamp
          ).errors
        ).toEqual([]);
      });

      it.each(['title', 'nope', 'category'])('refuses %p, which is not a date field', (lastmod) => {
        expectOneError(
          withType(ARTICLE, { pattern: '/[slug]', lastmod }),
          ['contentTypes', ARTICLE, 'lastmod'],
          `"${lastmod}" is not a date field of ${ARTICLE}`
        );
      });

      it.each([true, 1, null])('refuses %p, which is not a field name', (lastmod) => {
        expectOneError(
          withType(ARTICLE, { pattern: '/[slug]', lastmod }),
          ['contentTypes', ARTICLE, 'lastmod'],
          'name of a date field, or false'
        );
      });

      it('does not check the field name without a catalog', () => {
        expect(errorsOf(withType(ARTICLE, { pattern: '/[slug]', lastmod: 'nope' }), null)).toEqual(
          []
        );
      });
    });

    describe('filters', () => {
      it('accepts fields of the type and $ operators', () => {
        expect(
          errorsOf(
            withType(ARTICLE, {
              pattern: '/[slug]',
              filters: { title: { $ne: null }, $and: [{ featured: true }] },
            })
          )
        ).toEqual([]);
      });

      it('refuses a filter on a field the type does not have, at its path', () => {
        expectOneError(
          withType(ARTICLE, { pattern: '/[slug]', filters: { nope: true } }),
          ['contentTypes', ARTICLE, 'filters', 'nope'],
          `not a field of ${ARTICLE}`
        );
      });

      it.each([[[]], ['title'], [null]])('refuses filters %p that are not an object', (filters) => {
        expectOneError(
          withType(ARTICLE, { pattern: '/[slug]', filters }),
          ['contentTypes', ARTICLE, 'filters'],
          'Strapi filter syntax'
        );
      });

      it('does not check filter fields without a catalog', () => {
        expect(
          errorsOf(withType(ARTICLE, { pattern: '/[slug]', filters: { nope: true } }), null)
        ).toEqual([]);
      });

      const withFilters = (filters: unknown) => withType(ARTICLE, { pattern: '/[slug]', filters });
      const filtersPath = (...keys: string[]) => ['contentTypes', ARTICLE, 'filters', ...keys];
      const withAttribute = (
        uid: string,
        name: string,
        attribute: SchemaCatalog[string]['attributes'][string]
      ): SchemaCatalog => ({
        ...catalog,
        [uid]: { ...catalog[uid], attributes: { ...catalog[uid].attributes, [name]: attribute } },
      });

      it('accepts fields through a relation, operators at any level, and groups', () => {
        const category = { slug: { $in: ['a', 'b'] }, parent: { slug: { $notNull: true } } };
        expect(
          errorsOf(withFilters({ category, $or: [{ $not: { featured: true } }, { title: 'x' }] }))
        ).toEqual([]);
      });

      it('checks every key in depth: a field of the related type, at its full path', () => {
        const filters = { $and: [{ category: { nope: { $eq: 1 } } }] };
        expectOneError(
          withFilters(filters),
          filtersPath('$and', '0', 'category', 'nope'),
          `not a field of ${CATEGORY}`
        );
      });

      it('refuses a relation to a type outside the catalog', () => {
        const withAdmin = withAttribute(CATEGORY, 'owner', {
          type: 'relation',
          relation: 'oneToOne',
          target: 'admin::user',
        });
        const input = withType(CATEGORY, {
          pattern: '/[slug]',
          filters: { owner: { password: { $startsWith: '$2' } } },
        });
        expect(validateSettings(input, withAdmin).errors).toEqual([
          {
            path: ['contentTypes', CATEGORY, 'filters', 'owner'],
            message: expect.stringContaining('may not read'),
          },
        ]);
      });

      it.each(['$bogus', '$jsonSupersetOf', '$where'])('refuses the operator %s', (operator) => {
        expectOneError(
          withFilters({ slug: { [operator]: 1 } }),
          filtersPath('slug', operator),
          'not a Strapi filter operator'
        );
      });

      it('refuses a field name inside a value, where only operators belong', () => {
        expectOneError(
          withFilters({ slug: { title: 'x' } }),
          filtersPath('slug', 'title'),
          'not a filter operator'
        );
      });

      it('refuses a component or dynamic zone field', () => {
        const withBlocks = withAttribute(ARTICLE, 'seo', { type: 'component' });
        expect(
          validateSettings(withFilters({ seo: { noindex: true } }), withBlocks).errors
        ).toEqual([
          { path: filtersPath('seo'), message: expect.stringContaining('component field') },
        ]);
      });

      it('accepts 5 levels and refuses a sixth', () => {
        const five = { category: { parent: { parent: { slug: { $eq: 'x' } } } } };
        expect(errorsOf(withType(ARTICLE, { pattern: '/[slug]', filters: five }))).toEqual([]);
        const six = { category: { parent: { parent: { parent: { slug: { $eq: 'x' } } } } } };
        expectOneError(
          withFilters(six),
          filtersPath('category', 'parent', 'parent', 'parent', 'slug'),
          'at most 5 levels'
        );
      });

      it('refuses filters above 10 KB, even without a catalog', () => {
        const filters = { slug: { $in: Array.from({ length: 1100 }, (_, i) => `slug-${i}`) } };
        expect(Buffer.byteLength(JSON.stringify(filters))).toBeGreaterThan(10 * 1024);
        expectOneError(
          withType(ARTICLE, { pattern: '/[slug]', filters }),
          ['contentTypes', ARTICLE, 'filters'],
          'at most 10 KB'
        );
        expect(errorsOf(withType(ARTICLE, { pattern: '/[slug]', filters }), null)).toHaveLength(1);
      });
    });

    // Names are looked up as own properties: inherited ones (constructor, toString, __proto__) are unknown.
    describe('names inherited from Object.prototype', () => {
      it.each(['constructor', 'toString', '__proto__', 'hasOwnProperty'])(
        'refuses a content type named %s',
        (uid) => {
          const input = settings({
            contentTypes: JSON.parse(`{${JSON.stringify(uid)}: {"pattern": "/[slug]"}}`),
          });
          expectOneError(input, ['contentTypes', uid], 'unknown content type');
        }
      );

      it.each(['constructor', 'toString', 'valueOf'])(
        'refuses %s as a pattern field, a lastmod field and a filter field',
        (name) => {
          expectOneError(
            withType(ARTICLE, { pattern: `/[${name}]` }),
            patternPath(),
            `"${name}" is not a field`
          );
          expectOneError(
            withType(ARTICLE, { pattern: '/[slug]', lastmod: name }),
            ['contentTypes', ARTICLE, 'lastmod'],
            'not a date field'
          );
          const filters = { [name]: true };
          expectOneError(
            withType(ARTICLE, { pattern: '/[slug]', filters }),
            ['contentTypes', ARTICLE, 'filters', name],
            'not a field'
          );
        }
      );

      it('refuses __proto__ as a filter field', () => {
        const filters = JSON.parse('{"__proto__": {"slug": "x"}}');
        const path = ['contentTypes', ARTICLE, 'filters', '__proto__'];
        expectOneError(withType(ARTICLE, { pattern: '/[slug]', filters }), path, 'not a field');
      });

      it('refuses a relation through an inherited name', () => {
        const input = withType(ARTICLE, { pattern: '/[category.constructor]' });
        expectOneError(input, patternPath(), `"constructor" is not a field of ${CATEGORY}`);
      });
    });
  });

  // Regression: settings and resolvePattern must agree on which fields can fill a pattern (booleans cannot).
  it('only accepts pattern fields that resolvePattern can fill', () => {
    const pattern = '/blog/[featured]-[slug]';
    const accepted = errorsOf(withType(ARTICLE, { pattern })).length === 0;
    const filled = resolvePattern(parsePattern(pattern), { featured: true, slug: 'a' }).ok;
    expect({ accepted, filled }).toEqual({ accepted, filled: accepted });
  });
});

describe('describeErrors', () => {
  it('writes one line per error with a readable path', () => {
    const errors: FieldError[] = [
      { path: ['hostname'], message: 'is required' },
      {
        path: ['contentTypes', 'api::a.a', 'priority'],
        message: 'must be a number from 0.0 to 1.0',
      },
      { path: ['customUrls', '0', 'url'], message: 'must be a path' },
      { path: ['hostnames', 'zh-Hans'], message: 'bad' },
      { path: [], message: 'settings must be an object' },
    ];
    expect(describeErrors(errors)).toBe(
      [
        '  - hostname: is required',
        '  - contentTypes["api::a.a"].priority: must be a number from 0.0 to 1.0',
        '  - customUrls["0"].url: must be a path',
        '  - hostnames["zh-Hans"]: bad',
        '  - (root): settings must be an object',
      ].join('\n')
    );
  });

  it('describes what validateSettings returns', () => {
    const text = describeErrors(errorsOf(withType(ARTICLE, { pattern: '/[slug]', priority: 3 })));
    expect(text).toBe(
      '  - contentTypes["api::article.article"].priority: must be a number from 0.0 to 1.0'
    );
  });

  it('is empty for no errors', () => {
    expect(describeErrors([])).toBe('');
  });
});

describe('schedule and change-tracking settings', () => {
  it('accepts a node-cron expression or false', () => {
    expect(errorsOf(settings({ cron: '*/5 * * * *' }))).toEqual([]);
    expect(errorsOf(settings({ cron: false }))).toEqual([]);
  });

  it.each(['61 * * * *', 'every day', '', true])('refuses the cron %p with the reason', (cron) => {
    expectOneError(settings({ cron }), ['cron'], 'cron expression', 'false');
  });

  it.each([-1, 1.5, '500', 10 * 60_000 + 1])('refuses debounceMs %p', (debounceMs) => {
    expectOneError(settings({ debounceMs }), ['debounceMs'], 'milliseconds');
  });

  it('refuses an autoGenerate that is not a boolean', () => {
    expectOneError(settings({ autoGenerate: 'yes' }), ['autoGenerate'], 'true or false');
  });
});
