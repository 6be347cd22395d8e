import type { Core } from '@strapi/strapi';
import { INDEX_NAME } from './services/generation/context';
import { PLUGIN_ID } from './uids';

export default async ({ strapi }: { strapi: Core.Strapi }) => {
  const plugin = strapi.plugin(PLUGIN_ID);
  await plugin.service('lease').ensureRow();
  // Runs left 'running' by an instance that died: only when no live instance holds the lease.
  if (await plugin.service('lease').isFree()) await plugin.service('runs').closeInterrupted();
  await plugin.service('scheduler').start();
  // A fresh install gets its first sitemap in the background: startup does not wait for it.
  if (!(await plugin.service('file-store').findLive(INDEX_NAME))) {
    setImmediate(() => {
      plugin
        .service('generator')
        .generate('startup')
        .catch((error: Error) => strapi.log.error(`[sitemap] first generation failed: ${error.message}`));
    });
  }
};
