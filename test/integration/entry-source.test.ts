/**
 * The entry reader reads a page with one SQL query (relations LEFT JOINed through Strapi's join
 * tables); the query engine with populate is the reference. Both must list the same published
 * entries, in the same order, with the same values, on every database.
 */
import type { Core, UID } from '@strapi/strapi';
import { documentUrls, type TypePlan } from '../../server/src/core/urls/document-urls';
import { readsWithJoins } from '../../server/src/core/reading/joined-read';
import { parsePattern } from '../../server/src/core/urls/pattern';
import { UrlHashSet } from '../../server/src/core/urls/url-hash-set';
import { ValidationReport } from '../../server/src/core/urls/url-checks';
import {
  documentsFrom,
  queryEngineReader,
  readDocuments,
  type SourceDocument,
  type SourceQuery,
} from '../../server/src/services/reading/entry-source';
import { startTestStrapi, type TestStrapi } from '../helpers/strapi-app';
import {
  addLocale,
  ARTICLE,
  CATEGORY,
  createArticle,
  createCategory,
  HOMEPAGE,
  publish,
  setHomepage,
} from '../helpers/content';
import { testConfig } from '../helpers/config';
import { settled } from '../helpers/settle';

let app: TestStrapi;
let strapi: Core.Strapi;
const ids: Record<string, string> = {};

const NOW = Date.now() + 60_000;

async function collect(pages: AsyncGenerator<SourceDocument[]>): Promise<SourceDocument[]> {
  const documents: SourceDocument[] = [];
  for await (const page of pages) documents.push(...page);
  return documents;
}

const readAll = (query: SourceQuery) => collect(readDocuments(strapi, query));
/** The reference: the same query read through the query engine with populate. */
const readAllViaQueryEngine = (query: SourceQuery) =>
  collect(documentsFrom(queryEngineReader(strapi, query), query));

const readPath = (entry: Record<string, unknown>, path: string[]) => {
  let value: unknown = entry;
  for (const key of path)
    value =
      value === null || value === undefined ? undefined : (value as Record<string, unknown>)[key];
  return value;
};

/** What a pattern and lastmod can see of a document: values by path, dates as ISO text, no value as null. */
function visible(documents: SourceDocument[], query: SourceQuery) {
  const paths = [...query.fields, ...(query.lastmodField ? [[query.lastmodField]] : [])];
  return documents.map((doc) => ({
    documentId: doc.documentId,
    versions: doc.versions.map(({ locale, entry }) => ({
      locale: locale ?? null,
      values: paths.map((path) => {
        const value = readPath(entry, path);
        return value instanceof Date ? value.toISOString() : (value ?? null);
      }),
    })),
  }));
}

function urlsOf(documents: SourceDocument[], pattern: string, query: SourceQuery) {
  const plan: TypePlan = {
    uid: query.uid,
    localized: query.localized,
    pattern: parsePattern(pattern),
    localePatterns: {},
    hostname: 'https://www.example.com',
    hostnames: {},
    defaultLocale: 'en',
    priority: 0.5,
    lastmodField: query.lastmodField,
    extensions: [],
  };
  const context = {
    now: NOW,
    report: new ValidationReport(),
    seen: new UrlHashSet(),
    excluded: new Set<string>(),
  };
  const blocks = documents.flatMap((doc) =>
    documentUrls(plan, doc, context).map((block) => ({ key: doc.documentId, ...block }))
  );
  return { blocks, report: context.report.summary() };
}

/** Reads with both readers and expects the same documents; returns them. */
async function expectSameAsQueryEngine(query: SourceQuery, pattern?: string) {
  expect(readsWithJoins(strapi.db.metadata, query)).toBe(true);
  const joined = await readAll(query);
  const reference = await readAllViaQueryEngine(query);
  expect(visible(joined, query)).toEqual(visible(reference, query));
  if (pattern) expect(urlsOf(joined, pattern, query)).toEqual(urlsOf(reference, pattern, query));
  return joined;
}

const articles = (overrides: Partial<SourceQuery> = {}): SourceQuery => ({
  uid: ARTICLE,
  fields: [['category', 'slug'], ['slug']],
  lastmodField: 'updatedAt',
  localized: true,
  draftAndPublish: true,
  extensions: [],
  ...overrides,
});

beforeAll(async () => {
  app = await startTestStrapi({ pluginConfig: testConfig({ cron: false, autoGenerate: false }) });
  strapi = app.strapi;
  await settled(app.strapi, 30_000);
  const news = await createCategory(strapi, { name: 'News', slug: 'news' });
  const tech = await createCategory(strapi, { name: 'Tech', slug: 'tech' });
  const empty = await createCategory(strapi, { name: 'No slug', slug: '' });
  const draft = await createCategory(
    strapi,
    { name: 'Draft', slug: 'draft-only' },
    { publish: false }
  );
  // tech's parent is news: a relation of a relation, [category.parent.slug].
  await strapi.documents(CATEGORY as UID.ContentType).update({
    documentId: tech.documentId,
    data: { parent: { connect: [news.documentId] } } as any,
  });
  await publish(strapi, CATEGORY, tech.documentId);
  Object.assign(ids, {
    news: news.documentId,
    tech: tech.documentId,
    empty: empty.documentId,
    draft: draft.documentId,
  });

  const specs = [
    { slug: 'one', category: news.documentId, fr: 'un', publishDate: '2026-01-15' },
    { slug: 'two', category: tech.documentId, fr: 'deux' },
    { slug: 'été & co', category: tech.documentId },
    { slug: 'no-category' },
    { slug: 'empty-category-slug', category: empty.documentId },
    { slug: 'draft-category', category: draft.documentId },
    { slug: 'hidden', category: news.documentId, noindex: true },
    { slug: '', category: news.documentId, fr: 'vide' },
    { slug: 'five', category: news.documentId, fr: 'cinq', publishDate: '2025-12-31' },
  ];
  for (const spec of specs) {
    const doc = await createArticle(strapi, {
      title: spec.slug,
      slug: spec.slug,
      categoryDocumentId: spec.category,
      noindex: spec.noindex,
      publishDate: spec.publishDate,
    });
    ids[spec.slug] = doc.documentId;
    if (spec.fr)
      await addLocale(strapi, {
        documentId: doc.documentId,
        locale: 'fr',
        data: { title: spec.fr, slug: spec.fr, categoryDocumentId: spec.category },
      });
  }
  // Unpublished work must not be read: a draft-only article and a published one with a changed draft.
  await createArticle(
    strapi,
    { title: 'draft', slug: 'draft', categoryDocumentId: news.documentId },
    { publish: false }
  );
  await strapi
    .documents(ARTICLE as UID.ContentType)
    .update({ documentId: ids.one, locale: 'en', data: { slug: 'one-changed-draft' } as any });
  // A French-only document.
  const frOnly = await createArticle(strapi, {
    title: 'seul',
    slug: 'seul',
    categoryDocumentId: tech.documentId,
    locale: 'fr',
  });
  ids.seul = frOnly.documentId;
  await setHomepage(strapi, { title: 'Home' });
  await setHomepage(strapi, { title: 'Accueil', locale: 'fr' });
});

afterAll(async () => {
  await app?.stop();
});

it('reads the same published entries as the query engine, relations included', async () => {
  const documents = await expectSameAsQueryEngine(articles(), '/blog/[category.slug]/[slug]');
  const slugs = documents.flatMap((doc) => doc.versions.map((version) => version.entry.slug));
  expect(slugs).toContain('one');
  expect(slugs).not.toContain('one-changed-draft');
  expect(slugs).not.toContain('draft');
  expect(documents.map((doc) => doc.documentId)).toEqual(
    [...documents.map((doc) => doc.documentId)].sort()
  );
});

// A page must hold more rows than a document has locales (the default holds 1,000).
it('pages by document, never splitting a document’s locales across pages', async () => {
  for (const pageSize of [3, 4, 5]) {
    const documents = await expectSameAsQueryEngine(
      articles({ pageSize }),
      '/blog/[category.slug]/[slug]'
    );
    const reference = await readAll(articles());
    expect(
      documents.map((doc) => [doc.documentId, doc.versions.map((version) => version.locale)])
    ).toEqual(
      reference.map((doc) => [doc.documentId, doc.versions.map((version) => version.locale)])
    );
  }
});

// PostgreSQL and MySQL read a whole type as one sorted query streamed in batches: a document's
// locales may straddle two batches, so any batch size must give the same documents.
const streams = ['postgres', 'mysql'].includes(process.env.DATABASE_CLIENT ?? 'sqlite');
(streams ? it : it.skip)('streams a whole type in batches of any size', async () => {
  const reference = await readAllViaQueryEngine(articles());
  for (const pageSize of [1, 2]) {
    const streamed = await readAll(articles({ pageSize }));
    expect(visible(streamed, articles())).toEqual(visible(reference, articles()));
  }
  expect(reference.some((doc) => doc.versions.length > 1)).toBe(true);
});

// A run compares keys as JavaScript does, by code unit (core/files/file-layout `holds`): PostgreSQL
// sorts a whole type bytewise whatever the column's collation, here a case-insensitive one, in
// which an id starting with "Z" comes after the lowercase ones and not, as in bytes, before.
const onPostgres = process.env.DATABASE_CLIENT === 'postgres';
(onPostgres ? it : it.skip)(
  'on PostgreSQL, streams a whole type in byte order of its keys, whatever their collation',
  async () => {
    const meta = strapi.db.metadata.get(ARTICLE) as any;
    const documentId = meta.attributes.documentId.columnName as string;
    const retype = (collation: string) =>
      strapi.db.connection.raw(
        `alter table ?? alter column ?? type varchar(255) collate "${collation}"`,
        [meta.tableName, documentId]
      );
    const original = ids.two;
    const upper = `Z${original.slice(1)}`;
    const rename = (from: string, to: string) =>
      strapi.db
        .connection(meta.tableName)
        .where(documentId, from)
        .update({ [documentId]: to });
    await retype('en-US-x-icu');
    await rename(original, upper);
    try {
      const keys = (await readAll(articles({ pageSize: 2 }))).map((doc) => doc.documentId);
      expect(keys[0]).toBe(upper);
      expect(keys).toEqual([...keys].sort());
      // The column's own order, which the query engine's pages keep, puts it among the z's.
      const reference = (await readAllViaQueryEngine(articles())).map((doc) => doc.documentId);
      expect(reference.indexOf(upper)).toBeGreaterThan(0);
    } finally {
      await rename(upper, original);
      await retype('default');
    }
  }
);

it('applies user filters compiled by Strapi, relational ones too', async () => {
  const hidden = await expectSameAsQueryEngine(
    articles({ filters: { noindex: { $ne: true } } }),
    '/blog/[category.slug]/[slug]'
  );
  expect(hidden.map((doc) => doc.documentId)).not.toContain(ids.hidden);
  const inNews = await expectSameAsQueryEngine(
    articles({ filters: { category: { slug: { $eq: 'news' } } }, pageSize: 3 }),
    '/blog/[category.slug]/[slug]'
  );
  expect(inNews.length).toBeGreaterThan(0);
  expect(
    inNews.flatMap((doc) =>
      doc.versions.map((version) => readPath(version.entry, ['category', 'slug']))
    )
  ).toEqual(expect.arrayContaining(['news']));
  await expectSameAsQueryEngine(
    articles({
      filters: {
        $or: [{ slug: { $startsWith: 'f' } }, { category: { name: { $containsi: 'tech' } } }],
      },
    })
  );
});

it('reads relations of relations and join columns', async () => {
  const nested = await expectSameAsQueryEngine(
    articles({ fields: [['category', 'parent', 'slug'], ['category', 'slug'], ['slug']] }),
    '/[category.parent.slug]/[category.slug]/[slug]'
  );
  const two = nested.find((doc) => doc.documentId === ids.two)!;
  expect(readPath(two.versions[0].entry, ['category', 'parent', 'slug'])).toBe('news');
  // createdBy is a join column to admin users.
  const admin = await strapi.db.query('admin::user').create({
    data: { firstname: 'Ada', lastname: 'Admin', email: 'ada@example.com', isActive: true },
  });
  const meta = strapi.db.metadata.get(ARTICLE) as any;
  await strapi.db
    .connection(meta.tableName)
    .where(meta.attributes.documentId.columnName, ids.two)
    .update({ [meta.attributes.createdBy.joinColumn.name]: admin.id });
  const byAuthor = await expectSameAsQueryEngine(
    articles({ fields: [['createdBy', 'firstname'], ['slug']] }),
    '/[createdBy.firstname]/[slug]'
  );
  expect(
    readPath(byAuthor.find((doc) => doc.documentId === ids.two)!.versions[0].entry, [
      'createdBy',
      'firstname',
    ])
  ).toBe('Ada');
});

it('reads date fields and other lastmod fields as the query engine does', async () => {
  await expectSameAsQueryEngine(
    articles({ fields: [['publishDate'], ['slug']], lastmodField: 'publishDate' }),
    '/[publishDate]/[slug]'
  );
  await expectSameAsQueryEngine(articles({ lastmodField: 'publishedAt' }));
  await expectSameAsQueryEngine(articles({ lastmodField: false }));
});

it('reads a key range, chosen documents, and stops after a number of documents', async () => {
  const all = await readAll(articles());
  const keys = all.map((doc) => doc.documentId);
  const range = await expectSameAsQueryEngine(articles({ after: keys[1], upTo: keys[4] }));
  expect(range.map((doc) => doc.documentId)).toEqual(keys.slice(2, 5));
  const chosen = await expectSameAsQueryEngine(
    articles({ documentIds: [keys[0], keys[3], 'no-such-document'] })
  );
  expect(chosen.map((doc) => doc.documentId)).toEqual([keys[0], keys[3]]);
  const few = await expectSameAsQueryEngine(articles({ maxDocuments: 2, pageSize: 3 }));
  expect(few).toHaveLength(2);
});

it('reads types without i18n, and single types', async () => {
  const categories = await expectSameAsQueryEngine(
    {
      uid: CATEGORY,
      fields: [['slug']],
      lastmodField: 'updatedAt',
      localized: false,
      draftAndPublish: true,
      extensions: [],
    },
    '/blog/[slug]'
  );
  expect(categories.map((doc) => doc.documentId)).not.toContain(ids.draft);
  expect(
    categories.every((doc) => doc.versions.length === 1 && doc.versions[0].locale === undefined)
  ).toBe(true);
  const home = await expectSameAsQueryEngine(
    {
      uid: HOMEPAGE,
      fields: [],
      lastmodField: 'updatedAt',
      localized: true,
      draftAndPublish: true,
      extensions: [],
    },
    '/[locale]'
  );
  expect(home).toHaveLength(1);
  expect(home[0].versions.map((version) => version.locale)).toEqual(['en', 'fr']);
});

// A type without i18n still has a locale column in Strapi 5, which the reader orders by: a relational
// filter makes the query DISTINCT, and PostgreSQL refuses to ORDER BY a column the DISTINCT does not select.
it('reads a type without i18n whose filters go through a relation, as the Document Service lists it', async () => {
  const filters = { parent: { slug: { $ne: 'x' } } };
  const query: SourceQuery = {
    uid: CATEGORY,
    fields: [['slug']],
    lastmodField: 'updatedAt',
    localized: false,
    draftAndPublish: true,
    extensions: [],
  };
  for (const pageSize of [2, 1000]) {
    const documents = await expectSameAsQueryEngine(
      { ...query, filters, pageSize },
      '/blog/[slug]'
    );
    const listed = (await strapi
      .documents(CATEGORY as UID.ContentType)
      .findMany({ filters, status: 'published' } as any)) as any[];
    expect(documents.map((doc) => doc.documentId)).toEqual(
      listed.map((doc) => doc.documentId).sort()
    );
    expect(documents.map((doc) => doc.versions[0].entry.slug)).toEqual(['tech']);
  }
});
