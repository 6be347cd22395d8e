/**
 * The settings form's pure logic, by concern: the draft and what changed (draft), the checks and
 * the server's field errors (checks), and what a type's fields offer to pick (field-choices).
 */
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
} from '#sitemap/shared';
export type { CatalogType, Changefreq, CustomUrl } from '#sitemap/shared';
export * from './draft';
export * from './checks';
export * from './field-choices';
