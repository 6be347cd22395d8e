/**
 * What the dashboard shows: the live files, counts, validation findings, recent runs, robots.txt lines,
 * whether runs keep failing, and the admin settings that runs leave out because they no longer validate.
 * This reads; core/views/dashboard-sections builds each section (one per card of the admin's page).
 */
import type { Core } from '@strapi/strapi';
import type { StatusResponse } from '../../../../shared/api-types';
import { indexNowKeyName } from '../../core/feeds/indexnow-protocol';
import {
  countsSection,
  filesSection,
  findingsShown,
  robotsSection,
  runsSection,
  sitesSection,
  visitorMapSection,
  type RunRow,
} from '../../core/views/dashboard-sections';
import { getService } from '../../utils/get-service';
import { displayNameOf } from '../../utils/display-name';

export default ({ strapi }: { strapi: Core.Strapi }) => ({
  /**
   * Everything but the run in progress, which only the generator knows (the controller adds it).
   * What shows a type's entries (its files, URL counts, findings) is shown only for the types
   * `canRead` allows; custom URLs are everyone's.
   */
  async status(
    canRead: (uid: string) => boolean = () => true
  ): Promise<Omit<StatusResponse, 'running'>> {
    const shown = (uid: string | null | undefined) => !uid || uid === 'custom' || canRead(uid);
    const { settings, sources } = await getService(strapi, 'settings').get();
    // Read now rather than from the last run: a fixed setting stops being reported at once.
    const plan = await getService(strapi, 'settings').plan({ fresh: true });
    const base = plan.publicUrl;
    const allFiles = await getService(strapi, 'file-store').listLive();
    const shownFiles = allFiles.filter((file) => shown(file.contentType));
    const runs = getService(strapi, 'runs');
    const lastFull = await runs.lastFullSuccess();
    const pendingChanges: number = await getService(strapi, 'dirty-marks').count();
    const failing = await runs.failing();
    const counted = countsSection(shownFiles, plan.extensions);
    const sites = sitesSection(allFiles, base, plan.settings, plan.groupKey, (uid) => shown(uid));
    const named = new Set([
      ...Object.keys(counted.counts),
      ...sites.sites.flatMap((site) => site.types),
    ]);
    return {
      ...filesSection(shownFiles, allFiles, base, settings.limits),
      ...counted,
      typeNames: Object.fromEntries([...named].map((uid) => [uid, displayNameOf(strapi, uid)])),
      // Findings of the last full run; incremental runs only see the files they rewrite.
      validation: findingsShown(lastFull?.report?.validation, shown),
      nextScheduledRun: getService(strapi, 'scheduler').status().nextRunAt,
      pendingChanges,
      // The worker retries only pending changes; without any, the next schedule or change runs again.
      failing: failing
        ? { ...failing, retryAt: pendingChanges > 0 ? failing.retryAt : null }
        : null,
      settingWarnings: plan.skipped,
      ...runsSection(
        (await runs.recent(10)) as RunRow[],
        (await runs.recent(30)) as RunRow[],
        lastFull?.urlCount ?? null,
        shown
      ),
      ...robotsSection(
        allFiles,
        base,
        plan.settings,
        getService(strapi, 'settings').externalSitemaps()
      ),
      ...visitorMapSection(allFiles, base),
      ...sites,
      indexNow: settings.indexNow
        ? {
            keyUrl: `${base}/${indexNowKeyName(settings.indexNow.key)}`,
            pushes: await getService(strapi, 'indexnow').recent(),
          }
        : null,
      hostname: settings.hostname,
      cron: settings.cron,
      mappedTypes: Object.keys(settings.contentTypes ?? {}).length,
      sources,
    };
  },
});
