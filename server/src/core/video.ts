/**
 * `<video:video>` for pages whose main content is a video: which fields give each element (the
 * settings and their checks) and the element built from one entry. An entry missing a required
 * element gets no video, and the caller reports what is missing; its page URL stays listed.
 * Pure: values come in as the query engine returns them.
 */
import { absoluteUrl } from './images';
import { formatW3cDateTime } from './lastmod';
import { hasOwn } from './mappable';
import type { ContentTypeInfo, VideoEntry, VideoSettings } from './types';

/** Limits of Google's video schema. */
export const MAX_VIDEO_TITLE = 100;
export const MAX_VIDEO_DESCRIPTION = 2048;
export const MAX_VIDEO_DURATION = 28_800;

/** Attribute types that hold text an element can take. */
const TEXT_TYPES = new Set(['string', 'text', 'richtext', 'uid']);
const URL_TYPES = new Set(['string', 'text']);
const NUMBER_TYPES = new Set(['integer', 'biginteger', 'float', 'decimal']);
const DATE_TYPES = new Set(['date', 'datetime', 'timestamp']);

/** What each setting may name, and what that gives. */
const FIELD_RULES: Record<
  keyof VideoSettings,
  { types: Set<string>; help: string; required: boolean }
> = {
  field: {
    types: new Set(['media', ...URL_TYPES]),
    help: 'a media field holding the video file, or a text field holding a player URL',
    required: true,
  },
  title: { types: TEXT_TYPES, help: 'a text field', required: true },
  description: { types: TEXT_TYPES, help: 'a text field', required: true },
  thumbnail: {
    types: new Set(['media', ...URL_TYPES]),
    help: 'a media field holding an image, or a text field holding its URL',
    required: true,
  },
  duration: { types: NUMBER_TYPES, help: 'a number field (seconds)', required: false },
  publicationDate: { types: DATE_TYPES, help: 'a date field', required: false },
};
export const VIDEO_KEYS = Object.keys(FIELD_RULES) as Array<keyof VideoSettings>;

/** Field errors of a type's `video` setting, as [key, message] (key '' for the setting itself). */
export function videoSettingErrors(
  value: unknown,
  type: Pick<ContentTypeInfo, 'uid' | 'attributes'> | undefined
): Array<[string, string]> {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return [['', 'must be an object such as { field, title, description, thumbnail }']];
  const errors: Array<[string, string]> = [];
  const setting = value as Record<string, unknown>;
  for (const key of Object.keys(setting))
    if (!hasOwn(FIELD_RULES, key)) errors.push([key, 'is not a video setting']);
  for (const key of VIDEO_KEYS) {
    const rule = FIELD_RULES[key];
    const name = setting[key];
    if (name === undefined) {
      if (rule.required) errors.push([key, `is required: ${rule.help}`]);
      continue;
    }
    if (typeof name !== 'string' || name === '') {
      errors.push([key, `must be the name of ${rule.help}`]);
      continue;
    }
    const attribute = type && hasOwn(type.attributes, name) ? type.attributes[name] : undefined;
    if (type && (!attribute || !rule.types.has(attribute.type)))
      errors.push([key, `"${name}" is not ${rule.help} of ${type.uid}`]);
  }
  return errors;
}

/** Where a video's media fields are: the reader populates these, the rest are plain columns. */
export interface VideoPlan {
  settings: VideoSettings;
  mediaFields: Array<'field' | 'thumbnail'>;
}

export function videoPlan(
  settings: VideoSettings,
  type: Pick<ContentTypeInfo, 'attributes'>
): VideoPlan {
  const mediaFields = (['field', 'thumbnail'] as const).filter(
    (key) => type.attributes[settings[key]]?.type === 'media'
  );
  return { settings, mediaFields };
}

export type VideoResult =
  | { ok: true; video: VideoEntry; adjusted: string[] }
  | { ok: false; missing: string[] };

/** The first file of a media value whose mime type starts with `prefix`. */
function firstFile(value: unknown, prefix: string): { url: unknown } | undefined {
  for (const file of Array.isArray(value) ? value : [value]) {
    if (typeof file !== 'object' || file === null) continue;
    const mime = (file as { mime?: unknown }).mime;
    if (typeof mime === 'string' && mime.startsWith(prefix)) return file as { url: unknown };
  }
  return undefined;
}

/** Text cut to `max` characters (code points, as the schema counts), and whether it was. */
function cut(text: string, max: number): [string, boolean] {
  const chars = [...text];
  return chars.length <= max ? [text, false] : [chars.slice(0, max - 1).join('') + '…', true];
}

const textOf = (value: unknown) =>
  typeof value === 'string' || typeof value === 'number' ? String(value).trim() : '';

/** The publication date in W3C form: a date stays a date, a date-time gets its time zone. */
export function w3cDate(value: unknown): string | null {
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
  const date = value instanceof Date ? value : typeof value === 'string' ? new Date(value) : null;
  if (!date || Number.isNaN(date.getTime())) return null;
  const year = date.getUTCFullYear();
  return year >= 0 && year <= 9999 ? formatW3cDateTime(date) : null;
}

/** The video of one entry; `origin` makes path URLs (`/uploads/…`) absolute. */
export function videoOf(
  entry: Record<string, unknown>,
  plan: VideoPlan,
  origin: string
): VideoResult {
  const { settings } = plan;
  const isMedia = (key: 'field' | 'thumbnail') => plan.mediaFields.includes(key);
  const missing: string[] = [];
  const adjusted: string[] = [];

  const source = entry[settings.field];
  const fileUrl = isMedia('field') ? firstFile(source, 'video/')?.url : undefined;
  const contentLoc = isMedia('field') ? absoluteUrl(fileUrl, origin) : null;
  const playerLoc = isMedia('field') ? null : absoluteUrl(textOf(source), origin);
  if (!contentLoc && !playerLoc)
    missing.push(
      isMedia('field') ? `${settings.field} (a video file)` : `${settings.field} (a player URL)`
    );

  const thumbnailValue = entry[settings.thumbnail];
  const thumbnailLoc = absoluteUrl(
    isMedia('thumbnail') ? firstFile(thumbnailValue, 'image/')?.url : textOf(thumbnailValue),
    origin
  );
  if (!thumbnailLoc) missing.push(`${settings.thumbnail} (a thumbnail image)`);

  const [title, titleCut] = cut(textOf(entry[settings.title]), MAX_VIDEO_TITLE);
  if (!title) missing.push(`${settings.title} (the title)`);
  else if (titleCut) adjusted.push(`${settings.title} cut to ${MAX_VIDEO_TITLE} characters`);
  const [description, descriptionCut] = cut(
    textOf(entry[settings.description]),
    MAX_VIDEO_DESCRIPTION
  );
  if (!description) missing.push(`${settings.description} (the description)`);
  else if (descriptionCut)
    adjusted.push(`${settings.description} cut to ${MAX_VIDEO_DESCRIPTION} characters`);
  if (missing.length > 0) return { ok: false, missing };

  const video: VideoEntry = { thumbnailLoc: thumbnailLoc!, title, description };
  if (contentLoc) video.contentLoc = contentLoc;
  else video.playerLoc = playerLoc!;
  if (settings.duration) {
    const value = entry[settings.duration];
    const seconds = Math.round(Number(value));
    if (value === null || value === undefined || value === '') {
      // Optional: left out.
    } else if (Number.isFinite(seconds) && seconds >= 1 && seconds <= MAX_VIDEO_DURATION)
      video.duration = seconds;
    else
      adjusted.push(
        `${settings.duration} = ${String(value)} left out (1 to ${MAX_VIDEO_DURATION} seconds)`
      );
  }
  if (settings.publicationDate) {
    const value = entry[settings.publicationDate];
    if (value !== null && value !== undefined && value !== '') {
      const date = w3cDate(value);
      if (date) video.publicationDate = date;
      else adjusted.push(`${settings.publicationDate} = ${String(value)} is not a date: left out`);
    }
  }
  return { ok: true, video, adjusted };
}

/** The fields each video setting may name, for the settings page's pickers. */
export function videoFieldOptions(
  type: Pick<ContentTypeInfo, 'attributes'>
): Record<keyof VideoSettings, string[]> {
  const options = {} as Record<keyof VideoSettings, string[]>;
  for (const key of VIDEO_KEYS)
    options[key] = Object.entries(type.attributes)
      .filter(([, attribute]) => FIELD_RULES[key].types.has(attribute.type))
      .map(([name]) => name);
  return options;
}

/** Whether a video setting must be given. */
export const videoKeyRequired = (key: keyof VideoSettings) => FIELD_RULES[key].required;
