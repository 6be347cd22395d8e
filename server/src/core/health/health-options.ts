/**
 * The `healthCheck` option of config/plugins (config file only): an opt-in check of the listed
 * URLs as a crawler finds them on the front end. `true` takes the defaults; an object sets them:
 * `{ cron, sample, perSecond, checkAllUpTo, userAgent, timeoutMs }`. Pure.
 */
import { validate as isValidCron } from 'node-cron';
import type { FieldError } from '../../../../shared/types';
import { isPlainObject } from '../plain-object';
import { hasControlCharacter } from '../urls/url-checks';

export interface HealthCheckOptions {
  /** When it runs by itself (node-cron); false: only when asked from the dashboard. */
  cron: string | false;
  /** URLs a check fetches, chosen at random among the listed ones. */
  sample: number;
  /** Requests a second at most, one at a time. */
  perSecond: number;
  /** "Check every URL" is offered while the site lists at most this many. */
  checkAllUpTo: number;
  userAgent: string;
  timeoutMs: number;
}

export const DEFAULT_HEALTH_CHECK: HealthCheckOptions = {
  cron: '30 4 * * *',
  sample: 100,
  perSecond: 2,
  checkAllUpTo: 2_000,
  userAgent: 'StrapiSitemapHealthCheck/1.0',
  timeoutMs: 10_000,
};

const LIMITS: Record<'sample' | 'perSecond' | 'checkAllUpTo' | 'timeoutMs', [number, number]> = {
  sample: [1, 10_000],
  perSecond: [0.1, 20],
  checkAllUpTo: [0, 50_000],
  timeoutMs: [1_000, 60_000],
};

/** The options, null when the check is off (unset or false), or the errors they have. */
export function healthCheckOptions(option: unknown): {
  options: HealthCheckOptions | null;
  errors: FieldError[];
} {
  if (option === undefined || option === false) return { options: null, errors: [] };
  if (option === true) return { options: DEFAULT_HEALTH_CHECK, errors: [] };
  const at = (key?: string) => (key ? ['healthCheck', key] : ['healthCheck']);
  if (!isPlainObject(option))
    return {
      options: null,
      errors: [{ path: at(), message: 'must be true, false or an object such as { sample: 100 }' }],
    };
  const errors: FieldError[] = [];
  const known = new Set(Object.keys(DEFAULT_HEALTH_CHECK));
  for (const key of Object.keys(option))
    if (!known.has(key)) errors.push({ path: at(key), message: 'is not a health check option' });
  const options = { ...DEFAULT_HEALTH_CHECK, ...option } as HealthCheckOptions;
  if (options.cron !== false && (typeof options.cron !== 'string' || !isValidCron(options.cron)))
    errors.push({ path: at('cron'), message: 'must be a cron expression, or false' });
  for (const [key, [min, max]] of Object.entries(LIMITS) as Array<
    [keyof typeof LIMITS, number[]]
  >) {
    const value = options[key];
    const whole = key !== 'perSecond';
    if (
      typeof value !== 'number' ||
      !(value >= min && value <= max) ||
      (whole && !Number.isInteger(value))
    )
      errors.push({
        path: at(key),
        message: `must be a ${whole ? 'whole ' : ''}number from ${min} to ${max}`,
      });
  }
  if (
    typeof options.userAgent !== 'string' ||
    !options.userAgent.trim() ||
    options.userAgent.length > 200 ||
    hasControlCharacter(options.userAgent)
  )
    errors.push({
      path: at('userAgent'),
      message: 'must be a line of text of at most 200 characters',
    });
  return { options: errors.length > 0 ? null : options, errors };
}
