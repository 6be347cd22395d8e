import type { Core, UID } from '@strapi/strapi';

export const ARTICLE = 'api::article.article';
export const CATEGORY = 'api::category.category';
export const HOMEPAGE = 'api::homepage.homepage';

export interface PublishOption {
  /** Publish right after writing the draft (default true). */
  publish?: boolean;
}

export interface ArticleInput {
  title: string;
  slug: string;
  categoryDocumentId?: string;
  noindex?: boolean;
  publishDate?: string;
  locale?: string;
}

type Doc = { documentId: string; [key: string]: any };

// The app's content types are not in Strapi's generated types, so the uid is widened here.
const docs = (strapi: Core.Strapi, uid: string) => strapi.documents(uid as UID.ContentType);

function articleData(input: Omit<ArticleInput, 'locale'>): Record<string, unknown> {
  const data: Record<string, unknown> = { title: input.title, slug: input.slug };
  if (input.noindex !== undefined) data.noindex = input.noindex;
  if (input.publishDate !== undefined) data.publishDate = input.publishDate;
  if (input.categoryDocumentId) data.category = { connect: [input.categoryDocumentId] };
  return data;
}

export async function publish(
  strapi: Core.Strapi,
  uid: string,
  documentId: string,
  locale?: string
) {
  return docs(strapi, uid).publish({ documentId, ...(locale ? { locale } : {}) });
}

export async function unpublish(
  strapi: Core.Strapi,
  uid: string,
  documentId: string,
  locale?: string
) {
  return docs(strapi, uid).unpublish({ documentId, ...(locale ? { locale } : {}) });
}

/** Deletes the document in `locale`, or in every locale when none is given. */
export async function deleteDocument(
  strapi: Core.Strapi,
  uid: string,
  documentId: string,
  locale?: string
) {
  return docs(strapi, uid).delete({ documentId, locale: locale ?? '*' });
}

export async function findPublished(
  strapi: Core.Strapi,
  uid: string,
  documentId: string,
  locale?: string
) {
  return (await docs(strapi, uid).findOne({
    documentId,
    status: 'published',
    populate: '*',
    ...(locale ? { locale } : {}),
  })) as Doc | null;
}

export async function createCategory(
  strapi: Core.Strapi,
  input: { name: string; slug: string },
  { publish: doPublish = true }: PublishOption = {}
): Promise<Doc> {
  const doc = (await docs(strapi, CATEGORY).create({ data: input })) as Doc;
  if (doPublish) await publish(strapi, CATEGORY, doc.documentId);
  return doc;
}

export async function createArticle(
  strapi: Core.Strapi,
  input: ArticleInput,
  { publish: doPublish = true }: PublishOption = {}
): Promise<Doc> {
  const locale = input.locale ?? 'en';
  const doc = (await docs(strapi, ARTICLE).create({ locale, data: articleData(input) })) as Doc;
  if (doPublish) await publish(strapi, ARTICLE, doc.documentId, locale);
  return doc;
}

/**
 * Adds another locale to an existing document. Relations are localized in Strapi 5, so an
 * article's category must be given again for each locale.
 */
export async function addLocale(
  strapi: Core.Strapi,
  target: { uid?: string; documentId: string; locale: string; data: Record<string, unknown> },
  { publish: doPublish = true }: PublishOption = {}
): Promise<Doc> {
  const uid = target.uid ?? ARTICLE;
  const data = uid === ARTICLE ? articleData(target.data as unknown as ArticleInput) : target.data;
  const doc = (await docs(strapi, uid).update({
    documentId: target.documentId,
    locale: target.locale,
    data,
  })) as Doc;
  if (doPublish) await publish(strapi, uid, target.documentId, target.locale);
  return doc;
}

/** Creates or updates the homepage single type in one locale. */
export async function setHomepage(
  strapi: Core.Strapi,
  input: { title: string; locale?: string },
  { publish: doPublish = true }: PublishOption = {}
): Promise<Doc> {
  const locale = input.locale ?? 'en';
  // Any row of the single type, whatever its locale or status, carries its documentId.
  const existing = (await strapi.db
    .query(HOMEPAGE as UID.Schema)
    .findOne({ select: ['documentId'] })) as Doc | null;
  const data = { title: input.title };
  const doc = (
    existing
      ? await docs(strapi, HOMEPAGE).update({ documentId: existing.documentId, locale, data })
      : await docs(strapi, HOMEPAGE).create({ locale, data })
  ) as Doc;
  if (doPublish) await publish(strapi, HOMEPAGE, doc.documentId, locale);
  return doc;
}
