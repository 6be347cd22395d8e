/**
 * A view of the visitors' site map: one locale's pages in one order, sorted once. `tree`: a section
 * per type (in the settings' order), pages outside any group first, then a group per label, titles
 * in order; `alpha`: a section per first letter of the title. Each link carries one sort key, so
 * sorting is plain string comparison (a million titles sort in about a second, where
 * Intl.Collator's compare took five, measured), and a view follows a run's new chunks by a merge
 * instead of a sort of everything. Pure.
 */
import { sectionLabel, type VisitorOrder, type VisitorTypeFile } from './visitor-map';

/** The alphabetical order's section for titles that do not start with a letter of a cased alphabet. */
export const OTHER_LETTER = '#';

/** A stored chunk as a view reads it: its id, and its type's place in the settings. */
export interface ViewSource {
  chunk: number;
  rank: number;
  file: VisitorTypeFile;
}

export interface ViewLink {
  sort: string;
  title: string;
  url: string;
  chunk: number;
  section: string;
  group: string | null;
}

export interface ViewSection {
  key: string;
  label: string;
  /** Position of the section's first link in `links`. */
  start: number;
  count: number;
}

export interface VisitorView {
  locale: string | null;
  order: VisitorOrder;
  sections: ViewSection[];
  links: ViewLink[];
  /** Section key → label (tree: each type's label in this locale). */
  labels: Map<string, string>;
}

const SEPARATOR = '\u0001';

/**
 * Orders like a reader expects without a collator: accents dropped, case folded, numbers as
 * numbers (each run of digits prefixed by its length: "9" < "10"). Code-point order of what is
 * left, so letters of other alphabets sort by their code points.
 */
export function sortKey(text: string): string {
  return (
    text
      .normalize('NFD')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u001f]/g, '')
      .replace(/\d+/g, (digits) => {
        const number = digits.replace(/^0+(?=\d)/, '');
        return String.fromCharCode(0x30 + Math.min(number.length, 16)) + number;
      })
  );
}

/** The letter a title is filed under: its first letter without accents, upper case, or OTHER_LETTER. */
export function letterOf(title: string): string {
  const first = [...title.trim().normalize('NFD').replace(/\p{M}/gu, '')][0] ?? '';
  const upper = first.toUpperCase();
  // Only cased alphabets: a script without case (Han, Arabic…) would make a section per character.
  const cased = /\p{L}/u.test(first) && upper !== first.toLowerCase();
  return cased && [...upper].length === 1 ? upper : OTHER_LETTER;
}

/** The links of a chunk in `locale` (its own and those of types without locales), unsorted. */
function linksOf(source: ViewSource, locale: string | null, order: VisitorOrder): ViewLink[] {
  const links: ViewLink[] = [];
  const rank = String(source.rank).padStart(6, '0');
  for (const [, entryLocale, url, title, group] of source.file.entries) {
    if (entryLocale !== null && entryLocale !== locale) continue;
    const shown = title ?? url;
    let section: string;
    let sort: string;
    if (order === 'tree') {
      section = source.file.key;
      // '' sorts before any group: pages outside a group come first.
      const groupSort = group === null ? '' : `\u0002${sortKey(group)}${SEPARATOR}${group}`;
      sort = `${rank}${SEPARATOR}${groupSort}${SEPARATOR}${sortKey(shown)}${SEPARATOR}${url}`;
    } else {
      section = letterOf(shown);
      const letterSort = section === OTHER_LETTER ? '' : sortKey(section);
      sort = `${letterSort}${SEPARATOR}${sortKey(shown)}${SEPARATOR}${url}`;
    }
    links.push({ sort, title: shown, url, chunk: source.chunk, section, group });
  }
  return links;
}

const bySortKey = (a: ViewLink, b: ViewLink) => (a.sort < b.sort ? -1 : a.sort > b.sort ? 1 : 0);

/** Where each section starts, from the sorted links. */
function sectionsOf(links: ViewLink[], labels: Map<string, string>): ViewSection[] {
  const sections: ViewSection[] = [];
  links.forEach((link, index) => {
    const last = sections[sections.length - 1];
    if (last && last.key === link.section) last.count++;
    else
      sections.push({
        key: link.section,
        label: labels.get(link.section) ?? link.section,
        start: index,
        count: 1,
      });
  });
  return sections;
}

function labelsFrom(
  sources: ViewSource[],
  locale: string | null,
  into = new Map<string, string>()
) {
  for (const { file } of sources)
    into.set(file.key, sectionLabel(file.labels, locale, file.displayName));
  return into;
}

/** Builds one locale's view in one order from every chunk of the live set. */
export function buildView(
  sources: ViewSource[],
  locale: string | null,
  order: VisitorOrder
): VisitorView {
  const links = sources.flatMap((source) => linksOf(source, locale, order)).sort(bySortKey);
  const labels = order === 'tree' ? labelsFrom(sources, locale) : new Map<string, string>();
  return { locale, order, links, labels, sections: sectionsOf(links, labels) };
}

/**
 * The view after a switch that replaced some chunks: the links of `removed` chunks go, those of
 * `added` ones are sorted among themselves and merged in, one pass over the rest.
 */
export function updateView(
  view: VisitorView,
  removed: Set<number>,
  added: ViewSource[]
): VisitorView {
  const fresh = added.flatMap((source) => linksOf(source, view.locale, view.order)).sort(bySortKey);
  const links: ViewLink[] = [];
  let next = 0;
  for (const link of view.links) {
    if (removed.has(link.chunk)) continue;
    while (next < fresh.length && bySortKey(fresh[next], link) < 0) links.push(fresh[next++]);
    links.push(link);
  }
  while (next < fresh.length) links.push(fresh[next++]);
  const labels =
    view.order === 'tree' ? labelsFrom(added, view.locale, new Map(view.labels)) : view.labels;
  return { ...view, links, labels, sections: sectionsOf(links, labels) };
}
