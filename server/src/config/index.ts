import { DEFAULT_SETTINGS, describeErrors, validateSettings } from '../core/settings/validate';
import { leaseOptions } from '../core/settings/lease-options';
import { externalSitemaps } from '../core/settings/external-sitemaps';
import { healthCheckOptions } from '../core/health/health-options';
import { servingOptions } from '../core/settings/serving-options';
import { workerOption } from '../core/settings/worker-option';

/**
 * Defaults live in core/settings/validate.ts and are merged by the settings service, so that
 * `strapi.config.get('plugin::sitemap')` holds exactly what the user wrote (the status says so).
 * This check runs before content types are known; register() checks patterns against them.
 * `lease` (the lease service's), `externalSitemaps` (the index's), `healthCheck` (the check of
 * listed URLs) and `serving` (direct-serving) and `worker` (urlsets/worker-type) are options of the config file alone, not settings:
 * each is checked on its own.
 */
export default {
  default: {},
  validator(config: Record<string, unknown>) {
    const { lease, externalSitemaps: external, healthCheck, serving, worker, ...settings } = config;
    const { errors } = validateSettings({
      ...DEFAULT_SETTINGS,
      ...settings,
      hostname: settings.hostname ?? 'https://placeholder.invalid',
    });
    errors.push(
      ...leaseOptions(lease).errors,
      ...externalSitemaps(external).errors,
      ...healthCheckOptions(healthCheck).errors,
      ...servingOptions(serving).errors,
      ...workerOption(worker).errors
    );
    if (errors.length > 0) {
      throw new Error(
        `Invalid sitemap plugin config in config/plugins:\n${describeErrors(errors)}`
      );
    }
  },
};
