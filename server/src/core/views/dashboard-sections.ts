/**
 * The dashboard's status, section by section (one per card of the admin's dashboard): each builds
 * its part from plain data the dashboard service reads (the live files, the runs, the plan). Pure.
 */
import type { RunSummary, StatusResponse } from '../../../../shared/api-types';
import type { ValidationSummary } from '../../../../shared/rules';
import type { FileLimits, SitemapSettings } from '../../../../shared/types';
import { zeroCounts } from '../extensions';
import type { UrlExtension } from '../extensions/extension';
import { FEED_NAME, INDEX_NAME, feedNameOf, textName, typeGroup } from '../files/file-names';
import { hostIndexes } from '../files/host-indexes';
import { eachSite, hostsOf, siteOfOrigin } from '../files/file-layout';
import { listingOfKey } from '../visitors/listing';

/** What the sections read of a live file (a row of the file store). */
export interface LiveFile {
  name: string;
  format: string;
  groupKey: string | null;
  contentType: string | null;
  urlCount: number | null;
  byteSize: number;
  compressedSize: number;
  lastmod: string | null;
  createdAt: string | Date;
  localeCounts: Record<string, number> | null;
  counts: Record<string, number> | null;
  /** Stored by versions before `counts`. */
  imageCount: number | null;
  videoCount: number | null;
}

/** A run row as the sections read it (the runs table has more: they are left out). */
export type RunRow = RunSummary;

const isListed = (file: LiveFile) => file.format === 'urlset' || file.format === 'news';

/** The files and their share of the limits; the totals are the whole set's, as the index lists it. */
export function filesSection(
  shownFiles: LiveFile[],
  allFiles: LiveFile[],
  base: string,
  limits: FileLimits
): Pick<StatusResponse, 'index' | 'files' | 'textFiles' | 'totals'> {
  const describe = (file: LiveFile) => ({
    name: file.name,
    url: `${base}/${file.name}`,
    format: file.format as StatusResponse['files'][number]['format'],
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
            urls: file.urlCount / limits.urlsPerFile,
            bytes: file.byteSize / limits.bytesPerFile,
          },
  });
  const index = allFiles.find((file) => file.name === INDEX_NAME);
  const urlsets = allFiles.filter((file) => file.format === 'urlset');
  return {
    index: index ? describe(index) : null,
    files: shownFiles.filter(isListed).map(describe),
    textFiles: shownFiles
      .filter((file) => file.format === 'urlset')
      .map((file) => ({
        name: textName(file.name),
        url: `${base}/${textName(file.name)}`,
        contentType: file.contentType,
        urlCount: file.urlCount,
        generatedAt: file.createdAt,
      })),
    totals: {
      urls: urlsets.reduce((sum, file) => sum + (file.urlCount ?? 0), 0),
      files: urlsets.length,
      bytes: urlsets.reduce((sum, file) => sum + file.byteSize, 0),
    },
  };
}

/** What the URL extensions counted in a urlset or news file; rows from before `counts` had two columns. */
export function extensionCounts(file: LiveFile): Record<string, number> {
  if (!isListed(file)) return {};
  if (file.counts) return file.counts;
  if (file.format === 'news') return { news: file.urlCount ?? 0 };
  return { images: file.imageCount ?? 0, videos: file.videoCount ?? 0 };
}

/** URLs per type and locale, and per type what the extensions count (types that count any). */
export function countsSection(
  shownFiles: LiveFile[],
  extensions: readonly UrlExtension[]
): Pick<StatusResponse, 'counts' | 'extras'> {
  const counts: StatusResponse['counts'] = {};
  const extras: StatusResponse['extras'] = {};
  const zero = zeroCounts(extensions);
  for (const file of shownFiles) {
    const type = file.contentType ?? 'custom';
    for (const [key, count] of Object.entries(extensionCounts(file)))
      if (count > 0) {
        const typeExtras = (extras[type] ??= { ...zero });
        typeExtras[key] = (typeExtras[key] ?? 0) + count;
      }
    if (file.format !== 'urlset') continue;
    const typeCounts = (counts[type] ??= {});
    for (const [locale, count] of Object.entries(file.localeCounts ?? {}))
      typeCounts[locale] = (typeCounts[locale] ?? 0) + count;
  }
  return { counts, extras };
}

/**
 * The robots.txt lines: the index's, each host's own index's, and the feed's; an external sitemap
 * (config file) is named too, in the lines of its own host, where search engines accept it.
 */
export function robotsSection(
  allFiles: LiveFile[],
  base: string,
  settings: SitemapSettings,
  external: Array<{ loc: string; origin: string }> = []
): Pick<StatusResponse, 'robots' | 'hostRobots' | 'feedRobots'> {
  const has = (name: string) => allFiles.some((file) => file.name === name);
  // A site's feed goes in the robots.txt of its main host (the main site's is `feedRobots`).
  const siteFeedLines = (origin: string) => {
    const site = siteOfOrigin(origin, settings);
    const name = site === null ? null : feedNameOf(site);
    return name && settings.sites![site!].hostname === origin && has(name)
      ? [`Sitemap: ${base}/${name}`]
      : [];
  };
  const externalLines = (origin?: string) =>
    external
      .filter((sitemap) => origin === undefined || sitemap.origin === origin)
      .map(({ loc }) => `Sitemap: ${loc}`);
  return {
    robots: has(INDEX_NAME) ? [`Sitemap: ${base}/${INDEX_NAME}`, ...externalLines()] : [],
    // With locales on their own hosts: each front end's robots.txt names only its own files.
    hostRobots: hostIndexes(settings)
      .filter(({ name }) => has(name))
      .map(({ origin, name }) => ({
        origin,
        lines: [`Sitemap: ${base}/${name}`, ...siteFeedLines(origin), ...externalLines(origin)],
      })),
    feedRobots: has(FEED_NAME) ? `Sitemap: ${base}/${FEED_NAME}` : null,
  };
}

/** The site map for visitors, when a run wrote its chunks: its addresses and how many pages. */
export function visitorMapSection(
  allFiles: LiveFile[],
  base: string
): Pick<StatusResponse, 'visitorMap'> {
  const chunks = allFiles.filter((file) => file.format === 'visitors');
  if (chunks.length === 0) return { visitorMap: null };
  return {
    visitorMap: {
      html: `${base}/plan.html`,
      json: `${base}/plan.json`,
      links: chunks.reduce((sum, file) => sum + Number(file.urlCount ?? 0), 0),
    },
  };
}

/** The findings whose entries the caller may see: counts stay whole, samples of other types go. */
export function findingsShown(
  validation: ValidationSummary | undefined,
  shown: (uid: string | undefined) => boolean
): ValidationSummary {
  if (!validation) return { counts: {}, samples: [] };
  return {
    counts: validation.counts,
    samples: validation.samples.filter((sample) => shown(sample.contentType)),
  };
}

/**
 * A run as the dashboard lists it: its report's scope, setting warnings and URL changes (counts
 * whole, sample URLs of the types the caller may read), never its findings.
 */
const runSummary = (run: RunRow, shown: (uid: string | null) => boolean): RunSummary => ({
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
    ? {
        scope: run.report.scope,
        settingWarnings: run.report.settingWarnings,
        changes: run.report.changes && {
          counts: run.report.changes.counts,
          samples: run.report.changes.samples.filter((sample) => shown(sample.contentType)),
        },
      }
    : null,
});

/** The last runs listed, the history charted (finished runs, oldest first), the running estimate. */
export function runsSection(
  recent: RunRow[],
  history: RunRow[],
  lastFullUrlCount: number | null,
  shown: (uid: string | null) => boolean
): Pick<StatusResponse, 'runs' | 'history' | 'runningEstimate'> {
  return {
    runs: recent.map((run) => runSummary(run, shown)),
    history: history
      .filter((run) => run.status !== 'running' && run.durationMs !== null)
      .reverse()
      .map((run) => ({
        id: run.id,
        startedAt: new Date(run.startedAt).toISOString(),
        durationMs: Number(run.durationMs),
        urlCount: Number(run.urlCount ?? 0),
        full: run.report?.scope === 'full',
        status: run.status,
      })),
    runningEstimate: lastFullUrlCount,
  };
}

/**
 * With several sites, one line per site (the main one first, named null): its hosts, the types it
 * lists (those the caller may read), its URLs and files, its feed and visitors' site map. Empty
 * without `sites`. `groupKey` is the plan's: which file series a type's URLs on a host are.
 */
export function sitesSection(
  allFiles: LiveFile[],
  base: string,
  settings: SitemapSettings,
  groupKey: (base: string, origin: string) => string,
  shown: (uid: string) => boolean
): Pick<StatusResponse, 'sites'> {
  if (!settings.sites || Object.keys(settings.sites).length === 0) return { sites: [] };
  const named = new Set(
    Object.values(settings.sites).flatMap((site) => Object.keys(site.contentTypes))
  );
  const sites = eachSite({ ...settings, hostnames: settings.hostnames ?? {} }).map((site) => ({
    ...site,
    types:
      site.name === null
        ? Object.keys(settings.contentTypes).filter((uid) => !named.has(uid))
        : Object.keys(settings.sites![site.name].contentTypes),
  }));
  const has = (name: string) => allFiles.some((file) => file.name === name);
  return {
    sites: sites.map(({ name, hosts, types }) => {
      const origins = hostsOf(hosts);
      const groups = new Set(
        types.flatMap((uid) => origins.map((origin) => groupKey(typeGroup(uid), origin)))
      );
      // The main site also holds the custom URLs.
      if (name === null) for (const origin of origins) groups.add(groupKey('custom', origin));
      const urlsets = allFiles.filter(
        (file) => file.format === 'urlset' && groups.has(file.groupKey ?? '')
      );
      const feed = feedNameOf(name);
      const listed = allFiles.some(
        (file) =>
          file.format === 'visitors-directory' &&
          (listingOfKey(file.groupKey ?? '').site ?? null) === name
      );
      const query = name === null ? '' : `?site=${name}`;
      return {
        name,
        hostname: hosts.hostname,
        hostnames: hosts.hostnames,
        types: types.filter(shown),
        urls: urlsets.reduce((sum, file) => sum + (file.urlCount ?? 0), 0),
        files: urlsets.length,
        feed: has(feed) ? `${base}/${feed}` : null,
        visitorMap: listed
          ? { html: `${base}/plan.html${query}`, json: `${base}/plan.json${query}` }
          : null,
      };
    }),
  };
}
