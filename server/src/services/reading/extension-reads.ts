/**
 * Reads what the URL extensions list beyond a page's URLs (images, video…), for a page of entries:
 * one query-engine read per page, by the page's row ids, of the fields every extension of the type
 * selects (the engine follows media's polymorphic links and components, which the page's joined SQL
 * does not); each extension turns its part of the row into its value.
 */
import type { Core } from '@strapi/strapi';
import { chunksOf } from '../../core/reading/sql-chunks';
import type { ExtensionSelection, TypeExtension } from '../../core/extensions/extension';

type Populate = ExtensionSelection['populate'];

const union = (a: string[] = [], b: string[] = []) => [...new Set([...a, ...b])];

function mergePopulate(into: Populate, more: Populate) {
  for (const [key, node] of Object.entries(more)) {
    const existing = into[key];
    if (!existing) {
      into[key] = { ...node, populate: node.populate && { ...node.populate } };
      continue;
    }
    existing.select = union(existing.select, node.select);
    if (node.populate) mergePopulate((existing.populate ??= {}), node.populate);
  }
}

/** One select and populate for every extension of a type. */
export function mergedSelection(uses: TypeExtension[]): ExtensionSelection {
  let select = ['id'];
  const populate: Populate = {};
  for (const { extension, compiled } of uses) {
    const part = extension.selection?.(compiled);
    if (!part) continue;
    select = union(select, part.select);
    mergePopulate(populate, part.populate);
  }
  return { select, populate };
}

/** Each row id's extension values (by extension name), for rows of one type. */
export async function readExtensionValues(
  strapi: Core.Strapi,
  uid: string,
  uses: TypeExtension[],
  rowIds: number[]
): Promise<Map<number, Record<string, unknown>>> {
  const { select, populate } = mergedSelection(uses);
  const values = new Map<number, Record<string, unknown>>();
  for (const ids of chunksOf(rowIds)) {
    const rows = (await strapi.db.query(uid as any).findMany({
      select,
      where: { id: { $in: ids } },
      populate,
    } as any)) as Array<Record<string, unknown>>;
    for (const row of rows) {
      const found: Record<string, unknown> = {};
      for (const { extension, compiled } of uses)
        if (extension.read) found[extension.name] = extension.read(row, compiled);
      values.set(Number(row.id), found);
    }
  }
  return values;
}
