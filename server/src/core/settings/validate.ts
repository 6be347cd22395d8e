/**
 * The plugin settings: defaults, and a validator that reports every wrong field at once with its
 * path. It is plain data in, plain data out, so startup (config file) and the admin (HTTP) share it.
 */
import { validate as isValidCron } from 'node-cron';
import { indexNowSettingErrors } from '../feeds/indexnow-protocol';
import { credentialErrors } from './mapping-access';
import { isTimeZone, TIME_ZONE_HELP } from '../../../../shared/time-zone';
import {
  SETTING_KEYS,
  type FieldError,
  type SchemaCatalog,
  type SitemapSettings,
} from '../../../../shared/types';
import { DEFAULT_LIMITS, MAX_DEBOUNCE_MS } from '../../../../shared/limits';
import { checkContentTypes, checkCustomUrls, checkLimits, ErrorList } from './type-checks';
import { checkSites } from './sites';
import { parseOrigin } from '../../../../shared/checks';
import { isPlainObject } from '../plain-object';

export const DEFAULT_SETTINGS: SitemapSettings = {
  hostname: '',
  hostnames: {},
  contentTypes: {},
  customUrls: [],
  limits: { ...DEFAULT_LIMITS },
  gzip: true,
  xsl: true,
  cron: '0 3 * * *',
  autoGenerate: true,
  debounceMs: 500,
};

export interface ValidationOptions {
  /**
   * The config file's settings, when the settings validated hold values saved in the admin, which
   * the site owner's code did not write: a mapping the config file does not hold as it is may not
   * list, or read through, a type holding credentials, and an IndexNow endpoint other than the
   * config file's must be one of the public ones.
   */
  configFile?: Record<string, unknown>;
}

/**
 * Validates settings (defaults already merged) and returns them normalised, or every error found.
 * With a catalog of the project's content types, patterns, lastmod fields and filters are checked too.
 */
export function validateSettings(
  input: unknown,
  catalog?: SchemaCatalog,
  options: ValidationOptions = {}
): { settings?: SitemapSettings; errors: FieldError[] } {
  const errors = new ErrorList();
  if (!isPlainObject(input))
    return { errors: [{ path: [], message: 'settings must be an object' }] };
  for (const key of Object.keys(input))
    if (!(SETTING_KEYS as readonly string[]).includes(key))
      errors.add([key], 'is not a known setting');

  const hostname = parseOrigin(input.hostname);
  if (!hostname)
    errors.add(
      ['hostname'],
      'is required: the absolute origin of the front end, such as https://www.example.com (no path)'
    );
  const hostnames: Record<string, string> = {};
  if (input.hostnames !== undefined && !isPlainObject(input.hostnames))
    errors.add(['hostnames'], 'must be an object keyed by locale code');
  else {
    for (const [locale, value] of Object.entries(input.hostnames ?? {})) {
      const origin = parseOrigin(value);
      if (origin) hostnames[locale] = origin;
      else
        errors.add(
          ['hostnames', locale],
          'must be an absolute http(s) origin such as https://www.example.fr (no path)'
        );
    }
  }
  if (
    input.defaultLocale !== undefined &&
    (typeof input.defaultLocale !== 'string' || input.defaultLocale === '')
  ) {
    errors.add(['defaultLocale'], 'must be a locale code such as "en"');
  }
  let publicUrl: string | undefined;
  if (input.publicUrl !== undefined && input.publicUrl !== null && input.publicUrl !== '') {
    try {
      const url = new URL(String(input.publicUrl));
      if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error('scheme');
      // File names are appended to it: a query, a fragment or credentials would end up in every listed URL.
      if (
        url.search ||
        url.hash ||
        url.username ||
        url.password ||
        /[?#]/.test(String(input.publicUrl))
      ) {
        errors.add(
          ['publicUrl'],
          'must not have a query (?), a fragment (#) or credentials: the address the files are served under'
        );
      } else publicUrl = url.href.replace(/\/+$/, '');
    } catch {
      errors.add(
        ['publicUrl'],
        'must be an absolute http(s) URL, such as https://cms.example.com/api/sitemap'
      );
    }
  }
  checkContentTypes(errors, input.contentTypes, catalog);
  const { configFile } = options;
  if (catalog && configFile)
    for (const error of credentialErrors(
      input.contentTypes,
      configFile.contentTypes ?? {},
      catalog
    ))
      errors.add(error.path, error.message);
  const mainOrigins = hostname ? [hostname, ...Object.values(hostnames)] : [];
  const sites = checkSites(errors, input.sites, input.contentTypes, catalog, mainOrigins);
  const customUrls = checkCustomUrls(errors, input.customUrls);
  checkLimits(errors, input.limits);
  if (input.feed !== undefined && typeof input.feed !== 'boolean')
    errors.add(['feed'], 'must be true or false');
  for (const key of ['gzip', 'xsl', 'autoGenerate'] as const)
    if (typeof input[key] !== 'boolean') errors.add([key], 'must be true or false');
  if (input.cron !== false && (typeof input.cron !== 'string' || !isValidCron(input.cron))) {
    errors.add(
      ['cron'],
      'must be a cron expression such as "0 3 * * *" (every day at 03:00), or false for no schedule'
    );
  }
  // Empty (or null in the config file) means the server's zone.
  const cronTimezone =
    input.cronTimezone === null || input.cronTimezone === '' ? undefined : input.cronTimezone;
  if (cronTimezone !== undefined && !isTimeZone(cronTimezone))
    errors.add(['cronTimezone'], TIME_ZONE_HELP);
  if (
    !Number.isInteger(input.debounceMs) ||
    (input.debounceMs as number) < 0 ||
    (input.debounceMs as number) > MAX_DEBOUNCE_MS
  ) {
    errors.add(
      ['debounceMs'],
      `must be a whole number of milliseconds from 0 to ${MAX_DEBOUNCE_MS}`
    );
  }

  if (input.indexNow !== undefined && input.indexNow !== false && input.indexNow !== null)
    for (const [key, message] of indexNowSettingErrors(
      input.indexNow,
      configFile && configEndpointOf(configFile)
    ))
      errors.add(key ? ['indexNow', key] : ['indexNow'], message);

  if (errors.errors.length > 0) return { errors: errors.errors };
  const limits = input.limits as Record<string, number>;
  return {
    errors: [],
    settings: {
      ...(input as unknown as SitemapSettings),
      hostname: hostname!,
      hostnames,
      publicUrl,
      cronTimezone: cronTimezone as string | undefined,
      indexNow: input.indexNow ? (input.indexNow as SitemapSettings['indexNow']) : undefined,
      sites,
      customUrls,
      limits: {
        urlsPerFile: limits.urlsPerFile ?? DEFAULT_LIMITS.urlsPerFile,
        bytesPerFile: limits.bytesPerFile ?? DEFAULT_LIMITS.bytesPerFile,
      },
    },
  };
}

/** The IndexNow endpoint the config file sets, if any: the one endpoint an admin value may repeat. */
function configEndpointOf(configFile: Record<string, unknown>): string | null {
  const indexNow = configFile.indexNow;
  return isPlainObject(indexNow) && typeof indexNow.endpoint === 'string'
    ? indexNow.endpoint
    : null;
}

/** Formats field errors for a startup message: `contentTypes["api::a.a"].priority: must be …`. */
export function describeErrors(errors: FieldError[]): string {
  return errors
    .map(({ path, message }) => {
      const key = path
        .map((part, i) =>
          /^[A-Za-z_$][\w$]*$/.test(part) ? (i ? `.${part}` : part) : `[${JSON.stringify(part)}]`
        )
        .join('');
      return `  - ${key || '(root)'}: ${message}`;
    })
    .join('\n');
}
