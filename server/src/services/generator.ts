/**
 * Full generation: reads every mapped type by key, writes split files per type (and per front-end
 * host), the index and the stylesheet as a new pending generation, then switches it live at once.
 * A failure anywhere leaves the live set untouched and is recorded in the run report.
 * One run at a time per process; a trigger during a run queues one more run (coalesced).
 */
import type { Core } from '@strapi/strapi';
import { documentUrls, type TypePlan } from '../core/document-urls';
import { formatW3cDateTime } from '../core/lastmod';
import { encodeLiteral, parsePattern } from '../core/pattern';
import { renderSitemapIndex, type IndexEntry } from '../core/sitemap-index';
import type { SitemapSettings, UrlRecord } from '../core/types';
import { UrlHashSet } from '../core/url-hash-set';
import { UrlsetWriter, type WrittenFile } from '../core/urlset-writer';
import { checkLoc, ValidationReport } from '../core/validation';
import { SITEMAP_XSL } from '../core/xsl';
import { readDocuments } from './entry-source';
import type { FileToStore } from './file-store';
import type { RunTrigger } from './runs';
import { PLUGIN_ID } from '../uids';

export interface RunResult {
  runId: number;
  status: 'success' | 'failed';
  urlCount: number;
  filesWritten: number;
  error?: string;
}

interface FileGroup {
  key: string;
  writer: UrlsetWriter;
  seq: number;
  previousEnd: string;
}

export const INDEX_NAME = 'index.xml';
export const XSL_NAME = 'sitemap.xsl';

/** File name stem for a type: `api::article.article` → `article`. */
export const groupStem = (uid: string) => uid.split('.').pop()!.replace(/[^a-z0-9-]/gi, '-').toLowerCase();

export default ({ strapi }: { strapi: Core.Strapi }) => {
  const plugin = () => strapi.plugin(PLUGIN_ID);
  let tail: Promise<unknown> = Promise.resolve();
  let queued: Promise<RunResult> | null = null;
  let stopping = false;
  let current: { trigger: RunTrigger; startedAt: number; urlCount: number } | null = null;

  /** Absolute URL the files are served under (the index's `<loc>`s point there). */
  function publicUrl(settings: SitemapSettings) {
    if (settings.publicUrl) return settings.publicUrl;
    const server = String(strapi.config.get('server.absoluteUrl') ?? '').replace(/\/+$/, '');
    const prefix = String(strapi.config.get('api.rest.prefix') ?? '/api');
    return `${server}${prefix}/${PLUGIN_ID}`;
  }

  async function defaultLocale(settings: SitemapSettings) {
    if (settings.defaultLocale) return settings.defaultLocale;
    const locales = strapi.plugin('i18n')?.service('locales');
    return locales ? ((await locales.getDefaultLocale()) as string) : undefined;
  }

  function buildPlan(uid: string, settings: SitemapSettings, fallbackLocale?: string): TypePlan {
    const typeSettings = settings.contentTypes[uid];
    const contentType = strapi.contentTypes[uid as keyof typeof strapi.contentTypes] as any;
    const localePatterns: TypePlan['localePatterns'] = {};
    for (const [locale, override] of Object.entries(typeSettings.locales ?? {})) localePatterns[locale] = parsePattern(override.pattern);
    return {
      uid,
      localized: Boolean(contentType.pluginOptions?.i18n?.localized),
      pattern: parsePattern(typeSettings.pattern),
      localePatterns,
      hostname: settings.hostname,
      hostnames: settings.hostnames,
      defaultLocale: fallbackLocale,
      priority: typeSettings.priority,
      changefreq: typeSettings.changefreq,
      lastmodField: typeSettings.lastmod === undefined ? 'updatedAt' : typeSettings.lastmod,
    };
  }

  /** `article` for the main host, `article-fr` for the files of a locale served on its own host. */
  function groupKeyFor(stem: string, origin: string, settings: SitemapSettings) {
    if (origin === settings.hostname) return stem;
    const locales = Object.keys(settings.hostnames).filter((locale) => settings.hostnames[locale] === origin).sort();
    return `${stem}-${locales.join('-').toLowerCase()}`;
  }

  async function run(trigger: RunTrigger): Promise<RunResult> {
    const runs = plugin().service('runs');
    const store = plugin().service('file-store');
    const startedAt = Date.now();
    const runRow = await runs.start(trigger);
    const generation = runRow.id as number;
    const report = new ValidationReport();
    const seen = new UrlHashSet();
    const counts: Record<string, Record<string, number>> = {};
    const priorities = new Set<number | undefined>();
    const indexEntries: IndexEntry[] = [];
    const keep: string[] = [];
    let urlCount = 0;
    let filesWritten = 0;
    current = { trigger, startedAt, urlCount: 0 };

    const save = async (file: FileToStore) => {
      const { kept } = await store.savePending(generation, file);
      if (kept) keep.push(file.name);
      else filesWritten++;
    };

    try {
      const settings: SitemapSettings = await plugin().service('settings').resolve();
      const base = publicUrl(settings);
      const xslHref = settings.xsl ? XSL_NAME : undefined;
      const fallbackLocale = await defaultLocale(settings);
      const now = Date.now();

      const flush = async (group: FileGroup, file: WrittenFile, isLast: boolean, contentType?: string) => {
        group.seq++;
        const stem = `${group.key}-${group.seq}`;
        const lastmod = file.lastmodTime === null ? null : formatW3cDateTime(new Date(file.lastmodTime));
        const meta = {
          groupKey: group.key,
          contentType,
          rangeStart: group.previousEnd,
          rangeEnd: isLast ? null : file.lastKey,
          urlCount: file.urlCount,
          lastmod,
        };
        group.previousEnd = file.lastKey;
        await save({ name: `${stem}.xml`, format: 'urlset', content: file.xml, ...meta });
        await save({ name: `${stem}.txt`, format: 'text', content: file.text, ...meta });
        indexEntries.push({ loc: `${base}/${stem}.xml`, lastmod: lastmod ?? undefined });
      };

      const addRecords = async (groups: Map<string, FileGroup>, groupKey: string, key: string, records: UrlRecord[], lastmodTime: number | undefined, contentType?: string) => {
        let group = groups.get(groupKey);
        if (!group) groups.set(groupKey, (group = { key: groupKey, writer: new UrlsetWriter(settings.limits, xslHref), seq: 0, previousEnd: '' }));
        const block = { key, records, lastmodTime };
        const measured = group.writer.measure(block);
        if (!measured.fits) return false;
        const closed = group.writer.add(block, measured);
        if (closed) await flush(group, closed, false, contentType);
        for (const record of records) priorities.add(record.priority);
        urlCount += records.length;
        current!.urlCount = urlCount;
        return true;
      };

      const closeGroups = async (groups: Map<string, FileGroup>, contentType?: string) => {
        for (const group of groups.values()) {
          const last = group.writer.close();
          if (last) await flush(group, last, true, contentType);
        }
      };

      for (const uid of Object.keys(settings.contentTypes).sort()) {
        const plan = buildPlan(uid, settings, fallbackLocale);
        const contentType = strapi.contentTypes[uid as keyof typeof strapi.contentTypes] as any;
        const typeSettings = settings.contentTypes[uid];
        const context = { now, report, seen, excluded: await plugin().service('exclusions').keysFor(uid) };
        const typeCounts: Record<string, number> = (counts[uid] = {});
        const groups = new Map<string, FileGroup>();
        const stem = groupStem(uid);
        const fields = [plan.pattern, ...Object.values(plan.localePatterns)].flatMap((pattern) => pattern.fields);
        for await (const page of readDocuments(strapi, {
          uid,
          fields,
          lastmodField: plan.lastmodField,
          filters: typeSettings.filters,
          localized: plan.localized,
          draftAndPublish: Boolean(contentType.options?.draftAndPublish),
        })) {
          if (stopping) throw new Error('Strapi is shutting down');
          for (const doc of page) {
            for (const block of documentUrls(plan, doc, context)) {
              const added = await addRecords(groups, groupKeyFor(stem, block.origin, settings), doc.documentId, block.records, block.lastmodTime, uid);
              if (!added) {
                report.add({ rule: 'file-limit', contentType: uid, documentId: doc.documentId, url: block.records[0].loc, detail: `${block.records.length} URLs` });
                continue;
              }
              for (const locale of block.locales) typeCounts[locale ?? 'default'] = (typeCounts[locale ?? 'default'] ?? 0) + 1;
            }
          }
        }
        await closeGroups(groups, uid);
      }

      const customGroups = new Map<string, FileGroup>();
      const origins = [settings.hostname, ...Object.values(settings.hostnames)];
      let customCount = 0;
      for (const [index, custom] of settings.customUrls.entries()) {
        const loc = custom.url.startsWith('/') ? settings.hostname + encodeLiteral(custom.url) : custom.url;
        const sample = { contentType: 'custom', documentId: `customUrls[${index}]`, url: loc };
        const origin = origins.find((candidate) => loc.startsWith(`${candidate}/`)) ?? settings.hostname;
        const problem = checkLoc(loc, origin);
        if (problem) {
          report.add({ rule: problem, ...sample });
          continue;
        }
        if (!seen.add(loc)) {
          report.add({ rule: 'url-duplicate', ...sample });
          continue;
        }
        const record: UrlRecord = { loc, lastmod: custom.lastmod, changefreq: custom.changefreq, priority: custom.priority };
        const lastmodTime = custom.lastmod ? Date.parse(custom.lastmod) : undefined; // normalised to W3C by validateSettings
        if (await addRecords(customGroups, groupKeyFor('custom', origin, settings), String(index).padStart(8, '0'), [record], lastmodTime)) customCount++;
        else report.add({ rule: 'file-limit', ...sample });
      }
      await closeGroups(customGroups);
      if (customCount > 0) counts.custom = { default: customCount };

      if (urlCount > 1 && priorities.size === 1 && !priorities.has(undefined)) {
        report.add({ rule: 'priority-uniform', detail: `every URL has priority ${[...priorities][0]}` });
      }

      // An index must list at least one sitemap: with no URL at all, none is served.
      if (indexEntries.length > 0) await save({ name: INDEX_NAME, format: 'index', content: renderSitemapIndex(indexEntries, xslHref) });
      if (settings.xsl) await save({ name: XSL_NAME, format: 'xsl', content: SITEMAP_XSL });

      await store.activate(generation, { all: true, keep });
      const runReport = { counts, validation: report.summary(), files: indexEntries.length };
      await runs.finish(generation, startedAt, { urlCount, filesWritten, report: runReport });
      return { runId: generation, status: 'success', urlCount, filesWritten };
    } catch (error) {
      strapi.log.error(`[sitemap] generation ${generation} failed: ${(error as Error).message}`);
      await store.discard(generation).catch(() => undefined);
      await runs.fail(generation, startedAt, error, { counts, validation: report.summary() }).catch(() => undefined);
      return { runId: generation, status: 'failed', urlCount, filesWritten, error: (error as Error).message };
    } finally {
      current = null;
    }
  }

  return {
    /** Starts a full generation, or joins the one already queued behind the current run. */
    generate(trigger: RunTrigger): Promise<RunResult> {
      if (queued) return queued;
      const next = tail.then(() => {
        queued = null;
        return run(trigger);
      });
      queued = next;
      tail = next.catch(() => undefined);
      return next;
    },

    /** What is running now, for the status page. */
    progress: () => (current ? { ...current } : null),

    publicUrl,
    buildPlan,
    defaultLocale,

    /** Lets the current run stop at the next page and waits for it (Strapi's destroy). */
    async stop() {
      stopping = true;
      await tail;
    },
  };
};
