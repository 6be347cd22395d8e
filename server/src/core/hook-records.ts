/**
 * What a hook registered from code may hand back: its URLs get the checks the settings' own get.
 * A `loc` must be an absolute http(s) URL without control characters (a line break would start a
 * second URL in the text twin) and, for a page's URL, stay on its host (one sitemap, one host);
 * images go through the check field images get (absolute, http(s), percent-encoded) and alternates
 * keep only absolute, encoded links. Pure.
 */
import { absoluteUrl, MAX_IMAGES_PER_URL } from './images';
import { hasControlCharacter } from './validation';
import type { UrlRecord } from './types';

/** Why a `loc` from code cannot be listed (to follow "whose"), or null. */
export function hookLocProblem(loc: unknown): string | null {
  if (typeof loc !== 'string') return 'loc is not a string';
  if (hasControlCharacter(loc)) return 'loc holds control characters (line breaks, tabs, NUL…)';
  try {
    const url = new URL(loc);
    if (url.protocol === 'https:' || url.protocol === 'http:') return null;
  } catch {
    // Not a URL at all: the same answer.
  }
  return 'loc is not an absolute http(s) URL';
}

/** The images a hook listed, as field images are listed: absolute, encoded, at most 1,000. */
export function hookImages(images: unknown, mediaOrigin: string): string[] | undefined {
  if (!Array.isArray(images)) return undefined;
  const urls = images
    .map((image) => absoluteUrl(image, mediaOrigin))
    .filter((image): image is string => image !== null);
  return urls.length > 0 ? [...new Set(urls)].slice(0, MAX_IMAGES_PER_URL) : undefined;
}

/** The alternates a hook listed that are absolute, encoded links with a language on one line. */
export function hookAlternates(alternates: unknown): UrlRecord['alternates'] {
  if (!Array.isArray(alternates)) return undefined;
  const kept = alternates.filter(
    (alternate) =>
      typeof alternate?.hreflang === 'string' &&
      alternate.hreflang !== '' &&
      !hasControlCharacter(alternate.hreflang) &&
      absoluteUrl(alternate.href, '') === alternate.href
  );
  return kept.length > 0 ? kept : undefined;
}

/**
 * The record a url hook returned, checked against the one it was given: a record whose loc is
 * unusable or on another host is refused (the URL goes on as it was); images and alternates that
 * fail their checks are dropped.
 */
export function checkHookRecord(
  value: unknown,
  given: UrlRecord,
  mediaOrigin: string
): { record: UrlRecord } | { problem: string } {
  if (typeof value !== 'object' || value === null)
    return { problem: 'returned something that is not a record' };
  if (typeof (value as Promise<unknown>).then === 'function')
    return { problem: 'returned a promise: url hooks must return the record itself' };
  const returned = value as UrlRecord;
  const locProblem = hookLocProblem(returned.loc);
  if (locProblem) return { problem: `returned a record whose ${locProblem}` };
  if (new URL(returned.loc).origin !== new URL(given.loc).origin)
    return {
      problem: `returned a loc on another host than ${new URL(given.loc).host}: a sitemap lists one host`,
    };
  const record: UrlRecord = { ...returned };
  if (returned.images !== undefined) {
    const images = hookImages(returned.images, mediaOrigin);
    if (images) record.images = images;
    else delete record.images;
  }
  if (returned.alternates !== undefined) {
    const alternates = hookAlternates(returned.alternates);
    if (alternates) record.alternates = alternates;
    else delete record.alternates;
  }
  return { record };
}
