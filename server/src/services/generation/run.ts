/**
 * Writes sitemap runs. Three scopes share one path:
 * - full: every mapped type, custom URLs, index and stylesheet (startup, schedule, manual);
 * - types: every file of some types (a related type changed, or a type has no file yet);
 * - documents: only the files whose key range holds a changed document (publish, unpublish, delete).
 * A run reads each document once for its urlsets (urlsets/), which hand every read to the run's
 * outputs (outputs/: news, feed, visitors' site map, index, stylesheet, IndexNow); then each output
 * writes, in the list's order. Each run writes its files as pending and switches them live with the index in one transaction, so
 * a failure anywhere leaves the live set untouched (and is recorded in the run report).
 * Runs are serialised in this process, and across instances by the database lease.
 */
import type { Core } from '@strapi/strapi';
import type { StoredFile } from '../store/file-store';
import type { LeaseHold } from '../store/lease';
import { type RunTrigger } from '../../../../shared/api-types';
import { INDEX_NAME } from '../../core/files/file-names';
import { UrlChanges } from '../../core/urls/url-changes';
import { createRun, type Run, type RunControl, type RunScope } from './run-state';
import { startOutputs } from './outputs';
import { writeWholeType } from './urlsets/whole-type';
import { writeCustomUrls } from './urlsets/custom-urls';
import { rewriteDocuments } from './urlsets/incremental';
import { getService } from '../../utils/get-service';
import { nextTurn } from '../../utils/next-turn';

export interface RunResult {
  runId: number;
  status: 'success' | 'failed' | 'skipped';
  scope: RunScope['kind'];
  urlCount: number;
  filesWritten: number;
  rewritten: string[];
  error?: string;
}

export default ({ strapi }: { strapi: Core.Strapi }) => {
  let tail: Promise<unknown> = Promise.resolve();
  let queued: Promise<RunResult> | null = null;
  let stopping = false;
  let current: {
    trigger: RunTrigger;
    scope: RunScope['kind'];
    startedAt: number;
    urlCount: number;
  } | null = null;
  const control: RunControl = {
    stopping: () => stopping,
    countUrls(count) {
      if (current) current.urlCount += count;
    },
  };

  /** A run of `scope` with its outputs started; `started` learns of it, for the report of a failure. */
  async function startRun(
    runId: number,
    trigger: RunTrigger,
    hold: LeaseHold,
    scope: RunScope,
    live: StoredFile[],
    started: (run: Run) => void
  ) {
    const run = await createRun(strapi, runId, trigger, scope, hold, control);
    started(run);
    run.outputs = await startOutputs(run, live);
    // The first set is a listing, not a change: nothing is compared (nor pushed) then. A full run
    // compares only when asked: it would read back every live file.
    const firstSet = !live.some((file) => file.name === INDEX_NAME);
    const asked = run.outputs.some((output) => output.readsUrlChanges);
    if (!firstSet && (asked || scope.kind !== 'full')) run.changes = new UrlChanges();
    return run;
  }

  /**
   * The urlsets `scope` asks for, each document read once for them and for every output; a
   * documents run the splice cannot serve starts again as a types run.
   */
  async function writeUrlsets(
    runId: number,
    trigger: RunTrigger,
    hold: LeaseHold,
    scope: RunScope,
    live: StoredFile[],
    started: (run: Run) => void
  ) {
    let run = await startRun(runId, trigger, hold, scope, live, started);
    if (scope.kind === 'documents') {
      const wholeTypes: string[] = [];
      for (const [uid, documentIds] of Object.entries(scope.byType)) {
        if (!run.plan.types.has(uid)) continue;
        if (!(await rewriteDocuments(run, uid, documentIds, live))) wholeTypes.push(uid);
      }
      if (wholeTypes.length === 0) return run;
      // Again as a type run for those types only: simpler than mixing both in one run.
      const mapped = Object.keys(scope.byType).filter((uid) => run.plan.types.has(uid));
      await getService(strapi, 'file-store').discard(runId);
      for (const output of run.outputs) await output.dispose?.();
      run.seen.dispose();
      const uids = [...new Set([...wholeTypes, ...mapped])];
      run = await startRun(runId, trigger, hold, { kind: 'types', uids }, live, started);
    }
    const { scope: effective } = run;
    if (effective.kind === 'types') {
      for (const uid of effective.uids
        .filter((candidate) => run.plan.types.has(candidate))
        .sort()) {
        for (const file of live.filter((candidate) => candidate.contentType === uid))
          run.files.replaced.add(file.name);
        await writeWholeType(run, uid, live);
      }
    }
    if (effective.kind === 'full') {
      for (const uid of [...run.plan.types.keys()].sort()) await writeWholeType(run, uid, live);
      await writeCustomUrls(run, live);
      const { urlCount, priorities } = run.files;
      if (urlCount > 1 && priorities.size === 1 && !priorities.has(undefined)) {
        run.report.add({
          rule: 'priority-uniform',
          detail: `every URL has priority ${[...priorities][0]}`,
        });
      }
    }
    return run;
  }

  async function execute(
    trigger: RunTrigger,
    scope: RunScope,
    hold: LeaseHold
  ): Promise<RunResult> {
    const runs = getService(strapi, 'runs');
    const store = getService(strapi, 'file-store');
    const startedAt = Date.now();
    const runRow = await runs.start(trigger);
    const runId = runRow.id as number;
    current = { trigger, scope: scope.kind, startedAt, urlCount: 0 };
    let run: Run | undefined;
    try {
      // The live set changes only when a run switches, and runs hold the lease: one read serves the run.
      const live = (await store.listLive()) as StoredFile[];
      run = await writeUrlsets(runId, trigger, hold, scope, live, (created) => (run = created));
      // The closing steps each in a turn of their own (utils/next-turn): on SQLite they ran as one.
      const { clock } = run;
      const turn = () => clock.during('yielding', nextTurn);
      await turn();
      const outputs = run.outputs;
      await clock.during('outputs', async () => {
        for (const output of outputs) {
          await output.write?.();
          await turn();
        }
      });
      const { files } = run;

      // A run that stalled past its lease may have been overtaken: the switch checks its take first.
      const switching = { ranges: files.ranges, confirm: hold.confirm };
      const keep = new Set(files.keep);
      const names = [...files.replaced].filter((name) => !keep.has(name));
      const full = run.scope.kind === 'full';
      await run.clock.during('storing', () =>
        full
          ? store.activate(runId, { all: true, keep: files.keep }, switching)
          : store.activate(runId, { all: false, names }, switching)
      );
      // A full run's switch retires every live file it did not keep; a partial one, those it replaced.
      const retired = new Set(
        full ? live.map((file) => file.name).filter((name) => !keep.has(name)) : names
      );
      // Live now: the outputs that act on it (IndexNow) do, in the background.
      for (const output of run.outputs) output.switched?.(retired);
      await turn();
      const report = {
        scope: run.scope.kind,
        validation: run.report.summary(),
        files: files.indexed,
        settingWarnings: run.plan.skipped,
        changes: run.changes?.summary() ?? null,
        phases: run.clock.summary(),
      };
      await runs.finish(runId, startedAt, {
        urlCount: files.urlCount,
        filesWritten: files.filesWritten,
        report,
      });
      return {
        runId,
        status: 'success',
        scope: run.scope.kind,
        urlCount: files.urlCount,
        filesWritten: files.filesWritten,
        rewritten: files.written.map((file) => file.name),
      };
    } catch (error) {
      // A run cut short by Strapi shutting down is expected, not an error to alert on.
      if (stopping) strapi.log.info(`[sitemap] run ${runId} stopped: ${(error as Error).message}`);
      else strapi.log.error(`[sitemap] run ${runId} failed: ${(error as Error).message}`);
      for (const output of run?.outputs ?? []) await output.dispose?.().catch(() => undefined);
      await store.discard(runId).catch(() => undefined);
      const failedReport = {
        scope: scope.kind,
        validation: run?.report.summary(),
        settingWarnings: run?.plan.skipped,
      };
      await runs.fail(runId, startedAt, error, failedReport).catch(() => undefined);
      const partial = {
        urlCount: run?.files.urlCount ?? 0,
        filesWritten: run?.files.filesWritten ?? 0,
      };
      return {
        runId,
        status: 'failed',
        scope: scope.kind,
        ...partial,
        rewritten: [],
        error: (error as Error).message,
      };
    } finally {
      // The duplicate check's temporary file, when the run's set had to spill.
      run?.seen.dispose();
      current = null;
    }
  }

  /**
   * Runs `scope` while holding the lease, if it comes within `waitMs`; skipped otherwise, and
   * skipped when `firstOnly` and a set is live by then (a first run another run made moot).
   */
  async function leased(
    trigger: RunTrigger,
    scope: RunScope,
    waitMs: number,
    firstOnly = false
  ): Promise<RunResult> {
    // A run still queued when Strapi stops never starts: it would only be recorded as failed.
    if (stopping) return skipped(scope);
    const result = await getService(strapi, 'lease').hold(
      async (hold: LeaseHold) => {
        if (firstOnly && (await getService(strapi, 'file-store').findLive(INDEX_NAME)))
          return skipped(scope);
        // Holding the lease means no other run is going: runs still 'running' were left by a dead instance.
        await getService(strapi, 'runs').closeInterrupted();
        return execute(trigger, scope, hold);
      },
      { waitMs, stopping: () => stopping }
    );
    return result ?? skipped(scope);
  }

  /** Serialises runs in this process; `coalesce` lets a full run join one already queued. */
  function enqueue(task: () => Promise<RunResult>, coalesce: boolean): Promise<RunResult> {
    if (coalesce && queued) return queued;
    const next = tail.then(() => {
      if (queued === next) queued = null;
      return task();
    });
    if (coalesce) queued = next;
    tail = next.catch(() => undefined);
    return next;
  }

  const skipped = (scope: RunScope): RunResult => ({
    runId: 0,
    status: 'skipped',
    scope: scope.kind,
    urlCount: 0,
    filesWritten: 0,
    rewritten: [],
  });

  return {
    /**
     * A full run now (waiting for another instance's run to end), or the one already queued.
     * `firstOnly`: only while no set is live when it starts (a fresh install's first sitemap,
     * which a script's or another instance's run may have written meanwhile).
     */
    generate(
      trigger: RunTrigger,
      { waitMs = 10 * 60_000, firstOnly = false } = {}
    ): Promise<RunResult> {
      const full: RunScope = { kind: 'full' };
      // A first run is not one a later request may join: that one must run whatever is live.
      return enqueue(() => leased(trigger, full, waitMs, firstOnly), !firstOnly);
    },

    /** One run of any scope, only if the lease is free within `waitMs` (the worker retries otherwise). */
    runScope(trigger: RunTrigger, scope: RunScope, { waitMs = 0 } = {}): Promise<RunResult> {
      return enqueue(() => leased(trigger, scope, waitMs), false);
    },

    /** What is running now, for the status page. */
    progress: () => (current ? { ...current } : null),

    /** Makes the current run stop at its next page (it fails cleanly, the live set untouched). */
    requestStop() {
      stopping = true;
    },

    /** Stops, and waits for the current run to end (Strapi's destroy). */
    async stop() {
      stopping = true;
      await tail;
    },
  };
};
