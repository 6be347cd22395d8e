/**
 * Reads a type's documents in a key range into URL blocks: each block goes to the urlsets (`onBlock`)
 * and to every output that collects from the type (outputs/output.ts), so the run reads each
 * document once whatever it writes.
 */
import { documentUrls, type UrlTransform } from '../../core/urls/document-urls';
import { typeGroup } from '../../core/files/file-names';
import { forEachSeriesBlock } from '../../core/files/urlset-series';
import { chunksOf } from '../../core/reading/sql-chunks';
import type { UrlHashSet } from '../../core/urls/url-hash-set';
import { readDocuments } from '../reading/entry-source';
import { LostLeaseError } from '../store/file-store';
import type { OutputReader } from './outputs/output';
import type { Run } from './run-state';
import type { OnBlock } from './urlsets/urlset-files';
import { getService } from '../../utils/get-service';
import { nextTurn } from '../../utils/next-turn';

export interface ReadRange {
  /** A read of the whole type (what outputs that keep a type's own files wait for). */
  whole?: boolean;
  after: string;
  upTo: string | null;
  /** Only these documents (an incremental run re-reads just the changed ones). */
  documentIds?: string[];
  /** Only this host's URLs are checked and reported (see UrlContext.origin). */
  origin?: string;
  /** Replaces the run's duplicate set (an incremental run checks each file it reads on its own). */
  seen?: UrlHashSet;
  /**
   * The url hooks as the caller took them (null: none), so that what it chose by them holds for the
   * whole read; by default the hooks registered when the read starts.
   */
  transform?: UrlTransform | null;
}

/**
 * Documents built between two turns of the event loop: a page of 1,000 took 40-54 ms to build at a
 * million URLs on PostgreSQL (the bench's profile, a busy machine), and issue 24 allows a run to
 * hold the loop 50 ms at most. A turn costs microseconds.
 */
const DOCUMENTS_BETWEEN_TURNS = 250;

/** The outputs' readers of a read of `uid` (each output starts one per read: call once). */
export const readersOf = (run: Run, uid: string, whole: boolean) =>
  run.outputs
    .map((output) => output.reader?.(uid, whole))
    .filter((reader): reader is OutputReader => Boolean(reader));

/**
 * Reads documents of `uid` in (after, upTo] and hands their URLs to the urlsets and the outputs;
 * `afterPage` saves what a page completed (per page, not per URL: awaits cost at a million URLs).
 */
export async function readRange(
  run: Run,
  uid: string,
  range: ReadRange,
  onBlock: OnBlock,
  afterPage?: () => Promise<void>,
  readers = readersOf(run, uid, Boolean(range.whole))
) {
  const { strapi } = run;
  const { plan, query: typeQuery } = run.plan.types.get(uid)!;
  const excluded = await getService(strapi, 'exclusions').keysFor(uid);
  const context = {
    now: run.now,
    report: run.report,
    seen: range.seen ?? run.seen,
    excluded,
    origin: range.origin,
    transform:
      range.transform === undefined
        ? getService(strapi, 'hooks').urlTransform(uid, run.report, run.plan.mediaOrigin)
        : (range.transform ?? undefined),
  };
  const base = typeGroup(uid);
  const groupKeyOf = (origin: string) => run.plan.groupKey(base, origin);
  const turn = () => run.clock.during('yielding', nextTurn);
  // Sorted slices read one after the other keep the key order a single read would have.
  const slices = range.documentIds ? chunksOf([...range.documentIds].sort()) : [undefined];
  for (const documentIds of slices) {
    const query = { ...typeQuery, after: range.after, upTo: range.upTo, documentIds };
    const pages = readDocuments(strapi, query)[Symbol.asyncIterator]();
    try {
      for (;;) {
        const next = await run.clock.during('reading', () => pages.next());
        if (next.done) break;
        const page = next.value;
        // On SQLite the read itself held the loop (synchronous, 10-30 ms a page): a turn before building.
        await turn();
        run.clock.switchTo('building');
        if (run.control.stopping()) throw new Error('Strapi is shutting down');
        if (run.hold.lost) throw new LostLeaseError();
        for (let at = 0; at < page.length; at++) {
          if (at > 0 && at % DOCUMENTS_BETWEEN_TURNS === 0) {
            await turn();
            run.clock.switchTo('building');
          }
          const doc = page[at];
          const blocks = documentUrls(plan, doc, context);
          for (const reader of readers) for (const block of blocks) reader.collect(doc, block);
          forEachSeriesBlock(doc.documentId, blocks, groupKeyOf, onBlock);
        }
        run.clock.switchTo('other');
        if (afterPage) await afterPage();
        await run.clock.during('outputs', async () => {
          for (const reader of readers) await reader.afterPage?.();
        });
        // Timers and requests get their turn between pages: better-sqlite3 answers synchronously, and
        // with nothing else to wait for a run held the event loop from start to end (the lease went
        // unrenewed, requests waited).
        await turn();
      }
    } finally {
      // A run that stops or fails mid-read (shutting down, a lost lease, a hook that throws) must
      // close the read: on PostgreSQL and MariaDB it holds a pool connection (a cursor in a
      // transaction, a paused stream) that would never be released, and Strapi's destroy waits
      // for every borrowed connection.
      await pages.return?.(undefined).catch(() => undefined);
    }
  }
  for (const reader of readers) await reader.close?.();
}
