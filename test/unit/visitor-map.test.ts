import {
  localesOf,
  type VisitorEntry,
  type VisitorTypeFile,
} from '../../server/src/core/visitor-map';
import {
  buildView as buildFromSources,
  letterOf,
  sortKey,
  updateView,
  type ViewSource,
} from '../../server/src/core/visitor-view';
import {
  entriesPerPage,
  LINKS_PER_PAGE,
  pageHref,
  pageLinks,
  pageOf,
} from '../../server/src/core/visitor-page';
import { renderVisitorHtml } from '../../server/src/core/visitor-html';
import { visitorMapSettingErrors } from '../../server/src/core/visitor-settings';
import type { SchemaCatalog } from '../../server/src/core/types';

const site = 'https://www.example.com';
/** Each file a chunk of its own, its type ranked by its place in the list. */
const sourcesOf = (files: VisitorTypeFile[]): ViewSource[] =>
  files.map((file, index) => ({ chunk: index + 1, rank: index, file }));
const buildView = (files: VisitorTypeFile[], locale: string | null, order: 'tree' | 'alpha') =>
  buildFromSources(sourcesOf(files), locale, order);
const part = (key: string, entries: VisitorEntry[], labels = {}): VisitorTypeFile => ({
  uid: `api::${key}.${key}`,
  key,
  displayName: key[0].toUpperCase() + key.slice(1),
  labels,
  entries,
});
const article = (
  n: number,
  title: string | null,
  group: string | null,
  locale: string | null = 'en'
) => [`doc${n}`, locale, `${site}/${locale}/a/${n}`, title, group] as VisitorEntry;

describe('buildView, tree order', () => {
  const files = [
    part(
      'article',
      [
        article(1, 'Zebra', 'Animals'),
        article(2, 'apple', 'Food'),
        article(3, 'Ant', 'Animals'),
        article(4, 'Loose', null),
        article(5, 'Fromage', 'Food', 'fr'),
        article(6, 'page 10', 'Food'),
        article(7, 'page 9', 'Food'),
      ],
      { en: 'Blog', fr: 'Le blog' }
    ),
    part('page', [[`p1`, null, `${site}/about`, 'About', null]]),
  ];

  it('lists sections in the given order, ungrouped pages first, groups and titles sorted', async () => {
    const view = await buildView(files, 'en', 'tree');
    expect(view.sections.map((section) => [section.key, section.label, section.count])).toEqual([
      ['article', 'Blog', 6],
      ['page', 'Page', 1],
    ]);
    expect(view.links.map((link) => link.group)).toEqual([
      null,
      'Animals',
      'Animals',
      'Food',
      'Food',
      'Food',
      null,
    ]);
    // Numbers inside titles sort as numbers: "page 9" before "page 10".
    expect(view.links.map((link) => link.title)).toEqual([
      'Loose',
      'Ant',
      'Zebra',
      'apple',
      'page 9',
      'page 10',
      'About',
    ]);
  });

  it('shows a locale its own pages and those of types without locales, under its label', async () => {
    const view = await buildView(files, 'fr', 'tree');
    expect(view.sections[0].label).toBe('Le blog');
    expect(view.links.map((link) => link.title)).toEqual(['Fromage', 'About']);
    expect(localesOf(files)).toEqual(['en', 'fr']);
  });

  it('pages a section on its own, pages under their section and group', async () => {
    const view = await buildView(files, 'en', 'tree');
    const page = pageOf(view, { section: 'article', page: 1 })!;
    expect(page.total).toBe(6);
    expect(page.totalPages).toBe(1);
    expect(page.sections).toEqual([
      {
        key: 'article',
        label: 'Blog',
        links: [{ title: 'Loose', url: `${site}/en/a/4` }],
        groups: [
          {
            label: 'Animals',
            links: [
              { title: 'Ant', url: `${site}/en/a/3` },
              { title: 'Zebra', url: `${site}/en/a/1` },
            ],
          },
          {
            label: 'Food',
            links: [
              { title: 'apple', url: `${site}/en/a/2` },
              { title: 'page 9', url: `${site}/en/a/7` },
              { title: 'page 10', url: `${site}/en/a/6` },
            ],
          },
        ],
      },
    ]);
    expect(pageOf(view, { section: 'nope', page: 1 })).toBeNull();
    expect(pageOf(view, { page: 2 })).toBeNull();
    expect(pageOf(view, { page: 0 })).toBeNull();
  });
});

describe('buildView, alphabetical order', () => {
  it('files pages under their first letter without accents; other scripts and digits under #', async () => {
    const files = [
      part('article', [
        article(1, 'Éclair', null),
        article(2, 'ecole', null),
        article(3, '2026 review', null),
        article(4, '東京', null),
        article(5, 'Ёлка', null),
        article(6, null, null),
      ]),
    ];
    const view = await buildView(files, 'en', 'alpha');
    expect(view.sections.map((section) => [section.key, section.count])).toEqual([
      ['#', 2],
      ['E', 2],
      ['H', 1],
      ['Ё'.normalize('NFD')[0].toUpperCase(), 1],
    ]);
    // A page without a title is shown and filed by its URL.
    expect(view.links.find((link) => link.url.endsWith('/6'))!.title).toBe(`${site}/en/a/6`);
    expect(letterOf('  ábc')).toBe('A');
    expect(letterOf('…')).toBe('#');
  });

  it('sorts by a key that drops accents and case and reads numbers as numbers', async () => {
    const sorted = ['Zoë', 'zebra', 'Émile', 'eagle', 'Part 10', 'Part 9', 'part 009b'].sort(
      (a, b) => (sortKey(a) < sortKey(b) ? -1 : 1)
    );
    expect(sorted).toEqual(['eagle', 'Émile', 'Part 9', 'part 009b', 'Part 10', 'zebra', 'Zoë']);
  });
});

describe('updateView', () => {
  it('gives what a build from the new chunks gives, for both orders and each locale', async () => {
    const first: VisitorTypeFile = part('article', [
      article(1, 'Ant', 'Animals'),
      article(2, 'Bee', 'Animals'),
      article(3, 'Fig', 'Food', 'fr'),
    ]);
    const second = part('article', [article(4, 'Cod', 'Fish'), article(5, 'Yak', 'Animals')]);
    const secondAfter = part('article', [
      article(5, 'Yak', 'Animals'),
      article(6, 'Ant 2', null),
      article(7, 'Olive', 'Food', 'fr'),
    ]);
    const pages = part('page', [['p1', null, `${site}/about`, 'About', null]]);
    const before: ViewSource[] = [
      { chunk: 1, rank: 0, file: first },
      { chunk: 2, rank: 0, file: second },
      { chunk: 3, rank: 1, file: pages },
    ];
    const replacement: ViewSource = { chunk: 4, rank: 0, file: secondAfter };
    const after = [before[0], replacement, before[2]];
    for (const locale of ['en', 'fr'])
      for (const order of ['tree', 'alpha'] as const) {
        const updated = await updateView(
          await buildFromSources(before, locale, order),
          new Set([2]),
          [replacement]
        );
        const rebuilt = await buildFromSources(after, locale, order);
        expect(updated.links).toEqual(rebuilt.links);
        expect(updated.sections).toEqual(rebuilt.sections);
      }
  });
});

describe('paging', () => {
  const many = part(
    'article',
    Array.from({ length: 250 }, (_, i) => article(i, `Title ${String(i).padStart(3, '0')}`, null))
  );
  let view: Awaited<ReturnType<typeof buildView>>;
  beforeAll(async () => {
    view = await buildView([many], 'en', 'tree');
  });

  it('keeps every page, navigation included, at 100 links or fewer', async () => {
    const page = pageOf(view, { page: 1 })!;
    // One section: all sections, the section, the other order, previous and next.
    expect(page.pageSize).toBe(LINKS_PER_PAGE - 1 - 4);
    expect(page.totalPages).toBe(Math.ceil(250 / page.pageSize));
    const last = pageOf(view, { page: page.totalPages })!;
    expect(last.sections[0].links.at(-1)!.title).toBe('Title 249');
    expect(entriesPerPage(500)).toBe(20);
  });

  it('links the previous and next pages, only the parameters that differ from the defaults', async () => {
    const endpoint = 'https://cms.example.com/api/sitemap/plan.json';
    const page = pageOf(view, { page: 2 })!;
    const links = pageLinks(endpoint, page);
    expect(links.prev).toBe(`${endpoint}?locale=en`);
    expect(links.next).toBe(`${endpoint}?locale=en&page=3`);
    expect(links.otherOrder).toBe(`${endpoint}?locale=en&order=alpha`);
    expect(links.sections.article).toBe(`${endpoint}?locale=en&section=article`);
    expect(pageLinks(endpoint, pageOf(view, { page: 1 })!).prev).toBeNull();
    expect(pageHref(endpoint, { locale: null, order: 'alpha', section: '#', page: 1 })).toBe(
      `${endpoint}?order=alpha&section=%23`
    );
  });

  it('renders HTML with the locale, escaped text, and at most 100 links', async () => {
    const hostile = part('article', [
      ...Array.from({ length: 150 }, (_, i) => article(i, `T${i}`, null, 'fr')),
      article(999, `<script>alert("x")</script>`, 'A & B', 'fr'),
    ]);
    const frView = await buildView([hostile], 'fr', 'tree');
    for (let n = 1; n <= 2; n++) {
      const html = renderVisitorHtml(
        'https://cms.example.com/api/sitemap/plan.html',
        pageOf(frView, { page: n })!,
        'www.example.com'
      );
      expect(html).toContain('<html lang="fr">');
      expect(html).toContain('Plan du site');
      expect(html).not.toContain('<script');
      expect(html.match(/<a /g)!.length).toBeLessThanOrEqual(LINKS_PER_PAGE);
      if (n === 2) {
        expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
        // The group is an item of its section's list, holding its heading and its own list.
        expect(html).toMatch(/<li>\n<h3>A &amp; B<\/h3>\n<ul>\n<li><a href="[^"]+">&lt;script&gt;/);
        expect(html).toContain('rel="prev"');
      }
    }
  });
});

describe('visitorMapSettingErrors', () => {
  const catalog: SchemaCatalog = {
    'api::article.article': {
      uid: 'api::article.article',
      kind: 'collectionType',
      localized: true,
      draftAndPublish: true,
      attributes: {
        title: { type: 'string' },
        body: { type: 'blocks' },
        category: { type: 'relation', relation: 'manyToOne', target: 'api::category.category' },
        tags: { type: 'relation', relation: 'manyToMany', target: 'api::category.category' },
      },
    },
    'api::category.category': {
      uid: 'api::category.category',
      kind: 'collectionType',
      localized: false,
      draftAndPublish: true,
      attributes: { name: { type: 'string' } },
    },
  };
  const check = (value: unknown) =>
    visitorMapSettingErrors(value, catalog['api::article.article'], catalog);

  it('accepts a relation field, an own field, labels per locale', async () => {
    expect(check({})).toEqual([]);
    expect(check({ groupBy: 'category.name', labels: { en: 'Blog', '*': 'Articles' } })).toEqual(
      []
    );
    expect(check({ groupBy: 'title' })).toEqual([]);
  });

  it('refuses each wrong value with its key', async () => {
    expect(check(true)).toEqual([['', expect.stringContaining('must be an object')]]);
    expect(check({ groupBy: 'tags.name' })).toEqual([
      ['groupBy', expect.stringContaining('to-one')],
    ]);
    expect(check({ groupBy: 'category.secret' })).toEqual([
      ['groupBy', expect.stringContaining('"secret" is not a field')],
    ]);
    expect(check({ groupBy: 'body' })).toEqual([['groupBy', expect.stringContaining('blocks')]]);
    expect(check({ groupBy: 'category' })).toEqual([
      ['groupBy', expect.stringContaining('text, number or choice')],
    ]);
    expect(check({ labels: { en: '', 'not a code': 'x' }, colour: 'red' })).toEqual([
      ['colour', expect.any(String)],
      ['labels.en', expect.stringContaining('1 to 120')],
      ['labels.not a code', expect.stringContaining('locale code')],
    ]);
  });
});
