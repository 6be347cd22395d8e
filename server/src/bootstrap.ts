import type { Core } from '@strapi/strapi';
import { INDEX_NAME } from './core/files/file-names';
import { getService } from './utils/get-service';
import { WEBHOOK_EVENT } from '../../shared/ids';

export default async ({ strapi }: { strapi: Core.Strapi }) => {
  // Lets Strapi's webhooks subscribe to the event each run emits once live (outputs/updated-event).
  strapi.get('webhookStore').addAllowedEvent(WEBHOOK_EVENT.key, WEBHOOK_EVENT.name);
  await getService(strapi, 'lease').ensureRow();
  // Runs left 'running' by an instance that died: only when no live instance holds the lease.
  if (await getService(strapi, 'lease').isFree())
    await getService(strapi, 'runs').closeInterrupted();
  await getService(strapi, 'scheduler').start();
  getService(strapi, 'health-check').schedule();
  getService(strapi, 'media-changes').watch();
  getService(strapi, 'direct-serving').installIfAsked();
  if (!(await getService(strapi, 'file-store').findLive(INDEX_NAME)))
    getService(strapi, 'scheduler').firstRun();
};
