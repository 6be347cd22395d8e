/**
 * Waits until the sitemap has caught up with every change made so far, reading only what the plugin
 * shows anyone: nothing left to record (the change feed's status), the worker neither due nor working
 * (the scheduler's status), no dirty mark pending and no run 'running' (their tables).
 */
import type { Core } from '@strapi/strapi';
import { DIRTY_MARK_UID, RUN_UID } from '../../server/src/uids';
import { getService } from '../../server/src/utils/get-service';

async function caughtUp(strapi: Core.Strapi): Promise<boolean> {
  // Read in one tick: a change being recorded, or marks being run, shows up in one of these.
  const { recording } = getService(strapi, 'change-feed').status();
  const worker = getService(strapi, 'scheduler').status();
  if (recording > 0 || worker.working || worker.dueAt !== null) return false;
  if ((await strapi.db.query(DIRTY_MARK_UID).count({})) > 0) return false;
  return (await strapi.db.query(RUN_UID).count({ where: { status: 'running' } })) === 0;
}

/** True once caught up; false when `timeoutMs` passed first. */
export async function settled(strapi: Core.Strapi, timeoutMs = 60_000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await caughtUp(strapi)) return true;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return false;
}
