/**
 * Reads the entries of one content type page by page, by key. The key is `documentId`, not `id`:
 * Strapi 5 gives a published row a new id on every publish, while the document id never changes,
 * and ordering by it keeps all locale versions of a document side by side (hreflang needs them
 * together, and an incremental run rewrites the one file whose key range holds the document).
 *
 * Each page is one SQL query: Strapi's query builder compiles the conditions (published rows, the
 * user's `filters`, the key range) and the order, and the to-one relations a pattern reads are
 * LEFT JOINed through their join tables, selecting only the needed columns. This skips the query
 * engine's row mapping and its second query per page for relations (a third of a full run).
 * Relation shapes this does not handle are read through the query engine with populate instead.
 */
import type { Core } from '@strapi/strapi';
import { joinedRead, readsWithJoins } from '../../core/reading/joined-read';
import { readExtensionValues } from './extension-reads';
import { chunksOf } from '../../core/reading/sql-chunks';
import { nextTurn } from '../../utils/next-turn';
import { canStreamRows, streamRows } from './row-stream';
import {
  documentGatherer,
  rowIdsOf,
  rowMapper,
  setBeside,
  type RowShape,
  type BesideRows,
  type SourceDocument,
  type SourceRow,
} from '../../core/reading/source-rows';
import type { TypeQuery } from '../../core/plan/compile';

export type { SourceDocument, SourceVersion } from '../../core/reading/source-rows';

/** A type's read query (from the plan) and what part of it to read. */
export interface SourceQuery extends TypeQuery {
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

/** The entry of a document's version in `locale` (undefined for a type without locales). */
export const entryIn = (doc: SourceDocument, locale: string | undefined) =>
  doc.versions.find((version) => version.locale === locale)?.entry;

/** A page of rows; `fetched` counts the rows the database returned, before any was dropped. */
export type PageReader = (after: string) => Promise<{ rows: SourceRow[]; fetched: number }>;

/**
 * Rows per query. A page's rows live until it is written; at 2,000 they often outlived two young
 * GC cycles and were promoted, and the old generation grew to ~300 MB above idle at a million URLs
 * before a full GC. At 1,000 the peak stays under 100 MB, and the run is no slower.
 */
const DEFAULT_PAGE_SIZE = 1000;

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

function conditions(query: SourceQuery, after: string) {
  const where: Record<string, unknown>[] = [];
  if (query.draftAndPublish) where.push({ publishedAt: { $notNull: true } });
  if (query.filters && Object.keys(query.filters).length > 0) where.push(query.filters);
  if (query.upTo) where.push({ documentId: { $lte: query.upTo } });
  if (query.documentIds) where.push({ documentId: { $in: query.documentIds } });
  if (after) where.push({ documentId: { $gt: after } });
  return { $and: where };
}

const orderOf = (query: SourceQuery) =>
  query.localized
    ? [{ documentId: 'asc' }, { locale: 'asc' }]
    : [{ documentId: 'asc' }, { id: 'asc' }];

/** The query engine with populate: any relation shape Strapi supports. */
export function queryEngineReader(
  strapi: Core.Strapi,
  query: SourceQuery,
  pageSize = query.pageSize ?? DEFAULT_PAGE_SIZE
): PageReader {
  const { select, populate } = buildSelection(query.fields);
  const columns = new Set(['id', 'documentId', ...select]);
  if (query.localized) columns.add('locale');
  if (query.lastmodField) columns.add(query.lastmodField);
  return async (after) => {
    const rows = (await strapi.db.query(query.uid as any).findMany({
      select: [...columns],
      where: conditions(query, after),
      orderBy: orderOf(query),
      limit: pageSize,
      populate: Object.keys(populate).length > 0 ? populate : undefined,
    } as any)) as Array<Record<string, any>>;
    return {
      rows: rows.map((row) => ({ documentId: row.documentId, locale: row.locale, entry: row })),
      fetched: rows.length,
    };
  };
}

/**
 * The SQL read of a query `readsWithJoins` accepts: conditions and order compiled by Strapi's query
 * builder, relations joined. `select(after)` builds the query; `shape` says how its rows map to entries.
 */
function sqlRead(strapi: Core.Strapi, query: SourceQuery) {
  const root = strapi.db.queryBuilder(query.uid).alias;
  const { plan, documentIdColumn, localeColumn } = joinedRead(strapi.db.metadata, query, root)!;

  const keyColumns = [[documentIdColumn, 'sitemap_document_id']];
  // Selected whenever it is ordered by, i18n or not (Strapi 5 gives every type the column): with the
  // DISTINCT of a relational filter, PostgreSQL (and MySQL) refuse to order by a column not selected.
  if (localeColumn) keyColumns.push([localeColumn, 'sitemap_locale']);
  // Bytewise: the key in bytes, for a sort by its alias (which a DISTINCT allows).
  const keySelect = ([column, alias]: string[], bytewise: boolean) =>
    bytewise
      ? (strapi.db.connection as any).raw(`?? collate "C" as ??`, [`${root}.${column}`, alias])
      : `${root}.${column} as ${alias}`;
  const columnsFor = (bytewise: boolean) => [
    `${root}.id as sitemap_id`,
    ...keyColumns.map((key) => keySelect(key, bytewise)),
    ...plan.columns.map((column) => column.select),
  ];
  const shape: RowShape = {
    localized: query.localized,
    nodes: plan.nodes.slice(1),
    columns: plan.columns,
  };

  // (document_id, locale) is what Strapi's documents index holds, so the database reads rows in
  // order; the query builder's `id` tie-break (needless: a published document has one row per
  // locale) would make SQLite sort every page, a quarter of the query's time.
  const order = keyColumns.map(([column]) => ({ column: `${root}.${column}`, order: 'asc' }));
  const orderBySelected = keyColumns.map(([, alias]) => alias);

  return {
    root,
    orderBySelected,
    /**
     * The query of the rows after `after`: in index order (`ordered`), in byte order of the
     * selected keys (`bytewise`, PostgreSQL only), or unordered.
     */
    select(after: string, { ordered = true, bytewise = false } = {}) {
      const qb = strapi.db.queryBuilder(query.uid).select(['id']).where(conditions(query, after));
      const knexQuery = qb.getKnexQuery() as any;
      if (bytewise) knexQuery.orderBy(orderBySelected);
      else if (ordered) knexQuery.orderBy(order);
      const columns = columnsFor(bytewise);
      // Relational filters make the builder join (and use DISTINCT): keep that, with our columns.
      const distinct = qb.shouldUseDistinct();
      knexQuery.clearSelect();
      if (distinct) knexQuery.distinct(columns);
      else knexQuery.select(columns);
      for (const join of plan.joins) join(knexQuery);
      return knexQuery;
    },
    /** What maps its rows (core/reading/source-rows). */
    shape,
  };
}

/**
 * The whole type's query, sorted. On MySQL/MariaDB the joined rows are first gathered in table
 * order into a derived table, which is then sorted: Strapi stores `uid` and text fields as
 * LONGTEXT, and with a LONGTEXT selected MariaDB's filesort sorts row ids and then reads every row
 * again at random. At 1M URLs (a table larger than the default 128 MB buffer pool) that was 470,000
 * page reads and 56 s for the query alone; gathered first, the same query takes 6.9 s. The LIMIT
 * keeps the optimizer from merging the derived table back into the outer query.
 */
function wholeTypeQuery(strapi: Core.Strapi, read: ReturnType<typeof sqlRead>) {
  // PostgreSQL sorts in the "C" collation: byte order, as the run compares keys (core/files/
  // file-layout), and about three times cheaper than a libc locale's, under which PostgreSQL also
  // gives up abbreviated keys: at 1M URLs the first sorted row came after 1.4 s instead of 2.1
  // (docs/performance.md). Keyset pages keep the column's collation, which its index is in.
  if (strapi.db.dialect.client === 'postgres') return read.select('', { bytewise: true });
  if (strapi.db.dialect.client !== 'mysql') return read.select('');
  const rows = read
    .select('', { ordered: false })
    .limit(Number.MAX_SAFE_INTEGER, { skipBinding: true })
    .as('sitemap_rows');
  return (strapi.db.connection as any).select('*').from(rows).orderBy(read.orderBySelected);
}

/** One query per page of `pageSize` rows, after a key. */
function columnReader(strapi: Core.Strapi, query: SourceQuery, pageSize: number): PageReader {
  const read = sqlRead(strapi, query);
  return async (after) => {
    const rows = (await read.select(after).limit(pageSize)) as Array<Record<string, unknown>>;
    // A page may start with the row that ended the previous one (a document read again).
    return { rows: rowMapper(read.shape)(rows), fetched: rows.length };
  };
}

/**
 * A whole type in one ordered query, streamed (PostgreSQL, MySQL/MariaDB). Keyset pages by a random
 * document id cost each page a walk of the documents index and a random read per row, and on
 * PostgreSQL a page's join restarts from the link table's start; one sorted query reads the table
 * once. SQLite keeps keyset pages on Strapi's connection (rollback-journal mode, where a read left
 * open for the whole run would hold every other query, editors' saves included); the run's Worker
 * reads SQLite its own way (run-worker/sqlite-reader).
 */
async function* streamedDocuments(
  strapi: Core.Strapi,
  query: SourceQuery,
  batchSize: number
): AsyncGenerator<SourceDocument[]> {
  const read = sqlRead(strapi, query);
  const toRows = rowMapper(read.shape);
  const documents = documentGatherer();
  for await (const rows of streamRows(strapi, wholeTypeQuery(strapi, read), batchSize)) {
    const completed = documents.add(toRows(rows));
    if (completed.length > 0) yield completed;
  }
  const last = documents.end();
  if (last.length > 0) yield last;
}

/** Stand for the bounds of a slice of ids, to be found among the compiled bindings. */
const AFTER_MARK = '\u0000sitemap:after';
const UP_TO_MARK = '\u0000sitemap:up-to';

/**
 * A whole type's read as SQL and how its rows map, for the run's Worker, which reads it on a
 * connection of its own: one sorted query, or on SQLite the read of one slice of row ids, unordered,
 * with which bindings bound it, the table's id range and the columns to sort by (the reading
 * thread copies the slices and sorts them: run-worker/sqlite-reader). Null when the query engine
 * has to read the rows (what it reads beside them, `readBeside`, the Worker asks for).
 */
export function wholeTypeRead(strapi: Core.Strapi, query: SourceQuery, sliceIds: number) {
  if (!readsWithJoins(strapi.db.metadata, query)) return null;
  const read = sqlRead(strapi, query);
  if (strapi.db.dialect.client === 'sqlite') {
    const { sql, bindings } = read
      .select('', { ordered: false })
      .where(`${read.root}.id`, '>', AFTER_MARK)
      .andWhere(`${read.root}.id`, '<=', UP_TO_MARK)
      .toSQL()
      .toNative();
    const afterBinding = (bindings as unknown[]).indexOf(AFTER_MARK);
    const upToBinding = (bindings as unknown[]).indexOf(UP_TO_MARK);
    if (afterBinding < 0 || upToBinding < 0) return null;
    const { tableName } = strapi.db.metadata.get(query.uid) as { tableName: string };
    const boundsSql = (strapi.db.connection as any)(tableName)
      .min('id as first')
      .max('id as last')
      .toSQL()
      .toNative().sql as string;
    const idSlices = {
      afterBinding,
      upToBinding,
      boundsSql,
      sliceIds,
      sortedBy: read.orderBySelected,
    };
    return { sql: sql as string, bindings: bindings as unknown[], shape: read.shape, idSlices };
  }
  const { sql, bindings } = wholeTypeQuery(strapi, read).toSQL().toNative();
  return { sql: sql as string, bindings: bindings as unknown[], shape: read.shape };
}

/** True for a read of a whole type, which one sorted query answers. */
const readsWholeType = (query: SourceQuery) =>
  !query.after && !query.upTo && !query.documentIds && query.maxDocuments === undefined;

function pagesOf(strapi: Core.Strapi, query: SourceQuery): AsyncGenerator<SourceDocument[]> {
  const pageSize = query.pageSize ?? DEFAULT_PAGE_SIZE;
  const joins = readsWithJoins(strapi.db.metadata, query);
  if (joins && readsWholeType(query) && canStreamRows(strapi))
    return streamedDocuments(strapi, query, pageSize);
  return documentsFrom(
    joins ? columnReader(strapi, query, pageSize) : queryEngineReader(strapi, query, pageSize),
    query
  );
}

/** The documents of `query`, page by page, each version with what its type's extensions read. */
export async function* readDocuments(
  strapi: Core.Strapi,
  query: SourceQuery
): AsyncGenerator<SourceDocument[]> {
  for await (const page of pagesOf(strapi, query)) {
    if (readsBeside(query)) setBeside(page, await readBeside(strapi, query, rowIdsOf(page)));
    yield page;
  }
}

/** Whether the query engine reads anything beside `query`'s rows. */
export const readsBeside = (query: SourceQuery) =>
  query.extensions.length > 0 || (query.sites?.length ?? 0) > 0;

/**
 * Row ids read beside at once on SQLite, whose driver holds Strapi's event loop for a whole read.
 * At 100,000 URLs with a cover image each, the Worker's asks of 1,000 rows read at once held it
 * 130-170 ms; in slices of 200, the run's longest hold was 36-54 ms (500: 81 ms; 100: no better,
 * and slower) (2026-12-07, docs/performance.md).
 */
const SQLITE_BESIDE_IDS = 200;

/**
 * What the query engine reads beside the rows `rowIds` of `query`, by row id (each id has one); on
 * SQLite in slices, a turn of the event loop after each.
 */
export async function readBeside(
  strapi: Core.Strapi,
  query: SourceQuery,
  rowIds: number[]
): Promise<Map<number, BesideRows>> {
  if (strapi.db.dialect.client !== 'sqlite' || rowIds.length <= SQLITE_BESIDE_IDS)
    return readBesideAtOnce(strapi, query, rowIds);
  const reads = new Map<number, BesideRows>();
  for (const slice of chunksOf(rowIds, SQLITE_BESIDE_IDS)) {
    for (const [id, read] of await readBesideAtOnce(strapi, query, slice)) reads.set(id, read);
    await nextTurn();
  }
  return reads;
}

async function readBesideAtOnce(
  strapi: Core.Strapi,
  query: SourceQuery,
  rowIds: number[]
): Promise<Map<number, BesideRows>> {
  const extras =
    query.extensions.length > 0
      ? await readExtensionValues(strapi, query.uid, query.extensions, rowIds)
      : null;
  const sites = query.sites?.length ? await siteMembership(strapi, query, rowIds) : null;
  return new Map(
    rowIds.map((id) => [
      id,
      {
        ...(extras && { extras: extras.get(id) }),
        ...(sites && { sites: sites.get(id) ?? [] }),
      },
    ])
  );
}

/**
 * Which sites each row is on: one query per site with a filter, for the rows' ids (the filter
 * compiled by Strapi's query engine, relations included); a site without one lists every entry.
 */
async function siteMembership(strapi: Core.Strapi, query: SourceQuery, ids: number[]) {
  const sites = new Map<number, string[]>(ids.map((id) => [id, []]));
  for (const site of query.sites!) {
    let matching: Set<number> | null = null;
    if (site.filters) {
      matching = new Set();
      for (const slice of chunksOf(ids)) {
        const rows = (await strapi.db.query(query.uid as any).findMany({
          select: ['id'],
          where: { $and: [{ id: { $in: slice } }, site.filters] },
        } as any)) as Array<{ id: number }>;
        for (const row of rows) matching.add(Number(row.id));
      }
    }
    for (const id of ids) if (!matching || matching.has(id)) sites.get(id)!.push(site.name);
  }
  return sites;
}

/** Whole documents, page after page, from a reader of `query.pageSize` rows per page. */
export async function* documentsFrom(
  readPage: PageReader,
  query: SourceQuery
): AsyncGenerator<SourceDocument[]> {
  const pageSize = query.pageSize ?? DEFAULT_PAGE_SIZE;

  let after = query.after ?? '';
  let documentsRead = 0;
  for (;;) {
    const { rows, fetched } = await readPage(after);
    const documents: SourceDocument[] = [];
    for (const row of rows) {
      const last = documents[documents.length - 1];
      if (last && last.documentId === row.documentId) last.versions.push(row);
      else documents.push({ documentId: row.documentId, versions: [row] });
    }
    const full = fetched === pageSize;
    // A full page may end in the middle of a document's locales: read that document again next page.
    if (full && documents.length > 1) documents.pop();
    else if (full)
      throw new Error(
        `${query.uid}: document ${documents[0].documentId} has more than ${pageSize} versions`
      );

    const remaining =
      query.maxDocuments === undefined
        ? documents
        : documents.slice(0, query.maxDocuments - documentsRead);
    if (remaining.length > 0) yield remaining;
    documentsRead += remaining.length;
    if (!full || (query.maxDocuments !== undefined && documentsRead >= query.maxDocuments)) return;
    after = documents[documents.length - 1].documentId;
  }
}
