/**
 * Pages of the visitors' site map: what plan.json and plan.html show, cut from the stored leaves of
 * a locale's listings (core/visitors/listing), and the addresses of the pages around one. Every page,
 * navigation included, holds at most 100 links. Pure: leaves are read by the caller.
 */
import type { VisitorOrder } from './entries';
import type { LeafRef, StoredLink } from './listing';

/** Links on one page, navigation included (the usual advice for a site map people read). */
export const LINKS_PER_PAGE = 100;
/** A page always shows at least this many pages of the site, however many sections it lists. */
const MIN_ENTRIES_PER_PAGE = 20;

export interface PageRequest {
  /** A section's key: only its pages, paged on their own. */
  section?: string;
  /** 1-based. */
  page: number;
}

export interface PageLink {
  title: string;
  url: string;
}

export interface PageSection {
  key: string;
  label: string;
  /** Its pages outside any group, on this page. */
  links: PageLink[];
  groups: Array<{ label: string; links: PageLink[] }>;
}

/** One page of a view: what both plan.json and plan.html show. */
export interface VisitorPage {
  /** One of the `sites`; null: the main site. */
  site: string | null;
  locale: string | null;
  order: VisitorOrder;
  section: string | null;
  page: number;
  totalPages: number;
  /** Pages of the site per page here: 100 links less the navigation's. */
  pageSize: number;
  /** Pages of the site in the listing paged (one section, or all). */
  total: number;
  /** Every section of the view, for navigation: its key, label and page count. */
  index: Array<{ key: string; label: string; count: number }>;
  /** This page's pages of the site, under their sections and groups. */
  sections: PageSection[];
}

/**
 * How many pages of the site a page shows: 100 links less the navigation's own, which are one per
 * section, one to all sections, one to the other order, and the previous and next pages.
 */
export const entriesPerPage = (sectionCount: number) =>
  Math.max(MIN_ENTRIES_PER_PAGE, LINKS_PER_PAGE - sectionCount - 4);

/** A section of the view a page is cut from: its links are in the leaves, `count` in all. */
export interface ViewSection {
  key: string;
  label: string;
  count: number;
  leaves: LeafRef[];
}

/** One locale's site map in one order, as its directories describe it (no link is read yet). */
export interface ComposedView {
  site: string | null;
  locale: string | null;
  order: VisitorOrder;
  sections: ViewSection[];
}

/**
 * The page asked for; null when the section is unknown or the page is past the last. Only the
 * leaves the page's links stand in are read (`load`): one or two, whatever the site's size.
 */
export async function pageOf(
  view: ComposedView,
  request: PageRequest,
  load: (leaf: LeafRef) => Promise<StoredLink[]>
): Promise<VisitorPage | null> {
  let listed = view.sections;
  if (request.section !== undefined) {
    const section = view.sections.find((candidate) => candidate.key === request.section);
    if (!section) return null;
    listed = [section];
  }
  const pageSize = entriesPerPage(view.sections.length);
  const total = listed.reduce((sum, section) => sum + section.count, 0);
  const totalPages = Math.max(1, Math.ceil(total / pageSize));
  if (!Number.isInteger(request.page) || request.page < 1 || request.page > totalPages) return null;

  const from = (request.page - 1) * pageSize;
  const to = Math.min(total, from + pageSize);
  const sections: PageSection[] = [];
  let start = 0;
  for (const section of listed) {
    const end = start + section.count;
    if (end > from && start < to) {
      const shown: PageSection = { key: section.key, label: section.label, links: [], groups: [] };
      for (const link of await sliceOf(section, from - start, to - start, load)) {
        const [title, url, group] = link;
        if (group === null) shown.links.push({ title, url });
        else {
          let last = shown.groups[shown.groups.length - 1];
          if (!last || last.label !== group)
            shown.groups.push((last = { label: group, links: [] }));
          last.links.push({ title, url });
        }
      }
      sections.push(shown);
    }
    start = end;
  }
  return {
    site: view.site,
    locale: view.locale,
    order: view.order,
    section: request.section ?? null,
    page: request.page,
    totalPages,
    pageSize,
    total,
    index: view.sections.map(({ key, label, count }) => ({ key, label, count })),
    sections,
  };
}

/** The links of a section from position `from` up to `to`, read from the leaves they stand in. */
async function sliceOf(
  section: ViewSection,
  from: number,
  to: number,
  load: (leaf: LeafRef) => Promise<StoredLink[]>
): Promise<StoredLink[]> {
  const links: StoredLink[] = [];
  let start = 0;
  for (const leaf of section.leaves) {
    const end = start + leaf.count;
    if (end > from && start < to) {
      const stored = await load(leaf);
      links.push(...stored.slice(Math.max(0, from - start), Math.min(leaf.count, to - start)));
    }
    if (end >= to) break;
    start = end;
  }
  return links;
}

export interface PageAddress {
  site: string | null;
  locale: string | null;
  order: VisitorOrder;
  section: string | null;
  page: number;
}

/** The URL of a page of the site map: only the parameters that differ from the defaults. */
export function pageHref(endpoint: string, address: PageAddress): string {
  const query = new URLSearchParams();
  if (address.site) query.set('site', address.site);
  if (address.locale) query.set('locale', address.locale);
  if (address.order !== 'tree') query.set('order', address.order);
  if (address.section !== null) query.set('section', address.section);
  if (address.page !== 1) query.set('page', String(address.page));
  const search = query.toString();
  return search ? `${endpoint}?${search}` : endpoint;
}

/**
 * The navigation of a page: itself, first, last, previous and next (absent at either end), all
 * sections, the other order, and each section.
 */
export function pageLinks(endpoint: string, page: VisitorPage) {
  const at = (changes: Partial<PageAddress>) =>
    pageHref(endpoint, {
      site: page.site,
      locale: page.locale,
      order: page.order,
      section: page.section,
      page: page.page,
      ...changes,
    });
  return {
    self: at({}),
    first: at({ page: 1 }),
    last: at({ page: page.totalPages }),
    prev: page.page > 1 ? at({ page: page.page - 1 }) : null,
    next: page.page < page.totalPages ? at({ page: page.page + 1 }) : null,
    all: at({ section: null, page: 1 }),
    otherOrder: at({ order: page.order === 'tree' ? 'alpha' : 'tree', section: null, page: 1 }),
    sections: Object.fromEntries(
      page.index.map((section) => [section.key, at({ section: section.key, page: 1 })])
    ),
  };
}
