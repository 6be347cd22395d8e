/**
 * What the sitemap may read: the content an editor manages. Sitemap files are public and the preview
 * answers any admin with the plugin's Read permission, so a type or field outside these rules (an
 * admin user's reset token, a private field, a password hash read through a filter) never reaches them.
 */
import type { ContentTypeInfo, FieldError, SchemaCatalog } from '../../../../shared/types';

/** A content type's schema as Strapi holds it, reduced to what the rules read. */
export interface RawAttribute {
  type: string;
  visible?: boolean;
  relation?: string;
  target?: string;
}

/** Never mappable: Strapi's admin (users, API tokens) and this plugin's own tables. */
const CLOSED_NAMESPACES = ['admin::', 'plugin::sitemap.'];

/**
 * Fields the content manager shows although Strapi marks them not visible in the edit form: the
 * document id, the locale switcher, the publication status and the timestamps.
 */
const SHOWN_SYSTEM_FIELDS = new Set([
  'documentId',
  'locale',
  'publishedAt',
  'createdAt',
  'updatedAt',
]);

/** A type the content manager lists (its `isDisplayed`): not hidden by `pluginOptions`, not admin or sitemap internals. */
export function isMappableType(uid: string, pluginOptions: unknown): boolean {
  if (CLOSED_NAMESPACES.some((prefix) => uid.startsWith(prefix))) return false;
  const contentManager = (pluginOptions as Record<string, any> | undefined)?.['content-manager'];
  return contentManager?.visible !== false;
}

/** The users of users-permissions hold their email, and tokens and a password hash beside it. */
const CREDENTIAL_TYPES = new Set(['plugin::users-permissions.user']);

/**
 * A type of accounts: users-permissions' users, or any type with both a password and an email
 * field (a members type of the project's own). A password field alone (an article's preview
 * password) is never read, but leaves the type's other fields an editor's content.
 */
export function holdsCredentials(uid: string, attributes: Record<string, RawAttribute>): boolean {
  const types = new Set(Object.values(attributes).map((attribute) => attribute.type));
  return CREDENTIAL_TYPES.has(uid) || (types.has('password') && types.has('email'));
}

/** A field an editor sees and that is not secret; `isPrivate` is Strapi's verdict (attribute flag or model option). */
export function isMappableAttribute(
  name: string,
  attribute: RawAttribute,
  isPrivate: boolean
): boolean {
  if (isPrivate || attribute.type === 'password') return false;
  return attribute.visible !== false || SHOWN_SYSTEM_FIELDS.has(name);
}

/**
 * Strapi's filter operators (`@strapi/utils` operators: where and group), without the experimental
 * `$jsonSupersetOf` that Strapi keeps for internal use. A unit test checks each is one of Strapi's.
 */
// prettier-ignore
export const FILTER_OPERATORS = new Set([
  '$and', '$or', '$not', '$in', '$notIn', '$eq', '$eqi', '$ne', '$nei', '$gt', '$gte', '$lt', '$lte', '$null', '$notNull',
  '$between', '$startsWith', '$endsWith', '$startsWithi', '$endsWithi', '$contains', '$notContains', '$containsi', '$notContainsi',
]);

export const MAX_FILTER_DEPTH = 5;
export const MAX_FILTER_BYTES = 10 * 1024;

/** Attributes that hold a value of their own: the rest (components, dynamic zones, media) cannot be filtered on here. */
const NOT_FILTERABLE = new Set(['component', 'dynamiczone', 'media']);

/** Names come from users: looked up as own properties, `constructor`, `__proto__` or `toString` are unknown names. */
export const hasOwn = (object: object, key: string) =>
  Object.prototype.hasOwnProperty.call(object, key);

export const attributeOf = (type: ContentTypeInfo, name: string) =>
  hasOwn(type.attributes, name) ? type.attributes[name] : undefined;

export const typeOf = (catalog: SchemaCatalog, uid: string) =>
  hasOwn(catalog, uid) ? catalog[uid] : undefined;

/**
 * Checks filters in depth: every key is an operator or a field of the type the key applies to (a
 * relation's fields after it), at most `MAX_FILTER_DEPTH` levels and `MAX_FILTER_BYTES` of JSON.
 * Without a catalog, fields are not checked. Errors are at `path` plus the key at fault.
 */
export function filterErrors(
  filters: Record<string, unknown>,
  uid: string,
  catalog: SchemaCatalog | undefined,
  path: string[]
): FieldError[] {
  const errors: FieldError[] = [];
  if (Buffer.byteLength(JSON.stringify(filters)) > MAX_FILTER_BYTES) {
    return [{ path, message: `must be at most ${MAX_FILTER_BYTES / 1024} KB of JSON` }];
  }
  // `type` is the content type whose fields the keys name; null once inside a field's value (operators only).
  const walk = (
    value: unknown,
    type: ContentTypeInfo | null | undefined,
    at: string[],
    depth: number
  ) => {
    if (typeof value !== 'object' || value === null) return;
    if (depth > MAX_FILTER_DEPTH) {
      errors.push({
        path: at,
        message: `is nested too deeply: filters may be at most ${MAX_FILTER_DEPTH} levels deep`,
      });
      return;
    }
    if (Array.isArray(value)) {
      value.forEach((item, index) => walk(item, type, [...at, String(index)], depth + 1));
      return;
    }
    for (const [key, child] of Object.entries(value)) {
      const keyPath = [...at, key];
      if (key.startsWith('$')) {
        if (FILTER_OPERATORS.has(key)) walk(child, type, keyPath, depth + 1);
        else errors.push({ path: keyPath, message: `"${key}" is not a Strapi filter operator` });
        continue;
      }
      if (type === undefined) {
        walk(child, undefined, keyPath, depth + 1);
        continue;
      }
      if (type === null) {
        errors.push({
          path: keyPath,
          message: `"${key}" is not a filter operator: use $eq, $ne, $in, $null…`,
        });
        continue;
      }
      const attribute = attributeOf(type, key);
      if (!attribute)
        errors.push({
          path: keyPath,
          message: `is not a field of ${type.uid} that filters may use`,
        });
      else if (attribute.type === 'relation') {
        const target = attribute.target ? typeOf(catalog!, attribute.target) : undefined;
        if (target) walk(child, target, keyPath, depth + 1);
        else
          errors.push({
            path: keyPath,
            message: `is a relation to a type that filters may not read`,
          });
      } else if (NOT_FILTERABLE.has(attribute.type))
        errors.push({
          path: keyPath,
          message: `is a ${attribute.type} field, which filters cannot use here`,
        });
      else walk(child, null, keyPath, depth + 1);
    }
  };
  walk(filters, catalog ? typeOf(catalog, uid) : undefined, path, 1);
  return errors;
}
