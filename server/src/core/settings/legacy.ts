/**
 * Settings left by strapi-plugin-sitemap (the Strapi 4 plugin, also named `sitemap`) under the store
 * row this plugin used to read. Tells the two shapes apart and converts the old one into this
 * plugin's settings, listing what cannot be carried over and why. Plain data in, plain data out.
 */
import { convertCustomEntries, convertType, own } from './legacy-conversion';
import type { LegacyImportPlan, NotConverted } from '../../../../shared/api-types';
import { isPlainObject } from '../plain-object';
import { parseOrigin } from '../../../../shared/checks';
import { SETTING_KEYS, type SchemaCatalog, type SitemapSettings } from '../../../../shared/types';

const LEGACY_ONLY_KEYS = [
  'includeHomepage',
  'excludeDrafts',
  'hostname_overrides',
  'hostnameOverrides',
  'customEntries',
];
const KNOWN_LEGACY_KEYS = new Set(['hostname', 'contentTypes', ...LEGACY_ONLY_KEYS]);

/** The old plugin's shape: one of its own keys, or a type configured per `languages`. */
export function isLegacySettings(value: unknown): value is Record<string, unknown> {
  if (!isPlainObject(value)) return false;
  if (LEGACY_ONLY_KEYS.some((key) => own(value, key))) return true;
  const types = value.contentTypes;
  return (
    isPlainObject(types) &&
    Object.values(types).some((type) => isPlainObject(type) && own(type, 'languages'))
  );
}

/** Admin values saved by this plugin itself before they moved to their own row. */
export function isOwnSettings(value: unknown): value is Partial<SitemapSettings> {
  return (
    isPlainObject(value) &&
    !isLegacySettings(value) &&
    Object.keys(value).every((key) => (SETTING_KEYS as readonly string[]).includes(key))
  );
}

/**
 * Converts the old plugin's settings. `locales` are the project's locale codes: the old plugin
 * listed only the locales configured per type, this plugin lists every one.
 */
export function convertLegacySettings(
  legacy: Record<string, unknown>,
  catalog: SchemaCatalog,
  context: { defaultLocale?: string; locales: string[] }
): LegacyImportPlan {
  const notConverted: NotConverted[] = [];
  const plan: LegacyImportPlan = { hostnames: {}, contentTypes: {}, customUrls: [], notConverted };

  if (typeof legacy.hostname === 'string' && legacy.hostname !== '') {
    const origin = parseOrigin(legacy.hostname);
    if (origin) plan.hostname = origin;
    else
      notConverted.push({
        setting: 'hostname',
        reason: `${JSON.stringify(legacy.hostname)} is not an http(s) origin without a path`,
      });
  }
  const overrides = legacy.hostname_overrides ?? legacy.hostnameOverrides;
  if (isPlainObject(overrides)) {
    for (const [locale, value] of Object.entries(overrides)) {
      if (value === '' || value === null || value === undefined) continue;
      const origin = parseOrigin(value);
      if (origin) plan.hostnames[locale] = origin;
      else
        notConverted.push({
          setting: `hostname_overrides.${locale}`,
          reason: `${JSON.stringify(value)} is not an http(s) origin without a path`,
        });
    }
  }
  if (isPlainObject(legacy.contentTypes)) {
    for (const [uid, legacyType] of Object.entries(legacy.contentTypes)) {
      const converted = convertType(uid, legacyType, catalog, context, notConverted);
      if (converted) plan.contentTypes[uid] = converted;
    }
  }
  plan.customUrls = convertCustomEntries(legacy.customEntries, notConverted);

  const patterns = Object.values(plan.contentTypes).flatMap((type) => [
    type.pattern,
    ...Object.values(type.locales ?? {}).map((locale) => locale.pattern),
  ]);
  if (
    legacy.includeHomepage === true &&
    !patterns.includes('/') &&
    !plan.customUrls.some((custom) => custom.url === '/')
  ) {
    plan.customUrls.unshift({ url: '/' });
  }
  if (legacy.excludeDrafts === false) {
    notConverted.push({
      setting: 'excludeDrafts',
      reason: 'the old plugin also listed drafts; this plugin lists published entries only',
    });
  }
  for (const key of Object.keys(legacy).filter((candidate) => !KNOWN_LEGACY_KEYS.has(candidate))) {
    notConverted.push({ setting: key, reason: 'has no equivalent in this plugin' });
  }
  return plan;
}

/** The settings patch an import saves: the old values added to the current ones, the old winning per type. */
export function importPatch(
  current: SitemapSettings,
  plan: LegacyImportPlan
): Partial<SitemapSettings> {
  const patch: Partial<SitemapSettings> = {};
  if (plan.hostname) patch.hostname = plan.hostname;
  if (Object.keys(plan.hostnames).length > 0)
    patch.hostnames = { ...current.hostnames, ...plan.hostnames };
  if (Object.keys(plan.contentTypes).length > 0)
    patch.contentTypes = { ...current.contentTypes, ...plan.contentTypes };
  const newUrls = plan.customUrls.filter(
    (custom) => !current.customUrls.some((existing) => existing.url === custom.url)
  );
  if (newUrls.length > 0) patch.customUrls = [...current.customUrls, ...newUrls];
  return patch;
}
