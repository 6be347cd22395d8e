/**
 * A type's `visitorMap` setting: whether it appears in the visitors' site map, what groups its pages
 * (one of its own fields, or a field of a to-one relation such as `category.name`), and its section's
 * label per locale. The checks live here. Pure.
 */
import { attributeOf, typeOf } from '../settings/mappable';
import { PATTERN_FIELD_TYPES, TO_ONE_RELATIONS } from '../../../../shared/field-kinds';
import type { ContentTypeInfo, SchemaCatalog } from '../../../../shared/types';
import { isPlainObject } from '../plain-object';
import { hasControlCharacter } from '../urls/url-checks';

export const VISITOR_MAP_KEYS = ['groupBy', 'labels'] as const;
/** `*` labels the section in every locale without a label of its own. */
const OTHER_LOCALES = '*';
const MAX_LABEL = 120;
const LOCALE_CODE = /^[A-Za-z]{2,3}([-_][A-Za-z0-9]{2,8})*$/;

/** Field errors of a type's `visitorMap` setting, as [key, message] (key '' for the setting itself). */
export function visitorMapSettingErrors(
  value: unknown,
  type: ContentTypeInfo | undefined,
  catalog: SchemaCatalog
): Array<[string, string]> {
  if (!isPlainObject(value))
    return [['', 'must be an object such as { groupBy: "category.name", labels: { en: "Blog" } }']];
  const errors: Array<[string, string]> = [];
  for (const key of Object.keys(value))
    if (!(VISITOR_MAP_KEYS as readonly string[]).includes(key))
      errors.push([key, 'is not a setting of the visitors’ site map']);
  if (value.groupBy !== undefined) {
    const problem = groupByProblem(value.groupBy, type, catalog);
    if (problem) errors.push(['groupBy', problem]);
  }
  if (value.labels !== undefined) {
    if (!isPlainObject(value.labels))
      errors.push(['labels', 'must be an object keyed by locale code, such as { en: "Blog" }']);
    else
      for (const [locale, label] of Object.entries(value.labels)) {
        if (locale !== OTHER_LOCALES && !LOCALE_CODE.test(locale))
          errors.push([`labels.${locale}`, 'is not a locale code (or * for every locale)']);
        else if (
          typeof label !== 'string' ||
          label.trim() === '' ||
          label.length > MAX_LABEL ||
          hasControlCharacter(label)
        )
          errors.push([
            `labels.${locale}`,
            `must be a text of 1 to ${MAX_LABEL} characters on one line`,
          ]);
      }
  }
  return errors;
}

/** Why `groupBy` cannot group the type's pages, or null. */
function groupByProblem(
  value: unknown,
  type: ContentTypeInfo | undefined,
  catalog: SchemaCatalog
): string | null {
  const help = 'must name a field, or a field of a to-one relation such as "category.name"';
  if (typeof value !== 'string' || value === '') return help;
  const path = value.split('.');
  if (path.length > 2 || path.some((name) => name === '')) return help;
  if (!type) return null;
  const first = attributeOf(type, path[0]);
  if (!first) return `"${path[0]}" is not a field of ${type.uid} that sitemaps may read`;
  let field = first;
  if (path.length === 2) {
    const target =
      first.type === 'relation' && first.target ? typeOf(catalog, first.target) : undefined;
    if (first.type !== 'relation' || !TO_ONE_RELATIONS.has(first.relation ?? ''))
      return `"${path[0]}" must be a to-one relation (one entry per page)`;
    if (!target) return `"${path[0]}" is a relation to a type that sitemaps may not read`;
    const second = attributeOf(target, path[1]);
    if (!second) return `"${path[1]}" is not a field of ${target.uid} that sitemaps may read`;
    field = second;
  }
  if (!PATTERN_FIELD_TYPES.has(field.type))
    return `"${value}" must be a text, number or choice field (it is ${field.type})`;
  return null;
}
