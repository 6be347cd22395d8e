/**
 * Where a link of the visitors' site map stands: its section and its sort key within it, as plain
 * strings compared by code unit, so links sort without a collator (Intl.Collator's compare took
 * five seconds for a million titles, measured) and a stored page's key range is a pair of strings.
 * `tree`: a section per type, pages outside any group first, then a group per label, titles in
 * order; `alpha`: a section per first letter of the title. Pure.
 */
import type { VisitorOrder } from './entries';

/** The alphabetical order's section for titles that do not start with a letter of a cased alphabet. */
export const OTHER_LETTER = '#';

const PLAIN_ASCII = /^[\x20-\x7e]*$/;
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f]/g;

/**
 * Orders like a reader expects without a collator: accents dropped, case folded, numbers as
 * numbers (each run of digits prefixed by its length: "9" < "10"). Code-point order of what is
 * left, so letters of other alphabets sort by their code points.
 */
export function sortKey(text: string): string {
  // Most titles are plain ASCII: no accents to drop, nothing to normalize (three times faster).
  const folded = PLAIN_ASCII.test(text)
    ? text.toLowerCase()
    : text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(CONTROL, '');
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

/** A link's place: the section it is listed under, how sections sort, and its key in the section. */
export interface LinkPlace {
  section: string;
  /** Sections of a listing sort by this (a type's rank, a letter's key; OTHER_LETTER's first). */
  sectionOrder: string;
  /** Unique within the section (the URL ends it), ordered as readers expect. */
  key: string;
}

// Separators below every character a key holds (sortKey drops control characters, URLs hold none).
const UNGROUPED = '\u0001';
const GROUPED = '\u0002';
const PART = '\u0003';
const clean = (text: string) => text.replace(CONTROL, '');

/** A type's rank as one character: types are few, and a short prefix keeps comparisons short. */
export const rankOrder = (rank: number) => String.fromCharCode(0x100 + rank);

/**
 * Where a link stands in `order`. `title` is what the link shows (the URL when the page has no
 * title); `typeKey` and `typeRank` name the type's section in the tree.
 */
export function linkPlace(
  order: VisitorOrder,
  link: { title: string; url: string; group: string | null },
  typeKey: string,
  typeRank: number,
  titleKey = sortKey(link.title)
): LinkPlace {
  const tail = `${titleKey}${PART}${link.url}`;
  if (order === 'tree') {
    // Pages outside any group first: UNGROUPED sorts before GROUPED.
    const key =
      link.group === null
        ? `${UNGROUPED}${tail}`
        : `${GROUPED}${sortKey(link.group)}${PART}${clean(link.group)}${PART}${tail}`;
    return { section: typeKey, sectionOrder: rankOrder(typeRank), key };
  }
  const section = letterOf(link.title);
  return { section, sectionOrder: section === OTHER_LETTER ? '' : sortKey(section), key: tail };
}
