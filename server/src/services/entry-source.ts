/**
 * Reads the entries of one content type page by page, by key. The key is `documentId`, not `id`:
 * Strapi 5 gives a published row a new id on every publish, while the document id never changes,
 * and ordering by it keeps all locale versions of a document side by side (hreflang needs them
 * together, and an incremental run rewrites the one file whose key range holds the document).
 * Only the columns the pattern, lastmod and filters need are selected; relations are loaded by
 * Strapi's query engine once per page (WHERE id IN …), never once per entry.
 */
import type { Core } from '@strapi/strapi';

export interface SourceQuery {
  uid: string;
  /** Attribute paths to read, e.g. [['slug'], ['category', 'slug']]. */
  fields: string[][];
  lastmodField?: string | false;
  filters?: Record<string, unknown>;
  localized: boolean;
  draftAndPublish: boolean;
  pageSize?: number;
  /** Exclusive lower bound of the key range to read. */
  after?: string;
  /** Inclusive upper bound of the key range to read. */
  upTo?: string | null;
  /** Stop after this many documents (previews). */
  maxDocuments?: number;
  /** Only these documents (an incremental run re-reads just the changed ones). */
  documentIds?: string[];
}

export interface SourceVersion {
  locale?: string;
  entry: Record<string, unknown>;
}

export interface SourceDocument {
  documentId: string;
  versions: SourceVersion[];
}

const DEFAULT_PAGE_SIZE = 2000;

type PopulateTree = Record<string, { select: string[]; populate?: PopulateTree }>;

/** Turns relation paths into a query-engine populate tree that selects only the needed columns. */
export function buildSelection(paths: string[][]) {
  const select = new Set<string>();
  const populate: PopulateTree = {};
  for (const path of paths) {
    if (path.length === 1) {
      select.add(path[0]);
      continue;
    }
    let level = populate;
    for (let i = 0; i < path.length - 1; i++) {
      const node = (level[path[i]] ??= { select: [] });
      if (i === path.length - 2) {
        if (!node.select.includes(path[i + 1])) node.select.push(path[i + 1]);
      } else {
        level = node.populate ??= {};
      }
    }
  }
  return { select: [...select], populate };
}

export async function* readDocuments(strapi: Core.Strapi, query: SourceQuery): AsyncGenerator<SourceDocument[]> {
  const pageSize = query.pageSize ?? DEFAULT_PAGE_SIZE;
  const { select, populate } = buildSelection(query.fields);
  const columns = new Set(['id', 'documentId', ...select]);
  if (query.localized) columns.add('locale');
  if (query.lastmodField) columns.add(query.lastmodField);
  const orderBy = query.localized ? [{ documentId: 'asc' }, { locale: 'asc' }] : [{ documentId: 'asc' }, { id: 'asc' }];
  const fixed: Record<string, unknown>[] = [];
  if (query.draftAndPublish) fixed.push({ publishedAt: { $notNull: true } });
  if (query.filters && Object.keys(query.filters).length > 0) fixed.push(query.filters);
  if (query.upTo) fixed.push({ documentId: { $lte: query.upTo } });
  if (query.documentIds) fixed.push({ documentId: { $in: query.documentIds } });

  let after = query.after ?? '';
  let documentsRead = 0;
  for (;;) {
    const where = { $and: [...fixed, ...(after ? [{ documentId: { $gt: after } }] : [])] };
    const rows = (await strapi.db.query(query.uid as any).findMany({
      select: [...columns],
      where,
      orderBy,
      limit: pageSize,
      populate: Object.keys(populate).length > 0 ? populate : undefined,
    } as any)) as Array<Record<string, any>>;

    const documents: SourceDocument[] = [];
    for (const row of rows) {
      const last = documents[documents.length - 1];
      const version = { locale: row.locale, entry: row };
      if (last && last.documentId === row.documentId) last.versions.push(version);
      else documents.push({ documentId: row.documentId, versions: [version] });
    }
    const full = rows.length === pageSize;
    // A full page may end in the middle of a document's locales: read that document again next page.
    if (full && documents.length > 1) documents.pop();
    else if (full) throw new Error(`${query.uid}: document ${documents[0].documentId} has more than ${pageSize} versions`);

    const remaining = query.maxDocuments === undefined ? documents : documents.slice(0, query.maxDocuments - documentsRead);
    if (remaining.length > 0) yield remaining;
    documentsRead += remaining.length;
    if (!full || (query.maxDocuments !== undefined && documentsRead >= query.maxDocuments)) return;
    after = documents[documents.length - 1].documentId;
  }
}
