import {
  countsSection,
  filesSection,
  robotsSection,
  runsSection,
  sitesSection,
  visitorMapSection,
  type LiveFile,
} from '../../../../server/src/core/views/dashboard-sections';
import { URL_EXTENSIONS } from '../../../../server/src/core/extensions';
import type { SitemapSettings } from '../../../../shared/types';

const BASE = 'https://cms.example.com/api/sitemap';
const file = (overrides: Partial<LiveFile>): LiveFile => ({
  name: 'article-1.xml',
  format: 'urlset',
  groupKey: 'article',
  contentType: 'api::article.article',
  urlCount: 10,
  byteSize: 1000,
  compressedSize: 100,
  lastmod: null,
  createdAt: '2026-06-01T00:00:00.000Z',
  localeCounts: { en: 6, fr: 4 },
  counts: null,
  imageCount: null,
  videoCount: null,
  ...overrides,
});

describe('countsSection', () => {
  it('sums URLs per type and locale, and what the extensions counted, from both kinds of rows', () => {
    const { counts, extras } = countsSection(
      [
        file({ counts: { images: 3 } }),
        // A row written before `counts`: its two columns.
        file({ name: 'article-2.xml', imageCount: 2, videoCount: 1, localeCounts: { en: 1 } }),
        file({
          name: 'news-article-1.xml',
          format: 'news',
          counts: { news: 5 },
          localeCounts: null,
        }),
        file({ name: 'page-1.xml', contentType: 'api::page.page', localeCounts: { default: 3 } }),
      ],
      URL_EXTENSIONS
    );
    expect(counts).toEqual({
      'api::article.article': { en: 7, fr: 4 },
      'api::page.page': { default: 3 },
    });
    // A type whose files count nothing has no row.
    expect(extras).toEqual({ 'api::article.article': { images: 5, videos: 1, news: 5 } });
  });
});

it('lists the files and totals the whole set, the types the caller may not read included', () => {
  const all = [
    file({}),
    // A text twin stored by a version before twins were read off the XML: not listed twice.
    file({ name: 'article-1.txt', format: 'text', urlCount: null }),
    file({ name: 'secret-1.xml', contentType: 'api::secret.secret', urlCount: 5 }),
    file({ name: 'index.xml', format: 'index', contentType: null, urlCount: null }),
  ];
  const shown = all.filter((candidate) => candidate.contentType !== 'api::secret.secret');
  const section = filesSection(shown, all, BASE, { urlsPerFile: 100, bytesPerFile: 10_000 });
  expect(section.files.map((entry) => [entry.name, entry.share])).toEqual([
    ['article-1.xml', { urls: 0.1, bytes: 0.1 }],
  ]);
  expect(section.textFiles.map((entry) => entry.url)).toEqual([`${BASE}/article-1.txt`]);
  expect(section.index?.url).toBe(`${BASE}/index.xml`);
  expect(section.totals).toEqual({ urls: 15, files: 2, bytes: 2000 });
});

it('gives the robots.txt lines of the files that are live', () => {
  const settings = {
    hostname: 'https://www.example.com',
    hostnames: { fr: 'https://www.example.fr' },
    hostIndexes: true,
  } as unknown as SitemapSettings;
  expect(robotsSection([file({ name: 'index.xml' })], BASE, settings)).toMatchObject({
    robots: [`Sitemap: ${BASE}/index.xml`],
    feedRobots: null,
  });
  expect(robotsSection([file({ name: 'recent.atom' })], BASE, settings)).toMatchObject({
    robots: [],
    feedRobots: `Sitemap: ${BASE}/recent.atom`,
  });
});

it('shows the visitors’ site map once a run wrote its chunks', () => {
  expect(visitorMapSection([file({})], BASE)).toEqual({ visitorMap: null });
  expect(
    visitorMapSection(
      [file({ format: 'visitors', urlCount: 7 }), file({ format: 'visitors', urlCount: 3 })],
      BASE
    )
  ).toEqual({
    visitorMap: { html: `${BASE}/plan.html`, json: `${BASE}/plan.json`, links: 10 },
  });
});

it('lists runs without their findings, and charts the finished ones oldest first', () => {
  const run = (id: number, status: 'success' | 'running', scope = 'full') => ({
    id,
    trigger: 'manual',
    status,
    startedAt: `2026-06-01T00:0${id}:00.000Z`,
    finishedAt: status === 'running' ? null : `2026-06-01T00:0${id}:01.000Z`,
    durationMs: status === 'running' ? null : 1000,
    filesWritten: 2,
    urlCount: 10,
    error: null,
    report: { scope, settingWarnings: [], validation: { counts: { x: 1 }, samples: [] } } as never,
  });
  const section = runsSection(
    [run(3, 'running'), run(2, 'success')],
    [run(3, 'running'), run(2, 'success'), run(1, 'success', 'documents')],
    40,
    () => true
  );
  expect(section.runs[1].report).toEqual({ scope: 'full', settingWarnings: [] });
  expect(section.runs[1].finishedAt).toBe('2026-06-01T00:02:01.000Z');
  expect(section.history.map((entry) => [entry.id, entry.full])).toEqual([
    [1, false],
    [2, true],
  ]);
  expect(section.runningEstimate).toBe(40);
});

it("shows a run's URL changes whole in count, with sample URLs only of the types the caller may read", () => {
  const changes = {
    counts: { added: 7, changed: 1, removed: 0 },
    samples: [
      { kind: 'added' as const, url: `${BASE}/blog/a`, contentType: 'api::article.article' },
      { kind: 'added' as const, url: `${BASE}/staff/b`, contentType: 'api::staff.staff' },
      { kind: 'changed' as const, url: `${BASE}/about`, contentType: null },
    ],
  };
  const row = {
    id: 1,
    trigger: 'publish',
    status: 'success' as const,
    startedAt: '2026-06-01T00:00:00.000Z',
    finishedAt: '2026-06-01T00:00:01.000Z',
    durationMs: 1000,
    filesWritten: 1,
    urlCount: 8,
    error: null,
    report: { scope: 'documents', settingWarnings: [], changes },
  };
  const [listed] = runsSection([row], [row], null, (uid) => uid !== 'api::staff.staff').runs;
  expect(listed.report?.changes).toEqual({
    counts: { added: 7, changed: 1, removed: 0 },
    samples: [changes.samples[0], changes.samples[2]],
  });
});

describe('sitesSection', () => {
  const settings = {
    hostname: 'https://www.example.com',
    hostnames: {},
    contentTypes: { 'api::article.article': {}, 'api::page.page': {} },
    sites: {
      shop: {
        hostname: 'https://shop.example.com',
        hostnames: { fr: 'https://boutique.example.fr' },
        contentTypes: { 'api::article.article': { filters: { site: 'shop' } } },
      },
    },
  } as unknown as SitemapSettings;
  const groupKey = (base: string, origin: string) =>
    origin === 'https://shop.example.com'
      ? `${base}__shop`
      : origin === 'https://boutique.example.fr'
        ? `${base}__shop_fr`
        : base;
  const files = [
    file({ name: 'page-1.xml', groupKey: 'page', contentType: 'api::page.page', urlCount: 4 }),
    file({ name: 'custom-1.xml', groupKey: 'custom', contentType: null, urlCount: 1 }),
    file({ name: 'article__shop-1.xml', groupKey: 'article__shop', urlCount: 7 }),
    file({ name: 'article__shop_fr-1.xml', groupKey: 'article__shop_fr', urlCount: 3 }),
    file({ name: 'recent__shop.atom', groupKey: null, format: 'feed', urlCount: null }),
    file({
      name: 'plan__shop__fr-tree.json',
      groupKey: 'shop\u0002fr\u0001tree',
      format: 'visitors-directory',
    }),
  ];

  it('counts each site from its own file series, the main one first', () => {
    const { sites } = sitesSection(files, BASE, settings, groupKey, () => true);
    expect(sites.map((site) => [site.name, site.types, site.urls, site.files])).toEqual([
      [null, ['api::page.page'], 5, 2],
      ['shop', ['api::article.article'], 10, 2],
    ]);
    expect(sites[1].feed).toBe(`${BASE}/recent__shop.atom`);
    expect(sites[1].visitorMap).toEqual({
      html: `${BASE}/plan.html?site=shop`,
      json: `${BASE}/plan.json?site=shop`,
    });
    expect(sites[0].feed).toBeNull();
    expect(sites[0].visitorMap).toBeNull();
  });

  it('names only the types the admin may read, and nothing without sites', () => {
    const { sites } = sitesSection(files, BASE, settings, groupKey, () => false);
    expect(sites.map((site) => site.types)).toEqual([[], []]);
    expect(
      sitesSection(files, BASE, { ...settings, sites: undefined }, groupKey, () => true)
    ).toEqual({
      sites: [],
    });
  });
});
