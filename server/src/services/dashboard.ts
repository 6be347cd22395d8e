/**
 * What the dashboard shows: the live files, counts, validation findings, recent runs, robots.txt lines,
 * whether runs keep failing, and the admin settings that runs leave out because they no longer validate.
 */
import type { Core } from '@strapi/strapi';
import type { RunSummary, StatusResponse } from '../core/api-types';
import type { ValidationSummary } from '../core/validation';
import type { StoredFile } from './file-store';
import { FEED_NAME, INDEX_NAME } from '../core/file-names';
import { indexNowKeyName } from '../core/indexnow';
import { hostIndexes } from '../core/host-indexes';
import { getService } from '../utils/get-service';
import { displayNameOf } from '../utils/display-name';

/** The findings whose entries the caller may see: counts stay whole, samples of other types go. */
function findingsShown(
  validation: ValidationSummary | undefined,
  shown: (uid: string | undefined) => boolean
): ValidationSummary {
  if (!validation) return { counts: {}, samples: [] };
  return {
    counts: validation.counts,
    samples: validation.samples.filter((sample) => shown(sample.contentType)),
  };
}

/** A run as the dashboard lists it: the findings of its report (entries) only for the last full run, filtered. */
const runSummary = (run: RunSummary): RunSummary => ({
  id: run.id,
  trigger: run.trigger,
  status: run.status,
  startedAt: run.startedAt,
  finishedAt: run.finishedAt,
  durationMs: run.durationMs,
  filesWritten: run.filesWritten,
  urlCount: run.urlCount,
  error: run.error,
  report: run.report
    ? { scope: run.report.scope, settingWarnings: run.report.settingWarnings }
    : null,
});

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
    const allLive = await getService(strapi, 'file-store').listLive();
    const live = allLive.filter((file) => shown(file.contentType));
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
    const index = allLive.find((file) => file.name === INDEX_NAME);
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
      // The whole set, as the index lists it.
      totals: {
        urls: allLive
          .filter((file) => file.format === 'urlset')
          .reduce((sum, file) => sum + (file.urlCount ?? 0), 0),
        files: allLive.filter((file) => file.format === 'urlset').length,
        bytes: allLive
          .filter((file) => file.format === 'urlset')
          .reduce((sum, file) => sum + file.byteSize, 0),
      },
      counts,
      extras,
      // Findings of the last full run; incremental runs only see the files they rewrite.
      validation: findingsShown(lastFull?.report?.validation, shown),
      nextScheduledRun: getService(strapi, 'scheduler').status().nextRunAt,
      pendingChanges,
      // The worker retries only pending changes; without any, the next schedule or change runs again.
      failing: failing
        ? { ...failing, retryAt: pendingChanges > 0 ? failing.retryAt : null }
        : null,
      settingWarnings: plan.skipped,
      runs: (await getService(strapi, 'runs').recent(10)).map(runSummary),
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
      feedRobots: allLive.some((file) => file.name === FEED_NAME)
        ? `Sitemap: ${base}/${FEED_NAME}`
        : null,
      visitorMap: allLive.some((file) => file.format === 'visitors')
        ? {
            html: `${base}/plan.html`,
            json: `${base}/plan.json`,
            links: allLive
              .filter((file) => file.format === 'visitors')
              .reduce((sum, file) => sum + Number(file.urlCount ?? 0), 0),
          }
        : null,
      indexNow: settings.indexNow
        ? {
            keyUrl: `${base}/${indexNowKeyName(settings.indexNow.key)}`,
            pushes: await getService(strapi, 'indexnow').recent(),
          }
        : null,
      // With locales on their own hosts: each front end's robots.txt names only its own files.
      hostRobots: hostIndexes(plan.settings)
        .filter(({ name }) => allLive.some((file) => file.name === name))
        .map(({ origin, name }) => ({ origin, line: `Sitemap: ${base}/${name}` })),
      hostname: settings.hostname,
      cron: settings.cron,
      mappedTypes: Object.keys(settings.contentTypes ?? {}).length,
      sources,
    };
  },
});
