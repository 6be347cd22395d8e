import { DEFAULT_SETTINGS, describeErrors, validateSettings } from '../core/settings-rules';

/**
 * Defaults live in core/settings-rules.ts and are merged by the settings service, so that
 * `strapi.config.get('plugin::sitemap')` holds exactly what the user wrote (the status says so).
 * This check runs before content types are known; register() checks patterns against them.
 */
export default {
  default: {},
  validator(config: Record<string, unknown>) {
    const { errors } = validateSettings({ ...DEFAULT_SETTINGS, ...config, hostname: config.hostname ?? 'https://placeholder.invalid' });
    if (errors.length > 0) {
      throw new Error(`Invalid sitemap plugin config in config/plugins:\n${describeErrors(errors)}`);
    }
  },
};
