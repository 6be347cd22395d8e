/**
 * What the dashboard shows: the live files, counts, validation findings, recent runs, robots.txt lines,
 * whether runs keep failing, and the admin settings that runs leave out because they no longer validate.
 */
import type { Core } from '@strapi/strapi';
import type { StatusResponse } from '../core/api-types';
import type { StoredFile } from './file-store';
import { FEED_NAME, INDEX_NAME, INDEXNOW_KEY_NAME } from '../core/file-names';
import { hostIndexes } from '../core/host-indexes';
import { getService } from '../utils/get-service';
import { displayNameOf } from '../utils/display-name';

export default ({ strapi }: { strapi: Core.Strapi }) => ({
  /** Everything but the run in progress, which only the generator knows (the controller adds it). */
  async status(): Promise<Omit<StatusResponse, 'running'>> {
    const { settings, sources } = await getService(strapi, 'settings').get();
    // Read now rather than from the last run: a fixed setting stops being reported at once.
    const plan = await getService(strapi, 'settings').plan({ fresh: true });
    const base = plan.publicUrl;
    const live = await getService(strapi, 'file-store').listLive();
    const lastFull = await getService(strapi, 'runs').lastFullSuccess();
    const pendingChanges: number = await getService(strapi, 'dirty-marks').count();
    const failing = await getService(strapi, 'runs').failing();
    const counts: Record<string, Record<string, number>> = {};
    const extras: StatusResponse['extras'] = {};
    const extrasOf = (type: string) => (extras[type] ??= { images: 0, videos: 0, news: 0 });
    for (const file of live) {
      const type = file.contentType ?? 'custom';
      if (file.format === 'news') extrasOf(type).news += file.urlCount ?? 0;
      if (file.format !== 'urlset') continue;
      const typeCounts = (counts[type] ??= {});
      for (const [locale, count] of Object.entries(file.localeCounts ?? {}))
        typeCounts[locale] = (typeCounts[locale] ?? 0) + count;
      if (file.imageCount) extrasOf(type).images += file.imageCount;
      if (file.videoCount) extrasOf(type).videos += file.videoCount;
    }
    const index = live.find((file) => file.name === INDEX_NAME);
    const describe = (file: StoredFile) => ({
      name: file.name,
      url: `${base}/${file.name}`,
      format: file.format,
      contentType: file.contentType,
      urlCount: file.urlCount,
      byteSize: file.byteSize,
      compressedSize: file.compressedSize,
      lastmod: file.lastmod,
      generatedAt: file.createdAt,
      share:
        file.urlCount === null
          ? null
          : {
              urls: file.urlCount / settings.limits.urlsPerFile,
              bytes: file.byteSize / settings.limits.bytesPerFile,
            },
    });
    return {
      index: index ? describe(index) : null,
      files: live
        .filter((file) => file.format === 'urlset' || file.format === 'news')
        .map(describe),
      textFiles: live.filter((file) => file.format === 'text').map(describe),
      totals: {
        urls: live
          .filter((file) => file.format === 'urlset')
          .reduce((sum, file) => sum + (file.urlCount ?? 0), 0),
        files: live.filter((file) => file.format === 'urlset').length,
        bytes: live
          .filter((file) => file.format === 'urlset')
          .reduce((sum, file) => sum + file.byteSize, 0),
      },
      counts,
      extras,
      // Findings of the last full run; incremental runs only see the files they rewrite.
      validation: lastFull?.report?.validation ?? { counts: {}, samples: [] },
      nextScheduledRun: getService(strapi, 'scheduler').status().nextRunAt,
      pendingChanges,
      // The worker retries only pending changes; without any, the next schedule or change runs again.
      failing: failing
        ? { ...failing, retryAt: pendingChanges > 0 ? failing.retryAt : null }
        : null,
      settingWarnings: plan.skipped,
      runs: await getService(strapi, 'runs').recent(10),
      robots: index ? [`Sitemap: ${base}/${INDEX_NAME}`] : [],
      typeNames: Object.fromEntries(
        Object.keys(counts).map((uid) => [uid, displayNameOf(strapi, uid)])
      ),
      history: (await getService(strapi, 'runs').recent(30))
        .filter((run: any) => run.status !== 'running' && run.durationMs !== null)
        .reverse()
        .map((run: any) => ({
          id: run.id,
          startedAt: new Date(run.startedAt).toISOString(),
          durationMs: Number(run.durationMs),
          urlCount: Number(run.urlCount ?? 0),
          full: run.report?.scope === 'full',
          status: run.status,
        })),
      runningEstimate: lastFull?.urlCount ?? null,
      feedRobots: live.some((file) => file.name === FEED_NAME)
        ? `Sitemap: ${base}/${FEED_NAME}`
        : null,
      visitorMap: live.some((file) => file.format === 'visitors')
        ? {
            html: `${base}/plan.html`,
            json: `${base}/plan.json`,
            links: live
              .filter((file) => file.format === 'visitors')
              .reduce((sum, file) => sum + Number(file.urlCount ?? 0), 0),
          }
        : null,
      indexNow: settings.indexNow
        ? {
            keyUrl: `${base}/${INDEXNOW_KEY_NAME}`,
            pushes: await getService(strapi, 'indexnow').recent(),
          }
        : null,
      // With locales on their own hosts: each front end's robots.txt names only its own files.
      hostRobots: hostIndexes(plan.settings)
        .filter(({ name }) => live.some((file) => file.name === name))
        .map(({ origin, name }) => ({ origin, line: `Sitemap: ${base}/${name}` })),
      hostname: settings.hostname,
      cron: settings.cron,
      mappedTypes: Object.keys(settings.contentTypes ?? {}).length,
      sources,
    };
  },
});
