/**
 * Converting the old plugin's (strapi-plugin-sitemap) values one part at a time: a content type
 * configured per `languages`, and its custom entries. Each value that cannot be carried over is
 * listed with its reason; legacy-settings.ts puts the parts together.
 */
import { CHANGEFREQS } from '../../../../shared/limits';
import { DEFAULT_SETTINGS, validateSettings } from './validate';
import type {
  Changefreq,
  ContentTypeSettings,
  CustomUrl,
  SchemaCatalog,
} from '../../../../shared/types';
import { isPlainObject } from '../plain-object';
import type { NotConverted } from '../../../../shared/api-types';

/** `languages` key the old plugin uses for a type without i18n, or for every locale. */
export const ANY_LOCALE = 'und';
/** Only validates the parts being converted: the hostname is checked on its own. */
const PLACEHOLDER_HOSTNAME = 'https://placeholder.invalid';

export const own = (object: Record<string, unknown>, key: string) =>
  Object.prototype.hasOwnProperty.call(object, key);

const typeLabel = (uid: string) => `contentTypes[${JSON.stringify(uid)}]`;

/** 0.5 or "0.5" (the old plugin's select stored either) as a number, or undefined when absent or unusable. */
function toPriority(value: unknown): number | undefined | null {
  if (value === undefined || value === null || value === '') return undefined;
  const number = typeof value === 'string' ? Number(value) : value;
  return typeof number === 'number' && Number.isFinite(number) && number >= 0 && number <= 1
    ? number
    : null;
}

interface LegacyLanguage {
  pattern?: unknown;
  priority?: unknown;
  frequency?: unknown;
  changefreq?: unknown;
  includeLastmod?: unknown;
}

/** The per-type values this plugin keeps once per type, from one of the old plugin's locales. */
function typeValues(language: LegacyLanguage, label: string, notConverted: NotConverted[]) {
  const values: Pick<ContentTypeSettings, 'priority' | 'changefreq' | 'lastmod'> = {};
  const priority = toPriority(language.priority);
  if (priority === null)
    notConverted.push({
      setting: `${label}.priority`,
      reason: `${JSON.stringify(language.priority)} is not a number from 0.0 to 1.0`,
    });
  else if (priority !== undefined) values.priority = priority;
  const frequency = language.frequency ?? language.changefreq;
  if (frequency !== undefined && frequency !== null && frequency !== '') {
    if (CHANGEFREQS.includes(frequency as Changefreq)) values.changefreq = frequency as Changefreq;
    else
      notConverted.push({
        setting: `${label}.frequency`,
        reason: `${JSON.stringify(frequency)} is not one of ${CHANGEFREQS.join(', ')}`,
      });
  }
  // This plugin's default is updatedAt, which is what the old plugin's lastmod was.
  if (language.includeLastmod === false) values.lastmod = false;
  return values;
}

/** Field errors of one converted type, checked alone against the project's types. */
function typeErrors(uid: string, settings: ContentTypeSettings, catalog: SchemaCatalog) {
  return validateSettings(
    { ...DEFAULT_SETTINGS, hostname: PLACEHOLDER_HOSTNAME, contentTypes: { [uid]: settings } },
    catalog
  ).errors;
}

export function convertType(
  uid: string,
  legacyType: unknown,
  catalog: SchemaCatalog,
  context: { defaultLocale?: string; locales: string[] },
  notConverted: NotConverted[]
): ContentTypeSettings | null {
  const label = typeLabel(uid);
  const type = own(catalog, uid) ? catalog[uid] : undefined;
  if (!type) {
    notConverted.push({
      setting: label,
      reason: 'this content type does not exist in the project',
    });
    return null;
  }
  const languages =
    isPlainObject(legacyType) && isPlainObject(legacyType.languages)
      ? (legacyType.languages as Record<string, LegacyLanguage>)
      : null;
  const codes = languages
    ? Object.keys(languages).filter((code) => isPlainObject(languages[code]))
    : [];
  if (!languages || codes.length === 0) {
    notConverted.push({ setting: label, reason: 'has no URL pattern' });
    return null;
  }
  const baseCode =
    [context.defaultLocale, ANY_LOCALE].find(
      (code): code is string => Boolean(code) && codes.includes(code!)
    ) ?? codes[0];
  const base = languages[baseCode];
  const baseLabel = `${label}.languages.${baseCode}`;
  if (typeof base.pattern !== 'string' || base.pattern === '') {
    notConverted.push({ setting: `${baseLabel}.pattern`, reason: 'has no URL pattern' });
    return null;
  }
  const converted: ContentTypeSettings = {
    pattern: base.pattern,
    ...typeValues(base, baseLabel, notConverted),
  };

  if (!type.localized) {
    for (const code of codes.filter((code) => code !== baseCode)) {
      notConverted.push({
        setting: `${label}.languages.${code}`,
        reason: `the type has no internationalization: the "${baseCode}" settings are used`,
      });
    }
  } else {
    const overrides: Record<string, { pattern: string }> = {};
    for (const code of codes.filter((code) => code !== baseCode && code !== ANY_LOCALE)) {
      const language = languages[code];
      const languageLabel = `${label}.languages.${code}`;
      if (
        typeof language.pattern === 'string' &&
        language.pattern !== '' &&
        language.pattern !== base.pattern
      )
        overrides[code] = { pattern: language.pattern };
      const values = typeValues(language, languageLabel, []);
      for (const key of ['priority', 'changefreq', 'lastmod'] as const) {
        if (values[key] !== converted[key]) {
          const kept =
            converted[key] === undefined ? 'the default' : JSON.stringify(converted[key]);
          notConverted.push({
            setting: `${languageLabel}.${key}`,
            reason: `is set once per type here: ${kept} (from "${baseCode}") applies to every locale`,
          });
        }
      }
    }
    if (Object.keys(overrides).length > 0) converted.locales = overrides;
    const unlisted = codes.includes(ANY_LOCALE)
      ? []
      : context.locales.filter((code) => !codes.includes(code));
    if (unlisted.length > 0) {
      notConverted.push({
        setting: `${label}.languages`,
        reason:
          `the old plugin left out ${unlisted.join(', ')}; this plugin lists every locale ` +
          '(exclude entries one by one, or add a filter)',
      });
    }
  }

  let errors = typeErrors(uid, converted, catalog);
  // A locale pattern that does not fit is dropped alone; the type keeps its other patterns.
  for (const error of errors.filter(
    (candidate) => candidate.path[2] === 'locales' && candidate.path[3]
  )) {
    const code = error.path[3];
    notConverted.push({ setting: `${label}.languages.${code}.pattern`, reason: error.message });
    delete converted.locales?.[code];
  }
  if (converted.locales && Object.keys(converted.locales).length === 0) delete converted.locales;
  errors = typeErrors(uid, converted, catalog);
  if (errors.length > 0) {
    for (const error of errors)
      notConverted.push({
        setting: `${baseLabel}.${error.path.slice(2).join('.') || 'pattern'}`,
        reason: error.message,
      });
    return null;
  }
  return converted;
}

export function convertCustomEntries(entries: unknown, notConverted: NotConverted[]): CustomUrl[] {
  if (entries === undefined) return [];
  if (!isPlainObject(entries)) {
    notConverted.push({ setting: 'customEntries', reason: 'is not a list of URLs' });
    return [];
  }
  const urls: CustomUrl[] = [];
  for (const [url, options] of Object.entries(entries)) {
    const label = `customEntries[${JSON.stringify(url)}]`;
    const values = isPlainObject(options)
      ? typeValues(options as LegacyLanguage, label, notConverted)
      : {};
    const custom: CustomUrl = {
      url,
      ...(values.priority !== undefined ? { priority: values.priority } : {}),
      ...(values.changefreq ? { changefreq: values.changefreq } : {}),
    };
    const { errors } = validateSettings({
      ...DEFAULT_SETTINGS,
      hostname: PLACEHOLDER_HOSTNAME,
      customUrls: [custom],
    });
    if (errors.length > 0)
      notConverted.push({
        setting: label,
        reason: errors.map((error) => error.message).join('; '),
      });
    else urls.push(custom);
  }
  return urls;
}
