import type { Core } from '@strapi/strapi';
import { PLUGIN_ID } from './uids';

export default async ({ strapi }: { strapi: Core.Strapi }) => {
  await strapi.plugin(PLUGIN_ID).service('scheduler').stop();
  await strapi.plugin(PLUGIN_ID).service('generator').stop();
};
