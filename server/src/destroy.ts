import type { Core } from '@strapi/strapi';
import { PLUGIN_ID } from './uids';

/** Stops the schedule and the worker, and waits for whatever still uses the database. */
export default async ({ strapi }: { strapi: Core.Strapi }) => {
  const plugin = strapi.plugin(PLUGIN_ID);
  plugin.service('generator').requestStop();
  await plugin.service('scheduler').stop();
  await plugin.service('generator').stop();
};
