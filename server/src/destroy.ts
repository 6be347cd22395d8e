import type { Core } from '@strapi/strapi';
import { getService } from './utils/get-service';

/**
 * Stops recording changes, the schedule and the worker, waits for whatever still uses the
 * database, and gives Strapi's HTTP server its own listeners back.
 */
export default async ({ strapi }: { strapi: Core.Strapi }) => {
  getService(strapi, 'generator').requestStop();
  await getService(strapi, 'change-feed').stop();
  await getService(strapi, 'scheduler').stop();
  await getService(strapi, 'generator').stop();
  await getService(strapi, 'indexnow').stop();
  await getService(strapi, 'health-check').stop();
  getService(strapi, 'direct-serving').uninstall();
};
