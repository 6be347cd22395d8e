/** Entries left out one by one by an editor (all locales of a document, or one locale); the controller has their files rewritten. */
import type { Core } from '@strapi/strapi';
import type { Exclusion } from '../../../../shared/api-types';
import { EXCLUSION_UID } from '../../uids';

export interface ExclusionInput {
  contentType: string;
  documentId: string;
  locale?: string | null;
}

/** The key an exclusion is matched by while generating. */
export const exclusionKey = (documentId: string, locale?: string | null) =>
  locale ? `${documentId}|${locale}` : documentId;

export default ({ strapi }: { strapi: Core.Strapi }) => {
  const exclusions = () => strapi.db.query(EXCLUSION_UID);
  const where = ({ contentType, documentId, locale }: ExclusionInput) => ({
    contentType,
    target: documentId,
    locale: locale ?? null,
  });

  return {
    async list(contentType?: string): Promise<Exclusion[]> {
      const rows = (await exclusions().findMany({
        where: contentType ? { contentType } : {},
        orderBy: { id: 'asc' },
      })) as any[];
      return rows.map((row) => ({
        contentType: row.contentType,
        documentId: row.target,
        locale: row.locale ?? null,
      }));
    },

    /** The exclusions of one document, as the keys `keysFor` gives. */
    async keysForDocument(contentType: string, documentId: string): Promise<Set<string>> {
      const rows = (await exclusions().findMany({
        select: ['target', 'locale'],
        where: { contentType, target: documentId },
      })) as any[];
      return new Set(rows.map((row) => exclusionKey(row.target, row.locale)));
    },

    async keysFor(contentType: string): Promise<Set<string>> {
      const rows = (await exclusions().findMany({
        select: ['target', 'locale'],
        where: { contentType },
      })) as any[];
      return new Set(rows.map((row) => exclusionKey(row.target, row.locale)));
    },

    async add(input: ExclusionInput) {
      const existing = await exclusions().findOne({ where: where(input) });
      if (!existing) await exclusions().create({ data: where(input) });
    },

    /** Adds many at once: the caller starts a full run (the old plugin's import). */
    async addMany(inputs: ExclusionInput[]) {
      for (const input of inputs) {
        if (!(await exclusions().findOne({ where: where(input) })))
          await exclusions().create({ data: where(input) });
      }
    },

    async remove(input: ExclusionInput) {
      await exclusions().deleteMany({ where: where(input) });
    },
  };
};
