/**
 * Which SEO component fields a type's `seo` setting reads, written once: the server leaves pages out
 * by them (core/extensions/seo) and the admin's settings say which fields it reads.
 */
import type { AttributeInfo, ContentTypeInfo, SeoSettings } from './types';

/** The official SEO plugin's (`shared.seo`) field names. */
export const DEFAULT_ROBOTS_FIELD = 'metaRobots';
export const DEFAULT_CANONICAL_FIELD = 'canonicalURL';
export const SEO_KEYS = ['component', 'robotsField', 'canonicalField'] as const;
const TEXT_TYPES = new Set(['string', 'text']);

/** The fields read: a component field of the type and its robots and canonical text fields. */
export interface SeoFields {
  component: string;
  robotsField?: string;
  canonicalField?: string;
}

const own = (object: object, key: string) => Object.prototype.hasOwnProperty.call(object, key);

const isComponent = (attribute: AttributeInfo | undefined): attribute is AttributeInfo =>
  attribute?.type === 'component' && attribute.fields !== undefined;

/** Whether `name` is a text field of the component. */
export const isSeoTextField = (component: AttributeInfo, name: string) =>
  own(component.fields ?? {}, name) && TEXT_TYPES.has(component.fields![name].type);

/**
 * What a type's setting reads: the component named, else the first holding one of the default
 * fields; undefined when there is none, or the setting is `false`.
 */
export function seoFields(
  setting: SeoSettings | false | undefined,
  type: Pick<ContentTypeInfo, 'attributes'>
): SeoFields | undefined {
  if (setting === false) return undefined;
  const robots = setting?.robotsField ?? DEFAULT_ROBOTS_FIELD;
  const canonical = setting?.canonicalField ?? DEFAULT_CANONICAL_FIELD;
  const candidates = setting?.component
    ? [setting.component]
    : Object.keys(type.attributes).filter((name) => isComponent(type.attributes[name]));
  for (const name of candidates) {
    const component = own(type.attributes, name) ? type.attributes[name] : undefined;
    if (!isComponent(component)) continue;
    const fields: SeoFields = { component: name };
    if (isSeoTextField(component, robots)) fields.robotsField = robots;
    if (isSeoTextField(component, canonical)) fields.canonicalField = canonical;
    if (fields.robotsField || fields.canonicalField || setting?.component) return fields;
  }
  return undefined;
}
