/**
 * The rows of a type's joined SQL read turned into documents: each row's columns set on the entry
 * and its joined relations' objects (core/reading/joined-read plans them), the rows of one document
 * (its locales, in key order) gathered. Pure, so the run's Worker (run-worker/) maps rows the same
 * way the main thread does.
 */
import { fromDbValue } from './db-values';
import type { ColumnRead, JoinNode } from './joined-read';

export interface SourceVersion {
  locale?: string;
  entry: Record<string, unknown>;
  /** What the type's extensions read of the version (images, video…), by extension name. */
  extras?: Record<string, unknown>;
  /** The sites whose filter the version matches, when the type is listed on sites. */
  sites?: string[];
}

/**
 * What the query engine reads of a version beside the type's rows: its extensions' values (media,
 * components) and the sites whose filter it matches.
 */
export type BesideRows = Pick<SourceVersion, 'extras' | 'sites'>;

export interface SourceDocument {
  documentId: string;
  versions: SourceVersion[];
}

/** The row ids of documents' versions, in order: what a read beside them names. */
export const rowIdsOf = (documents: SourceDocument[]) =>
  documents.flatMap((doc) => doc.versions.map((version) => Number(version.entry.id)));

/** Sets on each version of `documents` what was read beside its row. */
export function setBeside(documents: SourceDocument[], reads: Map<number, BesideRows>) {
  for (const doc of documents)
    for (const version of doc.versions) Object.assign(version, reads.get(Number(version.entry.id)));
}

export interface SourceRow {
  documentId: string;
  locale?: string;
  entry: Record<string, unknown>;
}

/** What maps a row: plain data, so it can be handed to a Worker. */
export interface RowShape {
  localized: boolean;
  /** The joined relations' objects, root excluded. */
  nodes: Array<Pick<JoinNode, 'parent' | 'key'>>;
  columns: Array<Pick<ColumnRead, 'node' | 'key' | 'type' | 'alias'>>;
}

/** Turns a run of a read's rows (a page, or a whole stream) into entries. */
export function rowMapper(shape: RowShape) {
  const columns = shape.columns.map((column) => ({ ...column, convert: fromDbValue(column.type) }));
  const { nodes, localized } = shape;
  let previousId: unknown;
  return (rows: Array<Record<string, unknown>>) => {
    const result: SourceRow[] = [];
    for (const row of rows) {
      // A to-one relation with two links (broken data) would repeat the row: keep the first, as populate does.
      if (row.sitemap_id === previousId) continue;
      previousId = row.sitemap_id;
      const documentId = String(row.sitemap_document_id);
      const locale = localized ? (row.sitemap_locale as string) : undefined;
      const entry: Record<string, unknown> = { id: row.sitemap_id, documentId };
      if (localized) entry.locale = locale;
      const objects = [entry];
      for (const node of nodes) {
        const object = {};
        objects[node.parent][node.key] = object;
        objects.push(object);
      }
      for (const column of columns)
        objects[column.node][column.key] = column.convert(row[column.alias]);
      result.push({ documentId, locale, entry });
    }
    return result;
  };
}

/**
 * Gathers streamed rows into whole documents: `add` gives the documents a batch completed; the
 * last one may go on in the next batch (its other locales) and is held until then or `end`.
 */
export function documentGatherer() {
  let pending: SourceDocument | undefined;
  return {
    add(rows: SourceRow[]): SourceDocument[] {
      const documents: SourceDocument[] = pending ? [pending] : [];
      for (const row of rows) {
        const last = documents[documents.length - 1];
        if (last && last.documentId === row.documentId) last.versions.push(row);
        else documents.push({ documentId: row.documentId, versions: [row] });
      }
      pending = documents.pop();
      return documents;
    },
    end(): SourceDocument[] {
      const last = pending;
      pending = undefined;
      return last ? [last] : [];
    },
  };
}
