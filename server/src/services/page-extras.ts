/**
 * Reads what a page lists beyond its URL, for a page of entries: its images and its video. One
 * query-engine read of the fields they come from per page (the engine follows media's polymorphic
 * links and components, which the page's joined SQL does not), by the page's row ids; core/images
 * and core/video turn the values into elements.
 */
import type { Core } from '@strapi/strapi';
import { chunksOf } from '../core/chunks';
import { imagesOf, type ImageList, type ImageSource } from '../core/images';
import { videoOf, type VideoPlan, type VideoResult } from '../core/video';

const FILE_COLUMNS = ['url', 'mime'];

type Populate = Record<string, { select?: string[]; populate?: Populate }>;

/** What a type lists beyond its URLs, as compiled in its read query. */
export interface ExtrasQuery {
  images?: ImageSource[];
  video?: VideoPlan;
  /** The origin a file's path URL (`/uploads/…`) is joined to. */
  mediaOrigin?: string;
}

export interface PageExtras {
  images?: ImageList;
  video?: VideoResult;
}

export const listsExtras = (query: ExtrasQuery) => Boolean(query.images || query.video);

/** The query engine's select and populate for the listed fields: only what the elements need. */
export function extrasSelection({ images = [], video }: ExtrasQuery) {
  const select = new Set<string>(['id']);
  const populate: Populate = {};
  for (const { kind, path } of images) {
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
  if (video) {
    const { settings, mediaFields } = video;
    for (const key of [
      'field',
      'title',
      'description',
      'thumbnail',
      'duration',
      'publicationDate',
    ] as const) {
      const name = settings[key];
      if (!name) continue;
      if (mediaFields.includes(key as 'field' | 'thumbnail'))
        populate[name] = { select: FILE_COLUMNS };
      else select.add(name);
    }
  }
  return { select: [...select], populate };
}

/** Each row id's images and video, for rows of one type. */
export async function readExtras(
  strapi: Core.Strapi,
  uid: string,
  query: ExtrasQuery,
  rowIds: number[]
): Promise<Map<number, PageExtras>> {
  const { select, populate } = extrasSelection(query);
  const origin = query.mediaOrigin ?? '';
  const extras = new Map<number, PageExtras>();
  for (const ids of chunksOf(rowIds)) {
    const rows = (await strapi.db.query(uid as any).findMany({
      select,
      where: { id: { $in: ids } },
      populate,
    } as any)) as Array<Record<string, unknown>>;
    for (const row of rows) {
      const found: PageExtras = {};
      if (query.images) found.images = imagesOf(row, query.images, origin);
      if (query.video) found.video = videoOf(row, query.video, origin);
      extras.set(Number(row.id), found);
    }
  }
  return extras;
}
