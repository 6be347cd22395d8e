/** Persisted change records: written when content changes, deleted once a run has written them out. */
import type { Core } from '@strapi/strapi';
import { chunksOf } from '../../core/reading/sql-chunks';
import { DIRTY_MARK_UID } from '../../uids';
import { type RunTrigger } from '../../../../shared/api-types';

export type DirtyMark =
  | { kind: 'document'; contentType: string; documentId: string; trigger: RunTrigger }
  | { kind: 'type'; contentType: string; trigger: RunTrigger }
  /** A type's news series only: its oldest entry left the 48-hour window. */
  | { kind: 'news'; contentType: string; trigger: RunTrigger }
  | { kind: 'full'; trigger: RunTrigger };

export interface StoredMark {
  id: number;
  kind: DirtyMark['kind'];
  contentType: string | null;
  target: string | null;
  trigger: RunTrigger;
}

export default ({ strapi }: { strapi: Core.Strapi }) => {
  const marks = () => strapi.db.query(DIRTY_MARK_UID);

  return {
    async record(list: DirtyMark[]) {
      if (list.length === 0) return;
      await marks().createMany({
        data: list.map((mark) => ({
          kind: mark.kind,
          contentType: 'contentType' in mark ? mark.contentType : null,
          target: mark.kind === 'document' ? mark.documentId : null,
          trigger: mark.trigger,
        })),
      });
    },

    /** The marks waiting, oldest first. */
    async pending(limit = 100_000): Promise<StoredMark[]> {
      return (await marks().findMany({ orderBy: { id: 'asc' }, limit })) as StoredMark[];
    },

    /** The types whose news series a waiting mark already asks to rewrite. */
    async newsAsked(): Promise<Set<string>> {
      const rows = (await marks().findMany({
        select: ['contentType'],
        where: { kind: 'news' },
      })) as Array<{ contentType: string }>;
      return new Set(rows.map((row) => row.contentType));
    },

    async count(): Promise<number> {
      return marks().count({});
    },

    /** Replaces the pending marks by one full mark: a full run writes everything they ask for. */
    async collapse(trigger: RunTrigger) {
      await strapi.db.transaction(async () => {
        const newest = (await marks().findOne({ select: ['id'], orderBy: { id: 'desc' } })) as {
          id: number;
        } | null;
        await marks().create({ data: { kind: 'full', contentType: null, target: null, trigger } });
        if (newest) await marks().deleteMany({ where: { id: { $lte: newest.id } } });
      });
    },

    /**
     * Deletes the marks a run has written out, by the ids it read: a mark with a lower id whose
     * transaction committed after the read (a long editor transaction) stays for the next run.
     */
    async consume(ids: number[]) {
      for (const chunk of chunksOf(ids))
        await marks().deleteMany({ where: { id: { $in: chunk } } });
    },
  };
};
