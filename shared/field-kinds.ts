/**
 * Which attribute types each setting may name, written once: the server's checks accept these
 * fields and the admin's pickers offer them, so both agree.
 */
import type { ContentTypeInfo, VideoSettings } from './types';

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
  'seo',
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

/** Attribute types a lastmod, a news date or a video's publication date may come from. */
export const DATE_FIELD_TYPES = new Set(['date', 'datetime', 'timestamp']);

/** Attribute types that name a page: its title in the feed, the visitors' site map and the news. */
export const TITLE_FIELD_TYPES = new Set(['string', 'text', 'uid']);

/** Attribute types holding text a video's title or description can take. */
const VIDEO_TEXT_TYPES = new Set([...TITLE_FIELD_TYPES, 'richtext']);
const URL_TYPES = new Set(['string', 'text']);
const NUMBER_TYPES = new Set(['integer', 'biginteger', 'float', 'decimal']);

/** The names of a type's attributes of these types. */
const fieldsOfTypes = (type: Pick<ContentTypeInfo, 'attributes'>, types: Set<string>) =>
  Object.entries(type.attributes)
    .filter(([, attribute]) => types.has(attribute.type))
    .map(([name]) => name);

/** What an image field gives: a media field its files, a rich text or blocks field the images in it. */
export const IMAGE_FIELD_KINDS: Record<string, 'media' | 'richtext' | 'blocks'> = {
  media: 'media',
  richtext: 'richtext',
  blocks: 'blocks',
};
export const MAX_IMAGE_FIELDS = 20;

/** The names `images` may list for a type, for the settings page's picker: `cover`, `seo.shareImage`… */
export function imageFieldNames(type: Pick<ContentTypeInfo, 'attributes'>): string[] {
  const isImageField = (kind: string) =>
    Object.prototype.hasOwnProperty.call(IMAGE_FIELD_KINDS, kind);
  const names: string[] = [];
  for (const [name, attribute] of Object.entries(type.attributes)) {
    if (isImageField(attribute.type)) names.push(name);
    for (const [field, inner] of Object.entries(attribute.fields ?? {}))
      if (isImageField(inner.type)) names.push(`${name}.${field}`);
  }
  return names;
}

/** What each video setting may name, and whether it must be given. */
export const VIDEO_FIELD_RULES: Record<
  keyof VideoSettings,
  { types: Set<string>; help: string; required: boolean }
> = {
  field: {
    types: new Set(['media', ...URL_TYPES]),
    help: 'a media field holding the video file, or a text field holding a player URL',
    required: true,
  },
  title: { types: VIDEO_TEXT_TYPES, help: 'a text field', required: true },
  description: { types: VIDEO_TEXT_TYPES, help: 'a text field', required: true },
  thumbnail: {
    types: new Set(['media', ...URL_TYPES]),
    help: 'a media field holding an image, or a text field holding its URL',
    required: true,
  },
  duration: { types: NUMBER_TYPES, help: 'a number field (seconds)', required: false },
  publicationDate: { types: DATE_FIELD_TYPES, help: 'a date field', required: false },
};
export const VIDEO_KEYS = Object.keys(VIDEO_FIELD_RULES) as Array<keyof VideoSettings>;

/** The fields each video setting may name, for the settings page's pickers. */
export function videoFieldOptions(
  type: Pick<ContentTypeInfo, 'attributes'>
): Record<keyof VideoSettings, string[]> {
  const options = {} as Record<keyof VideoSettings, string[]>;
  for (const key of VIDEO_KEYS) options[key] = fieldsOfTypes(type, VIDEO_FIELD_RULES[key].types);
  return options;
}

/** Whether a video setting must be given. */
export const videoKeyRequired = (key: keyof VideoSettings) => VIDEO_FIELD_RULES[key].required;

export const NEWS_KEYS = ['publicationName', 'titleField', 'dateField'] as const;

/** The fields the news settings may name, for the settings page's pickers. */
export const newsFieldOptions = (type: Pick<ContentTypeInfo, 'attributes'>) => ({
  titleField: fieldsOfTypes(type, TITLE_FIELD_TYPES),
  dateField: fieldsOfTypes(type, DATE_FIELD_TYPES),
});

/** The fields that can name a page (`titleField`), for the settings page's picker. */
export const titleFieldNames = (type: Pick<ContentTypeInfo, 'attributes'>) =>
  fieldsOfTypes(type, TITLE_FIELD_TYPES);
