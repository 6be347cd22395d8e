/**
 * `<video:video>` for pages whose main content is a video: which fields give each element (the
 * settings and their checks) and the element built from one entry. An entry missing a required
 * element gets no video, and the caller reports what is missing; its page URL stays listed.
 * Pure: values come in as the query engine returns them.
 */
import { absoluteUrl } from './images';
import { formatW3cDateTime } from '../urls/lastmod';
import { hasOwn } from '../settings/mappable';
import { escapeXml } from '../files/xml';
import type { ContentTypeInfo, VideoEntry, VideoSettings } from '../../../../shared/types';
import { VIDEO_FIELD_RULES as FIELD_RULES, VIDEO_KEYS } from '../../../../shared/field-kinds';
import type { ExtensionSelection, UrlExtension } from './extension';

/** Limits of Google's video schema. */
export const MAX_VIDEO_TITLE = 100;
export const MAX_VIDEO_DESCRIPTION = 2048;
export const MAX_VIDEO_DURATION = 28_800;

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

/** Every field of the setting the element reads: media through populate, the rest as columns. */
function videoSelection({ plan }: CompiledVideo): ExtensionSelection {
  const select = new Set<string>(['id']);
  const populate: ExtensionSelection['populate'] = {};
  for (const key of VIDEO_KEYS) {
    const name = plan.settings[key];
    if (!name) continue;
    if (plan.mediaFields.includes(key as 'field' | 'thumbnail'))
      populate[name] = { select: ['url', 'mime'] };
    else select.add(name);
  }
  return { select: [...select], populate };
}

const VIDEO_OPEN = '<video:video>';

export function renderVideo(video: VideoEntry): string {
  let xml = `${VIDEO_OPEN}<video:thumbnail_loc>${escapeXml(video.thumbnailLoc)}</video:thumbnail_loc><video:title>${escapeXml(video.title)}</video:title><video:description>${escapeXml(video.description)}</video:description>`;
  if (video.contentLoc)
    xml += `<video:content_loc>${escapeXml(video.contentLoc)}</video:content_loc>`;
  if (video.playerLoc) xml += `<video:player_loc>${escapeXml(video.playerLoc)}</video:player_loc>`;
  if (video.duration !== undefined) xml += `<video:duration>${video.duration}</video:duration>`;
  if (video.publicationDate)
    xml += `<video:publication_date>${video.publicationDate}</video:publication_date>`;
  return `${xml}</video:video>`;
}

interface CompiledVideo {
  plan: VideoPlan;
  mediaOrigin: string;
}

export const videoExtension: UrlExtension<CompiledVideo, VideoResult> = {
  name: 'video',
  namespace: { prefix: 'video', uri: 'http://www.google.com/schemas/sitemap-video/1.1' },
  check: (value, type) =>
    videoSettingErrors(value, type).map(([key, message]) => [key ? [key] : [], message]),
  compile: (setting, { type, mediaOrigin }) =>
    setting ? { plan: videoPlan(setting as VideoSettings, type), mediaOrigin } : undefined,
  mediaPaths: ({ plan }) => plan.mediaFields.map((key) => [plan.settings[key]]),
  selection: videoSelection,
  read: (row, { plan, mediaOrigin }) => videoOf(row, plan, mediaOrigin),
  apply(record, video) {
    if (!video) return;
    if (!video.ok)
      return [{ rule: 'video-incomplete', detail: `missing: ${video.missing.join(', ')}` }];
    record.video = video.video;
    if (video.adjusted.length > 0)
      return [{ rule: 'video-value-invalid', detail: video.adjusted.join('; ') }];
  },
  render: (record) => (record.video ? renderVideo(record.video) : ''),
  count: { key: 'videos', tag: VIDEO_OPEN, of: (record) => (record.video ? 1 : 0) },
  preview: (record) => (record.video ? { video: record.video } : {}),
};
