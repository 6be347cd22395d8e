/**
 * The `externalSitemaps` option of config/plugins (config file only, never a setting the admin
 * edits): sitemaps other systems write (a shop, the front end's own routes), listed in the index
 * beside the plugin's files, in the index of their host when locales have hosts of their own, and
 * in that host's robots.txt lines. Only the site owner's code names them: an admin could otherwise
 * point search engines at any address from the site's own index.
 */
import type { FieldError } from '../../../../shared/types';
import { isPlainObject } from '../plain-object';
import { toLastmod } from '../urls/lastmod';
import { encodeUrlText } from '../urls/pattern';
import { hasControlCharacter, MAX_URL_LENGTH } from '../urls/url-checks';

export interface ExternalSitemap {
  /** Absolute http(s) URL, as written in `<loc>`. */
  loc: string;
  /** The origin of `loc`: which host's index and robots.txt list it. */
  origin: string;
  lastmod?: string;
}

/** An index lists at most 50,000 sitemaps; the plugin's own files need room beside these. */
export const MAX_EXTERNAL_SITEMAPS = 1_000;

function parseLoc(value: unknown): { loc: string; origin: string } | string {
  if (typeof value !== 'string' || value.length === 0) return 'must be an absolute http(s) URL';
  if (value.length > MAX_URL_LENGTH) return `must be at most ${MAX_URL_LENGTH} characters`;
  if (hasControlCharacter(value)) return 'must not hold control characters';
  // Written percent-encoded, as the protocol asks (`%XX` already there is kept), like field images.
  const loc = encodeUrlText(value);
  let url: URL;
  try {
    url = new URL(loc);
  } catch {
    return 'must be an absolute http(s) URL';
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || !url.hostname)
    return 'must be an absolute http(s) URL';
  if (url.username || url.password) return 'must not hold a user name or password';
  return { loc, origin: url.origin };
}

/** The external sitemaps from the option (undefined: none), or the errors it has. */
export function externalSitemaps(option: unknown): {
  sitemaps: ExternalSitemap[];
  errors: FieldError[];
} {
  if (option === undefined || option === null) return { sitemaps: [], errors: [] };
  if (!Array.isArray(option))
    return {
      sitemaps: [],
      errors: [
        {
          path: ['externalSitemaps'],
          message:
            "must be a list of URLs or { url, lastmod } such as ['https://shop.example.com/sitemap.xml']",
        },
      ],
    };
  const errors: FieldError[] = [];
  const sitemaps: ExternalSitemap[] = [];
  if (option.length > MAX_EXTERNAL_SITEMAPS)
    errors.push({
      path: ['externalSitemaps'],
      message: `lists at most ${MAX_EXTERNAL_SITEMAPS} sitemaps`,
    });
  const seen = new Set<string>();
  option.forEach((entry: unknown, index) => {
    const path = ['externalSitemaps', String(index)];
    const { url, lastmod, ...other } = isPlainObject(entry) ? entry : { url: entry };
    for (const key of Object.keys(other))
      errors.push({
        path: [...path, key],
        message: 'is not an external sitemap field (url, lastmod)',
      });
    const parsed = parseLoc(url);
    if (typeof parsed === 'string') {
      errors.push({ path: isPlainObject(entry) ? [...path, 'url'] : path, message: parsed });
      return;
    }
    if (seen.has(parsed.loc)) {
      errors.push({ path, message: 'is listed twice' });
      return;
    }
    seen.add(parsed.loc);
    // Checked and written as a custom URL's lastmod is: W3C Datetime, never in the future.
    const written = lastmod === undefined ? undefined : toLastmod(lastmod, Date.now());
    if (written && (typeof lastmod !== 'string' || !written.ok)) {
      errors.push({
        path: [...path, 'lastmod'],
        message:
          'must be a W3C date such as 2026-12-01 or 2026-12-01T10:00:00+01:00, not in the future',
      });
      return;
    }
    sitemaps.push({ ...parsed, ...(written?.ok ? { lastmod: written.text } : {}) });
  });
  return { sitemaps: errors.length > 0 ? [] : sitemaps, errors };
}
