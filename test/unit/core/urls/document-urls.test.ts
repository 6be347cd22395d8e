import {
  documentUrls,
  originFor,
  type DocumentInput,
  type TypePlan,
  type UrlContext,
} from '../../../../server/src/core/urls/document-urls';
import { parsePattern } from '../../../../server/src/core/urls/pattern';
import { alternatesExtension } from '../../../../server/src/core/extensions/alternates';
import { UrlHashSet } from '../../../../server/src/core/urls/url-hash-set';
import { ValidationReport } from '../../../../server/src/core/urls/url-checks';

const NOW = Date.UTC(2026, 5, 15, 12, 0, 0);
const ARTICLE = 'api::article.article';

const basePlan = (overrides: Partial<TypePlan> = {}): Omit<TypePlan, 'extensions'> => ({
  uid: ARTICLE,
  localized: true,
  pattern: parsePattern('/[locale]/blog/[slug]'),
  localePatterns: {},
  hostname: 'https://www.example.com',
  hostnames: {},
  defaultLocale: 'en',
  priority: 0.8,
  changefreq: 'weekly',
  lastmodField: 'updatedAt',
  ...overrides,
});
/** As the plan compiles it: a localized type lists its versions' alternates. */
const plan = (overrides: Partial<TypePlan> = {}): TypePlan => {
  const compiled = basePlan(overrides);
  return { extensions: compiled.localized ? [LOCALIZED] : [], ...compiled, ...overrides };
};
const LOCALIZED = { extension: alternatesExtension, compiled: true };

const context = (overrides: Partial<UrlContext> = {}): UrlContext => ({
  now: NOW,
  report: new ValidationReport(),
  seen: new UrlHashSet(),
  excluded: new Set(),
  ...overrides,
});

const bilingual = (
  documentId = 'doc1',
  en: Record<string, unknown> = {},
  fr: Record<string, unknown> = {}
): DocumentInput => ({
  documentId,
  versions: [
    { locale: 'en', entry: { slug: 'hello', updatedAt: '2026-01-10T10:00:00.000Z', ...en } },
    { locale: 'fr', entry: { slug: 'bonjour', updatedAt: '2026-02-20T08:30:00.000Z', ...fr } },
  ],
});

const EN = 'https://www.example.com/en/blog/hello';
const FR = 'https://www.example.com/fr/blog/bonjour';

describe('originFor', () => {
  it('uses the per-locale hostname when there is one, else the hostname', () => {
    const hosts = {
      hostname: 'https://www.example.com',
      hostnames: { fr: 'https://www.example.fr' },
    };
    expect(originFor(hosts, 'fr')).toBe('https://www.example.fr');
    expect(originFor(hosts, 'en')).toBe('https://www.example.com');
    expect(originFor(hosts)).toBe('https://www.example.com');
  });
});

describe('documentUrls', () => {
  describe('a localized document with en and fr versions', () => {
    it('gives one block on one origin with a record per version', () => {
      const blocks = documentUrls(plan(), bilingual(), context());
      expect(blocks).toHaveLength(1);
      expect(blocks[0].origin).toBe('https://www.example.com');
      expect(blocks[0].locales).toEqual(['en', 'fr']);
      expect(blocks[0].records.map((record) => record.loc)).toEqual([EN, FR]);
    });

    it('fills each record from the plan and the entry', () => {
      const [block] = documentUrls(plan(), bilingual(), context());
      expect(block.records[0]).toMatchObject({
        loc: EN,
        lastmod: '2026-01-10T10:00:00+00:00',
        changefreq: 'weekly',
        priority: 0.8,
      });
      expect(block.records[1]).toMatchObject({
        loc: FR,
        lastmod: '2026-02-20T08:30:00+00:00',
        changefreq: 'weekly',
        priority: 0.8,
      });
    });

    it('lists every version, itself included, plus x-default to the default locale, on each record', () => {
      const [block] = documentUrls(plan(), bilingual(), context());
      const expected = [
        { hreflang: 'en', href: EN },
        { hreflang: 'fr', href: FR },
        { hreflang: 'x-default', href: EN },
      ];
      expect(block.records[0].alternates).toEqual(expected);
      expect(block.records[1].alternates).toEqual(expected);
    });

    it('points x-default to the default locale, whichever it is', () => {
      const [block] = documentUrls(plan({ defaultLocale: 'fr' }), bilingual(), context());
      expect(block.records[0].alternates).toContainEqual({ hreflang: 'x-default', href: FR });
    });

    it('leaves x-default out when the default locale has no listed version', () => {
      const [block] = documentUrls(plan({ defaultLocale: 'de' }), bilingual(), context());
      expect(block.records[0].alternates).toEqual([
        { hreflang: 'en', href: EN },
        { hreflang: 'fr', href: FR },
      ]);
      const [noDefault] = documentUrls(
        plan({ defaultLocale: undefined }),
        bilingual('doc2', { slug: 'h2' }, { slug: 'b2' }),
        context()
      );
      expect(noDefault.records[0].alternates!.map((alternate) => alternate.hreflang)).toEqual([
        'en',
        'fr',
      ]);
    });

    it('takes the block lastmodTime from the newest version', () => {
      const [block] = documentUrls(plan(), bilingual(), context());
      expect(block.lastmodTime).toBe(Date.UTC(2026, 1, 20, 8, 30));
      const [reversed] = documentUrls(
        plan(),
        bilingual('doc2', { slug: 'h2', updatedAt: '2026-03-01 00:00:00' }, { slug: 'b2' }),
        context()
      );
      expect(reversed.lastmodTime).toBe(Date.UTC(2026, 2, 1));
    });

    it('reports nothing when every version is fine', () => {
      const report = new ValidationReport();
      documentUrls(plan(), bilingual(), context({ report }));
      expect(report.summary()).toEqual({ counts: {}, samples: [] });
    });
  });

  describe('alternates only when there is something to alternate with', () => {
    it('gives a single-version document no alternates', () => {
      const [block] = documentUrls(
        plan(),
        { documentId: 'd', versions: [{ locale: 'en', entry: { slug: 'solo' } }] },
        context()
      );
      expect(block.records).toHaveLength(1);
      expect(block.records[0].alternates).toBeUndefined();
    });

    it('gives no alternates when only one version of two could be listed', () => {
      const [block] = documentUrls(plan(), bilingual('doc1', {}, { slug: '' }), context());
      expect(block.records.map((record) => record.loc)).toEqual([EN]);
      expect(block.records[0].alternates).toBeUndefined();
    });

    it('lists only the versions that could be listed', () => {
      const doc: DocumentInput = {
        documentId: 'd',
        versions: [
          { locale: 'de', entry: { slug: null } },
          { locale: 'en', entry: { slug: 'a' } },
          { locale: 'fr', entry: { slug: 'b' } },
        ],
      };
      const [block] = documentUrls(plan(), doc, context());
      expect(block.records[0].alternates!.map((alternate) => alternate.hreflang)).toEqual([
        'en',
        'fr',
        'x-default',
      ]);
    });

    it('gives a type without internationalization no alternates', () => {
      const nonLocalized = plan({
        localized: false,
        pattern: parsePattern('/c/[slug]'),
        defaultLocale: undefined,
      });
      const blocks = documentUrls(
        nonLocalized,
        { documentId: 'c1', versions: [{ entry: { slug: 'news' } }] },
        context()
      );
      expect(blocks).toEqual([
        {
          origin: 'https://www.example.com',
          records: [{ loc: 'https://www.example.com/c/news', changefreq: 'weekly', priority: 0.8 }],
          locales: [undefined],
          times: [undefined],
        },
      ]);
    });
  });

  describe('per-locale patterns and hostnames', () => {
    it('uses the locale pattern for its locale and the main pattern for the others', () => {
      const localePlan = plan({
        pattern: parsePattern('/blog/[slug]'),
        localePatterns: { fr: parsePattern('/actualites/[slug]') },
      });
      const [block] = documentUrls(localePlan, bilingual('doc1', {}, {}), context());
      // Same hostname: both stay in one block.
      expect(block.records.map((record) => record.loc)).toEqual([
        'https://www.example.com/blog/hello',
        'https://www.example.com/actualites/bonjour',
      ]);
    });

    it('puts each origin in its own block, with alternates across origins', () => {
      const crossPlan = plan({
        pattern: parsePattern('/blog/[slug]'),
        hostnames: { fr: 'https://www.example.fr' },
        localePatterns: { fr: parsePattern('/actualites/[slug]') },
      });
      const blocks = documentUrls(crossPlan, bilingual(), context());
      expect(
        blocks.map((block) => [
          block.origin,
          block.locales,
          block.records.map((record) => record.loc),
        ])
      ).toEqual([
        ['https://www.example.com', ['en'], ['https://www.example.com/blog/hello']],
        ['https://www.example.fr', ['fr'], ['https://www.example.fr/actualites/bonjour']],
      ]);
      const expected = [
        { hreflang: 'en', href: 'https://www.example.com/blog/hello' },
        { hreflang: 'fr', href: 'https://www.example.fr/actualites/bonjour' },
        { hreflang: 'x-default', href: 'https://www.example.com/blog/hello' },
      ];
      expect(blocks[0].records[0].alternates).toEqual(expected);
      expect(blocks[1].records[0].alternates).toEqual(expected);
      expect(blocks[0].lastmodTime).toBe(Date.UTC(2026, 0, 10, 10));
      expect(blocks[1].lastmodTime).toBe(Date.UTC(2026, 1, 20, 8, 30));
    });

    it('groups locales that share a hostname in one block', () => {
      const doc: DocumentInput = {
        documentId: 'd',
        versions: ['en', 'fr', 'de'].map((locale) => ({ locale, entry: { slug: `s-${locale}` } })),
      };
      const blocks = documentUrls(
        plan({ hostnames: { fr: 'https://www.example.fr' } }),
        doc,
        context()
      );
      expect(blocks.map((block) => [block.origin, block.locales])).toEqual([
        ['https://www.example.com', ['en', 'de']],
        ['https://www.example.fr', ['fr']],
      ]);
    });

    it('with an origin, checks and reports only that origin’s URLs, and still links every version', () => {
      const crossPlan = plan({
        hostnames: { fr: 'https://www.example.fr' },
        lastmodField: 'updatedAt',
      });
      const seen = new UrlHashSet();
      const doc = bilingual('doc1', { updatedAt: 'not a date' }, { updatedAt: 'not a date' });
      // A first pass for the main host, then one for the fr host, sharing one run's seen set and report.
      const report = new ValidationReport();
      const first = documentUrls(
        crossPlan,
        doc,
        context({ seen, report, origin: 'https://www.example.com' })
      );
      const second = documentUrls(
        crossPlan,
        doc,
        context({ seen, report, origin: 'https://www.example.fr' })
      );
      const links = [EN, 'https://www.example.fr/fr/blog/bonjour', EN];
      for (const blocks of [first, second]) {
        expect(blocks.map((block) => block.origin)).toEqual([
          'https://www.example.com',
          'https://www.example.fr',
        ]);
        expect(blocks[1].records[0].alternates!.map((link) => link.href)).toEqual(links);
      }
      expect(report.count('url-duplicate')).toBe(0);
      // One finding per version, each from the pass that owns its host.
      expect(report.count('lastmod-invalid')).toBe(2);
    });
  });

  describe('exclusions', () => {
    it('leaves out every version of an excluded documentId, without reporting it', () => {
      const report = new ValidationReport();
      expect(
        documentUrls(plan(), bilingual(), context({ report, excluded: new Set(['doc1']) }))
      ).toEqual([]);
      expect(report.summary().samples).toEqual([]);
    });

    it('leaves out one locale with documentId|locale', () => {
      const [block] = documentUrls(
        plan(),
        bilingual(),
        context({ excluded: new Set(['doc1|fr']) })
      );
      expect(block.records.map((record) => record.loc)).toEqual([EN]);
      expect(block.records[0].alternates).toBeUndefined();
    });

    it('ignores keys of other documents and locales', () => {
      const [block] = documentUrls(
        plan(),
        bilingual(),
        context({ excluded: new Set(['doc2', 'doc2|en', 'doc1|de', 'doc1|']) })
      );
      expect(block.records).toHaveLength(2);
    });

    it('does not mark an excluded URL as seen', () => {
      const seen = new UrlHashSet();
      documentUrls(plan(), bilingual(), context({ seen, excluded: new Set(['doc1']) }));
      expect(seen.add(EN)).toBe(true);
    });
  });

  describe('findings', () => {
    it('reports pattern-unfilled with the entry, the field and the pattern, and lists the other versions', () => {
      const report = new ValidationReport();
      const [block] = documentUrls(
        plan(),
        bilingual('doc1', {}, { slug: '   ' }),
        context({ report })
      );
      expect(block.records.map((record) => record.loc)).toEqual([EN]);
      expect(report.summary()).toEqual({
        counts: { 'pattern-unfilled': 1 },
        samples: [
          {
            rule: 'pattern-unfilled',
            contentType: ARTICLE,
            documentId: 'doc1',
            locale: 'fr',
            detail: '[slug] is empty (pattern /[locale]/blog/[slug])',
          },
        ],
      });
    });

    it('reports a missing relation as pattern-unfilled', () => {
      const report = new ValidationReport();
      const relPlan = plan({ pattern: parsePattern('/[locale]/[category.slug]/[slug]') });
      expect(
        documentUrls(
          relPlan,
          bilingual('d', { category: null }, { category: undefined }),
          context({ report })
        )
      ).toEqual([]);
      expect(report.count('pattern-unfilled')).toBe(2);
      expect(report.summary().samples[0].detail).toContain('[category.slug]');
    });

    it('reports url-too-long for a 3,000-character slug, with a shortened URL and the length', () => {
      const report = new ValidationReport();
      const seen = new UrlHashSet();
      const slug = 'a'.repeat(3000);
      const [block] = documentUrls(plan(), bilingual('doc1', { slug }), context({ report, seen }));
      expect(block.records.map((record) => record.loc)).toEqual([FR]);
      const [sample] = report.summary().samples;
      const prefix = 'https://www.example.com/en/blog/';
      expect(sample).toMatchObject({
        rule: 'url-too-long',
        contentType: ARTICLE,
        documentId: 'doc1',
        locale: 'en',
        detail: `${prefix.length + 3000} characters`,
      });
      expect(sample.url).toBe(`${prefix}${'a'.repeat(200 - prefix.length)}…`);
      // A URL left out is not remembered as seen.
      expect(seen.add(`https://www.example.com/en/blog/${slug}`)).toBe(true);
    });

    it('measures the length after percent-encoding', () => {
      const report = new ValidationReport();
      // 700 × "é" is 700 characters but 4,200 once encoded.
      documentUrls(plan(), bilingual('doc1', { slug: 'é'.repeat(700) }), context({ report }));
      expect(report.count('url-too-long')).toBe(1);
    });

    it('reports url-duplicate when two documents sharing one UrlHashSet give the same URL', () => {
      const report = new ValidationReport();
      const shared = context({ report });
      const first = documentUrls(plan(), bilingual('doc1'), shared);
      const second = documentUrls(
        plan(),
        bilingual('doc2', { slug: 'hello' }, { slug: 'salut' }),
        shared
      );
      expect(first[0].records).toHaveLength(2);
      expect(second[0].records.map((record) => record.loc)).toEqual([
        'https://www.example.com/fr/blog/salut',
      ]);
      expect(second[0].records[0].alternates).toBeUndefined();
      expect(report.summary().samples).toEqual([
        { rule: 'url-duplicate', contentType: ARTICLE, documentId: 'doc2', locale: 'en', url: EN },
      ]);
    });

    it('reports url-duplicate between versions of one document that give the same URL', () => {
      const report = new ValidationReport();
      const samePlan = plan({ pattern: parsePattern('/blog/[slug]') });
      const [block] = documentUrls(
        samePlan,
        bilingual('doc1', { slug: 'same' }, { slug: 'same' }),
        context({ report })
      );
      expect(block.records).toHaveLength(1);
      expect(report.summary().samples).toEqual([
        {
          rule: 'url-duplicate',
          contentType: ARTICLE,
          documentId: 'doc1',
          locale: 'fr',
          url: 'https://www.example.com/blog/same',
        },
      ]);
    });

    it('reports lastmod-invalid and keeps the URL without <lastmod>', () => {
      const report = new ValidationReport();
      const [block] = documentUrls(
        plan(),
        bilingual('doc1', { updatedAt: 'not a date' }),
        context({ report })
      );
      expect(block.records[0].loc).toBe(EN);
      expect(block.records[0].lastmod).toBeUndefined();
      expect(block.records[1].lastmod).toBe('2026-02-20T08:30:00+00:00');
      expect(block.lastmodTime).toBe(Date.UTC(2026, 1, 20, 8, 30));
      expect(report.summary().samples).toEqual([
        {
          rule: 'lastmod-invalid',
          contentType: ARTICLE,
          documentId: 'doc1',
          locale: 'en',
          url: EN,
          detail: 'updatedAt = not a date',
        },
      ]);
    });

    it('reports lastmod-future and keeps the URL without <lastmod>', () => {
      const report = new ValidationReport();
      const [block] = documentUrls(
        plan(),
        bilingual('doc1', {}, { updatedAt: '2027-01-01T00:00:00Z' }),
        context({ report })
      );
      expect(block.records[1]).toMatchObject({ loc: FR });
      expect(block.records[1].lastmod).toBeUndefined();
      expect(block.lastmodTime).toBe(Date.UTC(2026, 0, 10, 10));
      expect(report.summary().samples).toEqual([
        {
          rule: 'lastmod-future',
          contentType: ARTICLE,
          documentId: 'doc1',
          locale: 'fr',
          url: FR,
          detail: 'updatedAt = 2027-01-01T00:00:00Z',
        },
      ]);
    });

    it('treats a missing, null or empty lastmod as no lastmod, without a finding', () => {
      const report = new ValidationReport();
      const [block] = documentUrls(
        plan(),
        bilingual('doc1', { updatedAt: null }, { updatedAt: '' }),
        context({ report })
      );
      expect(block.records.map((record) => record.lastmod)).toEqual([undefined, undefined]);
      expect(block.lastmodTime).toBeUndefined();
      expect(report.summary().samples).toEqual([]);
    });

    it('leaves lastmod out when the plan has no lastmod field', () => {
      const [block] = documentUrls(plan({ lastmodField: false }), bilingual(), context());
      expect(block.records.map((record) => record.lastmod)).toEqual([undefined, undefined]);
      expect(block.lastmodTime).toBeUndefined();
    });

    it('keeps a date-only lastmod as is', () => {
      const [block] = documentUrls(
        plan({ lastmodField: 'publishDate' }),
        bilingual('doc1', { publishDate: '2026-01-15' }),
        context()
      );
      expect(block.records[0].lastmod).toBe('2026-01-15');
      expect(block.lastmodTime).toBe(Date.UTC(2026, 0, 15));
    });

    it('returns no block when no version can be listed', () => {
      const report = new ValidationReport();
      expect(
        documentUrls(plan(), bilingual('doc1', { slug: null }, { slug: '' }), context({ report }))
      ).toEqual([]);
      expect(report.count('pattern-unfilled')).toBe(2);
    });
  });

  it('leaves priority and changefreq undefined when the plan has none', () => {
    const [block] = documentUrls(
      plan({ priority: undefined, changefreq: undefined }),
      bilingual(),
      context()
    );
    expect(block.records[0].priority).toBeUndefined();
    expect(block.records[0].changefreq).toBeUndefined();
  });

  it('encodes values into the URL', () => {
    const [block] = documentUrls(plan(), bilingual('doc1', { slug: "l'été & co" }), context());
    expect(block.records[0].loc).toBe("https://www.example.com/en/blog/l'%C3%A9t%C3%A9%20%26%20co");
  });
});

describe('documentUrls on several sites', () => {
  const sites: Array<{ name: string; hostname: string; hostnames: Record<string, string> }> = [
    { name: 'shop', hostname: 'https://shop.example.com', hostnames: {} },
    {
      name: 'blog',
      hostname: 'https://blog.example.com',
      hostnames: { fr: 'https://blog.example.fr' },
    },
  ];
  const onSites = (en: string[], fr: string[]): DocumentInput => {
    const doc = bilingual();
    doc.versions[0].sites = en;
    doc.versions[1].sites = fr;
    return doc;
  };

  it("lists each version on every site it belongs to, each site's versions linked only to each other", () => {
    const blocks = documentUrls(plan({ sites }), onSites(['shop', 'blog'], ['blog']), context());
    expect(
      blocks.map((block) => [block.origin, block.records.map((record) => record.loc)])
    ).toEqual([
      ['https://shop.example.com', ['https://shop.example.com/en/blog/hello']],
      ['https://blog.example.com', ['https://blog.example.com/en/blog/hello']],
      ['https://blog.example.fr', ['https://blog.example.fr/fr/blog/bonjour']],
    ]);
    // On the shop only English: one version, no alternates. On the blog both, linked.
    expect(blocks[0].records[0].alternates).toBeUndefined();
    expect(blocks[1].records[0].alternates?.map((link) => link.href)).toEqual([
      'https://blog.example.com/en/blog/hello',
      'https://blog.example.fr/fr/blog/bonjour',
      'https://blog.example.com/en/blog/hello',
    ]);
  });

  it('lists a document on no site when it matches no site filter', () => {
    expect(documentUrls(plan({ sites }), onSites([], []), context())).toEqual([]);
  });
});
