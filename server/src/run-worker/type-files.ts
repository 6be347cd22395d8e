/**
 * One type's urlsets written from scratch inside the run's Worker: rows → documents → URL blocks
 * (core/urls/document-urls) → series of files compressed as they are written
 * (core/files/urlset-series), as the main thread's read (generation/read-range) does, for a type
 * without hooks or outputs reading it (worker-type decides). What the query engine reads beside
 * its rows (its extensions' media and components, its sites' filters) the main thread reads,
 * asked for several pages at once while the Worker reads the next ones. A file's bytes go to the main thread as they are written
 * (run-worker/handed-sink), which compresses them and stores each closed file; one closed file at a
 * time is on its way while the next is built.
 */
import { typeGroup } from '../core/files/file-names';
import { groupKeys } from '../core/files/group-keys';
import { forEachSeriesBlock, UrlsetSeries } from '../core/files/urlset-series';
import type { ClosedFile } from '../core/files/urlset-writer';
import { renderedForType, URL_EXTENSIONS } from '../core/extensions';
import {
  documentGatherer,
  rowIdsOf,
  rowMapper,
  setBeside,
  type BesideRows,
  type SourceDocument,
} from '../core/reading/source-rows';
import { PhaseClock } from '../core/runs/phase-clock';
import { documentUrls, type TypePlan, type UrlContext } from '../core/urls/document-urls';
import { ValidationReport } from '../core/urls/url-checks';
import { UrlHashSet } from '../core/urls/url-hash-set';
import { HandedFileSink, type ByteChannel } from './handed-sink';
import type { FromWorker, TypeJob } from './protocol';

/** What the query engine reads beside a type's rows, by row id. */
export type BesideById = Map<number, BesideRows>;

/** How the Worker talks to the main thread. */
export interface MainThread extends ByteChannel {
  post(message: FromWorker, transfer?: ArrayBuffer[]): void;
  /** Resolves when the main thread has taken the file last posted. */
  taken(): Promise<void>;
  /** What the query engine reads beside these rows, read by the main thread. */
  beside(rowIds: number[]): Promise<BesideById>;
}

/** Pages of documents, with what the query engine reads beside them on its way from the main thread. */
interface AskedPages {
  pages: SourceDocument[][];
  beside: Promise<BesideById>;
}

/**
 * Rows asked for at once: the main thread reads them in one query-engine read (a site's filter: one
 * each), on Strapi's heap. At 1M URLs with a cover image each on PostgreSQL, alternated, asks of
 * 4,000 rows took 21-25 s against 23-30 s for asks of 1,000, but peaked 147-324 MB above idle
 * against 88-104 MB: a bigger read's objects outlive the young generation (2026-12-07).
 */
const ROWS_ASKED = 1000;

export async function writeTypeFiles(
  job: TypeJob,
  rows: AsyncIterable<Array<Record<string, unknown>>>,
  main: MainThread
): Promise<Extract<FromWorker, { kind: 'done' }>> {
  const plan: TypePlan = {
    ...job.plan,
    extensions: job.plan.extensions.map(({ name, compiled }) => ({
      extension: URL_EXTENSIONS.find((extension) => extension.name === name)!,
      compiled,
    })),
  };
  const clock = new PhaseClock();
  const report = new ValidationReport();
  const seen = new UrlHashSet(job.seen);
  const context: UrlContext = { now: job.now, report, seen, excluded: job.excluded };
  const groupKey = groupKeys(job.settings);
  const base = typeGroup(job.contentType);
  const groupKeyOf = (origin: string) => groupKey(base, origin);
  const toRows = rowMapper(job.read.shape);
  const documents = documentGatherer();
  const priorities = new Set<number | undefined>();
  let urls = 0;
  let sinks = 0;
  const series = new UrlsetSeries({
    limits: job.limits,
    xslHref: job.xslHref,
    extensions: URL_EXTENSIONS,
    report,
    contentType: job.contentType,
    // No hook runs here (worker-type decides): a record carries only what the type's extensions set.
    rendered: renderedForType(URL_EXTENSIONS, plan.extensions),
    newSink: () => new HandedFileSink(++sinks, main),
    counted: (records) => {
      for (const record of records) priorities.add(record.priority);
      urls += records.length;
    },
  });
  const build = (doc: SourceDocument) =>
    forEachSeriesBlock(doc.documentId, documentUrls(plan, doc, context), groupKeyOf, (key, block) =>
      series.add(key, block)
    );

  // The file on its way: its last bytes sent, then taken by the main thread (which stores one at a
  // time). The next file is built meanwhile; its own send waits for this one.
  let onItsWay: Promise<void> | null = null;
  const send = async (groupKey: string, file: ClosedFile<HandedFileSink>, isLast: boolean) => {
    if (onItsWay) await clock.during('storing', () => onItsWay!);
    const { sink, ...figures } = file;
    sink.end();
    main.post({ kind: 'file', groupKey, file: figures, sink: sink.id, isLast });
    onItsWay = main.taken();
  };

  const afterPage = async () => {
    for (const { groupKey, file } of series.takeFilled()) await send(groupKey, file, false);
    await clock.during('compressing', () => series.drained());
    if (urls > 0) main.post({ kind: 'progress', urls });
    urls = 0;
  };

  const buildPage = async (page: SourceDocument[]) => {
    clock.switchTo('building');
    for (const doc of page) build(doc);
    clock.switchTo('other');
    await afterPage();
  };
  const buildAsked = async ({ pages, beside }: AskedPages) => {
    const reads = await clock.during('reading', () => beside);
    for (const page of pages) setBeside(page, reads);
    for (const page of pages) await buildPage(page);
  };
  // Pages asked for are asked together and built once the next ones are read: the main thread
  // reads what is beside them meanwhile.
  let gathering: SourceDocument[][] = [];
  let gatheredRows = 0;
  let asked: AskedPages | null = null;
  const ask = async () => {
    const pages = gathering;
    gathering = [];
    gatheredRows = 0;
    const previous = asked;
    asked = { pages, beside: main.beside(pages.flatMap(rowIdsOf)) };
    if (previous) await buildAsked(previous);
  };
  const read = async (page: SourceDocument[]) => {
    if (!job.asksBeside) return buildPage(page);
    gathering.push(page);
    gatheredRows += page.reduce((sum, doc) => sum + doc.versions.length, 0);
    if (gatheredRows >= ROWS_ASKED) await ask();
  };

  const pages = rows[Symbol.asyncIterator]();
  for (;;) {
    const next = await clock.during('reading', () => pages.next());
    if (next.done) break;
    clock.switchTo('building');
    const page = documents.add(toRows(next.value));
    clock.switchTo('other');
    await read(page);
  }
  await read(documents.end());
  if (gathering.length > 0) await ask();
  if (asked) await buildAsked(asked);
  for (const { groupKey, file } of series.close()) await send(groupKey, file, true);
  if (onItsWay) await clock.during('storing', () => onItsWay!);
  return {
    kind: 'done',
    report: report.summary(),
    seen: seen.state(),
    priorities: [...priorities],
    phases: clock.summary(),
  };
}
