/**
 * What one run shares across its full and incremental writes: the settings and report, how files are
 * saved and indexed, and reading a type's documents into URL blocks.
 */
import type { Core } from '@strapi/strapi';
import { documentUrls, type OriginBlock } from '../../core/document-urls';
import { RecentEntries } from '../../core/recent-feed';
import { visitorFieldsOf, type VisitorEntry } from '../../core/visitor-map';
import type { VisitorMapPlan } from '../../core/sitemap-plan';
import type { RangeChange } from '../../core/file-layout';
import { blockIndexName, textName, typeGroup, XSL_NAME } from '../../core/file-names';
import { chunksOf } from '../../core/chunks';
import { GzipFileSink } from '../../core/gzip-file';
import { formatW3cDateTime } from '../../core/lastmod';
import { UrlHashSet } from '../../core/url-hash-set';
import { UrlChanges } from '../../core/url-changes';
import {
  renderBlock,
  UrlsetWriter,
  type ClosedFile,
  type RenderedBlock,
  type UrlBlock,
} from '../../core/urlset-writer';
import { ValidationReport } from '../../core/validation';
import { entryIn, readDocuments, type SourceDocument } from '../entry-source';
import { LostLeaseError, type FileToStore } from '../file-store';
import type { LeaseHold } from '../lease';
import type { VisitorListings } from './visitor-listings';
import { getService } from '../../utils/get-service';

export type RunScope =
  | { kind: 'full' }
  | { kind: 'types'; uids: string[] }
  | { kind: 'documents'; byType: Record<string, string[]> };

/** What the index needs of a file, whether it was just written or is live and unchanged. */
export interface IndexedFile {
  name: string;
  groupKey: string;
  /** The type whose URLs the file holds; null for the custom URLs. */
  contentType: string | null;
  /** `urlset`, or `news` for a file of a type's news series. */
  format: 'urlset' | 'news';
  rangeStart: string;
  lastmod: string | null;
}

export type WrittenFile = ClosedFile<GzipFileSink>;
export type Block = UrlBlock & { locales: Array<string | undefined> };
export type OnBlock = (groupKey: string, block: Block) => void;

/** How the run's owner follows it: whether to stop, and URLs added (for progress). */
export interface RunControl {
  stopping(): boolean;
  countUrls(count: number): void;
}

/** Everything one run shares: the plan, the report, and how files are saved and indexed. */
export async function createRun(
  strapi: Core.Strapi,
  runId: number,
  hold: LeaseHold,
  control: RunControl
) {
  const plan = await getService(strapi, 'settings').usablePlan();
  const { settings } = plan;
  const store = getService(strapi, 'file-store');
  const run = {
    strapi,
    runId,
    plan,
    settings,
    settingWarnings: plan.skipped,
    base: plan.publicUrl,
    xslHref: settings.xsl ? XSL_NAME : undefined,
    now: getService(strapi, 'clock').now(),
    report: new ValidationReport(),
    seen: new UrlHashSet(),
    priorities: new Set<number | undefined>(),
    written: [] as IndexedFile[],
    keep: [] as string[],
    replaced: new Set<string>(),
    /**
     * The URLs this run adds, changes and removes, compared with the live files it replaces (core/
     * url-changes), for IndexNow; null when nothing reads them (IndexNow off, or no live set yet).
     */
    changes: settings.indexNow ? new UrlChanges() : (null as UrlChanges | null),
    /** The newest URLs this run read, for the feed of recent URLs; null when the feed is off. */
    recent: settings.feed ? new RecentEntries() : null,
    /** Per type in the visitors' site map, the pages this run read (core/visitor-map). */
    visitors: new Map<string, VisitorEntry[]>(),
    /** The stored pages of the visitors' site map this run writes (generation/visitor-listings). */
    listings: null as VisitorListings | null,
    /** Key ranges of live files this run moves without rewriting them, applied by the switch. */
    ranges: [] as RangeChange[],
    hold,
    control,
    filesWritten: 0,
    urlCount: 0,
    async save(file: FileToStore) {
      const { kept, id } = await store.savePending(runId, file);
      if (kept) run.keep.push(file.name);
      else run.filesWritten++;
      return { id };
    },
  };
  return run;
}
export type Run = Awaited<ReturnType<typeof createRun>>;

/** Saves a closed urlset with its text twin and block index. */
export async function saveUrlset(
  run: Run,
  file: WrittenFile,
  meta: {
    name: string;
    groupKey: string;
    contentType?: string;
    rangeStart: string;
    rangeEnd: string | null;
  }
) {
  const lastmod = file.lastmodTime === null ? null : formatW3cDateTime(new Date(file.lastmodTime));
  const common = {
    ...meta,
    urlCount: file.urlCount,
    lastmod,
    localeCounts: file.localeCounts,
    imageCount: file.imageCount,
    videoCount: file.videoCount,
  };
  const { xml, text, blockIndex } = await file.sink.finish();
  const row = await run.save({ ...common, format: 'urlset', body: xml });
  await run.save({ ...common, name: textName(meta.name), format: 'text', body: text });
  await run.save({
    ...common,
    name: blockIndexName(meta.name),
    format: 'block-index',
    body: blockIndex,
  });
  run.written.push({
    name: meta.name,
    groupKey: meta.groupKey,
    contentType: meta.contentType ?? null,
    format: 'urlset',
    rangeStart: meta.rangeStart,
    lastmod,
  });
  run.urlCount += file.urlCount;
  return row;
}

export const newWriter = (
  run: Run,
  onOpen: (sink: GzipFileSink) => void = () => undefined,
  limits = run.settings.limits
) =>
  new UrlsetWriter(limits, run.xslHref, () => {
    const sink = new GzipFileSink();
    onOpen(sink);
    return sink;
  });

/** Renders a block; null, reported, when it is too large for any file. */
export function renderFitting(
  run: Run,
  writer: UrlsetWriter<GzipFileSink>,
  block: UrlBlock,
  contentType?: string
): RenderedBlock | null {
  const rendered = renderBlock(block);
  if (writer.fits(rendered)) return rendered;
  run.report.add({
    rule: 'file-limit',
    contentType,
    documentId: block.key,
    url: block.records[0].loc,
    detail: `${block.records.length} URLs`,
  });
  return null;
}

/** Offers a block's URLs to the feed: only those newer than what it already holds cost more. */
function offerRecent(
  recent: RecentEntries,
  uid: string,
  titleField: string | undefined,
  doc: SourceDocument,
  block: OriginBlock
) {
  block.records.forEach((record, i) => {
    const updated = block.times[i];
    const locale = block.locales[i];
    if (updated === undefined || updated <= recent.threshold(locale)) return;
    const entry = entryIn(doc, locale);
    const title = titleField && entry ? entry[titleField] : undefined;
    recent.offer({
      key: doc.documentId,
      contentType: uid,
      loc: record.loc,
      title: typeof title === 'string' && title.trim() ? title.trim() : record.loc,
      updated,
      locale,
    });
  });
}

/** Adds a block's URLs to the type's part of the visitors' site map, each with its title and group. */
function collectVisitorEntries(
  entries: VisitorEntry[],
  visitorMap: VisitorMapPlan,
  titleField: string | undefined,
  doc: SourceDocument,
  block: OriginBlock
) {
  block.records.forEach((record, i) => {
    const locale = block.locales[i];
    const entry = entryIn(doc, locale);
    const { title, group } = visitorFieldsOf(entry, titleField, visitorMap.groupBy);
    entries.push([doc.documentId, locale ?? null, record.loc, title, group]);
  });
}

/**
 * Reads documents of `uid` in (after, upTo] and feeds their URLs to the writer of each host group;
 * `afterPage` saves what a page completed (per page, not per URL: awaits cost at a million URLs).
 * `seen` replaces the run's duplicate set (an incremental run checks each file it reads on its own).
 */
export async function writeRange(
  run: Run,
  uid: string,
  range: {
    after: string;
    upTo: string | null;
    documentIds?: string[];
    origin?: string;
    seen?: UrlHashSet;
  },
  onBlock: OnBlock,
  afterPage?: () => Promise<void>
) {
  const { strapi } = run;
  const { plan, query: typeQuery, visitorMap } = run.plan.types.get(uid)!;
  let visitorEntries: VisitorEntry[] | undefined;
  if (visitorMap) {
    visitorEntries = run.visitors.get(uid) ?? [];
    run.visitors.set(uid, visitorEntries);
  }
  const excluded = await getService(strapi, 'exclusions').keysFor(uid);
  const context = {
    now: run.now,
    report: run.report,
    seen: range.seen ?? run.seen,
    excluded,
    origin: range.origin,
    transform: getService(strapi, 'hooks').urlTransform(uid, run.report, run.plan.mediaOrigin),
  };
  const base = typeGroup(uid);
  // Sorted slices read one after the other keep the key order a single read would have.
  const slices = range.documentIds ? chunksOf([...range.documentIds].sort()) : [undefined];
  for (const documentIds of slices) {
    const query = { ...typeQuery, after: range.after, upTo: range.upTo, documentIds };
    for await (const page of readDocuments(strapi, query)) {
      if (run.control.stopping()) throw new Error('Strapi is shutting down');
      if (run.hold.lost) throw new LostLeaseError();
      for (const doc of page) {
        for (const block of documentUrls(plan, doc, context)) {
          const { records, lastmodTime, locales } = block;
          if (run.recent) offerRecent(run.recent, uid, plan.titleField, doc, block);
          if (visitorEntries)
            collectVisitorEntries(visitorEntries, visitorMap!, plan.titleField, doc, block);
          onBlock(run.plan.groupKey(base, block.origin), {
            key: doc.documentId,
            records,
            lastmodTime,
            locales,
          });
        }
      }
      if (afterPage) await afterPage();
      // Timers and requests get their turn between pages: better-sqlite3 answers synchronously, and
      // with nothing else to wait for a run held the event loop from start to end (the lease went
      // unrenewed, requests waited).
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
}
