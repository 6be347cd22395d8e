/**
 * The advanced `lease` option of config/plugins (config file only, never a setting the admin edits):
 * `lease: { ttlMs }`, how long the generation lease lasts without renewal, hence how soon another
 * instance takes over from one that died. Shorter leases fail over sooner but renew more often.
 */
import type { FieldError } from '../../../../shared/types';
import { isPlainObject } from '../plain-object';

export const DEFAULT_LEASE_TTL_MS = 30_000;
const MIN_LEASE_TTL_MS = 100;
const MAX_LEASE_TTL_MS = 3_600_000;

/** The lease's time-to-live from the `lease` option (undefined: the default), or the errors it has. */
export function leaseOptions(option: unknown): { ttlMs: number; errors: FieldError[] } {
  if (option === undefined) return { ttlMs: DEFAULT_LEASE_TTL_MS, errors: [] };
  if (!isPlainObject(option)) {
    return {
      ttlMs: DEFAULT_LEASE_TTL_MS,
      errors: [{ path: ['lease'], message: 'must be an object such as { ttlMs: 30000 }' }],
    };
  }
  const errors: FieldError[] = Object.keys(option)
    .filter((key) => key !== 'ttlMs')
    .map((key) => ({ path: ['lease', key], message: 'is not a lease option (only ttlMs)' }));
  const { ttlMs = DEFAULT_LEASE_TTL_MS } = option;
  if (
    !Number.isInteger(ttlMs) ||
    (ttlMs as number) < MIN_LEASE_TTL_MS ||
    (ttlMs as number) > MAX_LEASE_TTL_MS
  ) {
    const message = `must be a whole number of milliseconds from ${MIN_LEASE_TTL_MS} to ${MAX_LEASE_TTL_MS}`;
    errors.push({ path: ['lease', 'ttlMs'], message });
  }
  return { ttlMs: errors.length > 0 ? DEFAULT_LEASE_TTL_MS : (ttlMs as number), errors };
}
