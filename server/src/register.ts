import type { Core } from '@strapi/strapi';
import { describeErrors } from './core/settings-rules';
import { PLUGIN_ID } from './uids';
import { getService } from './utils/get-service';

const actions = [
  {
    section: 'plugins',
    displayName: 'Read sitemap status and settings',
    uid: 'read',
    pluginName: PLUGIN_ID,
  },
  {
    section: 'plugins',
    displayName: 'Change sitemap settings and exclusions',
    uid: 'settings.update',
    pluginName: PLUGIN_ID,
  },
  {
    section: 'plugins',
    displayName: 'Generate sitemaps now',
    uid: 'regenerate',
    pluginName: PLUGIN_ID,
  },
];

export default async ({ strapi }: { strapi: Core.Strapi }) => {
  // Content types are loaded by now: a pattern naming a missing field stops startup here, clearly.
  const fieldErrors = getService(strapi, 'settings').assertFileConfigMatchesSchema();
  if (fieldErrors.length > 0) {
    throw new Error(
      `Invalid sitemap plugin config in config/plugins:\n${describeErrors(fieldErrors)}`
    );
  }
  await strapi.service('admin::permission').actionProvider.registerMany(actions);

  // Sees publish / unpublish / delete (and create / update of types without drafts) and only records
  // what changed: the result goes back untouched, and nothing here can fail or slow the editor's save.
  strapi.documents.use(async (context, next) => {
    const result = await next();
    try {
      getService(strapi, 'change-feed').onDocumentChange(context, result);
    } catch (error) {
      strapi.log.error(`[sitemap] change not recorded: ${(error as Error).message}`);
    }
    return result;
  });
};
