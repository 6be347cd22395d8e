/**
 * The `sites` setting: several front ends fed by one Strapi, each with its hostnames and the mapped
 * types it lists, a filter per type choosing which entries. Checked field by field like the rest of
 * the settings; a site's name ends up in file names and URLs, so it is a short slug. Pure.
 */
import { parseOrigin } from '../../../../shared/checks';
import type { SchemaCatalog, SiteSettings } from '../../../../shared/types';
import { isPlainObject } from '../plain-object';
import { filterErrors, hasOwn } from './mappable';
import type { ErrorList } from './type-checks';

/** A site's name: lower-case letters, digits and dashes, as in `shop-1.xml` and `index-shop.xml`. */
export const SITE_NAME = /^[a-z0-9](?:[a-z0-9-]{0,30}[a-z0-9])?$/;
/** More sites than a Strapi plausibly feeds: each costs a query per page of every type it lists. */
export const MAX_SITES = 50;
const SITE_KEYS = new Set(['hostname', 'hostnames', 'contentTypes']);

/**
 * Checks `sites` against the mapped types (`contentTypes`, already checked) and returns it with its
 * origins normalised; undefined when unset or wrong (the errors say why).
 */
export function checkSites(
  errors: ErrorList,
  value: unknown,
  contentTypes: unknown,
  catalog?: SchemaCatalog,
  /** The main hosts (hostname and per-locale hostnames): a site's hosts are its own. */
  mainOrigins: string[] = []
): Record<string, SiteSettings> | undefined {
  if (value === undefined || value === null) return undefined;
  if (!isPlainObject(value)) {
    errors.add(['sites'], 'must be an object keyed by site name');
    return undefined;
  }
  const names = Object.keys(value);
  if (names.length === 0) return undefined;
  if (names.length > MAX_SITES) errors.add(['sites'], `may hold at most ${MAX_SITES} sites`);
  const mapped = isPlainObject(contentTypes) ? contentTypes : {};
  const sites: Record<string, SiteSettings> = {};
  const before = errors.errors.length;
  const taken = new Map<string, string>(mainOrigins.map((origin) => [origin, 'the main hostname']));
  for (const name of names) {
    const at = ['sites', name];
    if (!SITE_NAME.test(name))
      errors.add(at, 'must be named with lower-case letters, digits and dashes (at most 32)');
    const site = value[name];
    if (!isPlainObject(site)) {
      errors.add(at, 'must be an object such as { hostname, contentTypes }');
      continue;
    }
    for (const key of Object.keys(site))
      if (!SITE_KEYS.has(key)) errors.add([...at, key], 'is not a site setting');
    const hostname = parseOrigin(site.hostname);
    if (!hostname)
      errors.add(
        [...at, 'hostname'],
        'is required: the absolute origin of this site, such as https://shop.example.com (no path)'
      );
    const hostnames: Record<string, string> = {};
    if (site.hostnames !== undefined && !isPlainObject(site.hostnames))
      errors.add([...at, 'hostnames'], 'must be an object keyed by locale code');
    else
      for (const [locale, origin] of Object.entries(site.hostnames ?? {})) {
        const parsed = parseOrigin(origin);
        if (parsed) hostnames[locale] = parsed;
        else
          errors.add([...at, 'hostnames', locale], 'must be an absolute http(s) origin (no path)');
      }
    const types: SiteSettings['contentTypes'] = {};
    if (!isPlainObject(site.contentTypes) || Object.keys(site.contentTypes).length === 0)
      errors.add([...at, 'contentTypes'], 'must name at least one mapped content type');
    else
      for (const [uid, typeSite] of Object.entries(site.contentTypes)) {
        const typeAt = [...at, 'contentTypes', uid];
        if (!hasOwn(mapped, uid)) {
          errors.add(typeAt, `is not a mapped content type: map it in contentTypes first`);
          continue;
        }
        if (!isPlainObject(typeSite)) {
          errors.add(typeAt, 'must be an object, {} or { filters }');
          continue;
        }
        for (const key of Object.keys(typeSite))
          if (key !== 'filters') errors.add([...typeAt, key], 'is not a site setting of a type');
        const { filters } = typeSite;
        if (filters === undefined) types[uid] = {};
        else if (!isPlainObject(filters))
          errors.add([...typeAt, 'filters'], 'must be an object in Strapi filter syntax');
        else {
          for (const error of filterErrors(filters, uid, catalog, [...typeAt, 'filters']))
            errors.add(error.path, error.message);
          types[uid] = { filters };
        }
      }
    // Files, indexes and robots.txt lines are per host: a host names one site only.
    for (const [key, origin] of [
      ['hostname', hostname],
      ...Object.entries(hostnames).map(([locale, host]) => [`hostnames.${locale}`, host]),
    ] as Array<[string, string | null]>) {
      if (!origin) continue;
      if (taken.has(origin) && taken.get(origin) !== name)
        errors.add(
          [...at, ...key.split('.')],
          `${origin} is already the host of ${taken.get(origin)}`
        );
      else taken.set(origin, name);
    }
    if (hostname) sites[name] = { hostname, hostnames, contentTypes: types };
  }
  return errors.errors.length === before ? sites : undefined;
}
