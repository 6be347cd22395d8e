/**
 * Who may change which mapping. A mapping publishes its type's entries (URLs, titles in the feed and
 * the visitors' site map), so a save that adds, changes or removes the mapping of a type needs the
 * caller's content-manager Read on that type and on every type its pattern, filters and groupBy
 * follow through relations; a type holding credentials is listed, or read through, only where the
 * config file (the site owner's code) maps it. Mappings the save leaves as they were need nothing.
 * Pure: the caller's permissions come in as a predicate.
 */
import { filterTargets, relationTargets } from '../plan/dependents';
import { parsePattern } from '../urls/pattern';
import { canonicalJson, isPlainObject } from '../plain-object';
import { hasOwn, typeOf } from './mappable';
import type { FieldError, SchemaCatalog } from '../../../../shared/types';

/** The types a mapping reads: its own, and those its patterns, filters and groupBy go through. */
export function typesFollowed(uid: string, typeSettings: unknown, catalog: SchemaCatalog) {
  const types = new Set<string>([uid]);
  if (!isPlainObject(typeSettings)) return types;
  const patterns = [
    typeSettings.pattern,
    ...(isPlainObject(typeSettings.locales)
      ? Object.values(typeSettings.locales).map((override) =>
          isPlainObject(override) ? override.pattern : undefined
        )
      : []),
  ];
  for (const pattern of patterns) {
    if (typeof pattern !== 'string') continue;
    try {
      for (const path of parsePattern(pattern).fields) relationTargets(catalog, uid, path, types);
    } catch {
      // A pattern that does not parse reads nothing; the validator reports it.
    }
  }
  const visitorMap = typeSettings.visitorMap;
  if (isPlainObject(visitorMap) && typeof visitorMap.groupBy === 'string')
    relationTargets(catalog, uid, visitorMap.groupBy.split('.'), types);
  filterTargets(catalog, uid, typeSettings.filters, types);
  return types;
}

const entriesOf = (contentTypes: unknown): Record<string, unknown> =>
  isPlainObject(contentTypes) ? contentTypes : {};

/** The types whose mapping differs between two `contentTypes` values (added, changed or removed). */
export function changedMappings(before: unknown, after: unknown): string[] {
  const old = entriesOf(before);
  const next = entriesOf(after);
  const uids = new Set([...Object.keys(old), ...Object.keys(next)]);
  return [...uids].filter(
    (uid) =>
      hasOwn(old, uid) !== hasOwn(next, uid) || canonicalJson(old[uid]) !== canonicalJson(next[uid])
  );
}

/**
 * The mappings of `contentTypes` that the config file does not hold as they are (saved in the admin)
 * and that list, or read through, a type holding credentials the config file does not map.
 */
export function credentialErrors(
  contentTypes: unknown,
  configContentTypes: unknown,
  catalog: SchemaCatalog
): FieldError[] {
  const config = entriesOf(configContentTypes);
  const errors: FieldError[] = [];
  for (const uid of changedMappings(config, contentTypes)) {
    const typeSettings = entriesOf(contentTypes)[uid];
    if (typeSettings === undefined) continue;
    const held = [...typesFollowed(uid, typeSettings, catalog)].filter(
      (type) => typeOf(catalog, type)?.credentials && !hasOwn(config, type)
    );
    if (held.length > 0)
      errors.push({
        path: ['contentTypes', uid],
        message: `${held.join(', ')} holds credentials (passwords, tokens): only config/plugins can list it or read through it`,
      });
  }
  return errors;
}

/**
 * Field errors of a save that changes mappings the caller may not read: each type whose mapping
 * differs between `before` and `after` needs Read on itself and, when still mapped, on every type
 * its new mapping follows.
 */
export function readAccessErrors(
  before: unknown,
  after: unknown,
  catalog: SchemaCatalog,
  canRead: (uid: string) => boolean
): FieldError[] {
  const errors: FieldError[] = [];
  for (const uid of changedMappings(before, after)) {
    const typeSettings = entriesOf(after)[uid];
    const needed =
      typeSettings === undefined ? [uid] : [...typesFollowed(uid, typeSettings, catalog)];
    const unreadable = needed.filter((type) => !canRead(type));
    if (unreadable.length > 0)
      errors.push({
        path: ['contentTypes', uid],
        message: `needs content-manager Read on ${unreadable.join(', ')}: a save changes only the mappings of types you may read`,
      });
  }
  return errors;
}
