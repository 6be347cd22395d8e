/**
 * The site map for visitors (a "plan du site"): the listed pages as links, in pages a person can
 * read. Two orders: `tree` (a section per content type, optionally grouped by a relation, pages by
 * title) and `alpha` (a site index: pages by their title's first letter). Every page, navigation
 * included, holds at most 100 links. Pure: the stored entries come in, pages go out.
 */
import { readPath } from './pattern';

/** What a run stores per listed URL: [document, locale, URL, title, group label]. */
export type VisitorEntry = [string, string | null, string, string | null, string | null];

/** One type's part of the site map, as a run stores it (`visitors-<type>.json`). */
export interface VisitorTypeFile {
  uid: string;
  /** The section's key in URLs: the type's file group (`article`). */
  key: string;
  displayName: string;
  /** The section's label per locale; the display name where none is set. */
  labels: Record<string, string>;
  entries: VisitorEntry[];
}

export type VisitorOrder = 'tree' | 'alpha';
export const VISITOR_ORDERS: VisitorOrder[] = ['tree', 'alpha'];

/** Links on one page, navigation included (the usual advice for a site map people read). */
export const LINKS_PER_PAGE = 100;
/** A page always shows at least this many pages of the site, however many sections it lists. */
const MIN_ENTRIES_PER_PAGE = 20;
/** The alphabetical order's section for titles that do not start with a letter of a cased alphabet. */
export const OTHER_LETTER = '#';

interface ViewLink {
  title: string;
  url: string;
  section: number;
  /** Index into the section's groups; -1 for a page outside any group. */
  group: number;
}

interface ViewSection {
  key: string;
  label: string;
  groups: string[];
  /** Position of the section's first link in `links`. */
  start: number;
  count: number;
}

/** One locale in one order: every link in reading order, and where each section starts. */
export interface VisitorView {
  locale: string | null;
  order: VisitorOrder;
  sections: ViewSection[];
  links: ViewLink[];
}

/** A text value worth showing (a title, a group's label), trimmed; null otherwise. */
function shownText(value: unknown): string | null {
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  return typeof value === 'string' && value.trim() ? value.trim() : null;
}

/** The title and group label a version of a document shows in the site map (null where unset or empty). */
export function visitorFieldsOf(
  entry: Record<string, unknown> | undefined,
  titleField: string | undefined,
  groupBy: string[] | undefined
): { title: string | null; group: string | null } {
  return {
    title: titleField && entry ? shownText(entry[titleField]) : null,
    group: groupBy && entry ? shownText(readPath(entry, groupBy)) : null,
  };
}

/** A type's section label in `locale`: its own, else the one for any locale, else the type's name. */
export const sectionLabel = (
  labels: Record<string, string>,
  locale: string | null | undefined,
  displayName: string
) => (locale && labels[locale]) || labels['*'] || displayName;

/** The locales the site map has, sorted; empty when no listed type is localized. */
export function localesOf(files: VisitorTypeFile[]): string[] {
  const locales = new Set<string>();
  for (const file of files) for (const entry of file.entries) if (entry[1]) locales.add(entry[1]);
  return [...locales].sort();
}

function collatorFor(locale: string | null) {
  try {
    return new Intl.Collator(locale ?? 'en', { numeric: true, sensitivity: 'base' });
  } catch {
    return new Intl.Collator('en', { numeric: true, sensitivity: 'base' });
  }
}

/** The title a page is shown and sorted by: its title field, else its URL. */
const titleOf = (entry: VisitorEntry) => entry[3] ?? entry[2];

/** The letter a title is filed under: its first letter without accents, upper case, or OTHER_LETTER. */
export function letterOf(title: string, locale: string | null): string {
  const first = [...title.trim().normalize('NFD').replace(/\p{M}/gu, '')][0] ?? '';
  let upper: string;
  try {
    upper = first.toLocaleUpperCase(locale ?? undefined);
  } catch {
    upper = first.toUpperCase();
  }
  // Only cased alphabets: a script without case (Han, Arabic…) would make a section per character.
  const cased = /\p{L}/u.test(first) && upper !== first.toLowerCase();
  return cased && [...upper].length === 1 ? upper : OTHER_LETTER;
}

/** The entries of `locale`: its own and those of types without locales, which belong to every locale. */
const entriesIn = (file: VisitorTypeFile, locale: string | null) =>
  file.entries.filter((entry) => entry[1] === null || entry[1] === locale);

/** Builds one locale's view in one order from the types' files (in the settings' order). */
export function buildView(
  files: VisitorTypeFile[],
  locale: string | null,
  order: VisitorOrder
): VisitorView {
  const collator = collatorFor(locale);
  const byTitle = (a: VisitorEntry, b: VisitorEntry) =>
    collator.compare(titleOf(a), titleOf(b)) || (a[2] < b[2] ? -1 : a[2] > b[2] ? 1 : 0);
  const sections: ViewSection[] = [];
  const links: ViewLink[] = [];

  if (order === 'tree') {
    for (const file of files) {
      const entries = entriesIn(file, locale);
      if (entries.length === 0) continue;
      const groups = [
        ...new Set(entries.map((entry) => entry[4]).filter((label) => label !== null)),
      ] as string[];
      groups.sort((a, b) => collator.compare(a, b) || (a < b ? -1 : 1));
      const groupIndex = new Map(groups.map((label, index) => [label, index]));
      const section = sections.length;
      // Pages outside any group come first, then each group.
      const sorted = entries
        .map((entry) => ({ entry, group: entry[4] === null ? -1 : groupIndex.get(entry[4])! }))
        .sort((a, b) => a.group - b.group || byTitle(a.entry, b.entry));
      sections.push({
        key: file.key,
        label: sectionLabel(file.labels, locale, file.displayName),
        groups,
        start: links.length,
        count: sorted.length,
      });
      for (const { entry, group } of sorted)
        links.push({ title: titleOf(entry), url: entry[2], section, group });
    }
    return { locale, order, sections, links };
  }

  const byLetter = new Map<string, VisitorEntry[]>();
  for (const file of files)
    for (const entry of entriesIn(file, locale)) {
      const letter = letterOf(titleOf(entry), locale);
      let list = byLetter.get(letter);
      if (!list) byLetter.set(letter, (list = []));
      list.push(entry);
    }
  const letters = [...byLetter.keys()].sort((a, b) =>
    a === OTHER_LETTER ? -1 : b === OTHER_LETTER ? 1 : collator.compare(a, b)
  );
  for (const letter of letters) {
    const entries = byLetter.get(letter)!.sort(byTitle);
    const section = sections.length;
    sections.push({
      key: letter,
      label: letter,
      groups: [],
      start: links.length,
      count: entries.length,
    });
    for (const entry of entries)
      links.push({ title: titleOf(entry), url: entry[2], section, group: -1 });
  }
  return { locale, order, sections, links };
}

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
    const source = view.sections[link.section];
    let section = sections[sections.length - 1];
    if (!section || section.key !== source.key) {
      section = { key: source.key, label: source.label, links: [], groups: [] };
      sections.push(section);
    }
    const shown = { title: link.title, url: link.url };
    if (link.group < 0) section.links.push(shown);
    else {
      const label = source.groups[link.group];
      let group = section.groups[section.groups.length - 1];
      if (!group || group.label !== label) section.groups.push((group = { label, links: [] }));
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
