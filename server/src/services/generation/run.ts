/**
 * Writes sitemap runs. Three scopes share one path:
 * - full: every mapped type, custom URLs, index and stylesheet (startup, schedule, manual);
 * - types: every file of some types (a related type changed, or a type has no file yet);
 * - documents: only the files whose key range holds a changed document (publish, unpublish, delete).
 * Each run writes its files as pending and switches them live with the index in one transaction, so
 * a failure anywhere leaves the live set untouched (and is recorded in the run report).
 * Runs are serialised in this process, and across instances by the database lease.
 */
import type { Core } from '@strapi/strapi';
import { SITEMAP_XSL } from '../../core/xsl';
import type { StoredFile } from '../file-store';
import type { LeaseHold } from '../lease';
import type { RunTrigger } from '../runs';
import { INDEX_NAME, XSL_NAME } from '../../core/file-names';
import { createRun, type Run, type RunControl, type RunScope } from './context';
import { writeCustomUrls, writeIndex, writeWholeType } from './full';
import { rewriteDocuments } from './incremental';
import { writeNewsSeries } from './news';
import { writeFeed } from './feed';
import { writeVisitorMaps } from './visitor-map';
import { DIRECTORY_FORMAT, startVisitorListings } from './visitor-listings';
import { getService } from '../../utils/get-service';

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

  /**
   * Writes what `scope` asks for; a documents run the splice cannot serve restarts as a types run.
   * `started` learns of each run context, for the report of a run that fails on the way.
   */
  async function writeScope(
    runId: number,
    hold: LeaseHold,
    scope: RunScope,
    started: (run: Run) => void
  ) {
    const store = getService(strapi, 'file-store');
    // The live set changes only when a run switches, and runs hold the lease: one read serves the run.
    const live = (await store.listLive()) as StoredFile[];
    // The first set is a listing, not a change: nothing is compared (nor pushed) then.
    const firstSet = !live.some((file) => file.name === INDEX_NAME);
    // The visitors' site map: rebuilt by a full run, changed by the others; dropped once no type is listed.
    const listsVisitors = (created: Run) =>
      [...created.plan.types.values()].some((mapped) => mapped.visitorMap) ||
      live.some((file) => file.format === DIRECTORY_FORMAT);
    const create = async (kind: RunScope['kind']) => {
      const created = await createRun(strapi, runId, hold, control);
      if (firstSet) created.changes = null;
      if (listsVisitors(created))
        created.listings = await startVisitorListings(created, live, kind);
      started(created);
      return created;
    };
    let run = await create(scope.kind);
    let effective = scope;
    if (scope.kind === 'documents') {
      const wholeTypes: string[] = [];
      for (const [uid, documentIds] of Object.entries(scope.byType)) {
        if (!run.plan.types.has(uid)) continue;
        if (!(await rewriteDocuments(run, uid, documentIds, live))) wholeTypes.push(uid);
      }
      if (wholeTypes.length > 0) {
        // Restart as a type run for those types only: simpler than mixing both in one run.
        await store.discard(runId);
        await run.listings?.dispose();
        run = await create('types');
        const mapped = Object.keys(scope.byType).filter((uid) => run.plan.types.has(uid));
        effective = { kind: 'types', uids: [...new Set([...wholeTypes, ...mapped])] };
      }
    }
    if (effective.kind === 'types') {
      for (const uid of effective.uids
        .filter((candidate) => run.plan.types.has(candidate))
        .sort()) {
        for (const file of live.filter((candidate) => candidate.contentType === uid))
          run.replaced.add(file.name);
        await writeWholeType(run, uid, live);
      }
    }
    // News series are rewritten whole by every run that touches their type (and by the news timer's).
    const touched =
      effective.kind === 'full'
        ? [...run.plan.types.keys()]
        : effective.kind === 'types'
          ? effective.uids
          : Object.keys(effective.byType);
    for (const uid of [...touched].sort())
      await writeNewsSeries(run, uid, effective.kind === 'full' ? null : live);
    if (effective.kind === 'full') {
      for (const uid of [...run.plan.types.keys()].sort()) await writeWholeType(run, uid, live);
      await writeCustomUrls(run, live);
      const { urlCount, priorities } = run;
      if (urlCount > 1 && priorities.size === 1 && !priorities.has(undefined)) {
        run.report.add({
          rule: 'priority-uniform',
          detail: `every URL has priority ${[...priorities][0]}`,
        });
      }
    }
    return { run, effective, live };
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
      const written = await writeScope(runId, hold, scope, (created) => (run = created));
      const { effective, live } = written;
      run = written.run;
      await writeFeed(run, effective, live);
      await writeVisitorMaps(run, effective, live);
      await run.listings?.write();
      const files = await writeIndex(run, effective);
      if (effective.kind === 'full' && run.settings.xsl)
        await run.save({ name: XSL_NAME, format: 'xsl', content: SITEMAP_XSL });

      // A run that stalled past its lease may have been overtaken: the switch checks its take first.
      const switching = { ranges: run.ranges, confirm: hold.confirm };
      const keep = new Set(run.keep);
      if (effective.kind === 'full')
        await store.activate(runId, { all: true, keep: run.keep }, switching);
      else
        await store.activate(
          runId,
          { all: false, names: [...run.replaced].filter((name) => !keep.has(name)) },
          switching
        );
      // Live now: tell the search engines that take IndexNow, in the background.
      if (run.changes) {
        const { changes } = run;
        const urls = changes.urls();
        if (changes.total > urls.length)
          strapi.log.info(
            `[sitemap] run ${runId} changed ${changes.total} URLs: IndexNow is told of the first ${urls.length}`
          );
        getService(strapi, 'indexnow').push(run.settings.indexNow, urls);
      }
      const report = {
        scope: effective.kind,
        validation: run.report.summary(),
        files,
        settingWarnings: run.settingWarnings,
      };
      await runs.finish(runId, startedAt, {
        urlCount: run.urlCount,
        filesWritten: run.filesWritten,
        report,
      });
      const rewritten = run.written.map((file) => file.name);
      return {
        runId,
        status: 'success',
        scope: effective.kind,
        urlCount: run.urlCount,
        filesWritten: run.filesWritten,
        rewritten,
      };
    } catch (error) {
      // A run cut short by Strapi shutting down is expected, not an error to alert on.
      if (stopping) strapi.log.info(`[sitemap] run ${runId} stopped: ${(error as Error).message}`);
      else strapi.log.error(`[sitemap] run ${runId} failed: ${(error as Error).message}`);
      await run?.listings?.dispose().catch(() => undefined);
      await store.discard(runId).catch(() => undefined);
      const failedReport = {
        scope: scope.kind,
        validation: run?.report.summary(),
        settingWarnings: run?.settingWarnings,
      };
      await runs.fail(runId, startedAt, error, failedReport).catch(() => undefined);
      const partial = { urlCount: run?.urlCount ?? 0, filesWritten: run?.filesWritten ?? 0 };
      return {
        runId,
        status: 'failed',
        scope: scope.kind,
        ...partial,
        rewritten: [],
        error: (error as Error).message,
      };
    } finally {
      current = null;
    }
  }

  /** Runs `scope` while holding the lease, if it comes within `waitMs`; skipped otherwise. */
  async function leased(trigger: RunTrigger, scope: RunScope, waitMs: number): Promise<RunResult> {
    const result = await getService(strapi, 'lease').hold(
      async (hold: LeaseHold) => {
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
    /** A full run now (waiting for another instance's run to end), or the one already queued. */
    generate(trigger: RunTrigger, { waitMs = 10 * 60_000 } = {}): Promise<RunResult> {
      const full: RunScope = { kind: 'full' };
      return enqueue(() => leased(trigger, full, waitMs), true);
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
