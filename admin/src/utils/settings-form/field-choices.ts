/**
 * What the settings form offers to pick for a type: the tokens a pattern can hold, the fields that
 * can name, date or group its pages, and a first pattern for a newly mapped type.
 */
import {
  DATE_FIELD_TYPES,
  PATTERN_FIELD_TYPES,
  titleFieldNames,
  TO_ONE_RELATIONS,
  type CatalogType,
} from '#sitemap/shared';

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
