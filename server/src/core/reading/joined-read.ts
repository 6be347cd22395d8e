/**
 * How one SQL query reads a page of entries: the LEFT JOINs for the to-one relations a pattern reads
 * and the columns to select, planned from Strapi's model metadata alone (join table or join column,
 * as the query engine's populate follows them). Shapes it does not plan (polymorphic or conditional
 * join tables) return null, and the entry source reads them through the query engine instead.
 */

import type { TypeQuery } from '../plan/compile';

/** Strapi's model metadata (`strapi.db.metadata`): what the reads are planned from. */
export type Metadata = { get(uid: string): unknown };

/** What the joins are planned from: a type's read query. */
export type JoinedQuery = Pick<TypeQuery, 'uid' | 'fields' | 'lastmodField' | 'localized'>;

/** A column read into the entry: `key` on the object of node `node`. */
export interface ColumnRead {
  node: number;
  key: string;
  type: string;
  /** `alias.column as sitemap_cN` */
  select: string;
  alias: string;
}

/**
 * A to-one relation joined in: its object is set as `key` on its parent node's object. An entry
 * without a related entry gets an object of NULL fields, which a pattern reads as the query
 * engine's `null` relation ("is empty or its relation is missing"), saving a column per relation.
 */
export interface JoinNode {
  parent: number;
  key: string;
  alias: string;
}

export interface JoinPlan {
  joins: Array<(knexQuery: any) => void>;
  nodes: JoinNode[];
  columns: ColumnRead[];
}

/**
 * Plans the LEFT JOINs for the pattern's relation paths, following Strapi's metadata (join table
 * or join column, as the query engine's populate does). Null when a shape is not one of these.
 */
function planJoins(metadata: Metadata, query: JoinedQuery, rootAlias: string): JoinPlan | null {
  const rootMeta = metadata.get(query.uid) as any;
  const plan: JoinPlan = { joins: [], nodes: [], columns: [] };
  const metas: any[] = [rootMeta];
  const aliases = [rootAlias];
  const nodeByPath = new Map<string, number>([['', 0]]);
  plan.nodes.push({ parent: -1, key: '', alias: rootAlias });
  let counter = 0;
  const read = (node: number, name: string) => {
    const attribute = metas[node].attributes[name];
    if (!attribute || attribute.type === 'relation' || !attribute.columnName) return false;
    if (plan.columns.some((column) => column.node === node && column.key === name)) return true;
    const alias = `sitemap_c${plan.columns.length}`;
    plan.columns.push({
      node,
      key: name,
      type: attribute.type,
      select: `${aliases[node]}.${attribute.columnName} as ${alias}`,
      alias,
    });
    return true;
  };

  for (const path of query.fields) {
    let node = 0;
    for (let i = 0; i < path.length - 1; i++) {
      const prefix = path.slice(0, i + 1).join('.');
      const known = nodeByPath.get(prefix);
      if (known !== undefined) {
        node = known;
        continue;
      }
      const attribute = metas[node].attributes[path[i]];
      if (!attribute || attribute.type !== 'relation' || !attribute.target) return null;
      const targetMeta = metadata.get(attribute.target) as any;
      const parentAlias = aliases[node];
      const alias = `sitemap_j${++counter}`;
      if (attribute.joinTable) {
        const { joinTable } = attribute;
        // Polymorphic and conditional join tables are left to the query engine.
        if (
          joinTable.on ||
          joinTable.morphColumn ||
          !joinTable.joinColumn ||
          !joinTable.inverseJoinColumn
        )
          return null;
        const link = `sitemap_l${counter}`;
        plan.joins.push((knexQuery) =>
          knexQuery
            .leftJoin(
              `${joinTable.name} as ${link}`,
              `${link}.${joinTable.joinColumn.name}`,
              `${parentAlias}.${joinTable.joinColumn.referencedColumn}`
            )
            .leftJoin(
              `${targetMeta.tableName} as ${alias}`,
              `${alias}.${joinTable.inverseJoinColumn.referencedColumn}`,
              `${link}.${joinTable.inverseJoinColumn.name}`
            )
        );
      } else if (attribute.joinColumn && !attribute.morphColumn) {
        const { joinColumn } = attribute;
        plan.joins.push((knexQuery) =>
          knexQuery.leftJoin(
            `${targetMeta.tableName} as ${alias}`,
            `${alias}.${joinColumn.referencedColumn}`,
            `${parentAlias}.${joinColumn.name}`
          )
        );
      } else {
        return null;
      }
      metas.push(targetMeta);
      aliases.push(alias);
      plan.nodes.push({ parent: node, key: path[i], alias });
      node = plan.nodes.length - 1;
      nodeByPath.set(prefix, node);
    }
    if (!read(node, path[path.length - 1])) return null;
  }
  if (query.lastmodField && !read(0, query.lastmodField)) return null;
  return plan;
}

/** The joins and key columns of a one-query read; null when the query engine has to read `query`. */
export function joinedRead(metadata: Metadata, query: JoinedQuery, rootAlias: string) {
  const rootMeta = metadata.get(query.uid) as any;
  const plan = planJoins(metadata, query, rootAlias);
  const documentIdColumn: string | undefined = rootMeta.attributes.documentId?.columnName;
  const localeColumn: string | undefined = rootMeta.attributes.locale?.columnName;
  if (!plan || !documentIdColumn || (query.localized && !localeColumn)) return null;
  return { plan, documentIdColumn, localeColumn };
}

/**
 * Whether one SQL query per page reads `query` (every relation it reads is a plain to-one join);
 * otherwise the query engine does. Decided from Strapi's metadata alone.
 */
export const readsWithJoins = (metadata: Metadata, query: JoinedQuery) =>
  joinedRead(metadata, query, 'root') !== null;
