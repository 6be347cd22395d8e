/**
 * Keeps the served sitemap current:
 * - a node-cron schedule records a full run (the reconciliation that repairs anything missed);
 * - the change feed records which documents changed, then kicks the worker;
 * - a debounced worker turns the recorded marks into runs: a burst of changes becomes one pass.
 * Marks live in the database, so a restart or a crash between a publish and its run loses nothing,
 * and whichever instance holds the lease writes them out.
 */
import cron, { type ScheduledTask } from 'node-cron';
import type { Core } from '@strapi/strapi';
import { retryDelayMs } from '../../core/changes/backoff';
import { serverTimeZone } from '../../../../shared/time-zone';
import { outputChanges } from '../../core/settings/output-changes';
import type { CronPreview } from '../../../../shared/api-types';
import type { SitemapSettings } from '../../../../shared/types';
import type { DirtyMark, StoredMark } from './dirty-marks';
import type { RunScope } from '../generation/run-state';
import { getService } from '../../utils/get-service';
import { strapiLoaded } from '../../utils/strapi-loaded';

/** Wait before trying again when another instance holds the lease. */
const RETRY_MS = 1_000;
/**
 * Above this many pending marks they become one full mark: a full run writes all they ask for, and the
 * table stays small. While runs fail, marks only pile up, so the bound is low; while they succeed, a
 * burst (a bulk publish of 40,000 entries) is still written incrementally, up to what one pass reads.
 */
const MAX_PENDING_MARKS_WHILE_FAILING = 10_000;
const MAX_PENDING_MARKS = 100_000;
/** How often every instance looks for marks left by others (or by a crash) and for a changed schedule. */
const POLL_MS = 15_000;

/**
 * Splits pending marks into the runs that write them out: full wins; whole types before documents.
 * Linear in the marks (sets, no scans in the loop): up to 100,000 are scoped on each worker pass.
 */
export function scopesOf(marks: StoredMark[]): RunScope[] {
  if (marks.some((mark) => mark.kind === 'full')) return [{ kind: 'full' }];
  const types = new Set(
    marks.filter((mark) => mark.kind === 'type').map((mark) => mark.contentType!)
  );
  const documents = new Map<string, Set<string>>();
  for (const mark of marks) {
    if ((mark.kind !== 'document' && mark.kind !== 'news') || types.has(mark.contentType!))
      continue;
    let ids = documents.get(mark.contentType!);
    if (!ids) documents.set(mark.contentType!, (ids = new Set()));
    // A news mark changes no document: the run rewrites the type's news series, as every run that touches it.
    if (mark.kind === 'document') ids.add(mark.target!);
  }
  const scopes: RunScope[] = [];
  if (types.size > 0) scopes.push({ kind: 'types', uids: [...types] });
  if (documents.size > 0) {
    scopes.push({
      kind: 'documents',
      byType: Object.fromEntries([...documents].map(([uid, ids]) => [uid, [...ids]])),
    });
  }
  return scopes;
}

export default ({ strapi }: { strapi: Core.Strapi }) => {
  let task: ScheduledTask | null = null;
  /** Expression and zone of `task`, to replace it only when either changes. */
  let scheduled: { expression: string | false; timezone?: string } = { expression: false };
  let timer: NodeJS.Timeout | null = null;
  let dueAt = 0;
  /** While runs keep failing, the worker waits until then (the back-off), whatever new changes come. */
  let retryAt = 0;
  let poller: NodeJS.Timeout | null = null;
  /** Fires when the next news series' oldest entry leaves its window. */
  let newsTimer: NodeJS.Timeout | null = null;
  let working = false;
  /** A fresh install's first run, from its wait for Strapi's load until it ends. */
  let firstRunning = false;
  let workAgain = false;
  let stopped = false;
  /** Work still touching the database: stop() waits for it before Strapi closes its connections. */
  const inFlight = new Set<Promise<unknown>>();
  const track = <T>(promise: Promise<T>) => {
    inFlight.add(promise);
    promise.finally(() => inFlight.delete(promise)).catch(() => undefined);
    return promise;
  };

  /** Runs the worker in `delayMs` (not before the back-off ends), unless it is already due sooner. */
  function kick(delayMs: number) {
    if (stopped) return;
    const due = Math.max(Date.now() + delayMs, retryAt);
    if (timer && dueAt <= due) return;
    if (timer) clearTimeout(timer);
    dueAt = due;
    timer = setTimeout(() => {
      timer = null;
      track(
        work().catch((error: Error) =>
          strapi.log.error(`[sitemap] worker failed: ${error.message}`)
        )
      );
    }, due - Date.now());
  }

  /** After a failed run: the marks are tried again after 1 min, doubling with each failure in a row, at most 1 h. */
  async function backOff() {
    const failing = await getService(strapi, 'runs')
      .failing()
      .catch(() => null);
    retryAt = failing ? Date.parse(failing.retryAt) : Date.now() + retryDelayMs(1);
    kick(0);
  }

  async function work() {
    if (working) {
      workAgain = true;
      return;
    }
    working = true;
    try {
      // Marks left from before a restart are run with the hooks the app's bootstrap registers.
      await strapiLoaded(strapi, () => stopped);
      do {
        workAgain = false;
        const marks = await getService(strapi, 'dirty-marks').pending();
        if (marks.length === 0 || stopped) return;
        const trigger = marks.find((mark) => mark.kind === 'full')?.trigger ?? marks[0].trigger;
        for (const scope of scopesOf(marks)) {
          const result = await getService(strapi, 'generator').runScope(trigger, scope);
          if (result.status === 'skipped') return kick(RETRY_MS);
          if (result.status === 'failed') return backOff();
        }
        await getService(strapi, 'dirty-marks').consume(marks.map((mark) => mark.id));
        await ageNews();
        if (marks.length >= 100_000) workAgain = true;
      } while (workAgain && !stopped);
    } finally {
      working = false;
    }
  }

  async function record(marks: DirtyMark[], delayMs: number) {
    await getService(strapi, 'dirty-marks').record(marks);
    kick(delayMs);
  }

  /**
   * Asks for a run of each news series whose oldest entry has left the window, and sets a timer for
   * the next one. Every instance looks (a run is taken under the lease); a series already asked for
   * is not asked for again.
   */
  async function ageNews() {
    if (newsTimer) clearTimeout(newsTimer);
    newsTimer = null;
    if (stopped) return;
    const expiries = await getService(strapi, 'file-store').newsExpiries();
    if (expiries.size === 0) return;
    const now = getService(strapi, 'clock').now();
    const asked = await getService(strapi, 'dirty-marks').newsAsked();
    const due = [...expiries].filter(([uid, at]) => at <= now && !asked.has(uid));
    if (due.length > 0)
      await record(
        due.map(([uid]) => ({ kind: 'news', contentType: uid, trigger: 'schedule' })),
        0
      );
    const next = Math.min(...[...expiries.values()].filter((at) => at > now));
    if (Number.isFinite(next)) {
      newsTimer = setTimeout(
        () => {
          track(
            ageNews().catch((error: Error) =>
              strapi.log.warn(`[sitemap] news check failed: ${error.message}`)
            )
          );
        },
        Math.min(next - now, 2 ** 31 - 1)
      );
      newsTimer.unref();
    }
  }

  /** node-cron keeps every task in its registry until it is destroyed: a stopped task would stay there for good. */
  function dropTask() {
    if (!task) return;
    Promise.resolve(task.destroy()).catch((error: Error) =>
      strapi.log.warn(`[sitemap] could not remove a schedule: ${error.message}`)
    );
    task = null;
  }

  function schedule(expression: string | false, timezone?: string) {
    if (
      expression === scheduled.expression &&
      timezone === scheduled.timezone &&
      (task || expression === false)
    )
      return;
    dropTask();
    scheduled = { expression, timezone };
    if (expression === false || stopped) return;
    const onTime = () => {
      record([{ kind: 'full', trigger: 'schedule' }], 0).catch((error: Error) =>
        strapi.log.error(`[sitemap] scheduled run not recorded: ${error.message}`)
      );
    };
    task = cron.schedule(expression, onTime, { timezone });
  }

  /** The schedule's zone from the (cached) plan's settings; empty means the server's. */
  const timezoneOf = (settings: SitemapSettings) => settings.cronTimezone || undefined;

  return {
    /** Bootstrap: the schedule, marks left from before a restart, and the poll for other instances' marks. */
    async start() {
      stopped = false;
      const { settings } = await getService(strapi, 'settings').plan();
      schedule(settings.cron, timezoneOf(settings));
      if ((await getService(strapi, 'dirty-marks').count()) > 0) kick(0);
      poller = setInterval(() => {
        this.poll().catch((error: Error) =>
          strapi.log.warn(`[sitemap] poll failed: ${error.message}`)
        );
      }, POLL_MS);
      poller.unref();
    },

    /**
     * A fresh install's first sitemap, in the background once Strapi has loaded (startup does not
     * wait for it; the app's hooks and extensions are in it). Stopping Strapi waits for it.
     */
    firstRun() {
      firstRunning = true;
      track(
        (async () => {
          await strapiLoaded(strapi, () => stopped);
          if (stopped) return;
          await getService(strapi, 'generator').generate('startup', { firstOnly: true });
        })()
          .catch((error: Error) => strapi.log.error(`[sitemap] first run failed: ${error.message}`))
          .finally(() => (firstRunning = false))
      );
    },

    async poll() {
      const { settings } = await getService(strapi, 'settings').plan();
      schedule(settings.cron, timezoneOf(settings));
      const marks = getService(strapi, 'dirty-marks');
      const pending = await marks.count();
      if (pending > (retryAt > Date.now() ? MAX_PENDING_MARKS_WHILE_FAILING : MAX_PENDING_MARKS))
        await marks.collapse('publish');
      // A run that succeeded elsewhere (another instance, Generate now) ends the back-off.
      if (retryAt > Date.now() && !(await getService(strapi, 'runs').failing())) {
        retryAt = 0;
        kick(0);
      }
      if (!timer && !working && pending > 0) kick(0);
      await ageNews();
    },

    /**
     * Called by the controllers after admin settings are saved on this instance (others pick the new
     * schedule up when they poll): a change to what the files contain starts a full run, after the usual delay.
     */
    async settingsChanged(before: Partial<SitemapSettings>, after: SitemapSettings) {
      // The admin may have just fixed what made runs fail.
      retryAt = 0;
      if (outputChanges(before, after).length > 0)
        await record([{ kind: 'full', trigger: 'settings' }], after.debounceMs);
      await this.poll().catch((error: Error) =>
        strapi.log.warn(`[sitemap] could not apply new settings: ${error.message}`)
      );
    },

    /** Runs the worker after `delayMs` (the change feed, once it has recorded marks). */
    kick,

    /**
     * What this instance's worker is doing: running marks or making a fresh install's first
     * sitemap (`working`), due to run marks at `dueAt`, next on schedule at `nextRunAt`.
     */
    status(): { working: boolean; dueAt: string | null; nextRunAt: string | null } {
      return {
        working: working || firstRunning,
        dueAt: timer ? new Date(dueAt).toISOString() : null,
        nextRunAt: task?.getNextRun()?.toISOString() ?? null,
      };
    },

    /** The next run times an expression gives in `timezone` (default: the server's), for the settings page. */
    previewCron(expression: string, timezone?: string, count = 5): CronPreview {
      const zone = timezone || serverTimeZone();
      const check = cron.validateDetailed(expression);
      if (!check.valid) {
        return {
          valid: false,
          errors: check.errors.map((error) => `${error.field}: ${error.message}`),
          nextRuns: [],
          timezone: zone,
        };
      }
      const preview = cron.createTask(expression, () => undefined, { timezone: zone });
      try {
        return {
          valid: true,
          errors: [],
          nextRuns: preview.getNextRuns(count).map((date) => date.toISOString()),
          timezone: zone,
        };
      } finally {
        preview.destroy();
      }
    },

    async stop() {
      stopped = true;
      dropTask();
      scheduled = { expression: false };
      if (timer) clearTimeout(timer);
      timer = null;
      if (poller) clearInterval(poller);
      poller = null;
      if (newsTimer) clearTimeout(newsTimer);
      newsTimer = null;
      await Promise.allSettled([...inFlight]);
    },
  };
};
