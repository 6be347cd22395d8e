/**
 * Which attribute types a pattern and a lastmod may read, shared by the server's checks and the
 * admin's field picker so both offer and accept the same fields.
 */

/** The settings a mapped type may have (`contentTypes[uid].…`). */
export const TYPE_SETTING_KEYS = [
  'pattern',
  'locales',
  'priority',
  'changefreq',
  'lastmod',
  'filters',
  'images',
  'video',
  'news',
  'titleField',
  'visitorMap',
] as const;

/** Relations a pattern may follow: each entry has at most one related entry. */
export const TO_ONE_RELATIONS = new Set(['oneToOne', 'manyToOne', 'oneWay']);

/** Attribute types whose value can stand in a URL segment. */
export const PATTERN_FIELD_TYPES = new Set([
  'string',
  'text',
  'uid',
  'email',
  'enumeration',
  'integer',
  'biginteger',
  'float',
  'decimal',
  'date',
]);

/** Attribute types a lastmod may come from. */
export const DATE_FIELD_TYPES = new Set(['date', 'datetime', 'timestamp']);
