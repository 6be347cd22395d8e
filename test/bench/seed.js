'use strict';
/**
 * Seeds articles the way Strapi writes them over months, straight into the tables (the Document
 * Service would take hours for a million documents):
 * - document ids of Strapi's shape: 24 characters of base 36, a letter first, random (Strapi uses
 *   cuid2's createId, 43 µs an id here; crypto.randomBytes gives the same alphabet and spread, faster);
 * - documents created in random order, each as a draft row and then its published row (Strapi
 *   inserts a new published row on every publish), so row ids follow creation, not document ids;
 * - 30% of documents translated later into French (a draft and a published row, appended);
 * - 20% of published rows published again later: the row is deleted and re-inserted at the end of
 *   the table with a new id, as Strapi's publish does;
 * - the category relation on every row (draft rows to the draft category, published to published).
 * `urls` is the number of published rows, so the number of URLs the sitemap lists.
 */
const crypto = require('crypto');

const BATCH = 400; // SQLite refuses multi-row inserts above 500 rows.
const CATEGORIES = 20;
const TRANSLATED = 0.3;
const REPUBLISHED = 0.2;
const DAY_MS = 86_400_000;

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** A random id of Strapi's document id shape. */
function documentId() {
  const bytes = crypto.randomBytes(24);
  let id = ALPHABET[bytes[0] % 26];
  for (let i = 1; i < 24; i++) id += ALPHABET[bytes[i] % 36];
  return id;
}

/** Fisher–Yates, in place. */
function shuffle(items) {
  for (let i = items.length - 1; i > 0; i--) {
    const j = crypto.randomInt(i + 1);
    [items[i], items[j]] = [items[j], items[i]];
  }
  return items;
}

/** A document's category, from its id: stable without keeping a map of a million entries. */
const categoryOf = (id) => parseInt(id.slice(-3), 36) % CATEGORIES;

/** The categories, each a draft and a published row: their row ids, by category number. */
async function seedCategories(knex, table, at) {
  const ids = [];
  for (let c = 0; c < CATEGORIES; c++) {
    const id = documentId();
    const rows = [false, true].map((published) => ({
      document_id: id,
      name: `Category ${c}`,
      slug: `category-${c}`,
      created_at: at,
      updated_at: at,
      published_at: published ? at : null,
    }));
    await knex(table).insert(rows);
    const inserted = await knex(table).where('document_id', id).select('id', 'published_at');
    ids.push({
      draft: inserted.find((row) => !row.published_at).id,
      published: inserted.find((row) => row.published_at).id,
    });
  }
  return ids;
}

/** The tables the seeds write: articles, categories and the link between them. */
function articleTables(strapi) {
  const article = strapi.db.metadata.get('api::article.article');
  return {
    knex: strapi.db.connection,
    table: article.tableName,
    categoryTable: strapi.db.metadata.get('api::category.category').tableName,
    link: article.attributes.category.joinTable,
  };
}

async function seedArticles(strapi, urls) {
  const { knex, table, categoryTable, link } = articleTables(strapi);
  const started = Date.now() - 180 * DAY_MS;

  const categoryIds = await seedCategories(knex, categoryTable, new Date(started));

  // Rows are appended in time order; `clock` spreads them over six months.
  const total = urls * 2 + Math.round(urls * REPUBLISHED) * 2;
  let written = 0;
  const clock = () => new Date(started + Math.floor((written++ / total) * 180 * DAY_MS));
  let lastId = (await knex(table).max('id as max').first()).max ?? 0;

  /** Inserts rows in batches with their category links. */
  async function append(rows) {
    for (let i = 0; i < rows.length; i += BATCH) {
      await knex(table).insert(rows.slice(i, i + BATCH));
      // The LIMIT keeps PostgreSQL on the primary key: without statistics on the growing table it
      // chose a parallel scan of all of it per batch, and seeding 1M URLs took more than 10 minutes.
      const inserted = await knex(table)
        .where('id', '>', lastId)
        .orderBy('id')
        .limit(BATCH)
        .select('id', 'document_id', 'published_at');
      lastId = inserted[inserted.length - 1].id;
      await knex(link.name).insert(
        inserted.map((row) => ({
          [link.joinColumn.name]: row.id,
          [link.inverseJoinColumn.name]:
            categoryIds[categoryOf(row.document_id)][row.published_at ? 'published' : 'draft'],
        }))
      );
    }
  }

  const row = (id, locale, n, published) => {
    const at = clock();
    const suffix = locale === 'en' ? '' : `-${locale}`;
    return {
      document_id: id,
      title: `Article ${n}${suffix}`,
      slug: `article-${n}${suffix}`,
      noindex: false,
      locale,
      created_at: at,
      updated_at: at,
      published_at: published ? at : null,
    };
  };

  // A translated document lists two URLs: `documents` documents give `urls` URLs.
  const documents = Math.round(urls / (1 + TRANSLATED));
  const translated = urls - documents;
  const ids = Array.from({ length: documents }, documentId);
  const pending = [];
  for (const [n, id] of ids.entries()) {
    pending.push(row(id, 'en', n, false), row(id, 'en', n, true));
    if (pending.length >= 20_000) await append(pending.splice(0));
  }
  await append(pending.splice(0));

  // Translations come later, in another order.
  const order = shuffle(ids.map((_, n) => n)).slice(0, translated);
  for (const n of order) {
    pending.push(row(ids[n], 'fr', n, false), row(ids[n], 'fr', n, true));
    if (pending.length >= 20_000) await append(pending.splice(0));
  }
  await append(pending.splice(0));

  // Publishing again deletes the published row and inserts a new one at the end of the table.
  const republished = shuffle(ids.map((_, n) => n)).slice(0, Math.round(documents * REPUBLISHED));
  for (let i = 0; i < republished.length; i += BATCH) {
    const chunk = republished.slice(i, i + BATCH).map((n) => ids[n]);
    const old = await knex(table)
      .whereIn('document_id', chunk)
      .where('locale', 'en')
      .whereNotNull('published_at')
      .select('id', 'document_id', 'slug');
    await knex(link.name)
      .whereIn(
        link.joinColumn.name,
        old.map((entry) => entry.id)
      )
      .del();
    await knex(table)
      .whereIn(
        'id',
        old.map((entry) => entry.id)
      )
      .del();
    await append(
      old.map((entry) => ({
        ...row(entry.document_id, 'en', 0, true),
        slug: entry.slug,
        title: entry.slug,
      }))
    );
  }
  return { documents, urls, sampleDocumentId: ids[Math.floor(documents / 2)] };
}

/**
 * The same shape written by PostgreSQL itself, set by set (issue 24: batched inserts took 14 minutes
 * for a million URLs; 10 million need this): the document ids random (a letter, then 23 hex digits
 * of md5(random())), documents appended in creation order as a draft and a published row, the
 * French translations of a random 30% appended after them, the category link on every row, and a
 * random 20% of English published rows deleted and appended again with new ids.
 */
async function seedArticlesPostgres(strapi, urls) {
  const { knex, table, categoryTable, link } = articleTables(strapi);
  const linkTable = link.name;
  const linkArticle = link.joinColumn.name;
  const linkCategory = link.inverseJoinColumn.name;
  const started = new Date(Date.now() - 180 * DAY_MS);

  const categoryIds = await seedCategories(knex, categoryTable, started);
  const documents = Math.round(urls / (1 + TRANSLATED));
  const translated = urls - documents;
  const republished = Math.round(documents * REPUBLISHED);
  const run = (sql, bindings = []) => knex.raw(sql, bindings);
  const spread = (n) => `?::timestamptz + (${n})::float8 / ${documents} * interval '180 days'`;

  await run('DROP TABLE IF EXISTS bench_docs');
  await run(
    `CREATE UNLOGGED TABLE bench_docs AS
     SELECT n, chr(97 + floor(random() * 26)::int) || substr(md5(random()::text), 1, 23) AS id
     FROM generate_series(0, ? - 1) AS n`,
    [documents]
  );
  await run('DROP TABLE IF EXISTS bench_categories');
  await run('CREATE UNLOGGED TABLE bench_categories (c int, draft int, published int)');
  await knex('bench_categories').insert(
    categoryIds.map(({ draft, published }, c) => ({ c, draft, published }))
  );
  const insertRows = (from, locale, suffix, order) =>
    run(
      `INSERT INTO ?? (document_id, title, slug, noindex, locale, created_at, updated_at, published_at)
       SELECT d.id, 'Article ' || d.n || '${suffix}', 'article-' || d.n || '${suffix}', false, '${locale}',
              ${spread('d.n')}, ${spread('d.n')}, CASE WHEN p THEN ${spread('d.n')} END
       FROM ${from} d CROSS JOIN (VALUES (false), (true)) AS v(p)
       ORDER BY ${order}, p`,
      [table, started, started, started]
    );
  await insertRows('bench_docs', 'en', '', 'd.n');
  await insertRows(
    `(SELECT * FROM bench_docs ORDER BY random() LIMIT ${translated})`,
    'fr',
    '-fr',
    'random()'
  );
  // Every row's category, from its document id: draft rows to the draft category.
  const linkRows = (where) =>
    run(
      `INSERT INTO ?? (??, ??)
       SELECT a.id, CASE WHEN a.published_at IS NULL THEN c.draft ELSE c.published END
       FROM ?? a JOIN bench_categories c ON c.c = (hashtext(a.document_id) & 2147483647) % ${CATEGORIES}
       ${where}`,
      [linkTable, linkArticle, linkCategory, table]
    );
  await linkRows('');
  // Published again: the row deleted and appended with a new id, as Strapi's publish does.
  await run('DROP TABLE IF EXISTS bench_again');
  await run(
    `CREATE UNLOGGED TABLE bench_again AS
     SELECT a.id, a.document_id, a.slug FROM ?? a
     JOIN (SELECT id FROM bench_docs ORDER BY random() LIMIT ${republished}) d ON d.id = a.document_id
     WHERE a.locale = 'en' AND a.published_at IS NOT NULL`,
    [table]
  );
  const before = (await knex(table).max('id as max').first()).max;
  await run(`DELETE FROM ?? WHERE ?? IN (SELECT id FROM bench_again)`, [linkTable, linkArticle]);
  // Their links are gone: the link table's cascade, a trigger per deleted row, is skipped (more than
  // 5.5 minutes for 1.5 million rows at 10M URLs). The bench connects as a superuser.
  await knex.transaction(async (trx) => {
    await trx.raw('SET LOCAL session_replication_role = replica');
    await trx.raw(`DELETE FROM ?? WHERE id IN (SELECT id FROM bench_again)`, [table]);
  });
  await run(
    `INSERT INTO ?? (document_id, title, slug, noindex, locale, created_at, updated_at, published_at)
     SELECT document_id, slug, slug, false, 'en', now(), now(), now() FROM bench_again ORDER BY random()`,
    [table]
  );
  await linkRows(`WHERE a.id > ${Number(before)}`);
  const sample = (await run('SELECT id FROM bench_docs WHERE n = ?', [Math.floor(documents / 2)]))
    .rows[0].id;
  for (const name of ['bench_docs', 'bench_categories', 'bench_again'])
    await run(`DROP TABLE ${name}`);
  // As autovacuum would by the time anyone reads a long-lived table: hint bits and the visibility
  // map set, so neither the lower bound (read first) nor the run pays for setting them.
  await run('VACUUM (ANALYZE) ??', [table]);
  await run('VACUUM (ANALYZE) ??', [linkTable]);
  // The seed's dirty pages written out now: else a checkpoint spread over the next minutes (the
  // seed writes more WAL than max_wal_size) writes them while the full run, measured first, goes on.
  await run('CHECKPOINT');
  return { documents, urls, sampleDocumentId: sample };
}

/** Uploaded images the articles' covers are chosen from (`--images on`). */
const COVERS = 500;

/**
 * `--images on`: a cover image on every article row, drafts included, linked as the Media Library
 * links a media field (a row of the upload's polymorphic join table per article row), each from a
 * library of COVERS uploaded files, written by the database itself.
 */
async function seedCovers(strapi) {
  const knex = strapi.db.connection;
  const file = strapi.db.metadata.get('plugin::upload.file');
  const { joinTable } = file.attributes.related;
  const articles = strapi.db.metadata.get('api::article.article').tableName;
  const at = new Date();
  const { first } = await knex(file.tableName).max('id as first').first();
  await knex(file.tableName).insert(
    Array.from({ length: COVERS }, (_, i) => ({
      document_id: documentId(),
      name: `cover-${i}.jpg`,
      hash: `cover_${i}_${documentId().slice(0, 6)}`,
      ext: '.jpg',
      mime: 'image/jpeg',
      size: 120.5,
      url: `/uploads/cover_${i}.jpg`,
      provider: 'local',
      folder_path: '/',
      created_at: at,
      updated_at: at,
      published_at: at,
    }))
  );
  // One multi-row insert into an empty library: its ids follow each other.
  const ids = (
    await knex(file.tableName)
      .where('id', '>', first ?? 0)
      .orderBy('id')
      .pluck('id')
  ).map(Number);
  if (ids.length !== COVERS || ids[COVERS - 1] - ids[0] !== COVERS - 1)
    throw new Error(`the covers' ids are not consecutive: ${ids[0]}…${ids[COVERS - 1]}`);
  await knex.raw(
    `INSERT INTO ?? (??, ??, ??, ??, ??)
     SELECT ${ids[0]} + a.id % ${COVERS}, a.id, 'api::article.article', 'cover', 1 FROM ?? a`,
    [
      joinTable.name,
      joinTable.joinColumn.name,
      joinTable.morphColumn.idColumn.name,
      joinTable.morphColumn.typeColumn.name,
      'field',
      'order',
      articles,
    ]
  );
  // The statistics a long-lived table has: with those of an empty one, MariaDB joined a page's
  // media reads from the files, scanning every link of each (ten times slower at 100,000 URLs).
  const client = strapi.db.dialect.client;
  if (client === 'postgres') {
    await knex.raw('VACUUM (ANALYZE) ??', [joinTable.name]);
    await knex.raw('CHECKPOINT');
  } else if (client === 'mysql')
    await knex.raw('ANALYZE TABLE ??, ??', [file.tableName, joinTable.name]);
  else await knex.raw('ANALYZE');
}

module.exports = { seedArticles, seedArticlesPostgres, seedCovers, documentId };
