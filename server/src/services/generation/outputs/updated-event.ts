/**
 * The `sitemap.updated` output: once a run's files are live, the event goes to Strapi's event hub,
 * where Strapi's webhook runner sends it to the webhooks subscribed to it (as it sends `entry.publish`)
 * and any other listener hears it. A full run compares its URLs with the live files only when a
 * webhook listens: that reads back every live file.
 */
import type { Core } from '@strapi/strapi';
import { WEBHOOK_EVENT } from '../../../../../shared/ids';
import { updatedEvent } from '../../../core/urls/updated-event';
import type { Run } from '../run-state';
import type { RunOutput } from './output';

/** Whether an enabled webhook subscribes to the event. */
export async function webhooksListening(strapi: Core.Strapi): Promise<boolean> {
  const webhooks = (await strapi.get('webhookStore').findWebhooks()) as Array<{
    isEnabled: boolean;
    events: string[];
  }>;
  return webhooks.some((hook) => hook.isEnabled && hook.events.includes(WEBHOOK_EVENT.name));
}

export async function updatedEventOutput(run: Run): Promise<RunOutput> {
  const listened = await webhooksListening(run.strapi);
  return {
    name: WEBHOOK_EVENT.name,
    readsUrlChanges: listened,
    switched(retired) {
      const event = updatedEvent({
        id: run.id,
        trigger: run.trigger,
        scope: run.scope.kind,
        base: run.plan.publicUrl,
        rewritten: run.files.rewritten,
        replaced: retired,
        changes: run.changes,
      });
      // Strapi's event hub awaits each listener: one a site adds that throws must not become an
      // unhandled rejection (which stops Node), nor touch the run, which has succeeded.
      if (event)
        run.strapi.eventHub
          .emit(WEBHOOK_EVENT.name, event)
          .catch((error: Error) =>
            run.strapi.log.warn(
              `[sitemap] a ${WEBHOOK_EVENT.name} listener failed: ${error.message}`
            )
          );
    },
  };
}
