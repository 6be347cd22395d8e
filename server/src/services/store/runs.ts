/** Run reports: what triggered a run, how long it took, what it wrote, what it found wrong. */
import type { Core } from '@strapi/strapi';
import { RUN_UID } from '../../uids';
import { type ValidationSummary } from '../../../../shared/rules';
import { type SkippedSetting } from '../../../../shared/types';
import { retryDelayMs } from '../../core/changes/backoff';
import type { RunPhase } from '../../core/runs/phase-clock';
import { type FailingState, type RunChanges } from '../../../../shared/api-types';

import type { RunTrigger } from '../../../../shared/api-types';

export interface RunReport {
  scope: 'full' | 'types' | 'documents';
  validation?: ValidationSummary;
  files?: number;
  /** Admin settings that no longer validate and were left out of this run. */
  settingWarnings?: SkippedSetting[];
  /** The URLs the run added, changed and removed, when it compared them. */
  changes?: RunChanges | null;
  /** Milliseconds the run spent per phase (core/runs/phase-clock). */
  phases?: Partial<Record<RunPhase, number>>;
}

/** Run reports kept, whatever their outcome (plus the newest full success, whose findings the dashboard shows). */
const KEEP_RUNS = 100;

const iso = (value: unknown) => new Date(value as string).toISOString();

export default ({ strapi }: { strapi: Core.Strapi }) => {
  const runs = () => strapi.db.query(RUN_UID);

  return {
    async start(trigger: RunTrigger) {
      return (await runs().create({
        data: { trigger, status: 'running', startedAt: new Date() },
      })) as { id: number; startedAt: Date };
    },

    async finish(
      id: number,
      startedAt: number,
      outcome: { urlCount: number; filesWritten: number; report: RunReport }
    ) {
      await runs().update({
        where: { id },
        data: {
          status: 'success',
          finishedAt: new Date(),
          durationMs: Date.now() - startedAt,
          ...outcome,
        },
      });
      await this.prune();
    },

    async fail(id: number, startedAt: number, error: unknown, report?: Partial<RunReport>) {
      const message = error instanceof Error ? error.message : String(error);
      await runs().update({
        where: { id },
        data: {
          status: 'failed',
          finishedAt: new Date(),
          durationMs: Date.now() - startedAt,
          error: message.slice(0, 4000),
          report: report ?? null,
        },
      });
      await this.prune();
    },

    /** Failures since the last success, or null when the last finished run succeeded (or none ran). */
    async failing(): Promise<FailingState | null> {
      const newestSuccess = {
        select: ['id'],
        where: { status: 'success' },
        orderBy: { id: 'desc' },
      };
      const lastSuccess = (await runs().findOne(newestSuccess)) as { id: number } | null;
      const where = { status: 'failed', ...(lastSuccess ? { id: { $gt: lastSuccess.id } } : {}) };
      // Counted among the runs kept: between a failure's write and its prune one more may be on record.
      const failures = Math.min(Number(await runs().count({ where })), KEEP_RUNS);
      if (failures === 0) return null;
      const first = (await runs().findOne({ where, orderBy: { id: 'asc' } })) as any;
      const last = (await runs().findOne({ where, orderBy: { id: 'desc' } })) as any;
      const lastFailedAt = iso(last.finishedAt ?? last.startedAt);
      return {
        since: iso(first.startedAt),
        failures,
        lastError: last.error ?? null,
        lastFailedAt,
        retryAt: new Date(Date.parse(lastFailedAt) + retryDelayMs(failures)).toISOString(),
      };
    },

    async recent(limit = 10) {
      return runs().findMany({ orderBy: { id: 'desc' }, limit });
    },

    /** The newest successful run that covered everything: its validation findings describe the whole set. */
    async lastFullSuccess() {
      const recent = (await runs().findMany({
        where: { status: 'success' },
        orderBy: { id: 'desc' },
        limit: KEEP_RUNS,
      })) as any[];
      return recent.find((run) => run.report?.scope === 'full') ?? null;
    },

    /** Runs left 'running' by a process that died are not running any more. */
    async closeInterrupted() {
      await runs().updateMany({
        where: { status: 'running' },
        data: { status: 'failed', error: 'interrupted: Strapi stopped during the run' },
      });
    },

    /** Keeps the newest KEEP_RUNS runs, and the newest full success so its findings stay on the dashboard. */
    async prune() {
      const old = (await runs().findMany({
        select: ['id'],
        orderBy: { id: 'desc' },
        offset: KEEP_RUNS,
        limit: 1000,
      })) as Array<{ id: number }>;
      if (old.length === 0) return;
      const keep = (await this.lastFullSuccess())?.id;
      const ids = old.map((run) => run.id).filter((id) => id !== keep);
      if (ids.length > 0) await runs().deleteMany({ where: { id: { $in: ids } } });
    },
  };
};
