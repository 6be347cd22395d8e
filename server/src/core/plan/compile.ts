/**
 * The sitemap plan: the settings validated once and compiled into what every service reads, so none of
 * them derives anything from the settings again. Per mapped type: its parsed patterns and what the entry
 * reader queries; which mapped types depend on which others; how file series are named per host; where
 * the files are served; the default locale. Pure: Strapi's schema and locales come in as plain data, and
 * the settings service builds, caches and rebuilds the plan when the stored settings change.
 */
import { dependentsBySource, type TypeReads } from './dependents';
import type { TypePlan } from '../urls/document-urls';
import { groupKeys } from '../files/group-keys';
import { compileExtensions, URL_EXTENSIONS } from '../extensions';
import type { TypeExtension, UrlExtension } from '../extensions/extension';
import { isPlainObject } from '../plain-object';
import { parsePattern } from '../urls/pattern';
import { mergeSettings, usableSettings } from '../settings/usable';
import { type SkippedSetting } from '../../../../shared/types';
import type {
  ContentTypeSettings,
  FieldError,
  SchemaCatalog,
  SitemapSettings,
} from '../../../../shared/types';

/** What the plan needs of the project, read by the settings service. */
export interface ProjectFacts {
  catalog: SchemaCatalog;
  /** Where the files are served when `publicUrl` is not set: Strapi's absolute URL, REST prefix and this plugin's id. */
  servedUrl: string;
  /** The i18n plugin's default locale, when the project has one. */
  i18nDefaultLocale?: string;
  /** Strapi's origin when `server.url` is set: uploaded files with a path URL are served there. */
  serverOrigin?: string;
  /** The URL extensions: the built-in ones, and any registered from code (the hooks service). */
  extensions?: readonly UrlExtension[];
}

/** What the entry reader needs for a mapped type: the patterns' fields, lastmod, filters, i18n, draft & publish. */
export interface TypeQuery {
  uid: string;
  /** Attribute paths to read, e.g. [['slug'], ['category', 'slug']]. */
  fields: string[][];
  lastmodField?: string | false;
  filters?: Record<string, unknown>;
  localized: boolean;
  draftAndPublish: boolean;
  /** The extensions that read each row through the query engine (images, video…), compiled. */
  extensions: TypeExtension[];
  /** The sites that list the type, with the filter choosing their entries (none: every entry). */
  sites?: Array<{ name: string; filters?: Record<string, unknown> }>;
}

export interface MappedType {
  /** How a document becomes URLs (core/urls/document-urls). */
  plan: TypePlan;
  query: TypeQuery;
  /** How the type appears in the visitors' site map, when it does. */
  visitorMap?: VisitorMapPlan;
}

export interface VisitorMapPlan {
  /** The field path whose value groups the pages (`['category', 'name']`). */
  groupBy?: string[];
  labels: Record<string, string>;
}

export interface SitemapPlan {
  /** The settings runs use; when `errors` is not empty, the merged settings as saved (no run can use them). */
  settings: SitemapSettings;
  /** Admin values left out because they no longer validate (a type or field removed since they were saved). */
  skipped: SkippedSetting[];
  /** Why no run can use the settings (no hostname yet); the schedule, the change hook and serving still read them. */
  errors: FieldError[];
  /** Absolute URL the files are served under: the index's `<loc>`s point there. */
  publicUrl: string;
  /** The origin an uploaded file's path URL (`/uploads/…`) is joined to. */
  mediaOrigin: string;
  defaultLocale?: string;
  /** Every URL extension, in the order their elements are written. */
  extensions: readonly UrlExtension[];
  /** Mapped types in the settings' order; empty when `errors` is not. */
  types: Map<string, MappedType>;
  /** Each content type uid → the mapped types whose files depend on it (itself included). */
  dependents: Map<string, Set<string>>;
  /** The series a file belongs to: `article` for the main host, `article_fr` for a locale served on its own host. */
  groupKey(base: string, origin: string): string;
}

const patternsOf = (typeSettings: ContentTypeSettings) => [
  typeSettings.pattern,
  ...Object.values(typeSettings.locales ?? {}).map((override) => override.pattern),
];

const defaultLocaleOf = (settings: SitemapSettings, facts: ProjectFacts) =>
  settings.defaultLocale || facts.i18nDefaultLocale;
const publicUrlOf = (settings: SitemapSettings, facts: ProjectFacts) =>
  settings.publicUrl || facts.servedUrl;
const mediaOriginOf = (settings: SitemapSettings, facts: ProjectFacts) =>
  facts.serverOrigin ?? new URL(publicUrlOf(settings, facts)).origin;

function compileType(
  uid: string,
  typeSettings: ContentTypeSettings,
  settings: SitemapSettings,
  facts: ProjectFacts
): MappedType {
  const info = facts.catalog[uid];
  const defaultLocale = defaultLocaleOf(settings, facts);
  const extensions = info
    ? compileExtensions(
        typeSettings as unknown as Record<string, unknown>,
        {
          uid,
          type: info,
          mediaOrigin: mediaOriginOf(settings, facts),
          mappedTypes: Object.keys(settings.contentTypes),
        },
        facts.extensions ?? URL_EXTENSIONS
      )
    : [];
  const localePatterns: TypePlan['localePatterns'] = {};
  for (const [locale, override] of Object.entries(typeSettings.locales ?? {}))
    localePatterns[locale] = parsePattern(override.pattern);
  const plan: TypePlan = {
    uid,
    localized: Boolean(info?.localized),
    pattern: parsePattern(typeSettings.pattern),
    localePatterns,
    hostname: settings.hostname,
    hostnames: settings.hostnames,
    defaultLocale,
    priority: typeSettings.priority,
    changefreq: typeSettings.changefreq,
    lastmodField: typeSettings.lastmod === undefined ? 'updatedAt' : typeSettings.lastmod,
    titleField: typeSettings.titleField,
    extensions,
  };
  const query: TypeQuery = {
    uid,
    fields: [
      ...[plan.pattern, ...Object.values(plan.localePatterns)].flatMap((pattern) => pattern.fields),
      ...(typeSettings.titleField ? [[typeSettings.titleField]] : []),
      ...(typeSettings.visitorMap?.groupBy ? [typeSettings.visitorMap.groupBy.split('.')] : []),
      ...extensions.flatMap(({ extension, compiled }) => extension.fields?.(compiled) ?? []),
    ],
    lastmodField: plan.lastmodField,
    filters: typeSettings.filters,
    localized: plan.localized,
    draftAndPublish: Boolean(info?.draftAndPublish),
    extensions: extensions.filter(({ extension }) => extension.read),
  };
  const sites = sitesListing(uid, settings);
  if (sites.length > 0) {
    plan.sites = sites.map(({ name, site }) => ({
      name,
      hostname: site.hostname,
      hostnames: site.hostnames ?? {},
    }));
    query.sites = sites.map(({ name, site }) => ({
      name,
      filters: site.contentTypes[uid].filters,
    }));
  }
  return { plan, query };
}

/** The sites whose settings name `uid`, in the settings' order. */
const sitesListing = (uid: string, settings: SitemapSettings) =>
  Object.entries(settings.sites ?? {})
    .filter(([, site]) => Object.prototype.hasOwnProperty.call(site.contentTypes, uid))
    .map(([name, site]) => ({ name, site }));

/** The plan of settings that passed validation: the settings page's preview compiles its candidate settings here. */
export function planFromSettings(
  settings: SitemapSettings,
  facts: ProjectFacts,
  skipped: SkippedSetting[] = []
): SitemapPlan {
  const defaultLocale = defaultLocaleOf(settings, facts);
  const types = new Map<string, MappedType>();
  for (const [uid, typeSettings] of Object.entries(settings.contentTypes)) {
    const mapped = compileType(uid, typeSettings, settings, facts);
    if (typeSettings.visitorMap)
      mapped.visitorMap = {
        groupBy: typeSettings.visitorMap.groupBy?.split('.'),
        labels: typeSettings.visitorMap.labels ?? {},
      };
    types.set(uid, mapped);
  }
  // A site's filter reads through relations as the type's own filters do: both mark dependents.
  const reads = [...types.values()].map(({ query }) => ({
    uid: query.uid,
    fields: query.fields,
    filters: filtersRead(query),
  }));
  return {
    settings,
    skipped,
    errors: [],
    publicUrl: publicUrlOf(settings, facts),
    mediaOrigin: mediaOriginOf(settings, facts),
    defaultLocale,
    extensions: facts.extensions ?? URL_EXTENSIONS,
    types,
    dependents: dependentsBySource(reads, facts.catalog),
    groupKey: groupKeys(settings),
  };
}

/** Every filter a type's read applies: its own and its sites'. */
function filtersRead(query: TypeQuery): Record<string, unknown> | undefined {
  const all = [query.filters, ...(query.sites ?? []).map((site) => site.filters)].filter(
    (filters): filters is Record<string, unknown> => filters !== undefined
  );
  return all.length > 1 ? { $and: all } : all[0];
}

/** The reads of the types whose patterns parse, from settings that did not validate as a whole. */
function readsOfUnvalidated(contentTypes: unknown): TypeReads[] {
  if (!isPlainObject(contentTypes)) return [];
  return Object.entries(contentTypes).flatMap(([uid, typeSettings]) => {
    try {
      const typed = typeSettings as ContentTypeSettings;
      return [
        {
          uid,
          fields: patternsOf(typed).flatMap((pattern) => parsePattern(pattern).fields),
          filters: typed.filters,
        },
      ];
    } catch {
      return [];
    }
  });
}

/**
 * The plan of the effective settings: defaults ← config file (`fileConfig`) ← admin values (`saved`).
 * Admin values that no longer validate are left out and listed in `skipped`. When what remains cannot be
 * used at all (no valid hostname), the plan lists why in `errors` and keeps the merged settings, so the
 * schedule, the change hook and serving go on as configured while every run fails with those errors.
 */
export function compileSitemapPlan(
  fileConfig: Record<string, unknown>,
  saved: Record<string, unknown>,
  facts: ProjectFacts
): SitemapPlan {
  const usable = usableSettings(fileConfig, saved, facts.catalog);
  if (usable.settings) return planFromSettings(usable.settings, facts, usable.skipped);
  const merged = mergeSettings(fileConfig, saved) as unknown as SitemapSettings;
  return {
    settings: merged,
    skipped: [],
    errors: usable.errors,
    publicUrl: publicUrlOf(merged, facts),
    mediaOrigin: '',
    defaultLocale: defaultLocaleOf(merged, facts),
    extensions: facts.extensions ?? URL_EXTENSIONS,
    types: new Map(),
    dependents: dependentsBySource(readsOfUnvalidated(merged.contentTypes), facts.catalog),
    groupKey: groupKeys(merged),
  };
}
