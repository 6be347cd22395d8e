import type { Core } from '@strapi/strapi';
import { getService } from './utils/get-service';

/** Stops recording changes, the schedule and the worker, and waits for whatever still uses the database. */
export default async ({ strapi }: { strapi: Core.Strapi }) => {
  getService(strapi, 'generator').requestStop();
  await getService(strapi, 'change-feed').stop();
  await getService(strapi, 'scheduler').stop();
  await getService(strapi, 'generator').stop();
  await getService(strapi, 'indexnow').stop();
  await getService(strapi, 'health-check').stop();
};
