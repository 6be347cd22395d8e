/**
 * The IndexNow output: once a run's files are live, the URLs it added, changed and removed (compared
 * by the urlsets with the live files they replace, core/urls/url-changes) are pushed in the background.
 */
import { getService } from '../../../utils/get-service';
import type { Run } from '../run-state';
import type { RunOutput } from './output';

export function indexNowOutput(run: Run): RunOutput | null {
  const settings = run.plan.settings.indexNow;
  if (!settings) return null;
  return {
    name: 'indexnow',
    readsUrlChanges: true,
    switched() {
      // The first set is a listing, not a change: nothing is compared then (run.changes is null).
      const { changes } = run;
      if (!changes) return;
      const urls = changes.urls();
      if (changes.total > urls.length)
        run.strapi.log.info(
          `[sitemap] run ${run.id} changed ${changes.total} URLs: IndexNow is told of the first ${urls.length}`
        );
      getService(run.strapi, 'indexnow').push(settings, urls);
    },
  };
}
