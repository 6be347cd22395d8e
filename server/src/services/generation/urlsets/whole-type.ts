/**
 * Urlsets written from scratch, one numbered series per host group (`article-1.xml`, …): every
 * file of a type read whole, and the custom URLs' (urlsets/custom-urls).
 */
import { urlsetName } from '../../../core/files/file-names';
import { GzipFileSink } from '../../../core/files/gzip-file';
import { UrlsetSeries } from '../../../core/files/urlset-series';
import type { UrlBlock } from '../../../core/files/urlset-writer';
import type { ComparedBlock } from '../../../core/urls/url-changes';
import type { StoredFile } from '../../store/file-store';
import { readersOf, readRange } from '../read-range';
import { workerJobFor, writeTypeInWorker } from './worker-type';
import type { Run } from '../run-state';
import { saveUrlset, xslHrefOf, type WrittenFile } from './urlset-files';
import { compareGroups, comparedBlock } from './live-blocks';
import { UNTIMED } from '../../../core/runs/phase-clock';
import { renderedForType } from '../../../core/extensions';
import type { UrlExtension } from '../../../core/extensions/extension';
import { getService } from '../../../utils/get-service';

/** Where a group's series stands: files saved so far, and the last key of the latest. */
interface SeriesNaming {
  seq: number;
  previousEnd: string;
}

/**
 * Files written from scratch, one numbered series per group (`article-1.xml`, `article-2.xml`, …):
 * each file covers the keys after the previous one's last key; the last one is open-ended. `replaced`
 * are the live urlsets these files replace: with the run's changes on, each block written is
 * compared with the one it replaces (core/urls/url-changes). `rendered`: what the blocks are
 * rendered with when fewer than the plan's extensions (core/files/urlset-series).
 */
export function freshGroups(
  run: Run,
  replaced: StoredFile[],
  live: StoredFile[],
  contentType?: string,
  rendered?: readonly UrlExtension[]
) {
  const series = new UrlsetSeries({
    limits: run.plan.settings.limits,
    xslHref: xslHrefOf(run),
    extensions: run.plan.extensions,
    rendered,
    report: run.report,
    contentType,
    newSink: () => new GzipFileSink(),
    counted: (records) => {
      for (const record of records) run.files.priorities.add(record.priority);
      run.control.countUrls(records.length);
    },
  });
  const naming = new Map<string, SeriesNaming>();
  const comparisons = run.changes
    ? compareGroups(run, run.changes, replaced, live, contentType ?? null)
    : null;
  const written: Array<{ groupKey: string; block: ComparedBlock }> = [];
  // A filled file is saved while the next ones are written (the database writes while the run
  // builds): one save at a time, so at most one more file's compressed bytes are held.
  let saving: Promise<unknown> | null = null;
  const saved = async () => {
    const inFlight = saving;
    saving = null;
    if (inFlight) await run.clock.during('storing', () => inFlight);
  };
  const save = async (groupKey: string, file: WrittenFile, isLast: boolean) => {
    await saved();
    let group = naming.get(groupKey);
    if (!group) naming.set(groupKey, (group = { seq: 0, previousEnd: '' }));
    group.seq++;
    const meta = {
      name: urlsetName(groupKey, group.seq),
      groupKey,
      contentType,
      rangeStart: group.previousEnd,
      rangeEnd: isLast ? null : file.lastKey,
    };
    group.previousEnd = file.lastKey;
    saving = saveUrlset(run, file, meta, UNTIMED);
    // Its failure surfaces at the next `saved()`; until then it is not an unhandled rejection.
    saving.catch(() => undefined);
  };
  const settle = async () => {
    for (const { groupKey, file } of series.takeFilled()) await save(groupKey, file, false);
    await run.clock.during('compressing', () => series.drained());
    if (comparisons)
      await run.clock.during('comparing', async () => {
        for (const { groupKey, block } of written.splice(0))
          await comparisons.of(groupKey).written(block);
      });
  };
  const closeAll = async () => {
    await settle();
    for (const { groupKey, file } of series.close()) await save(groupKey, file, true);
    await saved();
    if (comparisons) await run.clock.during('comparing', () => comparisons.finish());
  };
  return {
    /** Adds a block to a group's open file; a file it fills starts saving at the next `settle`. */
    add(groupKey: string, block: UrlBlock) {
      const rendered = series.add(groupKey, block);
      if (rendered && comparisons) written.push({ groupKey, block: comparedBlock(rendered) });
    },
    /** Starts saving the files filled so far and lets compression catch up. */
    settle,
    /**
     * Saves a file written elsewhere (the run's Worker) as the group's next one, once the save
     * before it is done: resolves when this one has started.
     */
    saveWritten: save,
    /**
     * Fills the groups with `fill`, then closes and saves every open file. On a failure a save in
     * flight is let end (its error is the lesser news) before the run discards its files.
     */
    async writeAll(fill: () => Promise<void>) {
      try {
        await fill();
        await closeAll();
      } catch (error) {
        await saved().catch(() => undefined);
        throw error;
      }
    },
  };
}

/** The live urlsets a run writing `contentType` (null: the custom URLs) from scratch replaces. */
export const urlsetsOf = (live: StoredFile[], contentType: string | null) =>
  live.filter((file) => file.format === 'urlset' && file.contentType === contentType);

export type FreshGroups = ReturnType<typeof freshGroups>;

/**
 * Writes every file of one type from scratch: in the run's Worker when it can write them alone
 * (urlsets/worker-type), else here, with the outputs that read the type.
 */
export async function writeWholeType(run: Run, uid: string, live: StoredFile[]) {
  // Taken once: the blocks are rendered by what the hooks were when the read began.
  const transform =
    getService(run.strapi, 'hooks').urlTransform(uid, run.report, run.plan.mediaOrigin) ?? null;
  const rendered = transform
    ? undefined
    : renderedForType(run.plan.extensions, run.plan.types.get(uid)!.plan.extensions);
  const groups = freshGroups(run, urlsetsOf(live, uid), live, uid, rendered);
  const readers = readersOf(run, uid, true);
  const job = readers.length === 0 ? await workerJobFor(run, uid) : null;
  await groups.writeAll(() =>
    job
      ? writeTypeInWorker(run, job, groups)
      : readRange(
          run,
          uid,
          { whole: true, after: '', upTo: null, transform },
          (groupKey, block) => groups.add(groupKey, block),
          () => groups.settle(),
          readers
        )
  );
}
