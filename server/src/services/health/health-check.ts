/**
 * The health check of listed URLs (config/plugins `healthCheck`, opt-in): fetches a random sample
 * of the URLs the live files list (or every one, on demand, for a site small enough) from the front
 * end, as a crawler would, and keeps what it finds at fault (core/health/page-verdict) with the
 * entry each comes from, for the dashboard. Never on an editor's path: it runs on its schedule or
 * when asked, in the background, one instance at a time under a lease of its own (so it never
 * holds up a run), one request at a time at `perSecond`, with its own user agent.
 *
 * Where it may go: only to the hosts the settings give (the hostname, the locales' and the sites');
 * a host an admin set (saved in the admin, not in config/plugins) must resolve to public addresses
 * (utils/guarded-request), so editing the hostname cannot turn the check into a scanner of the
 * internal network; redirects are reported, never followed.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { Core } from '@strapi/strapi';
import cron, { type ScheduledTask } from 'node-cron';
import { allOrigins, hostsOf } from '../../core/files/file-layout';
import { blockIndexName } from '../../core/files/file-names';
import { urlsetText } from '../../core/files/urlset-text';
import type { BlockIndexEntry } from '../../core/files/urlset-writer';
import { judgePage } from '../../core/health/page-verdict';
import { listedUrlsAt } from '../../core/health/listed-urls';
import { samplePositions } from '../../core/health/sample';
import type { HealthCheckOptions } from '../../core/health/health-options';
import { MAX_HEALTH_FAULTS, type HealthFault, type HealthReport } from '../../../../shared/health';
import type { SitemapSettings } from '../../../../shared/types';
import type { SettingSource } from '../../../../shared/api-types';
import { guardedRequest, RefusedAddressError } from '../../utils/guarded-request';
import { getService } from '../../utils/get-service';
import { HEALTH_LEASE_NAME } from '../store/lease';
import { PLUGIN_ID } from '../../uids';
import type { StoredFile } from '../store/file-store';

const REPORT_KEY = 'health-check';
/** A page's head is at its start: the rest of a page is not downloaded. */
const BODY_BYTES = 256 * 1024;

export class HealthCheckRefused extends Error {}

const OFF = 'the health check is off (healthCheck in config/plugins)';

/** The origins whose address comes from config/plugins: the site owner's code may name any host. */
function trustedOrigins(
  settings: SitemapSettings,
  sources: Partial<Record<string, SettingSource>>
): Set<string> {
  const fromFile = [
    ...(sources.hostname === 'config' ? [settings.hostname] : []),
    ...(sources.hostnames === 'config' ? Object.values(settings.hostnames ?? {}) : []),
    ...(sources.sites === 'config'
      ? Object.values(settings.sites ?? {}).flatMap((site) => hostsOf(site))
      : []),
  ];
  return new Set(fromFile.map((origin) => new URL(origin).origin));
}

/** The live urlsets, and how many URLs they list. */
function listedFiles(live: StoredFile[]) {
  const urlsets = live.filter((file) => file.format === 'urlset' && (file.urlCount ?? 0) > 0);
  return { urlsets, total: urlsets.reduce((sum, file) => sum + (file.urlCount ?? 0), 0) };
}

/** "Check every URL" only for a site small enough: a sample otherwise. */
function assertCheckAll(options: HealthCheckOptions, total: number) {
  if (total > options.checkAllUpTo)
    throw new HealthCheckRefused(
      `the site lists ${total} URLs, more than checkAllUpTo (${options.checkAllUpTo}): check a sample`
    );
}

export default ({ strapi }: { strapi: Core.Strapi }) => {
  const store = () => strapi.store({ type: 'plugin', name: PLUGIN_ID });
  let task: ScheduledTask | null = null;
  let stopping = false;
  let running: Promise<unknown> | null = null;

  const save = (report: HealthReport) => store().set({ key: REPORT_KEY, value: report });

  /** Fetches each URL in turn at the options' pace; returns what the check found. */
  async function fetchAll(
    options: HealthCheckOptions,
    urls: Array<{
      url: string;
      contentType: string | null;
      documentId: string | null;
      locale: string | null;
    }>,
    origins: Set<string>,
    trusted: Set<string>,
    report: HealthReport,
    lost: () => boolean
  ) {
    const gap = 1000 / options.perSecond;
    let next = Date.now();
    for (const listed of urls) {
      if (stopping || lost()) throw new Error('stopped before the end');
      let origin: string;
      try {
        origin = new URL(listed.url).origin;
      } catch {
        origin = '';
      }
      if (!origins.has(origin)) {
        report.skipped++;
        continue;
      }
      await sleep(Math.max(0, next - Date.now()));
      next = Date.now() + gap;
      report.checked++;
      let fault: Omit<HealthFault, 'url' | 'contentType' | 'documentId' | 'locale'> | null = null;
      try {
        const answer = await guardedRequest(listed.url, {
          method: 'GET',
          headers: {
            'User-Agent': options.userAgent,
            Accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.5',
          },
          trusted: trusted.has(origin),
          timeoutMs: options.timeoutMs,
          maxBody: BODY_BYTES,
        });
        const verdict = judgePage(listed.url, answer);
        if (verdict.problem) fault = { problem: verdict.problem, detail: verdict.detail };
      } catch (error) {
        fault =
          error instanceof RefusedAddressError
            ? { problem: 'refused', detail: error.message }
            : { problem: 'unreachable', detail: (error as Error).message.slice(0, 200) };
      }
      if (fault) {
        report.faultCount++;
        if (report.faults.length < MAX_HEALTH_FAULTS) report.faults.push({ ...listed, ...fault });
      }
    }
  }

  /** The URLs a check fetches, from the live files: a sample, or all of them. */
  async function chooseUrls(options: HealthCheckOptions, all: boolean) {
    const fileStore = getService(strapi, 'file-store');
    const live = (await fileStore.listLive()) as StoredFile[];
    const { urlsets, total } = listedFiles(live);
    if (all) assertCheckAll(options, total);
    const byName = new Map(live.map((file) => [file.name, file]));
    const positions = samplePositions(
      urlsets.map((file) => ({ name: file.name, urlCount: file.urlCount ?? 0 })),
      all ? total : options.sample
    );
    const urls = [];
    for (const [name, at] of positions) {
      const file = byName.get(name)!;
      const blocks = byName.get(blockIndexName(name));
      if (!blocks) continue;
      const index = JSON.parse(await fileStore.readText(blocks)) as BlockIndexEntry[];
      for (const listed of listedUrlsAt(
        urlsetText(await fileStore.readText(file)),
        index,
        at,
        !file.contentType
      ))
        urls.push({ ...listed, contentType: file.contentType ?? null });
    }
    // In random order: a sample of a site is not read file by file by its crawler either.
    return urls.sort(() => Math.random() - 0.5);
  }

  async function check(all: boolean): Promise<HealthReport | null> {
    const options = getService(strapi, 'settings').healthCheck();
    if (!options) throw new HealthCheckRefused(OFF);
    return getService(strapi, 'lease').hold(
      async (hold) => {
        const { settings, sources } = await getService(strapi, 'settings').get();
        const report: HealthReport = {
          startedAt: new Date().toISOString(),
          finishedAt: null,
          all,
          checked: 0,
          skipped: 0,
          faults: [],
          faultCount: 0,
        };
        try {
          const urls = await chooseUrls(options, all);
          await save(report);
          const origins = new Set(
            allOrigins({ ...settings, hostnames: settings.hostnames ?? {} }).map(
              (origin) => new URL(origin).origin
            )
          );
          await fetchAll(
            options,
            urls,
            origins,
            trustedOrigins(settings, sources),
            report,
            () => hold.lost
          );
        } catch (error) {
          if (error instanceof HealthCheckRefused) throw error;
          report.error = (error as Error).message;
        }
        report.finishedAt = new Date().toISOString();
        await save(report);
        return report;
      },
      { name: HEALTH_LEASE_NAME }
    );
  }

  /**
   * Starts a check in the background (a sample, or every URL when `all`); refuses at once when
   * the check is off, one is running here, or `all` is asked of a site too large.
   */
  async function start(all = false): Promise<void> {
    const options = getService(strapi, 'settings').healthCheck();
    if (!options) throw new HealthCheckRefused(OFF);
    if (running) throw new HealthCheckRefused('a check is running');
    if (all) {
      const live = (await getService(strapi, 'file-store').listLive()) as StoredFile[];
      assertCheckAll(options, listedFiles(live).total);
    }
    running = check(all)
      .catch((error: Error) =>
        strapi.log.warn(`[sitemap] the health check failed: ${error.message}`)
      )
      .finally(() => (running = null));
  }

  return {
    start,

    /** Runs a check and waits for it (tests, scripts); null when another instance is checking. */
    run: (all = false) => check(all),

    /** The last check, or null; with whether one is running in this process. */
    async report(): Promise<{
      report: HealthReport | null;
      running: boolean;
      options: HealthCheckOptions | null;
    }> {
      return {
        report: ((await store().get({ key: REPORT_KEY })) as HealthReport | null) ?? null,
        running: running !== null,
        options: getService(strapi, 'settings').healthCheck(),
      };
    },

    /** The check's schedule, from the config file. */
    schedule() {
      const options = getService(strapi, 'settings').healthCheck();
      if (!options?.cron) return;
      task = cron.schedule(options.cron, () => {
        start(false).catch(() => undefined);
      });
    },

    async stop() {
      stopping = true;
      task?.stop();
      task?.destroy?.();
      task = null;
      await running;
    },
  };
};
