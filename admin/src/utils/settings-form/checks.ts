/**
 * The checks the settings form can make before saving, with translatable messages, and the
 * server's field errors mapped onto the same fields. The server validates again on save and stays
 * the authority; these checks only answer sooner and in the editor's language.
 */
import {
  isOrigin,
  isTimeZone,
  MAX_DEBOUNCE_MS,
  MIN_BYTES_PER_FILE,
  NEWS_KEYS,
  patternProblem,
  PROTOCOL_LIMITS,
  TYPE_SETTING_KEYS,
  VIDEO_KEYS,
} from '#sitemap/shared';
import { parseFilters, type SettingsDraft } from './draft';

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
