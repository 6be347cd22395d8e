/**
 * Reads the images of a page of entries: one query-engine read of the listed fields per page (the
 * engine follows media's polymorphic links and components, which the page's joined SQL does not),
 * by the page's row ids, then core/images picks and orders the URLs.
 */
import type { Core } from '@strapi/strapi';
import { chunksOf } from '../core/chunks';
import { imagesOf, type ImageList, type ImageSource } from '../core/images';

const FILE_COLUMNS = ['url', 'mime'];

type Populate = Record<string, { select?: string[]; populate?: Populate }>;

/** The query engine's select and populate for the listed fields: only what holds images. */
export function imageSelection(sources: ImageSource[]) {
  const select = new Set<string>(['id']);
  const populate: Populate = {};
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

/** Each row id's images, for the rows of one type. */
export async function readImages(
  strapi: Core.Strapi,
  uid: string,
  sources: ImageSource[],
  origin: string,
  rowIds: number[]
): Promise<Map<number, ImageList>> {
  const { select, populate } = imageSelection(sources);
  const images = new Map<number, ImageList>();
  for (const ids of chunksOf(rowIds)) {
    const rows = (await strapi.db.query(uid as any).findMany({
      select,
      where: { id: { $in: ids } },
      populate,
    } as any)) as Array<Record<string, unknown>>;
    for (const row of rows) images.set(Number(row.id), imagesOf(row, sources, origin));
  }
  return images;
}
