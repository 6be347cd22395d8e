import type { Core } from '@strapi/strapi';
import { describeErrors } from './core/settings/validate';
import { ACTIONS, PLUGIN_ID } from '../../shared/ids';
import { getService } from './utils/get-service';

/** The plugin's permissions, as the admin's roles page lists them (shared/ids). */
const actions = Object.values(ACTIONS).map(({ uid, displayName }) => ({
  section: 'plugins',
  displayName,
  uid,
  pluginName: PLUGIN_ID,
}));

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
