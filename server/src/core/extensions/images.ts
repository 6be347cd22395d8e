/**
 * The images a page shows, for `<image:image>`: read from the fields a type lists in `images`
 * (media fields, the same one level inside a component, Markdown rich text and blocks), in the
 * order listed, without duplicates, at most MAX_IMAGES_PER_URL, each an absolute, percent-encoded URL.
 * Pure: the entry's values come in as the query engine returns them.
 */
import { hasOwn } from '../settings/mappable';
import { IMAGE_FIELD_KINDS, MAX_IMAGE_FIELDS } from '../../../../shared/field-kinds';
import type { ContentTypeInfo } from '../../../../shared/types';
import { MAX_URL_LENGTH } from '../urls/url-checks';
import { encodeUrlText } from '../urls/pattern';
import { escapeXml } from '../files/xml';
import type { ExtensionSelection, UrlExtension } from './extension';

/** Google reads at most 1,000 images per `<url>`. */
export const MAX_IMAGES_PER_URL = 1000;

/** Where a listed field's images come from; `path` is `[field]` or `[component, field]`. */
export interface ImageSource {
  kind: 'media' | 'richtext' | 'blocks';
  path: string[];
}

export interface ImageList {
  urls: string[];
  /** Images past the cap, left out. */
  dropped: number;
}

// Markdown `![alt](url "title")` (the URL may be in <…>) and HTML `<img … src="url">`, in the order they appear.
const RICH_TEXT_IMAGE =
  /!\[[^\]]*\]\(\s*(?:<([^>]*)>|([^)\s]+))[^)]*\)|<img\b[^>]*?\bsrc\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/gi;

/**
 * An image reference made absolute: kept when already absolute http(s) (S3, Cloudinary…), else
 * joined to `origin` when it is a path (`/uploads/…`, the local provider). Anything else (relative
 * paths, `data:` URLs, scripts) is not an image a crawler can fetch: null.
 */
export function absoluteUrl(reference: unknown, origin: string): string | null {
  if (typeof reference !== 'string') return null;
  const trimmed = reference.trim();
  let candidate: string;
  if (/^https?:\/\//i.test(trimmed)) candidate = trimmed;
  else if (trimmed.startsWith('//')) candidate = `${new URL(origin).protocol}${trimmed}`;
  else if (trimmed.startsWith('/')) candidate = origin + trimmed;
  else return null;
  let encoded: string;
  try {
    encoded = encodeUrlText(candidate.replace(/#.*$/s, ''));
    const url = new URL(encoded);
    if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname) return null;
  } catch {
    return null;
  }
  return encoded.length < MAX_URL_LENGTH ? encoded : null;
}

const isImageFile = (file: unknown): file is { url: unknown; mime?: unknown } =>
  typeof file === 'object' &&
  file !== null &&
  // Files without a mime type are rare (imports): their URL is kept, as for rich text.
  (typeof (file as any).mime !== 'string' || (file as any).mime.startsWith('image/'));

function mediaUrls(value: unknown, into: unknown[]) {
  for (const file of Array.isArray(value) ? value : [value])
    if (isImageFile(file)) into.push(file.url);
}

function richTextUrls(value: unknown, into: unknown[]) {
  if (typeof value !== 'string') return;
  for (const match of value.matchAll(RICH_TEXT_IMAGE))
    into.push(match[1] ?? match[2] ?? match[3] ?? match[4] ?? match[5]);
}

/** Image nodes of Strapi's blocks editor (`{ type: 'image', image: { url, mime } }`), depth first. */
function blocksUrls(value: unknown, into: unknown[]) {
  if (!Array.isArray(value)) return;
  for (const node of value) {
    if (typeof node !== 'object' || node === null) continue;
    if (node.type === 'image' && isImageFile(node.image)) into.push(node.image.url);
    if (Array.isArray(node.children)) blocksUrls(node.children, into);
  }
}

const READERS: Record<ImageSource['kind'], (value: unknown, into: unknown[]) => void> = {
  media: mediaUrls,
  richtext: richTextUrls,
  blocks: blocksUrls,
};

/** The values at `path`: a component may be repeatable, so its field has a value per item. */
function valuesAt(entry: Record<string, unknown>, path: string[]): unknown[] {
  const [head, ...rest] = path;
  const value = entry[head];
  if (rest.length === 0) return [value];
  const items = Array.isArray(value) ? value : [value];
  return items.flatMap((item) =>
    typeof item === 'object' && item !== null ? valuesAt(item as Record<string, unknown>, rest) : []
  );
}

/** The images of one entry, in the order of `sources`, deduplicated and capped. */
export function imagesOf(
  entry: Record<string, unknown>,
  sources: ImageSource[],
  origin: string
): ImageList {
  const references: unknown[] = [];
  for (const source of sources)
    for (const value of valuesAt(entry, source.path)) READERS[source.kind](value, references);
  const urls = new Set<string>();
  for (const reference of references) {
    const url = absoluteUrl(reference, origin);
    if (url !== null) urls.add(url);
  }
  const unique = [...urls];
  return {
    urls: unique.slice(0, MAX_IMAGES_PER_URL),
    dropped: Math.max(0, unique.length - MAX_IMAGES_PER_URL),
  };
}

/**
 * Where `name` (`cover`, or `seo.image` one level inside a component) takes its images from, or why
 * it cannot: the field must be a media, rich text or blocks field the sitemap may read.
 */
export function imageSourceOf(
  type: Pick<ContentTypeInfo, 'uid' | 'attributes'>,
  name: string
): { source: ImageSource } | { error: string } {
  const path = name.split('.');
  const notImages = `is not a media, rich text or blocks field of ${type.uid} (nor one inside a component)`;
  if (path.length > 2 || path.some((part) => !/^[A-Za-z_][A-Za-z0-9_]*$/.test(part)))
    return { error: `"${name}" ${notImages}` };
  let attributes = type.attributes;
  if (path.length === 2) {
    const component = hasOwn(attributes, path[0]) ? attributes[path[0]] : undefined;
    if (component?.type !== 'component' || !component.fields)
      return { error: `"${path[0]}" is not a component field of ${type.uid}` };
    attributes = component.fields;
  }
  const field = path[path.length - 1];
  const attribute = hasOwn(attributes, field) ? attributes[field] : undefined;
  const kind =
    attribute && hasOwn(IMAGE_FIELD_KINDS, attribute.type) && IMAGE_FIELD_KINDS[attribute.type];
  return kind ? { source: { kind, path } } : { error: `"${name}" ${notImages}` };
}

/** Field errors of a type's `images` setting, as [path under it, message]. */
export function imageSettingErrors(
  value: unknown,
  type: Pick<ContentTypeInfo, 'uid' | 'attributes'> | undefined
): Array<[string[], string]> {
  if (
    !Array.isArray(value) ||
    value.length > MAX_IMAGE_FIELDS ||
    value.some((name) => typeof name !== 'string')
  )
    return [
      [
        [],
        `must be a list of at most ${MAX_IMAGE_FIELDS} field names, such as ["cover", "gallery", "seo.image"]`,
      ],
    ];
  const errors: Array<[string[], string]> = [];
  value.forEach((name: string, index) => {
    if (value.indexOf(name) !== index) errors.push([[String(index)], `"${name}" is listed twice`]);
    else if (type) {
      const found = imageSourceOf(type, name);
      if ('error' in found) errors.push([[String(index)], found.error]);
    }
  });
  return errors;
}

/** The images a hook listed, as field images are listed: absolute, encoded, at most 1,000. */
export function hookImages(images: unknown, mediaOrigin: string): string[] | undefined {
  if (!Array.isArray(images)) return undefined;
  const urls = images
    .map((image) => absoluteUrl(image, mediaOrigin))
    .filter((image): image is string => image !== null);
  return urls.length > 0 ? [...new Set(urls)].slice(0, MAX_IMAGES_PER_URL) : undefined;
}

const FILE_COLUMNS = ['url', 'mime'];

/** The query engine's select and populate for the listed fields: only what the elements need. */
function imageSelection({ sources }: CompiledImages): ExtensionSelection {
  const select = new Set<string>(['id']);
  const populate: ExtensionSelection['populate'] = {};
  for (const { kind, path } of sources) {
    const [head, field] = path;
    if (path.length === 1) {
      if (kind === 'media') populate[head] = { select: FILE_COLUMNS };
      else select.add(head);
      continue;
    }
    const component = (populate[head] ??= { select: ['id'], populate: {} });
    if (kind === 'media') component.populate![field] = { select: FILE_COLUMNS };
    else if (!component.select!.includes(field)) component.select!.push(field);
  }
  return { select: [...select], populate };
}

interface CompiledImages {
  sources: ImageSource[];
  mediaOrigin: string;
}

const IMAGE_OPEN = '<image:image>';

export const imagesExtension: UrlExtension<CompiledImages, ImageList> = {
  name: 'images',
  namespace: { prefix: 'image', uri: 'http://www.google.com/schemas/sitemap-image/1.1' },
  check: (value, type) => imageSettingErrors(value, type),
  compile(setting, { type, mediaOrigin }) {
    // A field removed since the settings were saved is left out: the others still list their images.
    const sources = ((setting as string[] | undefined) ?? []).flatMap((name) => {
      const found = imageSourceOf(type, name);
      return 'source' in found ? [found.source] : [];
    });
    return sources.length > 0 ? { sources, mediaOrigin } : undefined;
  },
  mediaPaths: ({ sources }) =>
    sources.filter((source) => source.kind === 'media').map((source) => source.path),
  selection: imageSelection,
  read: (row, { sources, mediaOrigin }) => imagesOf(row, sources, mediaOrigin),
  apply(record, images) {
    if (!images) return;
    if (images.urls.length > 0) record.images = images.urls;
    if (images.dropped > 0)
      return [{ rule: 'image-limit', detail: `${images.dropped} more images left out` }];
  },
  render(record) {
    if (!record.images) return '';
    let xml = '';
    for (const image of record.images)
      xml += `${IMAGE_OPEN}<image:loc>${escapeXml(image)}</image:loc></image:image>`;
    return xml;
  },
  count: { key: 'images', tag: IMAGE_OPEN, of: (record) => record.images?.length ?? 0 },
  fromHook(returned, record, mediaOrigin) {
    if (returned.images === undefined) return;
    const images = hookImages(returned.images, mediaOrigin);
    if (images) record.images = images;
    else delete record.images;
  },
  preview: (record) => (record.images ? { images: record.images } : {}),
};
