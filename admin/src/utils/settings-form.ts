/**
 * The settings form's pure logic: what the editor changed, the checks that can be made before
 * saving (with translatable messages), and the server's field errors mapped onto the same fields.
 * The server validates again on save and stays the authority; these checks only answer sooner and
 * in the editor's language.
 */

import {
  CHANGEFREQS,
  DATE_FIELD_TYPES,
  isOrigin,
  patternProblem,
  titleFieldNames,
  imageFieldNames,
  isTimeZone,
  NEWS_KEYS,
  newsFieldOptions,
  TYPE_SETTING_KEYS,
  VIDEO_KEYS,
  videoFieldOptions,
  videoKeyRequired,
  MAX_DEBOUNCE_MS,
  MIN_BYTES_PER_FILE,
  PATTERN_FIELD_TYPES,
  PROTOCOL_LIMITS,
  TO_ONE_RELATIONS,
  type CatalogType,
  type Changefreq,
  type ContentTypeSettings,
  type CustomUrl,
  type SitemapSettings,
} from '#sitemap/shared';

export {
  CHANGEFREQS,
  imageFieldNames,
  MAX_DEBOUNCE_MS,
  MIN_BYTES_PER_FILE,
  newsFieldOptions,
  PROTOCOL_LIMITS,
  VIDEO_KEYS,
  videoFieldOptions,
  videoKeyRequired,
};
export type { Changefreq, CustomUrl };
/** The form edits the settings in the shape the server validates. */
export type SettingsDraft = SitemapSettings;
export type TypeSettings = ContentTypeSettings;

export type SettingKey = keyof SettingsDraft;

/** A message for react-intl: the id is un-prefixed (see getTranslation). */
export interface FieldMessage {
  id: string;
  defaultMessage: string;
  values?: Record<string, string | number>;
}

/** Errors by field; a field is named by its path in the settings, e.g. ['contentTypes', uid, 'pattern']. */
export type FieldErrors = Record<string, FieldMessage>;

/** Content type uids hold dots, so a path cannot be joined with '.': JSON keeps every part intact. */
export const fieldKey = (path: readonly string[]) => JSON.stringify(path);

const MESSAGES = {
  origin: {
    id: 'settings.error.origin',
    defaultMessage: 'Enter an absolute origin such as https://www.example.com, with no path.',
  },
  required: { id: 'settings.error.required', defaultMessage: 'This value is required.' },
  url: {
    id: 'settings.error.url',
    defaultMessage: 'Enter an absolute http(s) URL such as https://cms.example.com/api/sitemap.',
  },
  pattern: {
    id: 'settings.error.pattern',
    defaultMessage: 'A pattern is a path that starts with "/", such as /blog/[slug].',
  },
  patternBrackets: {
    id: 'settings.error.patternBrackets',
    defaultMessage: 'Every "[" needs a matching "]" around a field name, such as [slug].',
  },
  priority: {
    id: 'settings.error.priority',
    defaultMessage: 'Enter a number from 0.0 to 1.0, or leave empty.',
  },
  wholeNumber: {
    id: 'settings.error.range',
    defaultMessage: 'Enter a whole number from {min} to {max}.',
  },
  filters: {
    id: 'settings.error.filters',
    defaultMessage: 'Filters must be a JSON object in Strapi filter syntax, such as {example}.',
  },
  customUrl: {
    id: 'settings.error.customUrl',
    defaultMessage: 'Enter a path starting with "/" or an absolute http(s) URL.',
  },
  lastmod: {
    id: 'settings.error.lastmod',
    defaultMessage: 'Enter a date as YYYY-MM-DD, or a date-time with a time zone.',
  },
  cron: {
    id: 'settings.error.cron',
    defaultMessage: 'Enter a cron expression such as "0 3 * * *" (every day at 03:00).',
  },
  timezone: {
    id: 'settings.error.timezone',
    defaultMessage:
      "Enter a time zone name such as Europe/Paris, or leave empty for the server's time zone.",
  },
  server: { id: 'settings.error.server', defaultMessage: '{message}' },
} satisfies Record<string, FieldMessage>;

function isHttpUrl(value: string) {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

const isWholeIn = (value: unknown, min: number, max: number) =>
  Number.isInteger(value) && (value as number) >= min && (value as number) <= max;

/** The pattern's syntax, checked as the server checks it (shared); the server's answer covers the rest. */
function checkPattern(pattern: string | undefined): FieldMessage | null {
  const problem = patternProblem(pattern);
  if (problem === 'required') return MESSAGES.required;
  if (problem === 'slash') return MESSAGES.pattern;
  if (problem === 'brackets') return MESSAGES.patternBrackets;
  return null;
}

const checkPriority = (priority: number | undefined) =>
  priority === undefined || (Number.isFinite(priority) && priority >= 0 && priority <= 1)
    ? null
    : MESSAGES.priority;

/** Reads the filters text area: empty means none; anything else must be a JSON object. */
export function parseFilters(
  text: string
): { ok: true; value?: Record<string, unknown> } | { ok: false } {
  if (!text.trim()) return { ok: true };
  try {
    const value = JSON.parse(text);
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return { ok: false };
    return { ok: true, value };
  } catch {
    return { ok: false };
  }
}

/** Checks that need no server; `filtersText` holds each type's filters as typed. */
export function checkDraft(
  draft: SettingsDraft,
  filtersText: Record<string, string> = {}
): FieldErrors {
  const errors: FieldErrors = {};
  const add = (path: string[], message: FieldMessage | null) => {
    if (message) errors[fieldKey(path)] = message;
  };
  add(['hostname'], isOrigin(draft.hostname) ? null : MESSAGES.origin);
  for (const [locale, origin] of Object.entries(draft.hostnames))
    add(['hostnames', locale], isOrigin(origin) ? null : MESSAGES.origin);
  if (draft.publicUrl) add(['publicUrl'], isHttpUrl(draft.publicUrl) ? null : MESSAGES.url);
  if (draft.cron !== false && !draft.cron.trim()) add(['cron'], MESSAGES.cron);
  if (draft.cronTimezone)
    add(['cronTimezone'], isTimeZone(draft.cronTimezone) ? null : MESSAGES.timezone);
  add(
    ['limits', 'urlsPerFile'],
    isWholeIn(draft.limits.urlsPerFile, 1, PROTOCOL_LIMITS.urlsPerFile)
      ? null
      : { ...MESSAGES.wholeNumber, values: { min: 1, max: PROTOCOL_LIMITS.urlsPerFile } }
  );
  add(
    ['limits', 'bytesPerFile'],
    isWholeIn(draft.limits.bytesPerFile, MIN_BYTES_PER_FILE, PROTOCOL_LIMITS.bytesPerFile)
      ? null
      : {
          ...MESSAGES.wholeNumber,
          values: { min: MIN_BYTES_PER_FILE, max: PROTOCOL_LIMITS.bytesPerFile },
        }
  );
  add(
    ['debounceMs'],
    isWholeIn(draft.debounceMs, 0, MAX_DEBOUNCE_MS)
      ? null
      : { ...MESSAGES.wholeNumber, values: { min: 0, max: MAX_DEBOUNCE_MS } }
  );
  for (const [uid, type] of Object.entries(draft.contentTypes)) {
    add(['contentTypes', uid, 'pattern'], checkPattern(type.pattern));
    for (const [locale, override] of Object.entries(type.locales ?? {}))
      add(['contentTypes', uid, 'locales', locale, 'pattern'], checkPattern(override.pattern));
    add(['contentTypes', uid, 'priority'], checkPriority(type.priority));
    if (filtersText[uid] !== undefined && !parseFilters(filtersText[uid]).ok) {
      add(['contentTypes', uid, 'filters'], {
        ...MESSAGES.filters,
        values: { example: '{"noindex":{"$ne":true}}' },
      });
    }
  }
  draft.customUrls.forEach((custom, index) => {
    const base = ['customUrls', String(index)];
    add(
      [...base, 'url'],
      custom.url.startsWith('/') || /^https?:\/\//.test(custom.url) ? null : MESSAGES.customUrl
    );
    add([...base, 'priority'], checkPriority(custom.priority));
    if (
      custom.lastmod &&
      !/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2}))?$/.test(custom.lastmod)
    )
      add([...base, 'lastmod'], MESSAGES.lastmod);
  });
  return errors;
}

interface ServerFieldError {
  path?: Array<string | number>;
  message?: string;
}

/**
 * The server's ValidationError (`error.details.errors`, one per field) as form errors. A filter key
 * error (`['contentTypes', uid, 'filters', 'field']`) is shown on its filters box, the closest field
 * the form has; errors for paths the form has no field for are returned under `other`.
 */
export function serverFieldErrors(
  details: { errors?: ServerFieldError[] } | undefined,
  fieldKeys: ReadonlySet<string>
): { fields: FieldErrors; other: string[] } {
  const fields: FieldErrors = {};
  const other: string[] = [];
  for (const error of details?.errors ?? []) {
    const path = (error.path ?? []).map(String);
    const message = error.message ?? '';
    let target: string[] | null = null;
    for (let length = path.length; length > 0 && !target; length--) {
      if (fieldKeys.has(fieldKey(path.slice(0, length)))) target = path.slice(0, length);
    }
    if (!target) {
      other.push(path.length ? `${path.join(' › ')}: ${message}` : message);
      continue;
    }
    const key = fieldKey(target);
    const detail =
      target.length < path.length ? `${path.slice(target.length).join('.')}: ${message}` : message;
    fields[key] ??= { ...MESSAGES.server, values: { message: detail } };
  }
  return { fields, other };
}

/** Only the settings the editor changed are sent, so values from config/plugins.ts stay where they are. */
export function changedSettings(
  initial: SettingsDraft,
  draft: SettingsDraft
): Partial<SettingsDraft> {
  const patch: Partial<SettingsDraft> = {};
  for (const key of new Set([...Object.keys(initial), ...Object.keys(draft)]) as Set<SettingKey>) {
    if (JSON.stringify(initial[key]) === JSON.stringify(draft[key])) continue;
    // A cleared optional field is sent as null (drop the saved value): JSON would drop undefined, and the change with it.
    (patch as Record<string, unknown>)[key] = draft[key] === undefined ? null : draft[key];
  }
  return patch;
}

/** A content type as GET /sitemap/content-types describes it. */
export type { CatalogType };

/**
 * A type's single-value fields: its own, and those of the entries its to-one relations point to
 * (`category.slug`). What a pattern can hold, and what can group a type's pages for visitors.
 */
export function singleValueFields(uid: string, catalog: Record<string, CatalogType>): string[] {
  const type = catalog[uid];
  if (!type) return [];
  const fields: string[] = [];
  for (const [name, attribute] of Object.entries(type.attributes)) {
    if (PATTERN_FIELD_TYPES.has(attribute.type)) fields.push(name);
  }
  for (const [name, attribute] of Object.entries(type.attributes)) {
    if (
      attribute.type !== 'relation' ||
      !TO_ONE_RELATIONS.has(attribute.relation ?? '') ||
      !attribute.target
    )
      continue;
    const target = catalog[attribute.target];
    if (!target || attribute.target.startsWith('admin::')) continue;
    for (const [field, targetAttribute] of Object.entries(target.attributes)) {
      if (PATTERN_FIELD_TYPES.has(targetAttribute.type)) fields.push(`${name}.${field}`);
    }
  }
  return fields;
}

/**
 * The tokens a pattern can use for a type: its single-value fields (`[slug]`, `[category.slug]`),
 * and `[locale]` for localized types.
 */
export function patternTokens(uid: string, catalog: Record<string, CatalogType>): string[] {
  const tokens = singleValueFields(uid, catalog).map((field) => `[${field}]`);
  if (catalog[uid]?.localized) tokens.push('[locale]');
  // i18n adds a `locale` attribute to localized types: offer it once.
  return [...new Set(tokens)];
}

/** The fields that can name a page in the feed and the visitors' site map: the type's text fields. */
export const titleFields = (type: CatalogType | undefined): string[] =>
  type ? titleFieldNames(type) : [];

/** The fields that can give `<lastmod>`: the type's date and date-time fields (updatedAt first). */
export function lastmodFields(type: CatalogType | undefined): string[] {
  if (!type) return [];
  const fields = Object.entries(type.attributes)
    .filter(([, attribute]) => DATE_FIELD_TYPES.has(attribute.type))
    .map(([name]) => name);
  return fields.sort((a, b) => (a === 'updatedAt' ? -1 : b === 'updatedAt' ? 1 : 0));
}

/** Inserts a token at the caret (or at the end), adding the "/" a path segment needs. */
export function insertToken(pattern: string, token: string, caret = pattern.length) {
  const before = pattern.slice(0, caret);
  const after = pattern.slice(caret);
  const separator = before === '' || before.endsWith('/') || before.endsWith('-') ? '' : '/';
  const start = before === '' ? '/' : '';
  return `${before}${start}${separator}${token}${after}`;
}

/** Every field the form shows, so each server error lands next to the right one. */
export function formFieldKeys(draft: SettingsDraft, locales: string[]): Set<string> {
  const keys = new Set<string>();
  const add = (...path: string[]) => keys.add(fieldKey(path));
  const topLevel = [
    'hostname',
    'hostnames',
    'defaultLocale',
    'publicUrl',
    'cron',
    'cronTimezone',
    'autoGenerate',
    'debounceMs',
    'feed',
    'indexNow',
  ];
  for (const key of [...topLevel, 'gzip', 'xsl', 'limits', 'contentTypes', 'customUrls']) add(key);
  add('limits', 'urlsPerFile');
  add('limits', 'bytesPerFile');
  for (const key of ['key', 'endpoint', 'keyLocation']) add('indexNow', key);
  for (const locale of locales) add('hostnames', locale);
  for (const uid of Object.keys(draft.contentTypes)) {
    // Locale patterns are keyed below, one per locale.
    for (const field of TYPE_SETTING_KEYS.filter((key) => key !== 'locales'))
      add('contentTypes', uid, field);
    for (const key of VIDEO_KEYS) add('contentTypes', uid, 'video', key);
    for (const key of NEWS_KEYS) add('contentTypes', uid, 'news', key);
    add('contentTypes', uid, 'visitorMap', 'groupBy');
    for (const locale of [...locales, '*'])
      add('contentTypes', uid, 'visitorMap', 'labels', locale);
    for (const locale of locales) add('contentTypes', uid, 'locales', locale, 'pattern');
  }
  draft.customUrls.forEach((_, index) => {
    for (const field of ['url', 'priority', 'changefreq', 'lastmod'])
      add('customUrls', String(index), field);
  });
  return keys;
}

/** A first pattern for a newly mapped type: `/article/[slug]` when it has a slug-like field. */
export function suggestPattern(type: CatalogType): string {
  const base = `/${type.uid.split('.').pop()}`;
  if (type.kind === 'singleType') return base;
  const entries = Object.entries(type.attributes);
  const field =
    entries.find(([, attribute]) => attribute.type === 'uid')?.[0] ??
    entries.find(([, attribute]) => PATTERN_FIELD_TYPES.has(attribute.type))?.[0];
  return field ? `${base}/[${field}]` : base;
}

/** The filters of each mapped type as editable JSON text. */
export const filtersAsText = (contentTypes: Record<string, TypeSettings>) =>
  Object.fromEntries(
    Object.entries(contentTypes).map(([uid, type]) => [
      uid,
      type.filters ? JSON.stringify(type.filters, null, 2) : '',
    ])
  );

/** The draft with each type's filters text read back into its settings (call after checkDraft passed). */
export function withParsedFilters(
  draft: SettingsDraft,
  filtersText: Record<string, string>
): SettingsDraft {
  const contentTypes: Record<string, TypeSettings> = {};
  for (const [uid, type] of Object.entries(draft.contentTypes)) {
    const parsed = filtersText[uid] === undefined ? null : parseFilters(filtersText[uid]);
    const next = { ...type };
    if (parsed?.ok) {
      if (parsed.value) next.filters = parsed.value;
      else delete next.filters;
    }
    contentTypes[uid] = next;
  }
  return { ...draft, contentTypes };
}
