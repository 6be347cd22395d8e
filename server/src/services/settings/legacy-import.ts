/**
 * Import of strapi-plugin-sitemap's settings (the Strapi 4 plugin, also named `sitemap`): a preview
 * of what will be carried over and what cannot, then, once the admin confirms, one save validated like
 * any other (nothing saved on error). Entries the old plugin left out through its `sitemap_exclude`
 * column become exclusions.
 */
import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import { convertLegacySettings, importPatch } from '../../core/settings/legacy';
import { type LegacyImportPreview } from '../../../../shared/api-types';
import type { ExclusionInput } from './exclusions';
import type { SaveAccess } from './settings';

type CanRead = NonNullable<SaveAccess['canRead']>;
import { PLUGIN_ID } from '../../uids';
import { getService } from '../../utils/get-service';
import { projectLocales } from '../../utils/project-locales';

/** The column the old plugin added to every content type's table. */
const EXCLUDE_COLUMN = 'sitemap_exclude';
const IMPORT_KEY = 'legacy-import';
const SAMPLES_PER_TYPE = 5;

export default ({ strapi }: { strapi: Core.Strapi }) => {
  const store = () => strapi.store({ type: 'plugin', name: PLUGIN_ID });

  async function plan(legacy: Record<string, unknown>) {
    const { defaultLocale } = await getService(strapi, 'settings').plan({ fresh: true });
    return convertLegacySettings(legacy, getService(strapi, 'settings').catalog(), {
      defaultLocale,
      locales: await projectLocales(strapi),
    });
  }

  /** Entries whose `sitemap_exclude` is true, per content type of the project (one per locale for i18n types). */
  async function excludedEntries(): Promise<Map<string, ExclusionInput[]>> {
    const knex = strapi.db.connection;
    const found = new Map<string, ExclusionInput[]>();
    for (const type of Object.values(getService(strapi, 'settings').catalog())) {
      if (!type.uid.startsWith('api::')) continue;
      const { tableName } = strapi.db.metadata.get(type.uid);
      if (!(await knex.schema.hasColumn(tableName, EXCLUDE_COLUMN))) continue;
      const columns = type.localized ? ['document_id', 'locale'] : ['document_id'];
      const rows = (await knex(tableName)
        .distinct(columns)
        .where(EXCLUDE_COLUMN, true)
        .orderBy(columns)) as Array<{
        document_id: string;
        locale?: string;
      }>;
      const entries = rows.filter((row) => row.document_id);
      if (entries.length > 0) {
        found.set(
          type.uid,
          entries.map((row) => ({
            contentType: type.uid,
            documentId: row.document_id,
            locale: type.localized ? (row.locale ?? null) : null,
          }))
        );
      }
    }
    return found;
  }

  return {
    /** The preview; exclusions are shown (their document ids) only for types `canRead` allows. */
    async preview(canRead: CanRead = () => true): Promise<LegacyImportPreview> {
      const legacy = await getService(strapi, 'settings').legacy();
      const imported = (await store().get({ key: IMPORT_KEY })) as { importedAt?: string } | null;
      if (!legacy)
        return {
          found: false,
          importedAt: imported?.importedAt ?? null,
          plan: null,
          exclusions: [],
        };
      const exclusions = [...(await excludedEntries())].map(([contentType, entries]) => ({
        contentType,
        count: entries.length,
        documentIds: canRead(contentType)
          ? [...new Set(entries.map((entry) => entry.documentId))].slice(0, SAMPLES_PER_TYPE)
          : [],
      }));
      return {
        found: true,
        importedAt: imported?.importedAt ?? null,
        plan: await plan(legacy),
        exclusions,
      };
    },

    /**
     * Saves the converted settings and exclusions in one transaction; throws a ValidationError and
     * saves nothing on error, or when it would change a mapping, or add exclusions, of a type
     * `canRead` refuses (an admin's request).
     */
    async apply(canRead?: CanRead) {
      const legacy = await getService(strapi, 'settings').legacy();
      if (!legacy) throw new errors.NotFoundError('No strapi-plugin-sitemap settings to import');
      const { settings } = await getService(strapi, 'settings').get();
      const converted = await plan(legacy);
      const byType = await excludedEntries();
      const refused = canRead ? [...byType.keys()].filter((uid) => !canRead(uid)) : [];
      if (refused.length > 0)
        throw new errors.ValidationError('Invalid sitemap settings', {
          errors: refused.map((uid) => ({
            path: ['exclusions', uid],
            message: `needs content-manager Read on ${uid}: an import adds exclusions only to types you may read`,
            name: 'ValidationError',
          })),
        });
      const exclusions = [...byType.values()].flat();
      const importedAt = new Date().toISOString();
      const saved = await strapi.db.transaction(async () => {
        await getService(strapi, 'exclusions').addMany(exclusions);
        const updated = await getService(strapi, 'settings').update(
          importPatch(settings, converted),
          { canRead }
        );
        await store().set({ key: IMPORT_KEY, value: { importedAt } });
        return updated;
      });
      return { ...saved, imported: { plan: converted, exclusions: exclusions.length, importedAt } };
    },
  };
};
