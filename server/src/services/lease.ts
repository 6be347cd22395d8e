/**
 * One generator across any number of Strapi instances: a lease row in the database, taken with a
 * conditional UPDATE (owner is me, or the lease has expired), renewed while a run lasts, and taken
 * over by another instance once its holder stops renewing it (crash, kill).
 */
import { randomUUID } from 'node:crypto';
import type { Core } from '@strapi/strapi';
import { LEASE_UID } from '../uids';

const LEASE_NAME = 'generator';
export const LEASE_TTL_MS = 30_000;

export default ({ strapi }: { strapi: Core.Strapi }) => {
  const leases = () => strapi.db.query(LEASE_UID);
  const owner = `${process.pid}-${randomUUID()}`;
  let ttlMs = LEASE_TTL_MS;

  return {
    owner,

    ttlMs: () => ttlMs,

    /** Shorter leases let tests see a takeover without waiting half a minute. */
    setTtl(ms: number) {
      ttlMs = ms;
    },

    async ensureRow() {
      if ((await leases().count({ where: { name: LEASE_NAME } })) === 0) {
        await leases().create({ data: { name: LEASE_NAME, owner: null, expiresAt: 0 } });
      }
    },

    /** Takes or renews the lease; false when another live instance holds it. */
    async acquire(): Promise<boolean> {
      const now = Date.now();
      const { count } = (await leases().updateMany({
        where: { name: LEASE_NAME, $or: [{ owner }, { expiresAt: { $lt: now } }, { owner: { $null: true } }] },
        data: { owner, expiresAt: now + ttlMs },
      })) as { count: number };
      return count > 0;
    },

    async release() {
      await leases().updateMany({ where: { name: LEASE_NAME, owner }, data: { owner: null, expiresAt: 0 } });
    },

    async holder(): Promise<{ owner: string | null; expiresAt: number } | null> {
      const row = (await leases().findOne({ where: { name: LEASE_NAME } })) as any;
      return row ? { owner: row.owner, expiresAt: Number(row.expiresAt) } : null;
    },
  };
};
