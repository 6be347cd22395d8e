/**
 * Pages of a view of the visitors' site map: what plan.json and plan.html show, and the addresses
 * of the pages around one. Every page, navigation included, holds at most 100 links. Pure.
 */
import type { VisitorOrder } from './visitor-map';
import type { VisitorView } from './visitor-view';

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

/** The page asked for; null when the section is unknown or the page is past the last. */
export function pageOf(view: VisitorView, request: PageRequest): VisitorPage | null {
  let start = 0;
  let end = view.links.length;
  if (request.section !== undefined) {
    const section = view.sections.find((candidate) => candidate.key === request.section);
    if (!section) return null;
    start = section.start;
    end = section.start + section.count;
  }
  const pageSize = entriesPerPage(view.sections.length);
  const total = end - start;
  const totalPages = Math.max(1, Math.ceil(total / pageSize));
  if (!Number.isInteger(request.page) || request.page < 1 || request.page > totalPages) return null;

  const sections: PageSection[] = [];
  const from = start + (request.page - 1) * pageSize;
  for (const link of view.links.slice(from, Math.min(end, from + pageSize))) {
    let section = sections[sections.length - 1];
    if (!section || section.key !== link.section) {
      const label = view.labels.get(link.section) ?? link.section;
      section = { key: link.section, label, links: [], groups: [] };
      sections.push(section);
    }
    const shown = { title: link.title, url: link.url };
    if (link.group === null) section.links.push(shown);
    else {
      let group = section.groups[section.groups.length - 1];
      if (!group || group.label !== link.group)
        section.groups.push((group = { label: link.group, links: [] }));
      group.links.push(shown);
    }
  }
  return {
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

export interface PageAddress {
  locale: string | null;
  order: VisitorOrder;
  section: string | null;
  page: number;
}

/** The URL of a page of the site map: only the parameters that differ from the defaults. */
export function pageHref(endpoint: string, address: PageAddress): string {
  const query = new URLSearchParams();
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
