import {
  canonicalElsewhere,
  forbidsIndexing,
  seoExtension,
  seoLeavesOut,
  seoSettingErrors,
  seoValues,
} from '../../../../server/src/core/extensions/seo';
import { seoFields } from '../../../../shared/seo-fields';
import { alternatesExtension } from '../../../../server/src/core/extensions/alternates';
import { documentUrls, type TypePlan } from '../../../../server/src/core/urls/document-urls';
import { parsePattern } from '../../../../server/src/core/urls/pattern';
import { UrlHashSet } from '../../../../server/src/core/urls/url-hash-set';
import { ValidationReport } from '../../../../server/src/core/urls/url-checks';
import type { ContentTypeInfo } from '../../../../shared/types';

const TYPE: ContentTypeInfo = {
  uid: 'api::page.page',
  kind: 'collectionType',
  localized: true,
  draftAndPublish: true,
  attributes: {
    slug: { type: 'string' },
    hero: { type: 'component', fields: { heading: { type: 'string' } } },
    seo: {
      type: 'component',
      fields: {
        metaTitle: { type: 'string' },
        metaRobots: { type: 'string' },
        canonicalURL: { type: 'string' },
        shareImage: { type: 'media' },
      },
    },
    meta: { type: 'component', fields: { robots: { type: 'text' } } },
  },
};
const LOC = 'https://www.example.com/en/about';

describe('seoFields', () => {
  it('finds the component holding the official fields, skipping others, on by default', () => {
    expect(seoFields(undefined, TYPE)).toEqual({
      component: 'seo',
      robotsField: 'metaRobots',
      canonicalField: 'canonicalURL',
    });
  });

  it('reads the fields a setting names, and nothing once off or without a component', () => {
    expect(seoFields({ component: 'meta', robotsField: 'robots' }, TYPE)).toEqual({
      component: 'meta',
      robotsField: 'robots',
    });
    expect(seoFields(false, TYPE)).toBeUndefined();
    expect(seoFields(undefined, { attributes: { slug: { type: 'string' } } })).toBeUndefined();
  });
});

describe('seoSettingErrors', () => {
  it('accepts false, an empty object and fields of the component', () => {
    expect(seoSettingErrors(false, TYPE)).toEqual([]);
    expect(seoSettingErrors({}, TYPE)).toEqual([]);
    expect(seoSettingErrors({ component: 'meta', robotsField: 'robots' }, TYPE)).toEqual([]);
  });

  it('names each wrong key and field', () => {
    expect(seoSettingErrors('yes', TYPE)).toEqual([
      [[], 'must be false, or an object such as { component, robotsField, canonicalField }'],
    ]);
    expect(seoSettingErrors({ robots: 'x', component: '' }, TYPE)).toEqual([
      [['robots'], 'is not an seo setting'],
      [['component'], 'must be a field name'],
    ]);
    expect(seoSettingErrors({ component: 'slug' }, TYPE)).toEqual([
      [['component'], '"slug" is not a component field of api::page.page'],
    ]);
    expect(seoSettingErrors({ canonicalField: 'shareImage' }, TYPE)).toEqual([
      [['canonicalField'], '"shareImage" is not a text field of the component seo'],
    ]);
    expect(seoSettingErrors({}, { uid: 'api::x.x', attributes: {} })).toEqual([
      [
        [],
        'api::x.x has no component with a metaRobots or canonicalURL field: name it in "component"',
      ],
    ]);
  });
});

describe('what leaves a page out', () => {
  it('reads noindex and none among the robots tokens, whatever their case and separators', () => {
    expect(forbidsIndexing('noindex, follow')).toBe(true);
    expect(forbidsIndexing('NOINDEX,NOFOLLOW')).toBe(true);
    expect(forbidsIndexing('none')).toBe(true);
    expect(forbidsIndexing('index, follow')).toBe(false);
    expect(forbidsIndexing('max-snippet:-1 noimageindex')).toBe(false);
  });

  it('takes a canonical URL for the page itself despite a fragment, a trailing slash or the host case', () => {
    expect(canonicalElsewhere('https://WWW.example.com/en/about/#top', LOC)).toBeNull();
    expect(canonicalElsewhere('/en/about', LOC)).toBeNull();
    expect(canonicalElsewhere('/en/about-us', LOC)).toBe('https://www.example.com/en/about-us');
    expect(canonicalElsewhere('https://www.example.com/en/about?page=2', LOC)).toBe(
      'https://www.example.com/en/about?page=2'
    );
    expect(canonicalElsewhere('javascript:alert(1)', LOC)).toBeNull();
  });

  it('reads the first item of a repeatable component, and blank values as none', () => {
    const fields = { component: 'seo', robotsField: 'metaRobots', canonicalField: 'canonicalURL' };
    expect(seoValues({ seo: [{ metaRobots: ' noindex ' }] }, fields)).toEqual({
      robots: 'noindex',
      canonical: null,
    });
    expect(seoValues({ seo: { canonicalURL: '  ' } }, fields)).toEqual({
      robots: null,
      canonical: null,
    });
    expect(seoLeavesOut(LOC, { robots: null, canonical: '/fr/a-propos' }, fields)).toEqual({
      rule: 'seo-canonical',
      detail: 'canonicalURL: https://www.example.com/fr/a-propos',
    });
  });
});

describe('documentUrls with the SEO component', () => {
  const plan: TypePlan = {
    uid: TYPE.uid,
    localized: true,
    pattern: parsePattern('/[locale]/[slug]'),
    localePatterns: {},
    hostname: 'https://www.example.com',
    hostnames: {},
    defaultLocale: 'en',
    lastmodField: false,
    extensions: [
      { extension: alternatesExtension, compiled: true },
      { extension: seoExtension as never, compiled: seoFields(undefined, TYPE) },
    ],
  };

  it('leaves a noindex version out, reports why, and no other version links to it', () => {
    const report = new ValidationReport();
    const blocks = documentUrls(
      plan,
      {
        documentId: 'd1',
        versions: [
          {
            locale: 'en',
            entry: { slug: 'about' },
            extras: { seo: { robots: null, canonical: null } },
          },
          {
            locale: 'fr',
            entry: { slug: 'a-propos' },
            extras: { seo: { robots: 'noindex', canonical: null } },
          },
          {
            locale: 'de',
            entry: { slug: 'ueber' },
            extras: { seo: { robots: null, canonical: null } },
          },
        ],
      },
      { now: 0, report, seen: new UrlHashSet(), excluded: new Set() }
    );
    const records = blocks.flatMap((block) => block.records);
    expect(records.map((record) => record.loc)).toEqual([
      'https://www.example.com/en/about',
      'https://www.example.com/de/ueber',
    ]);
    expect(JSON.stringify(records)).not.toContain('a-propos');
    expect(report.summary().samples).toEqual([
      {
        rule: 'seo-noindex',
        contentType: TYPE.uid,
        documentId: 'd1',
        locale: 'fr',
        url: 'https://www.example.com/fr/a-propos',
        detail: 'metaRobots: "noindex"',
      },
    ]);
  });
});
