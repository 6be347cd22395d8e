/**
 * Records what changed, for the scheduler to write out: the document-service hook turns a change to
 * live content into dirty marks (after the editor's transaction commits), and the admin's exclusions
 * mark the documents they touch. Marks go to the database, then the scheduler is told to run after
 * the usual delay. Data flows one way: the feed calls the scheduler, never the reverse.
 */
import type { Core } from '@strapi/strapi';
import { changesLiveContent, type DocumentChange } from '../../core/changes/live-content';
import type { DirtyMark } from './dirty-marks';
import { getService } from '../../utils/get-service';

export default ({ strapi }: { strapi: Core.Strapi }) => {
  let stopped = false;
  /** Changes seen by the hook whose marks are not written yet. */
  let recording = 0;
  /** Writes still touching the database: stop() waits for them before Strapi closes its connections. */
  const inFlight = new Set<Promise<unknown>>();
  const track = <T>(promise: Promise<T>) => {
    inFlight.add(promise);
    promise.finally(() => inFlight.delete(promise)).catch(() => undefined);
    return promise;
  };

  async function record(marks: DirtyMark[], delayMs: number) {
    await getService(strapi, 'dirty-marks').record(marks);
    getService(strapi, 'scheduler').kick(delayMs);
  }

  return {
    /**
     * The document-service hook. Never throws and never makes the editor wait: it only records
     * marks, after the editor's transaction has committed.
     */
    onDocumentChange(change: DocumentChange, result: any) {
      recording++;
      let settled = false;
      const done = () => {
        if (!settled) recording--;
        settled = true;
      };
      const note = async () => {
        const { settings, dependents } = await getService(strapi, 'settings').plan();
        if (!settings.autoGenerate || stopped) return done();
        const contentType = strapi.contentTypes[
          change.uid as keyof typeof strapi.contentTypes
        ] as any;
        if (
          !contentType ||
          !changesLiveContent(change, Boolean(contentType.options?.draftAndPublish))
        )
          return done();
        const mapped = dependents.get(change.uid);
        if (!mapped) return done();
        const documentId = change.params?.documentId ?? result?.documentId;
        const marks: DirtyMark[] = [...mapped].map((uid) =>
          uid === change.uid && typeof documentId === 'string'
            ? { kind: 'document', contentType: uid, documentId, trigger: 'publish' }
            : { kind: 'type', contentType: uid, trigger: 'publish' }
        );
        const write = () =>
          track(
            record(marks, settings.debounceMs)
              .catch((error: Error) =>
                strapi.log.error(`[sitemap] change not recorded: ${error.message}`)
              )
              .finally(done)
          );
        // Inside an outer transaction the mark waits for its commit (and vanishes with a rollback).
        if (strapi.db.inTransaction()) {
          await strapi.db.transaction(async ({ onCommit, onRollback }) => {
            onCommit(write);
            onRollback(done);
          });
        } else await write();
      };
      track(
        note().catch((error: Error) => {
          done();
          strapi.log.error(`[sitemap] change not recorded: ${(error as Error).message}`);
        })
      );
    },

    /** Records changes made through the admin (exclusions) or to media files, written out after the usual delay. */
    async recordChange(marks: DirtyMark[]) {
      if (stopped) return;
      const { settings } = await getService(strapi, 'settings').plan();
      await track(record(marks, settings.debounceMs));
    },

    /**
     * Records the marks a change calls for once they are known (media changes look them up first);
     * counted as being recorded meanwhile, so the status never says "caught up" too early.
     */
    recordWhenKnown(marks: Promise<DirtyMark[]>) {
      recording++;
      track(
        marks
          .then((list) => (list.length > 0 ? this.recordChange(list) : undefined))
          .catch((error: Error) =>
            strapi.log.error(`[sitemap] change not recorded: ${error.message}`)
          )
          .finally(() => recording--)
      );
    },

    /** Changes this instance has seen and not yet written down as marks (they are not in the database yet). */
    status() {
      return { recording };
    },

    async stop() {
      stopped = true;
      await Promise.allSettled([...inFlight]);
    },
  };
};
