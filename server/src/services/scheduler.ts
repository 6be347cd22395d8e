/**
 * Keeps the served sitemap current:
 * - a node-cron schedule records a full regeneration (the reconciliation that repairs anything missed);
 * - the document-service hook records which documents changed (after their transaction commits);
 * - a debounced worker turns the recorded marks into runs: a burst of changes becomes one pass.
 * Marks live in the database, so a restart or a crash between a publish and its run loses nothing,
 * and whichever instance holds the lease writes them out.
 */
import cron, { type ScheduledTask } from 'node-cron';
import type { Core } from '@strapi/strapi';
import { dependentsBySource } from '../core/dependencies';
import type { SitemapSettings } from '../core/types';
import type { DirtyMark, StoredMark } from './dirty-marks';
import type { RunScope } from './generator';
import { PLUGIN_ID } from '../uids';

/** Wait before trying again when another instance holds the lease. */
const RETRY_MS = 1_000;
/** Wait after a failed run before the marks are tried again. */
const FAILURE_BACKOFF_MS = 30_000;
/** How often every instance looks for marks left by others (or by a crash) and for a changed schedule. */
const POLL_MS = 15_000;

const DRAFT_AND_PUBLISH_ACTIONS = new Set(['publish', 'unpublish', 'delete', 'discardDraft']);
const PLAIN_ACTIONS = new Set(['create', 'update', 'delete']);

export interface DocumentChange {
  uid: string;
  action: string;
  params?: Record<string, any>;
}

/** Whether a document-service call changed what is live (drafts are not in sitemaps). */
export function changesLiveContent(change: DocumentChange, draftAndPublish: boolean) {
  if (!draftAndPublish) return PLAIN_ACTIONS.has(change.action);
  if (DRAFT_AND_PUBLISH_ACTIONS.has(change.action)) return true;
  // create/update with status 'published' publish in the same call.
  return (change.action === 'create' || change.action === 'update') && change.params?.status === 'published';
}

/**
 * Splits pending marks into the runs that write them out: full wins; whole types before documents.
 * Linear in the marks (sets, no scans in the loop): up to 100,000 are scoped on each worker pass.
 */
export function scopesOf(marks: StoredMark[]): RunScope[] {
  if (marks.some((mark) => mark.kind === 'full')) return [{ kind: 'full' }];
  const types = new Set(marks.filter((mark) => mark.kind === 'type').map((mark) => mark.contentType!));
  const documents = new Map<string, Set<string>>();
  for (const mark of marks) {
    if (mark.kind !== 'document' || types.has(mark.contentType!)) continue;
    let ids = documents.get(mark.contentType!);
    if (!ids) documents.set(mark.contentType!, (ids = new Set()));
    ids.add(mark.target!);
  }
  const scopes: RunScope[] = [];
  if (types.size > 0) scopes.push({ kind: 'types', uids: [...types] });
  if (documents.size > 0) {
    scopes.push({ kind: 'documents', byType: Object.fromEntries([...documents].map(([uid, ids]) => [uid, [...ids]])) });
  }
  return scopes;
}

export default ({ strapi }: { strapi: Core.Strapi }) => {
  const plugin = () => strapi.plugin(PLUGIN_ID);
  let task: ScheduledTask | null = null;
  let scheduledExpression: string | false = false;
  let timer: NodeJS.Timeout | null = null;
  let dueAt = 0;
  let poller: NodeJS.Timeout | null = null;
  let working = false;
  let workAgain = false;
  let stopped = false;
  let dependencies: { settings: SitemapSettings; map: Map<string, Set<string>> } | null = null;
  /** Changes seen by the hook whose marks are not written yet (idle() waits for them). */
  let recording = 0;
  /** Work still touching the database: stop() waits for it before Strapi closes its connections. */
  const inFlight = new Set<Promise<unknown>>();
  const track = <T>(promise: Promise<T>) => {
    inFlight.add(promise);
    promise.finally(() => inFlight.delete(promise)).catch(() => undefined);
    return promise;
  };

  function dependentsOf(settings: SitemapSettings, uid: string) {
    if (!dependencies || dependencies.settings !== settings) {
      dependencies = { settings, map: dependentsBySource(settings, plugin().service('settings').catalog()) };
    }
    return dependencies.map.get(uid);
  }

  /** Runs the worker in `delayMs`, unless it is already due sooner. */
  function kick(delayMs: number) {
    if (stopped) return;
    const due = Date.now() + delayMs;
    if (timer && dueAt <= due) return;
    if (timer) clearTimeout(timer);
    dueAt = due;
    timer = setTimeout(() => {
      timer = null;
      track(work().catch((error: Error) => strapi.log.error(`[sitemap] worker failed: ${error.message}`)));
    }, delayMs);
  }

  async function work() {
    if (working) {
      workAgain = true;
      return;
    }
    working = true;
    try {
      do {
        workAgain = false;
        const marks = (await plugin().service('dirty-marks').pending()) as StoredMark[];
        if (marks.length === 0 || stopped) return;
        const trigger = marks.find((mark) => mark.kind === 'full')?.trigger ?? marks[0].trigger;
        for (const scope of scopesOf(marks)) {
          const result = await plugin().service('generator').runScope(trigger, scope);
          if (result.status === 'skipped') return kick(RETRY_MS);
          if (result.status === 'failed') return kick(FAILURE_BACKOFF_MS);
        }
        await plugin().service('dirty-marks').consume(marks.map((mark) => mark.id));
        if (marks.length >= 100_000) workAgain = true;
      } while (workAgain && !stopped);
    } finally {
      working = false;
    }
  }

  async function record(marks: DirtyMark[], delayMs: number) {
    await plugin().service('dirty-marks').record(marks);
    kick(delayMs);
  }

  function schedule(expression: string | false) {
    if (expression === scheduledExpression && (task || expression === false)) return;
    task?.stop();
    task = null;
    scheduledExpression = expression;
    if (expression === false || stopped) return;
    task = cron.schedule(expression, () => {
      record([{ kind: 'full', trigger: 'schedule' }], 0).catch((error: Error) => strapi.log.error(`[sitemap] scheduled run not recorded: ${error.message}`));
    });
  }

  return {
    /** Bootstrap: the schedule, marks left from before a restart, and the poll for other instances' marks. */
    async start() {
      stopped = false;
      const settings = await plugin().service('settings').cached();
      schedule(settings.cron);
      if ((await plugin().service('dirty-marks').count()) > 0) kick(0);
      poller = setInterval(() => {
        this.poll().catch((error: Error) => strapi.log.warn(`[sitemap] poll failed: ${error.message}`));
      }, POLL_MS);
      poller.unref();
    },

    async poll() {
      const settings = await plugin().service('settings').cached();
      schedule(settings.cron);
      if (!timer && !working && (await plugin().service('dirty-marks').count()) > 0) kick(0);
    },

    /** Called after admin settings are saved on this instance (others pick it up when they poll). */
    async settingsChanged() {
      dependencies = null;
      await this.poll().catch((error: Error) => strapi.log.warn(`[sitemap] could not apply new settings: ${error.message}`));
    },

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
        const settings = (await plugin().service('settings').cached()) as SitemapSettings;
        if (!settings.autoGenerate || stopped) return done();
        const contentType = strapi.contentTypes[change.uid as keyof typeof strapi.contentTypes] as any;
        if (!contentType || !changesLiveContent(change, Boolean(contentType.options?.draftAndPublish))) return done();
        const mapped = dependentsOf(settings, change.uid);
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
              .catch((error: Error) => strapi.log.error(`[sitemap] change not recorded: ${error.message}`))
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

    /** Records changes made by the plugin itself (exclusions), written out after the usual delay. */
    async recordChange(marks: DirtyMark[]) {
      const settings = (await plugin().service('settings').cached()) as SitemapSettings;
      await record(marks, settings.debounceMs);
    },

    nextRun(): string | null {
      return task?.getNextRun()?.toISOString() ?? null;
    },

    /** The next run times an expression would give on this server (its time zone), for the settings page. */
    previewCron(expression: string, count = 5) {
      const check = cron.validateDetailed(expression);
      if (!check.valid) return { valid: false, errors: check.errors.map((error) => `${error.field}: ${error.message}`), nextRuns: [] };
      const preview = cron.createTask(expression, () => undefined);
      try {
        return { valid: true, errors: [], nextRuns: preview.getNextRuns(count).map((date) => date.toISOString()) };
      } finally {
        preview.destroy();
      }
    },

    /** Waits until no change is pending or being written (scripts and tests). */
    async idle(timeoutMs = 60_000) {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        if (recording === 0 && !working && !timer && (await plugin().service('dirty-marks').count()) === 0) return true;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      return false;
    },

    async stop() {
      stopped = true;
      task?.stop();
      task = null;
      scheduledExpression = false;
      if (timer) clearTimeout(timer);
      timer = null;
      if (poller) clearInterval(poller);
      poller = null;
      await Promise.allSettled([...inFlight]);
    },
  };
};
