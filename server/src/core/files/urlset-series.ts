/**
 * Urlsets written from scratch, one numbered series per host group: a document's URL blocks go to
 * their group's writer, the files they fill wait to be saved, and compression is kept in step.
 * Saving is the caller's: the main thread stores each file (services/generation/urlsets/whole-type),
 * the run's Worker posts it to the main thread (run-worker/type-files).
 */
import type { UrlExtension } from '../extensions/extension';
import type { OriginBlock } from '../urls/document-urls';
import type { ValidationReport } from '../urls/url-checks';
import type { FileLimits } from '../../../../shared/types';
import {
  renderFitting,
  UrlsetWriter,
  type ClosedFile,
  type FileSink,
  type RenderedBlock,
  type UrlBlock,
} from './urlset-writer';

/** A sink that compresses as it goes: `drained` waits for it to catch up. */
export interface DrainingSink extends FileSink {
  drained(): Promise<void>;
}

export interface SeriesOptions<S extends DrainingSink> {
  limits: FileLimits;
  xslHref?: string;
  /** Every extension: the files' header declares their namespaces. */
  extensions: readonly UrlExtension[];
  /**
   * The extensions a block's records can carry, in `extensions`' order, when fewer: the others
   * would render nothing, at a third of a block's rendering time for the four a plain type does
   * not use (docs/performance.md). Only where no hook can add what they render.
   */
  rendered?: readonly UrlExtension[];
  report: ValidationReport;
  /** The type written (reported with a block too large for any file); none for the custom URLs. */
  contentType?: string;
  newSink: () => S;
  /** Told of each block's URLs once they are in a file. */
  counted: (records: UrlBlock['records']) => void;
}

export interface FilledFile<S> {
  groupKey: string;
  file: ClosedFile<S>;
}

/** A document's URL blocks as its series take them: keyed by document, in their host group. */
export function forEachSeriesBlock(
  documentId: string,
  blocks: OriginBlock[],
  groupKeyOf: (origin: string) => string,
  onBlock: (groupKey: string, block: UrlBlock & { locales: Array<string | undefined> }) => void
) {
  for (const { origin, records, lastmodTime, locales } of blocks)
    onBlock(groupKeyOf(origin), { key: documentId, records, lastmodTime, locales });
}

export class UrlsetSeries<S extends DrainingSink> {
  private readonly writers = new Map<string, { writer: UrlsetWriter<S>; sink: S | null }>();
  private filled: Array<FilledFile<S>> = [];

  constructor(private readonly options: SeriesOptions<S>) {}

  /** Adds a block to its group's open file; the rendered block, or null when no file can hold it. */
  add(groupKey: string, block: UrlBlock): RenderedBlock | null {
    const { writer } = this.seriesOf(groupKey);
    const { extensions, rendered: renderedBy = extensions, report, contentType } = this.options;
    const rendered = renderFitting(writer, block, renderedBy, report, contentType);
    if (!rendered) return null;
    const closed = writer.add(rendered);
    if (closed) this.filled.push({ groupKey, file: closed });
    this.options.counted(block.records);
    return rendered;
  }

  /** The files filled since the last call, in the order they filled. */
  takeFilled(): Array<FilledFile<S>> {
    return this.filled.splice(0);
  }

  /** Waits for every open file's compression to catch up with what was written. */
  async drained() {
    for (const series of this.writers.values()) await series.sink?.drained();
  }

  /** Closes every open file: the series' last files (after any `takeFilled` still holds). */
  close(): Array<FilledFile<S>> {
    const last: Array<FilledFile<S>> = [];
    for (const [groupKey, { writer }] of this.writers) {
      const file = writer.close();
      if (file) last.push({ groupKey, file });
    }
    return last;
  }

  private seriesOf(groupKey: string) {
    let series = this.writers.get(groupKey);
    if (!series) {
      const { limits, xslHref, extensions, newSink } = this.options;
      const created: { writer: UrlsetWriter<S>; sink: S | null } = {
        writer: new UrlsetWriter(limits, xslHref, () => (created.sink = newSink()), extensions),
        sink: null,
      };
      this.writers.set(groupKey, (series = created));
    }
    return series;
  }
}
