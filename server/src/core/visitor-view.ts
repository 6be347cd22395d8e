/**
 * A view of the visitors' site map: one locale's pages in one order, sorted once. `tree`: a section
 * per type (in the settings' order), pages outside any group first, then a group per label, titles
 * in order; `alpha`: a section per first letter of the title. Each link carries a bucket (its
 * section and group) and a title key, so sorting is plain string comparison (where
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
  /** Where the link's bucket stands: its section and group (tree) or its letter (alpha). */
  bucket: string;
  /** Its title's sort key within the bucket. */
  key: string;
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
const PLAIN_ASCII = /^[\x20-\x7e]*$/;

/**
 * Orders like a reader expects without a collator: accents dropped, case folded, numbers as
 * numbers (each run of digits prefixed by its length: "9" < "10"). Code-point order of what is
 * left, so letters of other alphabets sort by their code points.
 */
export function sortKey(text: string): string {
  // Most titles are plain ASCII: no accents to drop, nothing to normalize (three times faster).
  const folded = PLAIN_ASCII.test(text)
    ? text.toLowerCase()
    : text
        .normalize('NFD')
        .replace(/\p{M}/gu, '')
        .toLowerCase()
        // eslint-disable-next-line no-control-regex
        .replace(/[\u0000-\u001f]/g, '');
  return withNumberKeys(folded);
}

/** Each run of digits as its length (one character) then its digits without leading zeros. */
function withNumberKeys(text: string): string {
  let out = '';
  let copied = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x30 || code > 0x39) continue;
    let end = i + 1;
    while (end < text.length && text.charCodeAt(end) >= 0x30 && text.charCodeAt(end) <= 0x39) end++;
    let start = i;
    while (start < end - 1 && text.charCodeAt(start) === 0x30) start++;
    out += text.slice(copied, i) + String.fromCharCode(0x30 + Math.min(end - start, 16));
    out += text.slice(start, end);
    copied = end;
    i = end - 1;
  }
  return copied === 0 ? text : out + text.slice(copied);
}

/** The letter a title is filed under: its first letter without accents, upper case, or OTHER_LETTER. */
export function letterOf(title: string): string {
  const trimmed = title.trimStart();
  const code = trimmed.charCodeAt(0);
  // ASCII, the common case: no accent to drop.
  if (code < 0x80) {
    if (code >= 0x61 && code <= 0x7a) return String.fromCharCode(code - 0x20);
    return code >= 0x41 && code <= 0x5a ? trimmed[0] : OTHER_LETTER;
  }
  const first = [...trimmed.normalize('NFD').replace(/\p{M}/gu, '')][0] ?? '';
  const upper = first.toUpperCase();
  // Only cased alphabets: a script without case (Han, Arabic…) would make a section per character.
  const cased = /\p{L}/u.test(first) && upper !== first.toLowerCase();
  return cased && [...upper].length === 1 ? upper : OTHER_LETTER;
}

/** The links of a chunk in `locale` (its own and those of types without locales), unsorted. */
function linksOf(source: ViewSource, locale: string | null, order: VisitorOrder): ViewLink[] {
  const links: ViewLink[] = [];
  // One character: types are few, and a short prefix keeps comparisons short.
  const rank = String.fromCharCode(0x100 + source.rank);
  const buckets = new Map<string | null, string>();
  for (const [, entryLocale, url, title, group] of source.file.entries) {
    if (entryLocale !== null && entryLocale !== locale) continue;
    const shown = title ?? url;
    let section: string;
    let bucket: string | undefined;
    if (order === 'tree') {
      section = source.file.key;
      bucket = buckets.get(group);
      if (bucket === undefined) {
        // The type's rank alone sorts before any group: pages outside a group come first.
        bucket = group === null ? rank : `${rank}${SEPARATOR}${sortKey(group)}${SEPARATOR}${group}`;
        buckets.set(group, bucket);
      }
    } else {
      section = letterOf(shown);
      bucket = buckets.get(section);
      if (bucket === undefined) {
        bucket = section === OTHER_LETTER ? '' : sortKey(section);
        buckets.set(section, bucket);
      }
    }
    links.push({
      bucket,
      key: sortKey(shown),
      title: shown,
      url,
      chunk: source.chunk,
      section,
      group,
    });
  }
  return links;
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
/** Within a bucket: by title key, then by URL, so the order never depends on the read order. */
const inBucket = (a: ViewLink, b: ViewLink) => compare(a.key, b.key) || compare(a.url, b.url);
const inView = (a: ViewLink, b: ViewLink) => compare(a.bucket, b.bucket) || inBucket(a, b);

/** Lets the caller's other work run: a server passes a yield to its event loop. */
export type Pause = () => Promise<void>;
const noPause: Pause = () => Promise.resolve();
/** Links sorted or merged between two pauses (about 20 ms of work here). */
const SLICE = 16_384;

/** Merges two sorted lists, pausing every SLICE links. */
async function mergeSorted(
  a: ViewLink[],
  b: ViewLink[],
  order: (x: ViewLink, y: ViewLink) => number,
  pause: Pause
) {
  const merged: ViewLink[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    const limit = merged.length + SLICE;
    while (merged.length < limit && (i < a.length || j < b.length))
      merged.push(j >= b.length || (i < a.length && order(a[i], b[j]) <= 0) ? a[i++] : b[j++]);
    await pause();
  }
  return merged;
}

/** A merge sort whose steps are slices: never more than one slice's work between two pauses. */
async function sortInSlices(
  list: ViewLink[],
  order: (x: ViewLink, y: ViewLink) => number,
  pause: Pause
) {
  if (list.length <= SLICE) return list.sort(order);
  let runs: ViewLink[][] = [];
  for (let at = 0; at < list.length; at += SLICE) {
    runs.push(list.slice(at, at + SLICE).sort(order));
    await pause();
  }
  while (runs.length > 1) {
    const next: ViewLink[][] = [];
    for (let k = 0; k < runs.length; k += 2)
      next.push(
        k + 1 < runs.length ? await mergeSorted(runs[k], runs[k + 1], order, pause) : runs[k]
      );
    runs = next;
  }
  return runs[0];
}

/** Sorts bucket by bucket: short comparisons over few links instead of long ones over all. */
async function sortLinks(links: ViewLink[], pause: Pause): Promise<ViewLink[]> {
  const buckets = new Map<string, ViewLink[]>();
  for (const link of links) {
    const bucket = buckets.get(link.bucket);
    if (bucket) bucket.push(link);
    else buckets.set(link.bucket, [link]);
  }
  const sorted: ViewLink[] = [];
  for (const key of [...buckets.keys()].sort(compare))
    for (const link of await sortInSlices(buckets.get(key)!, inBucket, pause)) sorted.push(link);
  return sorted;
}

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
export async function buildView(
  sources: ViewSource[],
  locale: string | null,
  order: VisitorOrder,
  pause: Pause = noPause
): Promise<VisitorView> {
  const unsorted: ViewLink[] = [];
  for (const source of sources) {
    for (const link of linksOf(source, locale, order)) unsorted.push(link);
    await pause();
  }
  const links = await sortLinks(unsorted, pause);
  const labels = order === 'tree' ? labelsFrom(sources, locale) : new Map<string, string>();
  return { locale, order, links, labels, sections: sectionsOf(links, labels) };
}

/**
 * The view after a switch that replaced some chunks: the links of `removed` chunks go, those of
 * `added` ones are sorted among themselves and merged in, one pass over the rest.
 */
export async function updateView(
  view: VisitorView,
  removed: Set<number>,
  added: ViewSource[],
  pause: Pause = noPause
): Promise<VisitorView> {
  const fresh = await sortLinks(
    added.flatMap((source) => linksOf(source, view.locale, view.order)),
    pause
  );
  const kept = view.links.filter((link) => !removed.has(link.chunk));
  const links = await mergeSorted(kept, fresh, inView, pause);
  const labels =
    view.order === 'tree' ? labelsFrom(added, view.locale, new Map(view.labels)) : view.labels;
  return { ...view, links, labels, sections: sectionsOf(links, labels) };
}
