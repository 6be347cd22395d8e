/** Run reports: what triggered a generation, how long it took, what it wrote, what it found wrong. */
import type { Core } from '@strapi/strapi';
import { RUN_UID } from '../uids';
import type { ValidationSummary } from '../core/validation';

export type RunTrigger = 'startup' | 'manual' | 'schedule' | 'publish' | 'script';

export interface RunReport {
  scope: 'full' | 'types' | 'documents';
  validation?: ValidationSummary;
  files?: number;
}

const KEEP_RUNS = 50;

export default ({ strapi }: { strapi: Core.Strapi }) => {
  const runs = () => strapi.db.query(RUN_UID);

  return {
    async start(trigger: RunTrigger) {
      return (await runs().create({ data: { trigger, status: 'running', startedAt: new Date() } })) as { id: number; startedAt: Date };
    },

    async finish(id: number, startedAt: number, outcome: { urlCount: number; filesWritten: number; report: RunReport }) {
      await runs().update({
        where: { id },
        data: { status: 'success', finishedAt: new Date(), durationMs: Date.now() - startedAt, ...outcome },
      });
      await this.prune();
    },

    async fail(id: number, startedAt: number, error: unknown, report?: Partial<RunReport>) {
      const message = error instanceof Error ? error.message : String(error);
      await runs().update({
        where: { id },
        data: { status: 'failed', finishedAt: new Date(), durationMs: Date.now() - startedAt, error: message.slice(0, 4000), report: report ?? null },
      });
    },

    async recent(limit = 10) {
      return runs().findMany({ orderBy: { id: 'desc' }, limit });
    },

    /** The newest successful run that covered everything: its validation findings describe the whole set. */
    async lastFullSuccess() {
      const recent = (await runs().findMany({ where: { status: 'success' }, orderBy: { id: 'desc' }, limit: 50 })) as any[];
      return recent.find((run) => run.report?.scope === 'full') ?? null;
    },

    /** Runs left 'running' by a process that died are not running any more. */
    async closeInterrupted() {
      await runs().updateMany({ where: { status: 'running' }, data: { status: 'failed', error: 'interrupted: Strapi stopped during the run' } });
    },

    async prune() {
      const old = (await runs().findMany({ select: ['id'], orderBy: { id: 'desc' }, offset: KEEP_RUNS, limit: 1000 })) as Array<{ id: number }>;
      if (old.length > 0) await runs().deleteMany({ where: { id: { $in: old.map((run) => run.id) } } });
    },
  };
};
