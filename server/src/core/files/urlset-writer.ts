/**
 * Writes `<urlset>` files (and their block indexes) by string building: this is the hot path, where
 * xmlbuilder2 costs about ten times more. Every value goes through escapeXml. A file is closed before
 * it would pass the URL count or the uncompressed byte limit, counting every byte written. Content
 * goes out to a sink block by block as it is written (see gzip-file), so memory does not grow with a file.
 */
import { SITEMAP_NS, escapeXml, xmlProlog } from './xml';
import { URL_OPEN } from './urlset-text';
import { URL_EXTENSIONS } from '../extensions';
import type { UrlExtension } from '../extensions/extension';
import type { ValidationReport } from '../urls/url-checks';
import type { FileLimits, UrlRecord } from '../../../../shared/types';

/** The URLs of one document (all its locales), kept together so one document lives in one file. */
export interface UrlBlock {
  key: string;
  records: UrlRecord[];
  /** The newest lastmod of the block's records, in epoch ms. */
  lastmodTime?: number;
  /** Locale of each record, counted per file for the status page. */
  locales?: Array<string | undefined>;
}

/** A block as it stands in a file: its URLs rendered, with what the file's metadata needs of it. */
export interface RenderedBlock {
  key: string;
  xml: string;
  urlCount: number;
  bytes: number;
  lastmodTime?: number;
  locales: Array<string | undefined>;
  /** What the extensions count in the block (`images`, `videos`…); absent when none. */
  counts?: Counts;
}

/** Elements the extensions count, by count key. */
export type Counts = Record<string, number>;

/**
 * Where each document's URLs stand in a written file: [key, xml length, 0, lastmod time, locales].
 * Lengths are in string characters; the third held the text twin's length when twins were stored
 * (0 since: the twin is read off the XML), kept so older entries read the same. Stored beside the file, it lets an incremental run
 * splice one document in or out without reading the other documents from the database again.
 */
export type BlockIndexEntry = [string, number, number, number | null, string];

/**
 * Receives a file's content in order, piece by piece: its urlset XML and its block index. Its text
 * twin is not written: it is read off the XML when asked (core/files/urlset-text).
 */
export interface FileSink {
  write(xml: string, blockIndex: string): void;
}

/** A file the writer has closed: its content went to `sink`, this is what its metadata needs. */
export interface ClosedFile<S = FileSink> {
  sink: S;
  urlCount: number;
  byteSize: number;
  lastmodTime: number | null;
  firstKey: string;
  lastKey: string;
  /** URLs per locale ('default' for types without i18n). */
  localeCounts: Record<string, number>;
  /** What the extensions count in the file, by count key. */
  counts: Counts;
}

/** Keeps a file's content as strings (tests, and callers that need the text itself). */
export class MemorySink implements FileSink {
  xml = '';
  blockIndex = '';

  write(xml: string, blockIndex: string) {
    this.xml += xml;
    this.blockIndex += blockIndex;
  }
}

/**
 * Splits a written file back into its blocks, using its block index (the text lengths it holds,
 * from when text twins were stored, are not needed). Throws when they disagree.
 */
export function splitFile(
  xml: string,
  index: BlockIndexEntry[],
  extensions: readonly UrlExtension[] = URL_EXTENSIONS
): RenderedBlock[] {
  const counted = extensions.filter((extension) => extension.count);
  // Files written before the image namespace was declared open with a shorter tag: any version splits.
  const open = /<urlset [^>]*>\n/.exec(xml);
  if (!open) throw new Error('not a urlset written by this plugin');
  let xmlAt = open.index + open[0].length;
  const blocks: RenderedBlock[] = [];
  for (const [key, xmlLength, , lastmodTime, locales] of index) {
    const blockXml = xml.slice(xmlAt, xmlAt + xmlLength);
    xmlAt += xmlLength;
    // One entry per URL; a block always holds at least one, so '' is one URL without a locale.
    const localeList = locales.split(',').map((locale) => locale || undefined);
    if (countOf(blockXml, URL_OPEN) !== localeList.length)
      throw new Error('block index does not match the file');
    blocks.push({
      key,
      xml: blockXml,
      urlCount: localeList.length,
      bytes: Buffer.byteLength(blockXml),
      lastmodTime: lastmodTime ?? undefined,
      locales: localeList,
      counts: countsIn(blockXml, counted),
    });
  }
  if (xml.slice(xmlAt) !== URLSET_CLOSE) throw new Error('block index does not match the file');
  return blocks;
}

/** The urlset's opening tag, declaring every extension's namespace. */
const urlsetOpen = (extensions: readonly UrlExtension[]) =>
  `<urlset xmlns="${SITEMAP_NS}"${extensions
    .map(({ namespace }) => (namespace ? ` xmlns:${namespace.prefix}="${namespace.uri}"` : ''))
    .join('')}>\n`;
const URLSET_CLOSE = '</urlset>\n';

/** Occurrences of `needle` in `text` (a spliced block's images: the block index does not hold them). */
const countOf = (text: string, needle: string) => {
  let count = 0;
  for (let at = text.indexOf(needle); at >= 0; at = text.indexOf(needle, at + needle.length))
    count++;
  return count;
};

/** What the extensions count in a block's XML, by their opening tags; undefined when nothing. */
function countsIn(xml: string, counted: readonly UrlExtension[]): Counts | undefined {
  let counts: Counts | undefined;
  for (const { count } of counted) {
    const found = countOf(xml, count!.tag);
    if (found > 0) (counts ??= {})[count!.key] = found;
  }
  return counts;
}

/** Adds `more` into `into`. */
function addCounts(into: Counts, more: Counts | undefined) {
  if (more) for (const key in more) into[key] = (into[key] ?? 0) + more[key];
}

export const formatPriority = (priority: number) => String(Math.round(priority * 100) / 100);

export function renderUrl(
  record: UrlRecord,
  extensions: readonly UrlExtension[] = URL_EXTENSIONS
): string {
  let xml = `${URL_OPEN}${escapeXml(record.loc)}</loc>`;
  if (record.lastmod) xml += `<lastmod>${record.lastmod}</lastmod>`;
  if (record.changefreq) xml += `<changefreq>${record.changefreq}</changefreq>`;
  if (record.priority !== undefined)
    xml += `<priority>${formatPriority(record.priority)}</priority>`;
  for (const extension of extensions) if (extension.render) xml += extension.render(record);
  return `${xml}</url>\n`;
}

/** Keys and locales are plain ASCII names: quoted as they are, else by JSON.stringify. */
const JSON_PLAIN = /^[A-Za-z0-9 _.,:;@!#$%&'()*+=?^`{|}~/-]*$/;
const jsonString = (value: string) =>
  JSON_PLAIN.test(value) ? `"${value}"` : JSON.stringify(value);

/** Renders a block's URLs and counts their bytes and what the extensions count. */
export function renderBlock(
  block: UrlBlock,
  extensions: readonly UrlExtension[] = URL_EXTENSIONS
): RenderedBlock {
  let xml = '';
  let counts: Counts | undefined;
  for (const record of block.records) {
    xml += renderUrl(record, extensions);
    for (const { count } of extensions) {
      const found = count ? count.of(record) : 0;
      if (found > 0) {
        counts ??= {};
        counts[count!.key] = (counts[count!.key] ?? 0) + found;
      }
    }
  }
  const locales = block.locales ?? block.records.map(() => undefined);
  const rendered: RenderedBlock = {
    key: block.key,
    xml,
    urlCount: block.records.length,
    bytes: Buffer.byteLength(xml),
    lastmodTime: block.lastmodTime,
    locales,
  };
  if (counts) rendered.counts = counts;
  return rendered;
}

/** Renders a block; null, reported, when it is too large for any file the writer writes. */
export function renderFitting(
  writer: Pick<UrlsetWriter, 'fits'>,
  block: UrlBlock,
  extensions: readonly UrlExtension[],
  report: ValidationReport,
  contentType?: string
): RenderedBlock | null {
  const rendered = renderBlock(block, extensions);
  if (writer.fits(rendered)) return rendered;
  report.add({
    rule: 'file-limit',
    contentType,
    documentId: block.key,
    url: block.records[0].loc,
    detail: `${block.records.length} URLs`,
  });
  return null;
}

/**
 * Writes blocks into a series of files, each handed to a sink from `open` as it is written, so a
 * file is never held whole in memory. A file is closed before a block would pass its limits.
 */
export class UrlsetWriter<S extends FileSink = FileSink> {
  private readonly head: string;
  private readonly frameBytes: number;
  private sink: S | null = null;
  private urlCount = 0;
  private byteSize = 0;
  private lastmodTime: number | null = null;
  private firstKey = '';
  private lastKey = '';
  private localeCounts: Record<string, number> = {};
  private counts: Counts = {};

  constructor(
    private readonly limits: FileLimits,
    xslHref: string | undefined,
    private readonly open: () => S,
    extensions: readonly UrlExtension[] = URL_EXTENSIONS
  ) {
    this.head = xmlProlog(xslHref) + urlsetOpen(extensions);
    this.frameBytes = Buffer.byteLength(this.head) + Buffer.byteLength(URLSET_CLOSE);
  }

  /** Whether an empty file can hold the block at all. */
  fits(block: Pick<RenderedBlock, 'urlCount' | 'bytes'>) {
    return (
      block.urlCount <= this.limits.urlsPerFile &&
      this.frameBytes + block.bytes <= this.limits.bytesPerFile
    );
  }

  /**
   * Adds a rendered block. When it does not fit in the current file, that file is closed and
   * returned, and the block starts the next one.
   */
  add(block: RenderedBlock): ClosedFile<S> | null {
    let closed: ClosedFile<S> | null = null;
    const full =
      this.urlCount + block.urlCount > this.limits.urlsPerFile ||
      this.frameBytes + this.byteSize + block.bytes > this.limits.bytesPerFile;
    if (this.urlCount > 0 && full) closed = this.close();
    const first = this.urlCount === 0;
    if (first) {
      this.sink = this.open();
      this.firstKey = block.key;
    }
    this.urlCount += block.urlCount;
    this.byteSize += block.bytes;
    addCounts(this.counts, block.counts);
    this.lastKey = block.key;
    let locales = '';
    for (let i = 0; i < block.locales.length; i++) {
      const locale = block.locales[i];
      const name = locale ?? 'default';
      this.localeCounts[name] = (this.localeCounts[name] ?? 0) + 1;
      locales += i === 0 ? (locale ?? '') : `,${locale ?? ''}`;
    }
    if (
      block.lastmodTime !== undefined &&
      (this.lastmodTime === null || block.lastmodTime > this.lastmodTime)
    ) {
      this.lastmodTime = block.lastmodTime;
    }
    // Same text as JSON.stringify of the BlockIndexEntry, without building the array.
    const entry = `[${jsonString(block.key)},${block.xml.length},0,${block.lastmodTime ?? null},${jsonString(locales)}]`;
    // Handed over at once, while the block's strings are young: a string kept across the run's
    // turns is promoted, and turning such a string of many pieces into bytes cost about six times
    // more (9 ns a byte against 1.5 in a full run on PostgreSQL, docs/performance.md).
    if (first) this.sink!.write(this.head + block.xml, `[${entry}`);
    else this.sink!.write(block.xml, `,${entry}`);
    return closed;
  }

  /** Closes the open file, if it holds any URL. */
  close(): ClosedFile<S> | null {
    if (this.urlCount === 0) return null;
    this.sink!.write(URLSET_CLOSE, ']');
    const file: ClosedFile<S> = {
      sink: this.sink!,
      urlCount: this.urlCount,
      byteSize: this.frameBytes + this.byteSize,
      lastmodTime: this.lastmodTime,
      firstKey: this.firstKey,
      lastKey: this.lastKey,
      localeCounts: this.localeCounts,
      counts: this.counts,
    };
    this.sink = null;
    this.localeCounts = {};
    this.counts = {};
    this.urlCount = 0;
    this.byteSize = 0;
    this.lastmodTime = null;
    return file;
  }
}
