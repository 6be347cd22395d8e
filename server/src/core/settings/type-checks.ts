/**
 * The field checks of the settings validator (settings-rules.ts): each adds an error with its path for every
 * wrong value it finds, so one pass reports them all.
 */
import { parsePattern } from '../urls/pattern';
import { toLastmod } from '../urls/lastmod';
import { attributeOf, filterErrors, typeOf } from './mappable';
import { URL_EXTENSIONS } from '../extensions';
import { visitorMapSettingErrors } from '../visitors/visitor-setting';
import type { Changefreq, CustomUrl, FieldError, SchemaCatalog } from '../../../../shared/types';
import { CHANGEFREQS, MIN_BYTES_PER_FILE, PROTOCOL_LIMITS } from '../../../../shared/limits';
import {
  DATE_FIELD_TYPES,
  PATTERN_FIELD_TYPES,
  TITLE_FIELD_TYPES,
  TO_ONE_RELATIONS,
  TYPE_SETTING_KEYS,
} from '../../../../shared/field-kinds';
import { isPlainObject } from '../plain-object';
import { hasControlCharacter } from '../urls/url-checks';

const PATTERN_HELP = 'use [field], [relation.field] or [locale]';

export class ErrorList {
  readonly errors: FieldError[] = [];
  add(path: string[], message: string) {
    this.errors.push({ path, message });
  }
}

function checkPriority(errors: ErrorList, path: string[], value: unknown) {
  if (value === undefined) return;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0 || value > 1) {
    errors.add(path, 'must be a number from 0.0 to 1.0');
  }
}

function checkChangefreq(errors: ErrorList, path: string[], value: unknown) {
  if (value === undefined) return;
  if (!CHANGEFREQS.includes(value as Changefreq))
    errors.add(path, `must be one of ${CHANGEFREQS.join(', ')}`);
}

function checkPatternFields(
  errors: ErrorList,
  path: string[],
  source: string,
  uid: string,
  catalog: SchemaCatalog
) {
  let parsed;
  try {
    parsed = parsePattern(source);
  } catch (error) {
    errors.add(path, `${(error as Error).message}`);
    return;
  }
  const type = typeOf(catalog, uid);
  if (!type) return;
  if (parsed.tokens.some((token) => token.kind === 'locale') && !type.localized) {
    errors.add(path, '[locale] is only available for types with internationalization enabled');
  }
  if (type.kind === 'collectionType' && parsed.fields.length === 0) {
    errors.add(
      path,
      `gives every entry the same URL: add a field that differs per entry (${PATTERN_HELP})`
    );
  }
  for (const fieldPath of parsed.fields) {
    let current = type;
    for (let i = 0; i < fieldPath.length; i++) {
      const name = fieldPath[i];
      const attribute = attributeOf(current, name);
      const shown = `[${fieldPath.join('.')}]`;
      if (!attribute) {
        errors.add(
          path,
          `${shown}: "${name}" is not a field of ${current.uid} that sitemaps may read`
        );
        break;
      }
      const isLast = i === fieldPath.length - 1;
      if (attribute.type === 'relation') {
        if (isLast) {
          errors.add(
            path,
            `${shown}: "${name}" is a relation; name one of its fields, e.g. [${fieldPath.join('.')}.slug]`
          );
          break;
        }
        const target = attribute.target ? typeOf(catalog, attribute.target) : undefined;
        if (!TO_ONE_RELATIONS.has(attribute.relation ?? '')) {
          errors.add(
            path,
            `${shown}: "${name}" must be a to-one relation (one entry), not ${attribute.relation}`
          );
          break;
        }
        if (!target) {
          errors.add(
            path,
            `${shown}: "${name}" is a relation to a type that sitemaps may not read`
          );
          break;
        }
        current = target;
        continue;
      }
      if (!isLast) {
        errors.add(
          path,
          `${shown}: "${name}" is not a relation, so it has no field "${fieldPath[i + 1]}"`
        );
        break;
      }
      if (!PATTERN_FIELD_TYPES.has(attribute.type))
        errors.add(
          path,
          `${shown}: "${name}" is a ${attribute.type} field, not a single text or number value`
        );
    }
  }
}

export function checkContentTypes(errors: ErrorList, value: unknown, catalog?: SchemaCatalog) {
  if (!isPlainObject(value)) {
    errors.add(['contentTypes'], 'must be an object keyed by content type uid');
    return;
  }
  for (const [uid, typeSettings] of Object.entries(value)) {
    const base = ['contentTypes', uid];
    const type = catalog && typeOf(catalog, uid);
    if (catalog && !type) {
      errors.add(
        base,
        `unknown content type "${uid}": only types shown in the content manager can be listed`
      );
      continue;
    }
    if (!isPlainObject(typeSettings)) {
      errors.add(base, 'must be an object with at least a pattern');
      continue;
    }
    const known = new Set<string>(TYPE_SETTING_KEYS);
    for (const key of Object.keys(typeSettings))
      if (!known.has(key)) errors.add([...base, key], 'is not a known setting');
    if (typeof typeSettings.pattern !== 'string')
      errors.add(
        [...base, 'pattern'],
        `is required: a path such as /blog/[slug] (${PATTERN_HELP})`
      );
    else checkPatternFields(errors, [...base, 'pattern'], typeSettings.pattern, uid, catalog ?? {});
    if (typeSettings.locales !== undefined) {
      if (!isPlainObject(typeSettings.locales))
        errors.add([...base, 'locales'], 'must be an object keyed by locale code');
      else {
        if (type && !type.localized)
          errors.add(
            [...base, 'locales'],
            'is only available for types with internationalization enabled'
          );
        for (const [locale, override] of Object.entries(typeSettings.locales)) {
          const path = [...base, 'locales', locale, 'pattern'];
          if (!isPlainObject(override) || typeof override.pattern !== 'string')
            errors.add(path, 'is required');
          else checkPatternFields(errors, path, override.pattern, uid, catalog ?? {});
        }
      }
    }
    checkPriority(errors, [...base, 'priority'], typeSettings.priority);
    checkChangefreq(errors, [...base, 'changefreq'], typeSettings.changefreq);
    const lastmod = typeSettings.lastmod;
    if (lastmod !== undefined && lastmod !== false) {
      if (typeof lastmod !== 'string')
        errors.add([...base, 'lastmod'], 'must be the name of a date field, or false');
      else if (type) {
        const attribute = attributeOf(type, lastmod);
        if (!attribute || !DATE_FIELD_TYPES.has(attribute.type))
          errors.add([...base, 'lastmod'], `"${lastmod}" is not a date field of ${uid}`);
      }
    }
    const titleField = typeSettings.titleField;
    if (titleField !== undefined) {
      const attribute =
        typeof titleField === 'string' && type ? attributeOf(type, titleField) : undefined;
      if (typeof titleField !== 'string' || (type && !TITLE_FIELD_TYPES.has(attribute?.type ?? '')))
        errors.add([...base, 'titleField'], `must be the name of a text field of ${uid}`);
    }
    for (const extension of URL_EXTENSIONS) {
      const setting = typeSettings[extension.name];
      if (setting === undefined || !extension.check) continue;
      for (const [path, message] of extension.check(setting, type, catalog ?? {}))
        errors.add([...base, extension.name, ...path], message);
    }
    if (typeSettings.visitorMap !== undefined)
      for (const [key, message] of visitorMapSettingErrors(
        typeSettings.visitorMap,
        type,
        catalog ?? {}
      ))
        errors.add(
          key ? [...base, 'visitorMap', ...key.split('.')] : [...base, 'visitorMap'],
          message
        );
    if (typeSettings.filters !== undefined) {
      if (!isPlainObject(typeSettings.filters))
        errors.add([...base, 'filters'], 'must be an object in Strapi filter syntax');
      else {
        for (const error of filterErrors(typeSettings.filters, uid, catalog, [...base, 'filters']))
          errors.add(error.path, error.message);
      }
    }
  }
}

/** Checks custom URLs and returns them with lastmod written as W3C Datetime, whatever form it was given in. */
export function checkCustomUrls(errors: ErrorList, value: unknown): CustomUrl[] {
  if (!Array.isArray(value)) {
    errors.add(['customUrls'], 'must be a list');
    return [];
  }
  return value.map((item, index) => {
    const base = ['customUrls', String(index)];
    if (!isPlainObject(item)) {
      errors.add(base, 'must be an object with a url');
      return item;
    }
    if (
      typeof item.url !== 'string' ||
      !(item.url.startsWith('/') || /^https?:\/\//.test(item.url))
    ) {
      errors.add([...base, 'url'], 'must be a path starting with "/" or an absolute http(s) URL');
    } else if (hasControlCharacter(item.url)) {
      // A line break would start a second URL in the text sitemap.
      errors.add([...base, 'url'], 'must not contain control characters (line breaks, tabs, NUL…)');
    }
    checkPriority(errors, [...base, 'priority'], item.priority);
    checkChangefreq(errors, [...base, 'changefreq'], item.changefreq);
    if (item.lastmod !== undefined) {
      const lastmod = typeof item.lastmod === 'string' ? toLastmod(item.lastmod, Date.now()) : null;
      if (!lastmod || !lastmod.ok)
        errors.add(
          [...base, 'lastmod'],
          'must be a W3C date (YYYY-MM-DD or a full date-time with time zone), not in the future'
        );
      else return { ...item, lastmod: lastmod.text };
    }
    return item;
  });
}

export function checkLimits(errors: ErrorList, value: unknown) {
  if (!isPlainObject(value)) {
    errors.add(['limits'], 'must be an object with urlsPerFile and bytesPerFile');
    return;
  }
  const { urlsPerFile, bytesPerFile } = value;
  if (
    urlsPerFile !== undefined &&
    (!Number.isInteger(urlsPerFile) ||
      (urlsPerFile as number) < 1 ||
      (urlsPerFile as number) > PROTOCOL_LIMITS.urlsPerFile)
  ) {
    errors.add(
      ['limits', 'urlsPerFile'],
      `must be a whole number from 1 to ${PROTOCOL_LIMITS.urlsPerFile} (the protocol's limit)`
    );
  }
  if (
    bytesPerFile !== undefined &&
    (!Number.isInteger(bytesPerFile) ||
      (bytesPerFile as number) < MIN_BYTES_PER_FILE ||
      (bytesPerFile as number) > PROTOCOL_LIMITS.bytesPerFile)
  ) {
    errors.add(
      ['limits', 'bytesPerFile'],
      `must be a whole number from ${MIN_BYTES_PER_FILE} to ${PROTOCOL_LIMITS.bytesPerFile} (50 MB, the protocol's limit)`
    );
  }
  for (const key of Object.keys(value))
    if (key !== 'urlsPerFile' && key !== 'bytesPerFile')
      errors.add(['limits', key], 'is not a known setting');
}
