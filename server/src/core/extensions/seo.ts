/**
 * The page's own SEO component respected (the official SEO plugin's `shared.seo`, or any component
 * with the same fields): a version whose robots text says `noindex` is left out, and so is one whose
 * canonical URL names another page (that page is the one to list). On by default for a type with
 * such a component; `seo: false` turns it off, `seo: { component, robotsField, canonicalField }`
 * names other fields. Pure.
 */
import {
  DEFAULT_CANONICAL_FIELD,
  DEFAULT_ROBOTS_FIELD,
  isSeoTextField,
  SEO_KEYS,
  seoFields,
  type SeoFields,
} from '../../../../shared/seo-fields';
import type { ContentTypeInfo, SeoSettings } from '../../../../shared/types';
import type { ExtensionFinding, UrlExtension } from './extension';

export type CompiledSeo = SeoFields;

export interface SeoValues {
  robots: string | null;
  canonical: string | null;
}

/** Field errors of a type's `seo` setting, as [path under the setting, message]. */
export function seoSettingErrors(
  value: unknown,
  type: Pick<ContentTypeInfo, 'uid' | 'attributes'> | undefined
): Array<[string[], string]> {
  if (value === false) return [];
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return [[[], 'must be false, or an object such as { component, robotsField, canonicalField }']];
  const setting = value as Record<string, unknown>;
  const errors: Array<[string[], string]> = [];
  for (const key of Object.keys(setting))
    if (!(SEO_KEYS as readonly string[]).includes(key))
      errors.push([[key], 'is not an seo setting']);
  for (const key of SEO_KEYS)
    if (setting[key] !== undefined && (typeof setting[key] !== 'string' || setting[key] === ''))
      errors.push([[key], 'must be a field name']);
  if (errors.length > 0 || !type) return errors;
  const fields = seoFields(setting as SeoSettings, type);
  if (!fields) {
    const named = setting.component as string | undefined;
    errors.push([
      named ? ['component'] : [],
      named
        ? `"${named}" is not a component field of ${type.uid}`
        : `${type.uid} has no component with a ${DEFAULT_ROBOTS_FIELD} or ${DEFAULT_CANONICAL_FIELD} field: name it in "component"`,
    ]);
    return errors;
  }
  const component = type.attributes[fields.component];
  for (const key of ['robotsField', 'canonicalField'] as const) {
    const name = setting[key] as string | undefined;
    if (name !== undefined && !isSeoTextField(component, name))
      errors.push([[key], `"${name}" is not a text field of the component ${fields.component}`]);
  }
  return errors;
}

/** The component's values as the query engine returns them (a repeatable one: its first item). */
export function seoValues(row: Record<string, unknown>, plan: CompiledSeo): SeoValues {
  const raw = row[plan.component];
  const item = (Array.isArray(raw) ? raw[0] : raw) as Record<string, unknown> | null | undefined;
  const text = (field?: string) => {
    const value = field ? item?.[field] : undefined;
    return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
  };
  return { robots: text(plan.robotsField), canonical: text(plan.canonicalField) };
}

/** Whether a robots text forbids indexing (`noindex`, or `none`, which means noindex, nofollow). */
export const forbidsIndexing = (robots: string) =>
  robots
    .toLowerCase()
    .split(/[\s,]+/)
    .some((token) => token === 'noindex' || token === 'none');

/** A URL as a page address: no fragment, the host in lower case, no trailing slash but the root's. */
function pageOf(url: URL) {
  const path = url.pathname.length > 1 ? url.pathname.replace(/\/+$/, '') : url.pathname;
  return `${url.protocol}//${url.host.toLowerCase()}${path}${url.search}`;
}

/** The canonical URL when it names another page than `loc` (a relative one is read against `loc`). */
export function canonicalElsewhere(canonical: string, loc: string): string | null {
  let target: URL;
  try {
    target = new URL(canonical, loc);
  } catch {
    return null;
  }
  if (target.protocol !== 'http:' && target.protocol !== 'https:') return null;
  return pageOf(target) === pageOf(new URL(loc)) ? null : target.href;
}

/** Why the SEO component leaves a version's URL out, or null. */
export function seoLeavesOut(
  loc: string,
  values: SeoValues | undefined,
  plan: CompiledSeo
): ExtensionFinding | null {
  if (!values) return null;
  if (values.robots && forbidsIndexing(values.robots))
    return { rule: 'seo-noindex', detail: `${plan.robotsField}: "${values.robots}"` };
  const elsewhere = values.canonical && canonicalElsewhere(values.canonical, loc);
  if (elsewhere) return { rule: 'seo-canonical', detail: `${plan.canonicalField}: ${elsewhere}` };
  return null;
}

export const seoExtension: UrlExtension<CompiledSeo, SeoValues> = {
  name: 'seo',
  check: (value, type) => seoSettingErrors(value, type),
  compile: (setting, { type }) => seoFields(setting as SeoSettings | false | undefined, type),
  selection: (plan) => ({
    select: ['id'],
    populate: {
      [plan.component]: {
        select: ['id', ...[plan.robotsField, plan.canonicalField].filter((f): f is string => !!f)],
      },
    },
  }),
  read: (row, plan) => seoValues(row, plan),
  leavesOut: (loc, values, _entry, plan) => seoLeavesOut(loc, values, plan),
};
