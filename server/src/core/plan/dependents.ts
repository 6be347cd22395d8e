/**
 * Which mapped types must be rewritten when another type changes: a category's slug read by
 * `/[category.slug]/[slug]`, or a relation a filter reads, changes the articles' URLs or membership.
 */
import { attributeOf, typeOf } from '../settings/mappable';
import type { SchemaCatalog } from '../../../../shared/types';

/** Adds the types a field path goes through (`['category', 'parent', 'slug']`: category's, then its parent's). */
export function relationTargets(
  catalog: SchemaCatalog,
  uid: string,
  path: string[],
  into: Set<string>
) {
  let current = typeOf(catalog, uid);
  for (const name of path.slice(0, -1)) {
    const attribute = current && attributeOf(current, name);
    if (!attribute || attribute.type !== 'relation' || !attribute.target) return;
    into.add(attribute.target);
    current = typeOf(catalog, attribute.target);
  }
}

/** Adds the types a filter reads through its relation keys, at any depth. */
export function filterTargets(
  catalog: SchemaCatalog,
  uid: string,
  filters: unknown,
  into: Set<string>
) {
  if (Array.isArray(filters)) {
    for (const item of filters) filterTargets(catalog, uid, item, into);
    return;
  }
  if (typeof filters !== 'object' || filters === null) return;
  for (const [key, value] of Object.entries(filters)) {
    if (key.startsWith('$')) {
      filterTargets(catalog, uid, value, into);
      continue;
    }
    const type = typeOf(catalog, uid);
    const attribute = type && attributeOf(type, key);
    if (attribute?.type === 'relation' && attribute.target) {
      into.add(attribute.target);
      filterTargets(catalog, attribute.target, value, into);
    }
  }
}

/** What the dependency map reads of a mapped type: the fields its patterns read (parsed once) and its filters. */
export interface TypeReads {
  uid: string;
  fields: string[][];
  filters?: unknown;
}

/** Maps each content type uid to the mapped types whose sitemap files depend on it (itself included). */
export function dependentsBySource(
  types: Iterable<TypeReads>,
  catalog: SchemaCatalog
): Map<string, Set<string>> {
  const dependents = new Map<string, Set<string>>();
  const add = (source: string, mapped: string) => {
    if (!dependents.has(source)) dependents.set(source, new Set());
    dependents.get(source)!.add(mapped);
  };
  for (const { uid, fields, filters } of types) {
    add(uid, uid);
    const sources = new Set<string>();
    for (const path of fields) relationTargets(catalog, uid, path, sources);
    filterTargets(catalog, uid, filters, sources);
    for (const source of sources) if (source !== uid) add(source, uid);
  }
  return dependents;
}
