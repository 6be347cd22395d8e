/**
 * One generator across any number of Strapi instances: a lease row in the database, taken with a
 * conditional UPDATE (nobody holds it, or it has expired), renewed while a run lasts, and taken
 * over by another instance once its holder stops renewing it (crash, kill, a process stalled).
 * Each take increments `token`: a run switches its files only if, inside the switch transaction,
 * the row still holds its owner and token (`hold.confirm`), so a run that stalled past its lease and
 * was overtaken can never replace newer files. Expiry is compared with the database's clock:
 * instances' clocks may differ. `hold(task)` does all of it for a task: wait, renew, release.
 */
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Core } from '@strapi/strapi';
import { leaseOptions } from '../../core/settings/lease-options';
import { LEASE_UID, PLUGIN_ID } from '../../uids';

/** The generator's lease; the health check of listed URLs holds one of its own, so neither waits on the other. */
export const LEASE_NAME = 'generator';
export const HEALTH_LEASE_NAME = 'health-check';
const LEASE_NAMES = [LEASE_NAME, HEALTH_LEASE_NAME];

/** The database's current time in epoch milliseconds, as an SQL expression of each client Strapi supports. */
export function databaseNowMs(client: string): string {
  if (client === 'postgres') return '(EXTRACT(EPOCH FROM clock_timestamp()) * 1000)::bigint';
  if (client === 'mysql') return 'CAST(UNIX_TIMESTAMP(NOW(3)) * 1000 AS SIGNED)';
  if (client === 'sqlite') return "CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)";
  throw new Error(`sitemap lease: unsupported database client ${client}`);
}

/** What a run holds: the token of its take of the lease; `lost` once a renewal found it taken over. */
export interface LeaseHold {
  token: number;
  lost: boolean;
  /**
   * Inside the switch transaction: whether this take still holds the lease. The UPDATE locks the
   * row until the switch commits, so no takeover can slip in between the check and the commit.
   */
  confirm(trx: unknown): Promise<boolean>;
}

/** How long to wait between tries while another instance holds the lease. */
const RETRY_MS = 250;

export default ({ strapi }: { strapi: Core.Strapi }) => {
  const owner = `${process.pid}-${randomUUID()}`;
  /** From config/plugins `lease.ttlMs` (checked at startup), 30 s by default. */
  const ttlMs = () =>
    leaseOptions(
      (strapi.config.get(`plugin::${PLUGIN_ID}`) as { lease?: unknown } | undefined)?.lease
    ).ttlMs;

  const meta = () => strapi.db.metadata.get(LEASE_UID) as any;
  const column = (name: string) => meta().attributes[name].columnName as string;
  /** A lease row (the generator's by default), read or written in `trx` when given (the switch transaction). */
  const row = (trx?: any, name = LEASE_NAME) =>
    (trx ?? strapi.db.connection)(meta().tableName).where(column('name'), name);
  const now = () => strapi.db.connection.raw(databaseNowMs(strapi.db.dialect.client));
  const expiry = () =>
    strapi.db.connection.raw(`${databaseNowMs(strapi.db.dialect.client)} + ?`, [ttlMs()]);

  async function currentToken(name: string): Promise<number> {
    const found = await row(undefined, name).first(column('token'));
    return Number(found?.[column('token')] ?? 0);
  }

  /** Extends the lease of this take; false (and the hold lost) when another instance took it over meanwhile. */
  async function renew(hold: LeaseHold & { name: string }, trx?: any): Promise<boolean> {
    const renewed = await row(trx, hold.name)
      .where(column('owner'), owner)
      .where(column('token'), hold.token)
      .update({ [column('expiresAt')]: expiry() });
    if (Number(renewed) === 0) hold.lost = true;
    return !hold.lost;
  }

  /** Takes the lease when nobody holds it or it expired; null when another live instance holds it. */
  async function acquire(name: string): Promise<(LeaseHold & { name: string }) | null> {
    const taken = await row(undefined, name)
      .where((free: any) =>
        free.whereNull(column('owner')).orWhere(column('expiresAt'), '<', now())
      )
      .update({
        [column('owner')]: owner,
        [column('expiresAt')]: expiry(),
        [column('token')]: strapi.db.connection.raw('COALESCE(??, 0) + 1', [column('token')]),
      });
    if (Number(taken) === 0) return null;
    const hold: LeaseHold & { name: string } = {
      name,
      token: await currentToken(name),
      lost: false,
      confirm: (trx) => renew(hold, trx),
    };
    return hold;
  }

  async function release(hold: LeaseHold & { name: string }) {
    await row(undefined, hold.name)
      .where(column('owner'), owner)
      .where(column('token'), hold.token)
      .update({ [column('owner')]: null, [column('expiresAt')]: 0 });
  }

  return {
    owner,

    async ensureRow() {
      const leases = strapi.db.query(LEASE_UID);
      for (const name of LEASE_NAMES)
        if ((await leases.count({ where: { name } })) === 0)
          await leases.create({ data: { name, owner: null, expiresAt: 0, token: 0 } });
    },

    /**
     * Runs `task` while holding the lease, renewing it every third of its TTL, and releases it after;
     * waits for the lease up to `waitMs` unless `stopping()`. Null when the lease did not come in time.
     * A renewal that finds the lease taken over marks the hold lost: the task stops at its next step.
     */
    async hold<T>(
      task: (hold: LeaseHold) => Promise<T>,
      {
        waitMs = 0,
        stopping = () => false,
        name = LEASE_NAME,
      }: { waitMs?: number; stopping?: () => boolean; name?: string } = {}
    ): Promise<T | null> {
      const deadline = Date.now() + waitMs;
      let taken: (LeaseHold & { name: string }) | null;
      while (!(taken = await acquire(name))) {
        if (stopping() || Date.now() >= deadline) return null;
        await sleep(RETRY_MS);
      }
      const held = taken;
      const renewal = setInterval(() => {
        renew(held).catch((error: Error) =>
          strapi.log.warn(`[sitemap] could not renew the sitemap lease: ${error.message}`)
        );
      }, ttlMs() / 3);
      try {
        return await task(held);
      } finally {
        clearInterval(renewal);
        await release(held).catch(() => undefined);
      }
    },

    /** Whether no live instance holds the lease (nobody, or its holder let it expire by the database's clock). */
    async isFree(): Promise<boolean> {
      const expired = strapi.db.connection.raw(
        `CASE WHEN ?? < ${databaseNowMs(strapi.db.dialect.client)} THEN 1 ELSE 0 END as expired`,
        [column('expiresAt')]
      );
      const found = await row().first(column('owner'), expired);
      return !found?.[column('owner')] || Number(found.expired) === 1;
    },
  };
};
