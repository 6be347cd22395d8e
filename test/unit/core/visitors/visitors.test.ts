import { compareEntries, type VisitorEntry } from '../../../../server/src/core/visitors/entries';
import { letterOf, linkPlace, sortKey } from '../../../../server/src/core/visitors/keys';
import {
  cutLeaves,
  entryLink,
  LEAF_FILL,
  LEAF_MAX,
  LEAF_MIN,
  directoryName,
  leafName,
  listingKey,
  listingOfKey,
  netChanges,
  sharedAlphaKey,
  planSection as planInto,
  storedLinkKey,
  type LeafPlan,
  type LinkChange,
  type LeafRef,
  type StoredLink,
} from '../../../../server/src/core/visitors/listing';
import {
  entriesPerPage,
  LINKS_PER_PAGE,
  pageHref,
  pageLinks,
  pageOf,
  type ComposedView,
  type ViewSection,
} from '../../../../server/src/core/visitors/pages';
import { renderVisitorHtml } from '../../../../server/src/core/visitors/html';
import {
  PLAN_STYLESHEET,
  PLAN_STYLESHEET_VERSION,
  textDirection,
} from '../../../../server/src/core/visitors/stylesheet';
import { visitorMapSettingErrors } from '../../../../server/src/core/visitors/visitor-setting';
import type { SchemaCatalog } from '../../../../shared/types';

const site = 'https://www.example.com';
const article = (
  n: number,
  title: string | null,
  group: string | null,
  locale: string | null = 'en'
) => [`doc${n}`, locale, `${site}/${locale}/a/${n}`, title, group] as VisitorEntry;

/** Entries as a full run lists them: each a line per order, sorted by section then key. */
function listed(entries: VisitorEntry[], order: 'tree' | 'alpha', rankOf = (_: VisitorEntry) => 0) {
  return entries
    .map((entry) => {
      const { place, link } = entryLink(entry, order, 'article', rankOf(entry));
      return {
        order: `${place.sectionOrder}\u0000${place.section}\u0000${place.key}`,
        place,
        link,
      };
    })
    .sort((a, b) => (a.order < b.order ? -1 : a.order > b.order ? 1 : 0));
}

/** The plans of a section, as planSection gives them. */
async function planSection(
  leaves: LeafRef[],
  changes: LinkChange[],
  load: (leaf: LeafRef) => Promise<Array<{ key: string; link: StoredLink }>>
) {
  const plans: LeafPlan[] = [];
  await planInto(leaves, changes, load, async (plan) => {
    plans.push(plan);
  });
  return plans;
}

/** Leaves held in memory, as the directory refers to them, and their loader. */
function leavesOf(links: StoredLink[][], section: string, order: 'tree' | 'alpha') {
  const stored = new Map<number, StoredLink[]>();
  const refs: LeafRef[] = links.map((leaf, i) => {
    stored.set(i + 1, leaf);
    return {
      name: `leaf-${i + 1}`,
      id: i + 1,
      parts: 1,
      etag: String(i),
      count: leaf.length,
      last: storedLinkKey(order, section, leaf[leaf.length - 1]),
    };
  });
  return { refs, load: async (leaf: LeafRef) => stored.get(leaf.id)! };
}

describe('where a link stands', () => {
  const entries = [
    article(1, 'Zebra', 'Animals'),
    article(2, 'apple', 'Food'),
    article(3, 'Ant', 'Animals'),
    article(4, 'Loose', null),
    article(6, 'page 10', 'Food'),
    article(7, 'page 9', 'Food'),
  ];

  it('tree: pages outside any group first, groups and titles in order, numbers as numbers', () => {
    const sorted = listed(entries, 'tree');
    expect(sorted.map(({ link }) => [link[2], link[0]])).toEqual([
      [null, 'Loose'],
      ['Animals', 'Ant'],
      ['Animals', 'Zebra'],
      ['Food', 'apple'],
      ['Food', 'page 9'],
      ['Food', 'page 10'],
    ]);
    expect(new Set(sorted.map(({ place }) => place.section))).toEqual(new Set(['article']));
  });

  it('tree: a section per type, in the settings order', () => {
    const pages = [article(8, 'About', null, null)];
    const sorted = listed([...pages, ...entries], 'tree', (entry) => (entry[1] === null ? 1 : 0));
    expect(sorted.at(-1)!.link[0]).toBe('About');
  });

  it('alpha: a section per first letter without accents; other scripts and digits under # first', () => {
    const sorted = listed(
      [
        article(1, 'Éclair', null),
        article(2, 'ecole', null),
        article(3, '2026 review', null),
        article(4, '東京', null),
        article(5, 'Ёлка', null),
        article(6, null, null),
      ],
      'alpha'
    );
    expect(sorted.map(({ place }) => place.section)).toEqual([
      '#',
      '#',
      'E',
      'E',
      'H',
      'Ё'.normalize('NFD')[0].toUpperCase(),
    ]);
    // A page without a title is shown and filed by its URL.
    expect(sorted.find(({ link }) => link[1].endsWith('/6'))!.link[0]).toBe(`${site}/en/a/6`);
    expect(letterOf('  ábc')).toBe('A');
    expect(letterOf('…')).toBe('#');
  });

  it('sorts by a key that drops accents and case and reads numbers as numbers', () => {
    const sorted = ['Zoë', 'zebra', 'Émile', 'eagle', 'Part 10', 'Part 9', 'part 009b'].sort(
      (a, b) => (sortKey(a) < sortKey(b) ? -1 : 1)
    );
    expect(sorted).toEqual(['eagle', 'Émile', 'Part 9', 'part 009b', 'Part 10', 'zebra', 'Zoë']);
  });

  it('gives the same key to a stored link as to the entry it came from', () => {
    for (const order of ['tree', 'alpha'] as const)
      for (const entry of entries) {
        const { place, link } = entryLink(entry, order, 'article', 3);
        expect(storedLinkKey(order, place.section, link)).toBe(place.key);
      }
    // Control characters in a group never reach a key's separators.
    expect(
      linkPlace('tree', { title: 'a', url: 'u', group: 'x\u0001y' }, 't', 0).key.includes(
        'x\u0001y'
      )
    ).toBe(false);
  });
});

describe('compareEntries', () => {
  it('gives each page that came, went or is shown differently, once', () => {
    const changes: Array<[string | undefined, string | undefined]> = [];
    compareEntries(
      [article(1, 'Kept', null), article(2, 'Old title', null), article(3, 'Gone', null)],
      [article(1, 'Kept', null), article(2, 'New title', null), article(4, 'New', null)],
      (before, after) => changes.push([before?.[3] ?? undefined, after?.[3] ?? undefined])
    );
    expect(changes).toEqual([
      ['Old title', 'New title'],
      [undefined, 'New'],
      ['Gone', undefined],
    ]);
  });
});

describe('listings of several sites', () => {
  it("keeps the main site's keys and names as they were before sites, and tells sites apart", () => {
    expect(listingKey({ scope: 'fr', order: 'tree' })).toBe('fr\u0001tree');
    expect(listingKey({ site: null, scope: null, order: 'alpha' })).toBe('\u0001alpha');
    expect(listingOfKey('fr\u0001tree')).toEqual({ scope: 'fr', order: 'tree' });
    const shopFr = { site: 'shop', scope: 'fr', order: 'alpha' as const };
    expect(listingOfKey(listingKey(shopFr))).toEqual(shopFr);
    expect(directoryName({ scope: 'fr', order: 'tree' })).toBe('plan-fr-tree.json');
    expect(directoryName(shopFr)).toBe('plan__shop__fr-alpha.json');
    expect(leafName({ site: 'shop', scope: null, order: 'tree' }, 3)).toBe(
      'plan__shop___-tree-3.json'
    );
    // Site `my-shop` in French and site `my` in locale `shop-fr` never share a name.
    expect(directoryName({ site: 'my-shop', scope: 'fr', order: 'tree' })).not.toBe(
      directoryName({ site: 'my', scope: 'shop-fr', order: 'tree' })
    );
    // A site's pages without locale sort before its locales' (their letters are merged in).
    expect(sharedAlphaKey('shop') < listingKey(shopFr)).toBe(true);
    expect(sharedAlphaKey(null)).toBe(listingKey({ scope: null, order: 'alpha' }));
  });

  it("puts an entry in its site's listing", () => {
    const entry: VisitorEntry = ['doc1', 'fr', 'https://shop.example.fr/a', 'A', null, 'shop'];
    expect(entryLink(entry, 'tree', 'article', 0).listing).toEqual({
      site: 'shop',
      scope: 'fr',
      order: 'tree',
    });
  });

  it('compares the pages of a version on two sites apart', () => {
    const onSites = (sites: string[]): VisitorEntry[] =>
      sites.map((site) => ['doc1', null, `https://${site}.example.com/a`, 'A', null, site]);
    const changes: Array<[string | undefined, string | undefined]> = [];
    compareEntries(onSites(['shop', 'blog']), onSites(['blog', 'news']), (before, after) =>
      changes.push([before?.[5], after?.[5]])
    );
    expect(changes).toEqual([
      [undefined, 'news'],
      ['shop', undefined],
    ]);
  });
});

describe('leaves', () => {
  const links = (from: number, count: number): StoredLink[] =>
    Array.from({ length: count }, (_, i) => [
      `Title ${String(from + i).padStart(6, '0')}`,
      `${site}/p/${from + i}`,
      null,
    ]);
  const keyed = (list: StoredLink[]) =>
    list.map((link) => ({ key: storedLinkKey('alpha', 'T', link), link }));

  it('cuts evenly into leaves of about LEAF_FILL', () => {
    const leaves = cutLeaves(links(0, LEAF_FILL * 2 + 10));
    expect(leaves.map((leaf) => leaf.length)).toEqual([LEAF_FILL + 5, LEAF_FILL + 5]);
  });

  it('rewrites only the leaf whose key range holds a change', async () => {
    const { refs, load } = leavesOf(
      [links(0, 2000), links(2000, 2000), links(4000, 2000)],
      'T',
      'alpha'
    );
    const added = links(2500, 1)[0];
    added[0] = 'Title 002500b';
    const plans = await planSection(
      refs,
      [{ key: storedLinkKey('alpha', 'T', added), link: added }],
      (leaf) => load(leaf).then(keyed)
    );
    expect(plans.map((plan) => ('keep' in plan ? plan.keep.name : plan.write.length))).toEqual([
      'leaf-1',
      2001,
      'leaf-3',
    ]);
  });

  it('splits a leaf that grows past LEAF_MAX, and merges one that falls below LEAF_MIN', async () => {
    const { refs, load } = leavesOf(
      [links(0, LEAF_MAX), links(LEAF_MAX, 1000), links(9000, 10)],
      'T',
      'alpha'
    );
    // Between the first leaf's first two links.
    const grown: StoredLink = ['Title 000000b', `${site}/p/0b`, null];
    const removals = links(LEAF_MAX, 1000 - LEAF_MIN + 1).map((link) => ({
      key: storedLinkKey('alpha', 'T', link),
      link: null,
    }));
    const plans = await planSection(
      refs,
      [{ key: storedLinkKey('alpha', 'T', grown), link: grown }, ...removals],
      (leaf) => load(leaf).then(keyed)
    );
    // The first leaf splits in two; the second, now small, merges into the last (which may stay small).
    expect(plans.map((plan) => ('keep' in plan ? plan.keep.name : plan.write.length))).toEqual([
      LEAF_MAX / 2 + 1,
      LEAF_MAX / 2,
      LEAF_MIN - 1 + 10,
    ]);
    const written = plans.flatMap((plan) => ('write' in plan ? plan.write : []));
    const keys = written.map((item) => item.key);
    expect([...keys].sort()).toEqual(keys);
  });

  it('writes the settled part of a long run of changes as it goes, in order', async () => {
    const { refs, load } = leavesOf([links(0, 10)], 'T', 'alpha');
    const added = keyed(links(10, LEAF_MAX * 3));
    const plans: LeafPlan[] = [];
    const lengths: number[] = [];
    await planInto(
      refs,
      added,
      (leaf) => load(leaf).then(keyed),
      async (plan) => {
        plans.push(plan);
        lengths.push('write' in plan ? plan.write.length : 0);
      }
    );
    const written = plans.flatMap((plan) => ('write' in plan ? plan.write : []));
    expect(written).toHaveLength(10 + LEAF_MAX * 3);
    expect(written.map((item) => item.key)).toEqual([...written.map((item) => item.key)].sort());
    expect(Math.max(...lengths)).toBeLessThanOrEqual(LEAF_MAX);
  });

  it('folds a removal and an addition of the same link into nothing', async () => {
    const link: StoredLink = ['Same', `${site}/same`, null];
    const key = storedLinkKey('alpha', 'S', link);
    const folded: LinkChange[] = [];
    for await (const change of netChanges([
      { key, link },
      { key, link: null },
      { key: `${key}z`, link: null },
    ]))
      folded.push(change);
    expect(folded).toEqual([{ key: `${key}z`, link: null }]);
  });

  it('drops a leaf left empty, and starts a section from its first links', async () => {
    const { refs, load } = leavesOf([links(0, 3)], 'T', 'alpha');
    const plans = await planSection(
      refs,
      keyed(links(0, 3)).map(({ key }) => ({ key, link: null })),
      (leaf) => load(leaf).then(keyed)
    );
    expect(plans).toEqual([]);
    const first = await planSection([], keyed(links(0, 2)), async () => []);
    expect(first).toEqual([{ write: keyed(links(0, 2)) }]);
  });
});

describe('pages cut from leaves', () => {
  const titles = (from: number, count: number): StoredLink[] =>
    Array.from({ length: count }, (_, i) => [
      `Title ${String(from + i).padStart(3, '0')}`,
      `${site}/en/a/${from + i}`,
      null,
    ]);
  const leaves = [titles(0, 120), titles(120, 80), titles(200, 50)];
  const reads: number[] = [];
  const { refs, load } = leavesOf(leaves, 'article', 'tree');
  const counted = async (leaf: LeafRef) => {
    reads.push(leaf.id);
    return load(leaf);
  };
  const section: ViewSection = { key: 'article', label: 'Blog', count: 250, leaves: refs };
  const view: ComposedView = { site: null, locale: 'en', order: 'tree', sections: [section] };

  it('keeps every page, navigation included, at 100 links or fewer, reading only its leaves', async () => {
    reads.length = 0;
    const page = (await pageOf(view, { page: 2 }, counted))!;
    // One section: all sections, the section, the other order, previous and next.
    expect(page.pageSize).toBe(LINKS_PER_PAGE - 1 - 4);
    expect(page.totalPages).toBe(Math.ceil(250 / page.pageSize));
    expect(page.sections[0].links.map((link) => link.title)).toEqual(
      titles(95, 95).map((link) => link[0])
    );
    expect(reads).toEqual([1, 2]);
    const last = (await pageOf(view, { page: page.totalPages }, counted))!;
    expect(last.sections[0].links.at(-1)!.title).toBe('Title 249');
    expect(entriesPerPage(500)).toBe(20);
    expect(await pageOf(view, { section: 'nope', page: 1 }, counted)).toBeNull();
    expect(await pageOf(view, { page: 4 }, counted)).toBeNull();
    expect(await pageOf(view, { page: 0 }, counted)).toBeNull();
  });

  it('pages go on from one section to the next, and a section pages on its own', async () => {
    const other: ViewSection = {
      key: 'page',
      label: 'Page',
      count: 2,
      leaves: leavesOf(
        [
          [
            ['About', `${site}/about`, null],
            ['Contact', `${site}/contact`, 'Help'],
          ],
        ],
        'page',
        'tree'
      ).refs,
    };
    const both: ComposedView = { ...view, sections: [section, other] };
    const pages = new Map<number, StoredLink[]>([
      [
        1,
        [
          ['About', `${site}/about`, null],
          ['Contact', `${site}/contact`, 'Help'],
        ],
      ],
    ]);
    const loader = (leaf: LeafRef) =>
      leaf.name.startsWith('leaf') && leaf.count === 2
        ? Promise.resolve(pages.get(1)!)
        : load(leaf);
    const last = (await pageOf(both, { page: 3 }, loader))!;
    expect(last.sections.map((shown) => shown.key)).toEqual(['article', 'page']);
    expect(last.sections[1]).toEqual({
      key: 'page',
      label: 'Page',
      links: [{ title: 'About', url: `${site}/about` }],
      groups: [{ label: 'Help', links: [{ title: 'Contact', url: `${site}/contact` }] }],
    });
    const alone = (await pageOf(both, { section: 'page', page: 1 }, loader))!;
    expect(alone.total).toBe(2);
    expect(alone.index.map((entry) => [entry.key, entry.count])).toEqual([
      ['article', 250],
      ['page', 2],
    ]);
  });

  it('links the previous and next pages, only the parameters that differ from the defaults', async () => {
    const endpoint = 'https://cms.example.com/api/sitemap/plan.json';
    const page = (await pageOf(view, { page: 2 }, load))!;
    const links = pageLinks(endpoint, page);
    expect(links.prev).toBe(`${endpoint}?locale=en`);
    expect(links.next).toBe(`${endpoint}?locale=en&page=3`);
    expect(links.otherOrder).toBe(`${endpoint}?locale=en&order=alpha`);
    expect(links.sections.article).toBe(`${endpoint}?locale=en&section=article`);
    expect(pageLinks(endpoint, (await pageOf(view, { page: 1 }, load))!).prev).toBeNull();
    expect(
      pageHref(endpoint, { site: 'shop', locale: 'fr', order: 'tree', section: null, page: 2 })
    ).toBe(`${endpoint}?site=shop&locale=fr&page=2`);
    expect(
      pageHref(endpoint, { site: null, locale: null, order: 'alpha', section: '#', page: 1 })
    ).toBe(`${endpoint}?order=alpha&section=%23`);
  });

  it('renders HTML with the locale, escaped text, and at most 100 links', async () => {
    const hostile: StoredLink[] = [
      ...titles(0, 150),
      ['<script>alert("x")</script>', `${site}/fr/a/999`, 'A & B'],
    ];
    const fr = leavesOf([hostile], 'article', 'tree');
    const frView: ComposedView = {
      site: null,
      locale: 'fr',
      order: 'tree',
      sections: [{ key: 'article', label: 'Le blog', count: hostile.length, leaves: fr.refs }],
    };
    for (let n = 1; n <= 2; n++) {
      const html = renderVisitorHtml(
        'https://cms.example.com/api/sitemap/plan.html',
        (await pageOf(frView, { page: n }, fr.load))!,
        'www.example.com',
        'https://cms.example.com/api/sitemap/plan.css'
      );
      expect(html).toContain('<html lang="fr" dir="ltr">');
      // Its look is a file of its own, versioned: no inline style for a strict CSP to block.
      expect(html).toContain(
        `<link rel="stylesheet" href="https://cms.example.com/api/sitemap/plan.css?v=${PLAN_STYLESHEET_VERSION}">`
      );
      expect(html).not.toMatch(/<style|style="/);
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

describe("plan.html's look", () => {
  it('gives right-to-left locales their direction', () => {
    expect(textDirection('ar')).toBe('rtl');
    expect(textDirection('he-IL')).toBe('rtl');
    expect(textDirection('fa')).toBe('rtl');
    expect(textDirection('fr')).toBe('ltr');
    expect(textDirection(null)).toBe('ltr');
    expect(textDirection('not a locale!')).toBe('ltr');
  });

  it('renders a right-to-left page with its direction', async () => {
    const { refs, load } = leavesOf(
      [[['مرحبا', 'https://www.example.com/ar/a', null]]],
      'article',
      'tree'
    );
    const view: ComposedView = {
      site: null,
      locale: 'ar',
      order: 'tree',
      sections: [{ key: 'article', label: 'مدونة', count: 1, leaves: refs }],
    };
    const html = renderVisitorHtml(
      'https://cms.example.com/api/sitemap/plan.html',
      (await pageOf(view, { page: 1 }, load))!,
      'www.example.com'
    );
    expect(html).toContain('<html lang="ar" dir="rtl">');
  });

  it('themes through custom properties, in columns, with logical properties only', () => {
    for (const property of [
      '--plan-accent',
      '--plan-font',
      '--plan-column-width',
      '--plan-max-width',
    ])
      expect(PLAN_STYLESHEET).toContain(`${property}:`);
    expect(PLAN_STYLESHEET).toMatch(/\.plan-sections \{ columns: var\(--plan-column-width\)/);
    expect(PLAN_STYLESHEET).toContain('prefers-color-scheme: dark');
    // Physical sides would be wrong in a right-to-left page.
    expect(PLAN_STYLESHEET).not.toMatch(/(margin|padding|border)-(left|right)/);
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
