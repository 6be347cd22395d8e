import {
  DEFAULT_LEASE_TTL_MS,
  leaseOptions,
} from '../../../../server/src/core/settings/lease-options';
import config from '../../../../server/src/config';

describe('leaseOptions', () => {
  it('takes 30 s when the option is absent, and a valid ttlMs as given', () => {
    expect(leaseOptions(undefined)).toEqual({ ttlMs: DEFAULT_LEASE_TTL_MS, errors: [] });
    expect(leaseOptions({})).toEqual({ ttlMs: DEFAULT_LEASE_TTL_MS, errors: [] });
    expect(leaseOptions({ ttlMs: 3000 })).toEqual({ ttlMs: 3000, errors: [] });
  });

  it('names every wrong value, and keeps the default then', () => {
    expect(leaseOptions(5000).errors.map((error) => error.path)).toEqual([['lease']]);
    const wrong = leaseOptions({ ttlMs: 10.5, ttl: 5 });
    expect(wrong.ttlMs).toBe(DEFAULT_LEASE_TTL_MS);
    expect(wrong.errors.map((error) => error.path)).toEqual([
      ['lease', 'ttl'],
      ['lease', 'ttlMs'],
    ]);
    expect(leaseOptions({ ttlMs: 0 }).errors).toHaveLength(1);
  });

  it('is checked at startup with the settings, without being a setting', () => {
    const base = { hostname: 'https://www.example.com' };
    expect(() => config.validator({ ...base, lease: { ttlMs: 3000 } })).not.toThrow();
    expect(() => config.validator({ ...base, lease: { ttlMs: -1 } })).toThrow(
      /lease\.ttlMs: must be a whole number/
    );
  });
});
