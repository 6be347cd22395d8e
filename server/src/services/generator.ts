/**
 * Writes sitemap generations. Three scopes share one path:
 * - full: every mapped type, custom URLs, index and stylesheet (startup, schedule, manual);
 * - types: every file of some types (a related type changed, or a type has no file yet);
 * - documents: only the files whose key range holds a changed document (publish, unpublish, delete).
 * Each run writes its files as pending and switches them live with the index in one transaction, so
 * a failure anywhere leaves the live set untouched (and is recorded in the run report).
 * Runs are serialised in this process, and across instances by the database lease.
 */
import type { Core } from '@strapi/strapi';
import { documentUrls, type TypePlan } from '../core/document-urls';
import { CUSTOM_GROUP, hostGroup, keysName, seqOf, textName, typeGroup, urlsetName } from '../core/file-names';
import {
  chainRanges, fillFiles, holds, inIndexOrder, inRangeOrder, localesOn, originOf, RangeHandOff, spliceBlocks, type RangeChange,
} from '../core/file-layout';
import { formatW3cDateTime } from '../core/lastmod';
import { encodeLiteral, parsePattern } from '../core/pattern';
import { renderSitemapIndex } from '../core/sitemap-index';
import type { SitemapSettings, UrlRecord } from '../core/types';
import { UrlHashSet } from '../core/url-hash-set';
import { GzipFileSink } from '../core/gzip-file';
import { chunksOf } from '../core/chunks';
import { renderBlock, splitFile, UrlsetWriter, type BlockIndexEntry, type ClosedFile, type RenderedBlock, type UrlBlock } from '../core/urlset-writer';
import { checkLoc, isLocalHostUrl, ValidationReport } from '../core/validation';
import { SITEMAP_XSL } from '../core/xsl';
import { readDocuments } from './entry-source';
import { LostLeaseError, type FileToStore, type StoredFile } from './file-store';
import type { LeaseHold } from './lease';
import type { SkippedSetting } from '../core/usable-settings';
import type { RunTrigger } from './runs';
import { PLUGIN_ID } from '../uids';

export interface RunResult {
  runId: number;
  status: 'success' | 'failed' | 'skipped';
  scope: RunScope['kind'];
  urlCount: number;
  filesWritten: number;
  rewritten: string[];
  error?: string;
}

export type RunScope =
  | { kind: 'full' }
  | { kind: 'types'; uids: string[] }
  | { kind: 'documents'; byType: Record<string, string[]> };

/** What the index needs of a file, whether it was just written or is live and unchanged. */
interface IndexedFile {
  name: string;
  groupKey: string;
  rangeStart: string;
  lastmod: string | null;
}

interface FileGroup {
  key: string;
  writer: UrlsetWriter<GzipFileSink>;
  /** The sink of the file being written, to wait for its compression to keep up. */
  sink: GzipFileSink | null;
  seq: number;
  previousEnd: string;
}

type WrittenFile = ClosedFile<GzipFileSink>;
type Block = UrlBlock & { locales: Array<string | undefined> };
type OnBlock = (groupKey: string, block: Block) => void;

export const INDEX_NAME = 'index.xml';
export const XSL_NAME = 'sitemap.xsl';


export default ({ strapi }: { strapi: Core.Strapi }) => {
  const plugin = () => strapi.plugin(PLUGIN_ID);
  let tail: Promise<unknown> = Promise.resolve();
  let queued: Promise<RunResult> | null = null;
  let stopping = false;
  let current: { trigger: RunTrigger; scope: RunScope['kind']; startedAt: number; urlCount: number } | null = null;

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

  /** `article` for the main host, `article_fr` for the files of a locale served on its own host. */
  const groupKeyFor = (base: string, origin: string, settings: SitemapSettings) => hostGroup(base, localesOn(origin, settings));

  /** Everything one run shares: settings, the report, and how files are saved and indexed. */
  async function createRun(generation: number, hold: LeaseHold) {
    const { settings, skipped } = (await plugin().service('settings').usable()) as { settings: SitemapSettings; skipped: SkippedSetting[] };
    const store = plugin().service('file-store');
    const run = {
      settings,
      settingWarnings: skipped,
      base: publicUrl(settings),
      xslHref: settings.xsl ? XSL_NAME : undefined,
      fallbackLocale: await defaultLocale(settings),
      now: Date.now(),
      report: new ValidationReport(),
      seen: new UrlHashSet(),
      priorities: new Set<number | undefined>(),
      written: [] as IndexedFile[],
      keep: [] as string[],
      replaced: new Set<string>(),
      /** Key ranges of live files this run moves without rewriting them, applied by the switch. */
      ranges: [] as RangeChange[],
      hold,
      filesWritten: 0,
      urlCount: 0,
      async save(file: FileToStore) {
        const { kept, row } = await store.savePending(generation, file);
        if (kept) run.keep.push(file.name);
        else run.filesWritten++;
        return row as StoredFile;
      },
    };
    return run;
  }
  type Run = Awaited<ReturnType<typeof createRun>>;

  async function saveUrlset(run: Run, file: WrittenFile, meta: { name: string; groupKey: string; contentType?: string; rangeStart: string; rangeEnd: string | null }) {
    const lastmod = file.lastmodTime === null ? null : formatW3cDateTime(new Date(file.lastmodTime));
    const common = { ...meta, urlCount: file.urlCount, lastmod, localeCounts: file.localeCounts };
    const { xml, text, keys } = await file.sink.finish();
    const row = await run.save({ ...common, format: 'urlset', body: xml });
    await run.save({ ...common, name: textName(meta.name), format: 'text', body: text });
    await run.save({ ...common, name: keysName(meta.name), format: 'keys', body: keys });
    run.written.push({ name: meta.name, groupKey: meta.groupKey, rangeStart: meta.rangeStart, lastmod });
    run.urlCount += file.urlCount;
    return row;
  }

  /** What the entry reader needs for a mapped type: the pattern's fields, lastmod, filters, i18n, draft & publish. */
  function typeQuery(uid: string, plan: TypePlan, settings: SitemapSettings) {
    const contentType = strapi.contentTypes[uid as keyof typeof strapi.contentTypes] as any;
    return {
      uid,
      fields: [plan.pattern, ...Object.values(plan.localePatterns)].flatMap((pattern) => pattern.fields),
      lastmodField: plan.lastmodField,
      filters: settings.contentTypes[uid].filters,
      localized: plan.localized,
      draftAndPublish: Boolean(contentType.options?.draftAndPublish),
    };
  }

  /**
   * Reads documents of `uid` in (after, upTo] and feeds their URLs to the writer of each host group;
   * `afterPage` saves what a page completed (per page, not per URL: awaits cost at a million URLs).
   * `seen` replaces the run's duplicate set (an incremental run checks each file it reads on its own).
   */
  async function writeRange(
    run: Run,
    uid: string,
    range: { after: string; upTo: string | null; documentIds?: string[]; origin?: string; seen?: UrlHashSet },
    onBlock: OnBlock,
    afterPage?: () => Promise<void>
  ) {
    const plan = buildPlan(uid, run.settings, run.fallbackLocale);
    const excluded = await plugin().service('exclusions').keysFor(uid);
    const context = { now: run.now, report: run.report, seen: range.seen ?? run.seen, excluded, origin: range.origin };
    const base = typeGroup(uid);
    // Sorted slices read one after the other keep the key order a single read would have.
    const slices = range.documentIds ? chunksOf([...range.documentIds].sort()) : [undefined];
    for (const documentIds of slices) {
      const query = { ...typeQuery(uid, plan, run.settings), after: range.after, upTo: range.upTo, documentIds };
      for await (const page of readDocuments(strapi, query)) {
        if (stopping) throw new Error('Strapi is shutting down');
        if (run.hold.lost) throw new LostLeaseError();
        for (const doc of page) {
          for (const block of documentUrls(plan, doc, context)) {
            const { records, lastmodTime, locales } = block;
            onBlock(groupKeyFor(base, block.origin, run.settings), { key: doc.documentId, records, lastmodTime, locales });
          }
        }
        if (afterPage) await afterPage();
      }
    }
  }

  /** Adds a block to a group's open file; a file it fills is handed to `onClose` to be saved. */
  function addToGroup(run: Run, group: FileGroup, block: UrlBlock, contentType: string | undefined, onClose: (file: WrittenFile) => void) {
    const rendered = renderBlock(block);
    if (!group.writer.fits(rendered)) {
      run.report.add({ rule: 'file-limit', contentType, documentId: block.key, url: block.records[0].loc, detail: `${block.records.length} URLs` });
      return;
    }
    const closed = group.writer.add(rendered);
    if (closed) onClose(closed);
    for (const record of block.records) run.priorities.add(record.priority);
    if (current) current.urlCount += block.records.length;
  }

  const newWriter = (run: Run, onOpen: (sink: GzipFileSink) => void = () => undefined) =>
    new UrlsetWriter(run.settings.limits, run.xslHref, () => {
      const sink = new GzipFileSink();
      onOpen(sink);
      return sink;
    });

  /**
   * Files written from scratch, one numbered series per group (`article-1.xml`, `article-2.xml`, …):
   * each file covers the keys after the previous one's last key; the last one is open-ended.
   */
  function freshGroups(run: Run, contentType?: string) {
    const groups = new Map<string, FileGroup>();
    const filled: Array<{ group: FileGroup; file: WrittenFile }> = [];
    const flush = async (group: FileGroup, file: WrittenFile, isLast: boolean) => {
      group.seq++;
      await saveUrlset(run, file, { name: urlsetName(group.key, group.seq), groupKey: group.key, contentType, rangeStart: group.previousEnd, rangeEnd: isLast ? null : file.lastKey });
      group.previousEnd = file.lastKey;
    };
    const settle = async () => {
      for (let next = filled.shift(); next; next = filled.shift()) await flush(next.group, next.file, false);
      for (const group of groups.values()) await group.sink?.drained();
    };
    return {
      add(groupKey: string, block: UrlBlock) {
        let group = groups.get(groupKey);
        if (!group) {
          const created: FileGroup = { key: groupKey, writer: newWriter(run, (sink) => (created.sink = sink)), sink: null, seq: 0, previousEnd: '' };
          groups.set(groupKey, (group = created));
        }
        const target = group;
        addToGroup(run, target, block, contentType, (file) => filled.push({ group: target, file }));
      },
      /** Saves the files filled so far and lets compression catch up. */
      settle,
      async closeAll() {
        await settle();
        for (const group of groups.values()) {
          const last = group.writer.close();
          if (last) await flush(group, last, true);
        }
      },
    };
  }

  /** Writes every file of one type from scratch. */
  async function writeWholeType(run: Run, uid: string) {
    const groups = freshGroups(run, uid);
    await writeRange(run, uid, { after: '', upTo: null }, (groupKey, block) => groups.add(groupKey, block), groups.settle);
    await groups.closeAll();
  }

  async function writeCustomUrls(run: Run) {
    const { settings } = run;
    const groups = freshGroups(run);
    const origins = [settings.hostname, ...Object.values(settings.hostnames)];
    for (const [index, custom] of settings.customUrls.entries()) {
      const loc = custom.url.startsWith('/') ? settings.hostname + encodeLiteral(custom.url) : custom.url;
      const sample = { contentType: 'custom', documentId: `customUrls[${index}]`, url: loc };
      const origin = origins.find((candidate) => loc.startsWith(`${candidate}/`)) ?? settings.hostname;
      const problem = checkLoc(loc, origin);
      if (problem) {
        run.report.add({ rule: problem, ...sample });
        continue;
      }
      if (!run.seen.add(loc)) {
        run.report.add({ rule: 'url-duplicate', ...sample });
        continue;
      }
      // lastmod was normalised to W3C Datetime by validateSettings.
      const record: UrlRecord = { loc, lastmod: custom.lastmod, changefreq: custom.changefreq, priority: custom.priority };
      const lastmodTime = custom.lastmod ? Date.parse(custom.lastmod) : undefined;
      groups.add(groupKeyFor(CUSTOM_GROUP, origin, settings), { key: String(index).padStart(8, '0'), records: [record], lastmodTime });
    }
    await groups.closeAll();
  }

  /** The blocks of a live urlset, from its stored block index; null when there is none to trust. */
  async function storedBlocks(source: StoredFile, live: StoredFile[]): Promise<RenderedBlock[] | null> {
    const text = live.find((file) => file.name === textName(source.name));
    const keys = live.find((file) => file.name === keysName(source.name));
    if (!text || !keys) return null;
    const store = plugin().service('file-store');
    try {
      const [xmlContent, textContent, keysContent] = await Promise.all([store.readText(source), store.readText(text), store.readText(keys)]);
      return splitFile(xmlContent, textContent, JSON.parse(keysContent) as BlockIndexEntry[]);
    } catch (error) {
      strapi.log.warn(`[sitemap] ${source.name} is rewritten from the database: ${(error as Error).message}`);
      return null;
    }
  }

  /**
   * Rewrites only the files of `uid` whose key range holds one of `documentIds`. A file that grew
   * past the limits keeps what fits and passes the rest on to the next file of its group, as a full
   * run fills them (the last file of a group rolls over into new files, which take the next free
   * number); a file left empty is dropped and its range handed to a neighbour. Returns false when
   * the type must be rewritten whole.
   */
  async function rewriteDocuments(run: Run, uid: string, documentIds: string[], live: StoredFile[]) {
    const files = live.filter((file) => file.format === 'urlset' && file.contentType === uid);
    if (files.length === 0) return false;
    const byGroup = new Map<string, StoredFile[]>();
    for (const file of files) {
      if (!byGroup.has(file.groupKey!)) byGroup.set(file.groupKey!, []);
      byGroup.get(file.groupKey!)!.push(file);
    }
    let needsWholeType = false;

    for (const [groupKey, groupFiles] of byGroup) {
      // Each group's pass re-reads the documents: it checks and reports only its own host's URLs.
      const origin = originOf(groupKey, (candidate) => groupKeyFor(typeGroup(uid), candidate, run.settings), run.settings);
      const ordered = inRangeOrder(groupFiles);
      const affected = new Set(ordered.filter((file) => documentIds.some((id) => holds(file, id))));
      let nextSeq = Math.max(...ordered.map((file) => seqOf(file.name))) + 1;
      const handOff = new RangeHandOff();
      // Blocks a full file passed on to the next one, and where that next one now starts.
      let carried: RenderedBlock[] = [];
      let carriedFrom = '';

      for (const [i, source] of ordered.entries()) {
        if (!affected.has(source) && carried.length === 0) {
          handOff.kept(source.id);
          continue;
        }
        for (const name of [source.name, textName(source.name), keysName(source.name)]) run.replaced.add(name);
        const start = handOff.startOf(source);
        const outputStart = carried.length > 0 ? carriedFrom : start;
        const fresh: RenderedBlock[] = [];
        const writer = newWriter(run);
        const onBlock = (blockGroup: string, block: Block) => {
          if (blockGroup !== groupKey) {
            // A URL for another host group of this type: fine if that group has files, else rebuild the type.
            if (!byGroup.has(blockGroup)) needsWholeType = true;
            return;
          }
          const rendered = renderBlock(block);
          if (!writer.fits(rendered)) {
            run.report.add({ rule: 'file-limit', contentType: uid, documentId: block.key, url: block.records[0].loc, detail: `${block.records.length} URLs` });
            return;
          }
          fresh.push(rendered);
        };
        // Duplicates are checked among the URLs read for this file: the same documents are read
        // again for their other host groups, whose URLs must not count as seen.
        const seen = new UrlHashSet();
        const oldBlocks = await storedBlocks(source, live);
        let blocks: RenderedBlock[];
        if (oldBlocks) {
          // Splice: keep every other document's URLs as written, re-read only the changed documents.
          const changed = documentIds.filter((id) => holds({ rangeStart: start, rangeEnd: source.rangeEnd }, id));
          await writeRange(run, uid, { after: start, upTo: source.rangeEnd, documentIds: changed, origin, seen }, onBlock);
          blocks = spliceBlocks(oldBlocks, fresh, changed);
        } else {
          await writeRange(run, uid, { after: start, upTo: source.rangeEnd, origin, seen }, onBlock);
          blocks = fresh;
        }
        // Carried blocks come from the previous file's range: they sort before this file's keys.
        const filled = fillFiles(writer, [...carried, ...blocks], i < ordered.length - 1);
        const { outputs } = filled;
        carried = filled.carried;
        // The writer opened a file for the block that did not fit: that block goes on instead.
        await filled.discarded?.sink.finish();
        if (outputs.length === 0) {
          handOff.emptied(start);
          continue;
        }
        const lastKeys = outputs.map((file) => file.lastKey);
        const ranges = chainRanges(lastKeys, outputStart, carried.length === 0 ? source.rangeEnd : lastKeys[lastKeys.length - 1]);
        for (const [n, file] of outputs.entries()) {
          const name = n === 0 ? source.name : urlsetName(groupKey, nextSeq++);
          const row = await saveUrlset(run, file, { name, groupKey, contentType: uid, ...ranges[n] });
          handOff.written(row.id);
        }
        carriedFrom = lastKeys[lastKeys.length - 1];
      }
      run.ranges.push(...handOff.finish());
    }
    return !needsWholeType;
  }

  async function writeIndex(run: Run, generation: number, scope: RunScope) {
    let files = run.written;
    if (scope.kind !== 'full') {
      const written = new Set(run.written.map((file) => file.name));
      const live = ((await plugin().service('file-store').listLive()) as StoredFile[]).filter(
        (file) => file.format === 'urlset' && !run.replaced.has(file.name) && !written.has(file.name)
      );
      files = [...live.map((file) => ({ name: file.name, groupKey: file.groupKey ?? '', rangeStart: file.rangeStart ?? '', lastmod: file.lastmod })), ...run.written];
    }
    files = inIndexOrder(files);
    run.replaced.add(INDEX_NAME);
    // An index must list at least one sitemap: with no URL at all, none is served.
    if (files.length > 0) {
      const indexUrl = `${run.base}/${INDEX_NAME}`;
      if (isLocalHostUrl(indexUrl)) run.report.add({ rule: 'index-host-local', url: indexUrl, detail: `files listed under ${run.base}` });
      await run.save({ name: INDEX_NAME, format: 'index', content: renderSitemapIndex(files.map((file) => ({ loc: `${run.base}/${file.name}`, lastmod: file.lastmod ?? undefined })), run.xslHref) });
    }
    return files.length;
  }

  async function execute(trigger: RunTrigger, scope: RunScope, hold: LeaseHold): Promise<RunResult> {
    const runs = plugin().service('runs');
    const store = plugin().service('file-store');
    const startedAt = Date.now();
    const runRow = await runs.start(trigger);
    const generation = runRow.id as number;
    current = { trigger, scope: scope.kind, startedAt, urlCount: 0 };
    let run: Run | undefined;
    try {
      run = await createRun(generation, hold);
      let effective = scope;
      if (scope.kind === 'documents') {
        const live = (await store.listLive()) as StoredFile[];
        const wholeTypes: string[] = [];
        for (const [uid, documentIds] of Object.entries(scope.byType)) {
          if (!Object.keys(run.settings.contentTypes).includes(uid)) continue;
          if (!(await rewriteDocuments(run, uid, documentIds, live))) wholeTypes.push(uid);
        }
        if (wholeTypes.length > 0) {
          // Restart as a type run for those types only: simpler than mixing both in one generation.
          await store.discard(generation);
          run = await createRun(generation, hold);
          effective = { kind: 'types', uids: [...new Set([...wholeTypes, ...Object.keys(scope.byType).filter((uid) => run!.settings.contentTypes[uid])])] };
        }
      }
      if (effective.kind === 'types') {
        const live = (await store.listLive()) as StoredFile[];
        for (const uid of effective.uids.filter((candidate) => Object.keys(run!.settings.contentTypes).includes(candidate)).sort()) {
          for (const file of live.filter((candidate) => candidate.contentType === uid)) run.replaced.add(file.name);
          await writeWholeType(run, uid);
        }
      }
      if (effective.kind === 'full') {
        for (const uid of Object.keys(run.settings.contentTypes).sort()) await writeWholeType(run, uid);
        await writeCustomUrls(run);
        const { urlCount, priorities } = run;
        if (urlCount > 1 && priorities.size === 1 && !priorities.has(undefined)) {
          run.report.add({ rule: 'priority-uniform', detail: `every URL has priority ${[...priorities][0]}` });
        }
      }
      const files = await writeIndex(run, generation, effective);
      if (effective.kind === 'full' && run.settings.xsl) await run.save({ name: XSL_NAME, format: 'xsl', content: SITEMAP_XSL });

      // A run that stalled past its lease may have been overtaken: the switch checks its take first.
      const lease = plugin().service('lease');
      const switching = { ranges: run.ranges, confirm: (trx: unknown) => lease.confirm(hold, trx) };
      const keep = new Set(run.keep);
      if (effective.kind === 'full') await store.activate(generation, { all: true, keep: run.keep }, switching);
      else await store.activate(generation, { all: false, names: [...run.replaced].filter((name) => !keep.has(name)) }, switching);
      const report = { scope: effective.kind, validation: run.report.summary(), files, settingWarnings: run.settingWarnings };
      await runs.finish(generation, startedAt, { urlCount: run.urlCount, filesWritten: run.filesWritten, report });
      return { runId: generation, status: 'success', scope: effective.kind, urlCount: run.urlCount, filesWritten: run.filesWritten, rewritten: run.written.map((file) => file.name) };
    } catch (error) {
      strapi.log.error(`[sitemap] generation ${generation} failed: ${(error as Error).message}`);
      await store.discard(generation).catch(() => undefined);
      const failedReport = { scope: scope.kind, validation: run?.report.summary(), settingWarnings: run?.settingWarnings };
      await runs.fail(generation, startedAt, error, failedReport).catch(() => undefined);
      return { runId: generation, status: 'failed', scope: scope.kind, urlCount: run?.urlCount ?? 0, filesWritten: run?.filesWritten ?? 0, rewritten: [], error: (error as Error).message };
    } finally {
      current = null;
    }
  }

  /**
   * Runs `task` while holding the database lease, renewing it; waits for the lease up to `waitMs`.
   * A renewal that finds the lease taken over marks the hold lost: the run stops at its next page.
   */
  async function withLease<T>(task: (hold: LeaseHold) => Promise<T>, waitMs: number): Promise<T | null> {
    const lease = plugin().service('lease');
    const deadline = Date.now() + waitMs;
    let hold: LeaseHold | null;
    while (!(hold = await lease.acquire())) {
      if (stopping || Date.now() >= deadline) return null;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const held = hold;
    // Holding the lease means no other run is going: runs still 'running' were left by a dead instance.
    await plugin().service('runs').closeInterrupted();
    const renew = setInterval(() => {
      lease.renew(held).catch((error: Error) => strapi.log.warn(`[sitemap] could not renew the generation lease: ${error.message}`));
    }, lease.ttlMs() / 3);
    try {
      return await task(held);
    } finally {
      clearInterval(renew);
      await lease.release(held).catch(() => undefined);
    }
  }

  /** Serialises runs in this process; `coalesce` lets a full run join one already queued. */
  function enqueue(task: () => Promise<RunResult>, coalesce: boolean): Promise<RunResult> {
    if (coalesce && queued) return queued;
    const next = tail.then(() => {
      if (queued === next) queued = null;
      return task();
    });
    if (coalesce) queued = next;
    tail = next.catch(() => undefined);
    return next;
  }

  const skipped = (scope: RunScope): RunResult => ({ runId: 0, status: 'skipped', scope: scope.kind, urlCount: 0, filesWritten: 0, rewritten: [] });

  return {
    /** A full generation now (waiting for another instance's run to end), or the one already queued. */
    generate(trigger: RunTrigger, { waitMs = 10 * 60_000 } = {}): Promise<RunResult> {
      const full: RunScope = { kind: 'full' };
      return enqueue(async () => (await withLease((hold) => execute(trigger, full, hold), waitMs)) ?? skipped(full), true);
    },

    /** One run of any scope, only if the lease is free within `waitMs` (the worker retries otherwise). */
    runScope(trigger: RunTrigger, scope: RunScope, { waitMs = 0 } = {}): Promise<RunResult> {
      return enqueue(async () => (await withLease((hold) => execute(trigger, scope, hold), waitMs)) ?? skipped(scope), false);
    },

    /** What is running now, for the status page. */
    progress: () => (current ? { ...current } : null),

    publicUrl,
    buildPlan,
    typeQuery,
    defaultLocale,

    /** Makes the current run stop at its next page (it fails cleanly, the live set untouched). */
    requestStop() {
      stopping = true;
    },

    /** Stops, and waits for the current run to end (Strapi's destroy). */
    async stop() {
      stopping = true;
      await tail;
    },
  };
};
