/**
 * The site map for visitors (a "plan du site"): what a run stores of each listed page (its entry),
 * what a page's version shows there, and which pages changed between two runs. Runs store the
 * pages sorted in listings (core/visitors/listing); pages of a listing (core/visitors/pages) are what
 * plan.json and plan.html answer. Pure.
 */
import { readPath } from '../urls/pattern';

/**
 * What a run stores per listed URL: [document, locale, URL, title, group label, site]. The site is
 * left off for the main site's URLs (chunks stored before sites came read the same).
 */
export type VisitorEntry = [
  documentId: string,
  locale: string | null,
  url: string,
  title: string | null,
  group: string | null,
  site?: string,
];

/** The site a stored entry is listed on: null for the main site. */
export const siteOfEntry = (entry: VisitorEntry) => entry[5] ?? null;

/** A chunk of one type's part of the site map, as a run stores it (`visitors-<type>-<n>.json`). */
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

/** Two versions of the same page in the site map differ when what it shows or where it goes does. */
const sameEntry = (a: VisitorEntry, b: VisitorEntry) =>
  a[2] === b[2] && a[3] === b[3] && a[4] === b[4];

/**
 * The pages that changed between two sets of one type's entries over the same documents: each
 * (document, locale, site) listed before and not now, now and not before, or shown differently, as a
 * (before, after) pair for `changed`.
 */
export function compareEntries(
  before: VisitorEntry[],
  after: VisitorEntry[],
  changed: (before: VisitorEntry | undefined, after: VisitorEntry | undefined) => void
) {
  // A version listed on two sites is two pages.
  const keyOf = (entry: VisitorEntry) => `${entry[0]}|${entry[1] ?? ''}|${entry[5] ?? ''}`;
  const old = new Map(before.map((entry) => [keyOf(entry), entry]));
  for (const entry of after) {
    const key = keyOf(entry);
    const was = old.get(key);
    old.delete(key);
    if (!was || !sameEntry(was, entry)) changed(was, entry);
  }
  for (const was of old.values()) changed(was, undefined);
}
