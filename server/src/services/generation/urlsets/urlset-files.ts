/**
 * How a run writes urlset files: a writer per series (core/files/urlset-writer) compressing as it
 * goes, blocks rendered with the plan's extensions, and each closed file saved with its block index
 * (what an incremental run splices; the text twin is read off the XML when asked).
 */
import { blockIndexName, XSL_NAME } from '../../../core/files/file-names';
import { GzipFileSink } from '../../../core/files/gzip-file';
import { formatW3cDateTime } from '../../../core/urls/lastmod';
import { UrlsetWriter, type ClosedFile, type UrlBlock } from '../../../core/files/urlset-writer';
import type { Run } from '../run-state';
import type { PhaseTimer } from '../../../core/runs/phase-clock';

/** A closed urlset whose sink gives its compressed XML and block index (a GzipFileSink, or bytes a Worker wrote). */
export type WrittenFile = ClosedFile<Pick<GzipFileSink, 'finish'>>;
export type Block = UrlBlock & { locales: Array<string | undefined> };
/** Takes a document's block of URLs for one host group's series. */
export type OnBlock = (groupKey: string, block: Block) => void;

/** The stylesheet urlsets and indexes point to, when the settings serve one. */
export const xslHrefOf = (run: Run) => (run.plan.settings.xsl ? XSL_NAME : undefined);

/** Saves a closed urlset with its block index (timed by `timer`: UNTIMED beside the flow). */
export async function saveUrlset(
  run: Run,
  file: WrittenFile,
  meta: {
    name: string;
    groupKey: string;
    contentType?: string;
    rangeStart: string;
    rangeEnd: string | null;
  },
  timer: PhaseTimer = run.clock
) {
  const lastmod = file.lastmodTime === null ? null : formatW3cDateTime(new Date(file.lastmodTime));
  const common = {
    ...meta,
    urlCount: file.urlCount,
    lastmod,
    localeCounts: file.localeCounts,
    counts: file.counts,
  };
  const { xml, blockIndex } = await timer.during('compressing', () => file.sink.finish());
  const row = await timer.during('storing', async () => {
    const saved = await run.files.save({ ...common, format: 'urlset', body: xml });
    await run.files.save({
      ...common,
      name: blockIndexName(meta.name),
      format: 'block-index',
      body: blockIndex,
    });
    return saved;
  });
  run.files.written.push({
    name: meta.name,
    groupKey: meta.groupKey,
    contentType: meta.contentType ?? null,
    format: 'urlset',
    rangeStart: meta.rangeStart,
    lastmod,
  });
  run.files.urlCount += file.urlCount;
  return row;
}

/** A writer of the run's urlsets, compressing as it goes (`limits`: an even share, a news file's). */
export const newWriter = (run: Run, limits = run.plan.settings.limits) =>
  new UrlsetWriter(limits, xslHrefOf(run), () => new GzipFileSink(), run.plan.extensions);
