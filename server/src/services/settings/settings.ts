/**
 * Effective settings = defaults ← config/plugins ← values saved from the admin (plugin store).
 * Saving validates the merged result against the project's content types and stores nothing on error.
 * Every other service reads the settings as a compiled plan (core/plan/compile), built here once and
 * rebuilt when the stored values (or i18n's default locale) change.
 * Admin values live in their own row (`plugin_sitemap_admin-settings`): the row this plugin used to
 * read, `plugin_sitemap_settings`, is also where strapi-plugin-sitemap (Strapi 4) keeps its settings.
 */
import type { Core, UID } from '@strapi/strapi';
import { contentTypes, errors } from '@strapi/utils';
import { isLegacySettings, isOwnSettings } from '../../core/settings/legacy';
import {
  hasOwn,
  holdsCredentials,
  isMappableAttribute,
  isMappableType,
} from '../../core/settings/mappable';
import { DEFAULT_SETTINGS, validateSettings } from '../../core/settings/validate';
import { SETTING_KEYS, type SettingKey } from '../../../../shared/types';
import {
  compileSitemapPlan,
  planFromSettings,
  type ProjectFacts,
  type SitemapPlan,
} from '../../core/plan/compile';
import { mergeSettings } from '../../core/settings/usable';
import { readAccessErrors } from '../../core/settings/mapping-access';
import { externalSitemaps, type ExternalSitemap } from '../../core/settings/external-sitemaps';
import { healthCheckOptions, type HealthCheckOptions } from '../../core/health/health-options';
import { workerOption } from '../../core/settings/worker-option';
import type { FieldError, SchemaCatalog, SitemapSettings } from '../../../../shared/types';
import { PLUGIN_ID } from '../../uids';
import { getService } from '../../utils/get-service';

import type { SettingSource, SettingsResponse } from '../../../../shared/api-types';

/** Who saves: an admin's request says which types they may read in the content manager. */
export interface SaveAccess {
  canRead?: (uid: string) => boolean;
}

const STORE_KEY = 'admin-settings';
/** The row shared with strapi-plugin-sitemap: read only to carry values over, or to import the old plugin's. */
const SHARED_KEY = 'settings';

/**
 * Plain-data description of the content an editor manages (core/settings/mappable: types the content manager
 * shows, fields that are neither private, passwords nor hidden, relations only to such types), for the
 * pure validator and the admin. Anything left out is an unknown name to the validator.
 */
const originOf = (url: string) => {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
};

/** A component's fields the sitemap may read (one level: its own components are not followed). */
function componentFields(strapi: Core.Strapi, uid: string): SchemaCatalog[string]['attributes'] {
  const component = (strapi.components as Record<string, any>)[uid];
  const fields: SchemaCatalog[string]['attributes'] = {};
  for (const [name, attribute] of Object.entries(component?.attributes ?? {}) as Array<
    [string, any]
  >) {
    if (
      attribute.type === 'relation' ||
      attribute.type === 'component' ||
      attribute.type === 'dynamiczone'
    )
      continue;
    if (!isMappableAttribute(name, attribute, contentTypes.isPrivateAttribute(component, name)))
      continue;
    fields[name] = { type: attribute.type };
  }
  return fields;
}

export function buildCatalog(strapi: Core.Strapi): SchemaCatalog {
  const catalog: SchemaCatalog = {};
  const types = (Object.entries(strapi.contentTypes) as Array<[string, any]>).filter(
    ([uid, type]) => isMappableType(uid, type.pluginOptions)
  );
  const mappable = new Set(types.map(([uid]) => uid));
  for (const [uid, contentType] of types) {
    const attributes: SchemaCatalog[string]['attributes'] = {};
    for (const [name, attribute] of Object.entries(contentType.attributes ?? {}) as Array<
      [string, any]
    >) {
      if (!isMappableAttribute(name, attribute, contentTypes.isPrivateAttribute(contentType, name)))
        continue;
      if (attribute.type === 'relation' && !mappable.has(attribute.target)) continue;
      attributes[name] = {
        type: attribute.type,
        relation: attribute.relation,
        target: attribute.target,
      };
      if (attribute.type === 'component')
        attributes[name].fields = componentFields(strapi, attribute.component);
    }
    catalog[uid] = {
      uid,
      kind: contentType.kind,
      localized: Boolean(contentType.pluginOptions?.i18n?.localized),
      draftAndPublish: Boolean(contentType.options?.draftAndPublish),
      credentials: holdsCredentials(uid, contentType.attributes ?? {}),
      attributes,
    };
  }
  return catalog;
}

const validationError = (fieldErrors: FieldError[], message = 'Invalid sitemap settings') =>
  new errors.ValidationError(message, {
    errors: fieldErrors.map((error) => ({
      path: error.path,
      message: error.message,
      name: 'ValidationError',
    })),
  });

/** Hot paths (serving, the publish hook, the schedule) read the stored settings at most this often per instance. */
const CACHE_MS = 5_000;

export default ({ strapi }: { strapi: Core.Strapi }) => {
  const store = () => strapi.store({ type: 'plugin', name: PLUGIN_ID });
  /** The plan, what it was compiled from (`key`), and when the stored values were last read. */
  let cache: { key: string; at: number; plan: SitemapPlan } | null = null;
  /** Whether this process has already looked for values saved under the shared row. */
  let carriedOver = false;
  const pluginConfig = () =>
    (strapi.config.get(`plugin::${PLUGIN_ID}`) ?? {}) as Record<string, unknown>;
  /** The settings of config/plugins; `lease`, `externalSitemaps`, `healthCheck`, `serving` and `worker` there are options, not settings. */
  const fileConfig = () => {
    const {
      lease: _lease,
      externalSitemaps: _external,
      healthCheck: _health,
      serving: _serving,
      worker: _worker,
      ...settings
    } = pluginConfig();
    return settings as Partial<SitemapSettings>;
  };

  /** Values this plugin saved under the shared row move to their own; the old plugin's stay for the import. */
  async function carryOver(): Promise<Partial<SitemapSettings> | null> {
    const shared = await store().get({ key: SHARED_KEY });
    if (!isOwnSettings(shared)) return null;
    await store().set({ key: STORE_KEY, value: shared });
    await store().delete({ key: SHARED_KEY });
    return shared;
  }

  async function overrides(): Promise<Partial<SitemapSettings>> {
    const saved = (await store().get({ key: STORE_KEY })) as Partial<SitemapSettings> | null;
    if (saved || carriedOver) return saved ?? {};
    const carried = await carryOver();
    carriedOver = true;
    return carried ?? {};
  }

  const merge = (saved: Partial<SitemapSettings>) => mergeSettings(fileConfig(), saved);

  async function projectFacts(): Promise<ProjectFacts> {
    const server = String(strapi.config.get('server.absoluteUrl') ?? '').replace(/\/+$/, '');
    const prefix = String(strapi.config.get('api.rest.prefix') ?? '/api');
    const locales = strapi.plugin('i18n')?.service('locales');
    const i18nDefaultLocale = locales
      ? ((await locales.getDefaultLocale()) as string | undefined)
      : undefined;
    // Uploaded files are served by Strapi: under server.url when it is set, else where the sitemap files are.
    const serverUrlSet = String(strapi.config.get('server.url') ?? '') !== '';
    return {
      serverOrigin: serverUrlSet ? originOf(server) : undefined,
      catalog: buildCatalog(strapi),
      servedUrl: `${server}${prefix}/${PLUGIN_ID}`,
      i18nDefaultLocale,
      extensions: getService(strapi, 'hooks').extensions(),
    };
  }

  /** Reads the stored values and i18n's default locale; compiles a new plan only when either changed. */
  async function refresh(): Promise<SitemapPlan> {
    const saved = await overrides();
    const facts = await projectFacts();
    // The schema and the server's URL do not change while Strapi runs: only these (and the
    // extensions added from code) can.
    const extensionNames = facts.extensions!.map((extension) => extension.name);
    const key = JSON.stringify([saved, facts.i18nDefaultLocale ?? null, extensionNames]);
    if (cache?.key !== key)
      cache = { key, at: Date.now(), plan: compileSitemapPlan(fileConfig(), saved, facts) };
    else cache.at = Date.now();
    return cache.plan;
  }

  function sourcesOf(saved: Partial<SitemapSettings>) {
    const fromFile = fileConfig() as Record<string, unknown>;
    const sources = {} as Record<SettingKey, SettingSource>;
    for (const key of SETTING_KEYS) {
      sources[key] = key in saved ? 'admin' : fromFile[key] !== undefined ? 'config' : 'default';
    }
    return sources;
  }

  /**
   * Filters can pass the validator and still fail in SQL (`{ "$and": {} }`): each is tried on one row, so a
   * save fails with the type's field error instead of every later run.
   */
  async function filterQueryErrors(settings: SitemapSettings): Promise<FieldError[]> {
    const found: FieldError[] = [];
    for (const [uid, typeSettings] of Object.entries(settings.contentTypes)) {
      if (!typeSettings.filters) continue;
      try {
        await strapi.db
          .query(uid as UID.Schema)
          .findOne({ where: typeSettings.filters, select: ['id'] });
      } catch (error) {
        const reason = String((error as Error).message)
          .split('\n')[0]
          .slice(0, 200);
        found.push({
          path: ['contentTypes', uid, 'filters'],
          message: `cannot be run by the database: ${reason}`,
        });
      }
    }
    return found;
  }

  return {
    catalog: () => buildCatalog(strapi),
    /** The sitemaps other systems write that the config file lists (checked at startup). */
    externalSitemaps(): ExternalSitemap[] {
      return externalSitemaps(pluginConfig().externalSitemaps).sitemaps;
    },

    /** The health check of listed URLs, when config/plugins turns it on (checked at startup). */
    healthCheck(): HealthCheckOptions | null {
      return healthCheckOptions(pluginConfig().healthCheck).options;
    },

    /** Whether full runs may write urlsets in a Worker (urlsets/worker-type; checked at startup). */
    workerEnabled(): boolean {
      return workerOption(pluginConfig().worker).enabled;
    },

    /** The settings of config/plugins (the site owner's code). */
    fileSettings: () => fileConfig() as Record<string, unknown>,

    /**
     * The types an admin may map (the settings form, the preview, exclusions): the catalog without
     * the types holding credentials that the config file does not map, nor relations to them.
     */
    adminCatalog(): SchemaCatalog {
      const full = buildCatalog(strapi);
      const configTypes = (fileConfig().contentTypes ?? {}) as Record<string, unknown>;
      const closed = new Set(
        Object.values(full)
          .filter((type) => type.credentials && !hasOwn(configTypes, type.uid))
          .map((type) => type.uid)
      );
      const catalog: SchemaCatalog = {};
      for (const [uid, type] of Object.entries(full)) {
        if (closed.has(uid)) continue;
        const attributes = Object.fromEntries(
          Object.entries(type.attributes).filter(
            ([, attribute]) =>
              !(attribute.type === 'relation' && closed.has(attribute.target ?? ''))
          )
        );
        catalog[uid] = { ...type, attributes };
      }
      return catalog;
    },

    /** Settings that passed validation, checked against the database; throws a ValidationError naming the filters at fault. */
    async assertFiltersRun(settings: SitemapSettings) {
      const fieldErrors = await filterQueryErrors(settings);
      if (fieldErrors.length > 0) throw validationError(fieldErrors);
    },

    /** Throws the startup error when config/plugins names types or fields the project does not have. */
    assertFileConfigMatchesSchema() {
      const config = fileConfig();
      const { errors: fieldErrors } = validateSettings(
        {
          ...DEFAULT_SETTINGS,
          ...config,
          hostname: config.hostname ?? 'https://placeholder.invalid',
        },
        buildCatalog(strapi)
      );
      return fieldErrors;
    },

    /** The effective settings, unvalidated (`settings`), and where each top-level value comes from: the settings page. */
    async get(): Promise<SettingsResponse> {
      const saved = await overrides();
      return { settings: merge(saved) as unknown as SitemapSettings, sources: sourcesOf(saved) };
    },

    /**
     * The compiled settings (core/plan/compile). By default at most a few seconds old, for hot paths: a save on
     * another instance is seen within that delay. `fresh` reads the stored values now (runs, admin pages).
     * Never throws on invalid settings: see `errors` and `usablePlan`.
     */
    async plan({ fresh = false } = {}): Promise<SitemapPlan> {
      if (!fresh && cache && Date.now() - cache.at < CACHE_MS) return cache.plan;
      return refresh();
    },

    /**
     * The plan a run uses, read now: admin values that no longer validate are left out (listed in `skipped`).
     * Throws a ValidationError only when what remains cannot be used at all (no valid hostname).
     */
    async usablePlan(): Promise<SitemapPlan> {
      const plan = await refresh();
      if (plan.errors.length > 0) {
        const summary = plan.errors
          .map((error) => `${error.path.join('.') || 'settings'}: ${error.message}`)
          .join('; ');
        throw validationError(plan.errors, `Invalid sitemap settings: ${summary}`);
      }
      return plan;
    },

    /** The plan of candidate settings that passed validation (the settings page's preview of unsaved values). */
    async planOf(settings: SitemapSettings): Promise<SitemapPlan> {
      return planFromSettings(settings, await projectFacts());
    },

    /** The old plugin's settings (strapi-plugin-sitemap), when its row is in the database. */
    async legacy(): Promise<Record<string, unknown> | null> {
      const shared = await store().get({ key: SHARED_KEY });
      return isLegacySettings(shared) ? shared : null;
    },

    /**
     * Saves admin values: each key of `patch` replaces that setting; a null value drops the admin
     * value so the config file (or default) applies again. Nothing is stored when anything is invalid,
     * or when the save changes the mapping of a type `access.canRead` refuses (an admin's request:
     * core/settings/mapping-access); code calls without `access`. The caller tells the scheduler (a change to
     * the output starts a full run).
     */
    async update(patch: unknown, access: SaveAccess = {}) {
      if (typeof patch !== 'object' || patch === null || Array.isArray(patch)) {
        throw validationError([{ path: [], message: 'settings must be an object' }]);
      }
      const unknownKeys = Object.keys(patch).filter(
        (key) => !(SETTING_KEYS as readonly string[]).includes(key)
      );
      if (unknownKeys.length > 0)
        throw validationError(
          unknownKeys.map((key) => ({ path: [key], message: 'is not a known setting' }))
        );
      const current = await overrides();
      const saved = { ...current } as Record<string, unknown>;
      for (const [key, value] of Object.entries(patch)) {
        if (value === null) delete saved[key];
        else saved[key] = value;
      }
      const catalog = buildCatalog(strapi);
      const merged = merge(saved as Partial<SitemapSettings>);
      const accessErrors = access.canRead
        ? readAccessErrors(
            merge(current).contentTypes,
            merged.contentTypes,
            catalog,
            access.canRead
          )
        : [];
      const result = validateSettings(merged, catalog, {
        configFile: fileConfig() as Record<string, unknown>,
      });
      if (accessErrors.length > 0 || !result.settings)
        throw validationError([...accessErrors, ...result.errors]);
      await this.assertFiltersRun(result.settings);
      await store().set({ key: STORE_KEY, value: saved });
      cache = null;
      return this.get();
    },
  };
};
