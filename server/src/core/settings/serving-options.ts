/**
 * The `serving` option of config/plugins (config file only): `serving: { beforeMiddleware: true }`
 * answers requests for stored sitemap files on Strapi's HTTP server before Koa and its middleware
 * stack (security headers, CORS, logger, and whatever the site adds: rate limits, IP rules), which
 * costs about a millisecond a request. Off by default: skipping a site's middleware is its choice.
 */
import type { FieldError } from '../../../../shared/types';
import { isPlainObject } from '../plain-object';

export interface ServingOptions {
  beforeMiddleware: boolean;
}

const DEFAULTS: ServingOptions = { beforeMiddleware: false };

/** The serving options (undefined: the defaults), or the errors they have. */
export function servingOptions(option: unknown): ServingOptions & { errors: FieldError[] } {
  if (option === undefined) return { ...DEFAULTS, errors: [] };
  if (!isPlainObject(option)) {
    const message = 'must be an object such as { beforeMiddleware: true }';
    return { ...DEFAULTS, errors: [{ path: ['serving'], message }] };
  }
  const errors: FieldError[] = Object.keys(option)
    .filter((key) => key !== 'beforeMiddleware')
    .map((key) => ({
      path: ['serving', key],
      message: 'is not a serving option (only beforeMiddleware)',
    }));
  const { beforeMiddleware = false } = option;
  if (typeof beforeMiddleware !== 'boolean')
    errors.push({ path: ['serving', 'beforeMiddleware'], message: 'must be true or false' });
  return {
    beforeMiddleware: errors.length === 0 && beforeMiddleware === true,
    errors,
  };
}
