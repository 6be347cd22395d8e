/**
 * How the settings of a mapped type are read for a run, a preview or an entry's status: its parsed
 * patterns, what the entry reader must query, the URL the files are served under, the default locale.
 */
import type { Core } from '@strapi/strapi';
import type { TypePlan } from '../../core/document-urls';
import { hostGroup } from '../../core/file-names';
import { localesOn } from '../../core/file-layout';
import { parsePattern } from '../../core/pattern';
import type { SitemapSettings } from '../../core/types';
import { PLUGIN_ID } from '../../uids';

const contentTypeOf = (strapi: Core.Strapi, uid: string) => strapi.contentTypes[uid as keyof typeof strapi.contentTypes] as any;

/** Absolute URL the files are served under (the index's `<loc>`s point there). */
export function publicUrl(strapi: Core.Strapi, settings: SitemapSettings) {
  if (settings.publicUrl) return settings.publicUrl;
  const server = String(strapi.config.get('server.absoluteUrl') ?? '').replace(/\/+$/, '');
  const prefix = String(strapi.config.get('api.rest.prefix') ?? '/api');
  return `${server}${prefix}/${PLUGIN_ID}`;
}

export async function defaultLocale(strapi: Core.Strapi, settings: SitemapSettings) {
  if (settings.defaultLocale) return settings.defaultLocale;
  const locales = strapi.plugin('i18n')?.service('locales');
  return locales ? ((await locales.getDefaultLocale()) as string) : undefined;
}

export function buildPlan(strapi: Core.Strapi, uid: string, settings: SitemapSettings, fallbackLocale?: string): TypePlan {
  const typeSettings = settings.contentTypes[uid];
  const localePatterns: TypePlan['localePatterns'] = {};
  for (const [locale, override] of Object.entries(typeSettings.locales ?? {})) localePatterns[locale] = parsePattern(override.pattern);
  return {
    uid,
    localized: Boolean(contentTypeOf(strapi, uid).pluginOptions?.i18n?.localized),
    pattern: parsePattern(typeSettings.pattern),
    localePatterns,
    hostname: settings.hostname,
    hostnames: settings.hostnames,
    defaultLocale: fallbackLocale,
    priority: typeSettings.priority,
    changefreq: typeSettings.changefreq,
    lastmodField: typeSettings.lastmod === undefined ? 'updatedAt' : typeSettings.lastmod,
  };
}

/** What the entry reader needs for a mapped type: the pattern's fields, lastmod, filters, i18n, draft & publish. */
export function typeQuery(strapi: Core.Strapi, uid: string, plan: TypePlan, settings: SitemapSettings) {
  return {
    uid,
    fields: [plan.pattern, ...Object.values(plan.localePatterns)].flatMap((pattern) => pattern.fields),
    lastmodField: plan.lastmodField,
    filters: settings.contentTypes[uid].filters,
    localized: plan.localized,
    draftAndPublish: Boolean(contentTypeOf(strapi, uid).options?.draftAndPublish),
  };
}

/** `article` for the main host, `article_fr` for the files of a locale served on its own host. */
export const groupKeyFor = (base: string, origin: string, settings: SitemapSettings) => hostGroup(base, localesOn(origin, settings));
