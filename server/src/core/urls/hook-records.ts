/**
 * What a hook registered from code may hand back: its URLs get the checks the settings' own get.
 * A `loc` must be an absolute http(s) URL without control characters (a line break would start a
 * second URL in the text twin) and, for a page's URL, stay on its host (one sitemap, one host);
 * what it lists of each URL extension goes through that extension's own check (images: absolute,
 * http(s), percent-encoded, as field images; alternates: absolute, encoded links). Pure.
 */
import { hasControlCharacter } from './url-checks';
import { URL_EXTENSIONS } from '../extensions';
import type { UrlExtension } from '../extensions/extension';
import type { UrlRecord } from '../../../../shared/types';

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

/**
 * The record a url hook returned, checked against the one it was given: a record whose loc is
 * unusable or on another host is refused (the URL goes on as it was); what an extension's check
 * refuses (images, alternates) is dropped.
 */
export function checkHookRecord(
  value: unknown,
  given: UrlRecord,
  mediaOrigin: string,
  extensions: readonly UrlExtension[] = URL_EXTENSIONS
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
  for (const extension of extensions)
    extension.fromHook?.(returned as unknown as Record<string, unknown>, record, mediaOrigin);
  return { record };
}
