/**
 * Seeds many published categories in seconds. Going through the Document Service one document at a
 * time would take minutes, so one category is created and published through it, and its two rows
 * (draft and published, same document_id) are cloned with knex, with new document ids and slugs, in
 * multi-row inserts of at most 400 rows (SQLite refuses more than 500 rows in one INSERT). Reusing
 * the rows read back keeps every column in the form each database driver expects (SQLite stores
 * datetimes as epoch milliseconds).
 */
import { randomBytes } from 'crypto';
import type { Core, UID } from '@strapi/strapi';
import { CATEGORY } from './content';
import { settled } from './settle';

/** Two rows per document: 400 rows per INSERT. */
const DOCUMENTS_PER_INSERT = 200;
const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** `count` random lowercase alphanumeric strings of `length` characters. */
export function randomStrings(count: number, length: number): string[] {
  const bytes = randomBytes(count * length);
  for (let i = 0; i < bytes.length; i++) bytes[i] = ALPHABET.charCodeAt(bytes[i] % ALPHABET.length);
  const text = bytes.toString('latin1');
  return Array.from({ length: count }, (_, i) => text.slice(i * length, (i + 1) * length));
}

/** Creates one published category per slug; the first through the Document Service, the others cloned from it. */
export async function seedPublishedCategories(strapi: Core.Strapi, slugs: string[]) {
  const knex = strapi.db.connection;
  const table = strapi.db.metadata.get(CATEGORY).tableName;
  const documents = strapi.documents(CATEGORY as UID.ContentType);
  const template = await documents.create({ data: { name: 'Category 0', slug: slugs[0] } as any });
  await documents.publish({ documentId: template.documentId });
  // The publish is recorded for the debounced worker: let its run end before the rows below
  // (which no hook sees) arrive, so no background run overlaps the seeding.
  if (!(await settled(strapi))) throw new Error('the sitemap worker did not become idle');

  const rows = await knex(table).where({ document_id: template.documentId }).select('*');
  const draft = rows.find((row: any) => row.published_at === null);
  const published = rows.find((row: any) => row.published_at !== null);
  if (rows.length !== 2 || !draft || !published)
    throw new Error(`expected a draft and a published row, got ${rows.length} rows`);
  const { id: _draftId, ...draftShape } = draft;
  const { id: _publishedId, ...publishedShape } = published;

  await knex.transaction(async (trx: any) => {
    for (let done = 1; done < slugs.length; done += DOCUMENTS_PER_INSERT) {
      const count = Math.min(DOCUMENTS_PER_INSERT, slugs.length - done);
      const ids = randomStrings(count, 24);
      const batch: Record<string, unknown>[] = [];
      for (let i = 0; i < count; i++) {
        const fields = { document_id: ids[i], name: `Category ${done + i}`, slug: slugs[done + i] };
        batch.push({ ...draftShape, ...fields }, { ...publishedShape, ...fields });
      }
      await trx(table).insert(batch);
    }
  });
}

/**
 * Inserts `count` published rows of `uid` straight through the query engine (no hook sees them), in
 * batches of 400, with ids `seed00…0`, `seed00…1`… and the fields `fieldsOf(i)` gives. For tests
 * that need many rows fast and write their sitemap with an explicit run afterwards.
 */
export async function insertPublishedRows(
  strapi: Core.Strapi,
  uid: string,
  count: number,
  fieldsOf: (i: number) => Record<string, unknown>
) {
  const now = new Date();
  for (let start = 0; start < count; start += 400) {
    const data = [];
    for (let i = start; i < Math.min(count, start + 400); i++) {
      const documentId = `seed${String(i).padStart(20, '0')}`;
      data.push({ documentId, publishedAt: now, createdAt: now, updatedAt: now, ...fieldsOf(i) });
    }
    await strapi.db.query(uid as UID.Schema).createMany({ data });
  }
}

/** `count` published categories as insertPublishedRows writes them: names `C0`…, slugs `c-0`…. */
export const insertPublishedCategoryRows = (strapi: Core.Strapi, count: number) =>
  insertPublishedRows(strapi, CATEGORY, count, (i) => ({ name: `C${i}`, slug: `c-${i}` }));
