/**
 * Writes `<urlset>` files (and their text twins) by string building: this is the hot path, where
 * xmlbuilder2 costs about ten times more. Every value goes through escapeXml. A file is closed before
 * it would pass the URL count or the uncompressed byte limit, counting every byte written.
 */
import { escapeXml } from './xml';
import type { FileLimits, UrlRecord } from './types';

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
  text: string;
  urlCount: number;
  bytes: number;
  lastmodTime?: number;
  locales: Array<string | undefined>;
}

/**
 * Where each document's URLs stand in a written file: [key, xml length, text length, lastmod time,
 * locales]. Lengths are in string characters. Stored beside the file, it lets an incremental run
 * splice one document in or out without reading the other documents from the database again.
 */
export type BlockIndexEntry = [string, number, number, number | null, string];

export interface WrittenFile {
  xml: string;
  text: string;
  urlCount: number;
  byteSize: number;
  lastmodTime: number | null;
  firstKey: string;
  lastKey: string;
  /** URLs per locale ('default' for types without i18n). */
  localeCounts: Record<string, number>;
  blocks: BlockIndexEntry[];
}

/** Splits a written file back into its blocks, using its block index. Throws when they disagree. */
export function splitFile(xml: string, text: string, index: BlockIndexEntry[]): RenderedBlock[] {
  const bodyStart = xml.indexOf(URLSET_OPEN);
  if (bodyStart < 0) throw new Error('not a urlset written by this plugin');
  let xmlAt = bodyStart + URLSET_OPEN.length;
  let textAt = 0;
  const blocks: RenderedBlock[] = [];
  for (const [key, xmlLength, textLength, lastmodTime, locales] of index) {
    const blockXml = xml.slice(xmlAt, xmlAt + xmlLength);
    const blockText = text.slice(textAt, textAt + textLength);
    xmlAt += xmlLength;
    textAt += textLength;
    // One entry per URL; a block always holds at least one, so '' is one URL without a locale.
    const localeList = locales.split(',').map((locale) => locale || undefined);
    blocks.push({ key, xml: blockXml, text: blockText, urlCount: localeList.length, bytes: Buffer.byteLength(blockXml), lastmodTime: lastmodTime ?? undefined, locales: localeList });
  }
  if (xml.slice(xmlAt) !== URLSET_CLOSE || textAt !== text.length) throw new Error('block index does not match the file');
  return blocks;
}

const URLSET_OPEN =
  '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n';
const URLSET_CLOSE = '</urlset>\n';

export const xmlProlog = (xslHref?: string) =>
  '<?xml version="1.0" encoding="UTF-8"?>\n' +
  (xslHref ? `<?xml-stylesheet type="text/xsl" href="${escapeXml(xslHref)}"?>\n` : '');

export const formatPriority = (priority: number) => String(Math.round(priority * 100) / 100);

export function renderUrl(record: UrlRecord): string {
  let xml = `<url><loc>${escapeXml(record.loc)}</loc>`;
  if (record.lastmod) xml += `<lastmod>${record.lastmod}</lastmod>`;
  if (record.changefreq) xml += `<changefreq>${record.changefreq}</changefreq>`;
  if (record.priority !== undefined) xml += `<priority>${formatPriority(record.priority)}</priority>`;
  if (record.alternates) {
    for (const alternate of record.alternates) {
      xml += `<xhtml:link rel="alternate" hreflang="${escapeXml(alternate.hreflang)}" href="${escapeXml(alternate.href)}"/>`;
    }
  }
  return `${xml}</url>\n`;
}

export class UrlsetWriter {
  private readonly head: string;
  private readonly frameBytes: number;
  private xml: string[] = [];
  private text: string[] = [];
  private urlCount = 0;
  private byteSize = 0;
  private lastmodTime: number | null = null;
  private firstKey = '';
  private lastKey = '';
  private localeCounts: Record<string, number> = {};
  private blocks: BlockIndexEntry[] = [];

  constructor(private readonly limits: FileLimits, xslHref?: string) {
    this.head = xmlProlog(xslHref) + URLSET_OPEN;
    this.frameBytes = Buffer.byteLength(this.head) + Buffer.byteLength(URLSET_CLOSE);
  }

  /** Renders a block's URLs and counts its bytes. */
  render(block: UrlBlock): RenderedBlock {
    let xml = '';
    let text = '';
    for (const record of block.records) {
      xml += renderUrl(record);
      text += `${record.loc}\n`;
    }
    const locales = block.locales ?? block.records.map(() => undefined);
    return { key: block.key, xml, text, urlCount: block.records.length, bytes: Buffer.byteLength(xml), lastmodTime: block.lastmodTime, locales };
  }

  /** Whether an empty file can hold the block at all. */
  fits(block: Pick<RenderedBlock, 'urlCount' | 'bytes'>) {
    return block.urlCount <= this.limits.urlsPerFile && this.frameBytes + block.bytes <= this.limits.bytesPerFile;
  }

  /** Bytes the block takes in a file; `fits` is false when even an empty file cannot hold it. */
  measure(block: UrlBlock) {
    const rendered = block.records.map(renderUrl);
    let bytes = 0;
    for (const part of rendered) bytes += Buffer.byteLength(part);
    const fits = this.fits({ urlCount: block.records.length, bytes });
    return { rendered, bytes, fits };
  }

  /** Adds a measured block (see addRendered). */
  add(block: UrlBlock, measured: { rendered: string[]; bytes: number }): WrittenFile | null {
    return this.addRendered({
      key: block.key,
      xml: measured.rendered.join(''),
      text: block.records.map((record) => `${record.loc}\n`).join(''),
      urlCount: block.records.length,
      bytes: measured.bytes,
      lastmodTime: block.lastmodTime,
      locales: block.locales ?? block.records.map(() => undefined),
    });
  }

  /**
   * Adds a rendered block. When it does not fit in the current file, that file is closed and
   * returned, and the block starts the next one.
   */
  addRendered(block: RenderedBlock): WrittenFile | null {
    let closed: WrittenFile | null = null;
    const full = this.urlCount + block.urlCount > this.limits.urlsPerFile || this.frameBytes + this.byteSize + block.bytes > this.limits.bytesPerFile;
    if (this.urlCount > 0 && full) closed = this.close();
    if (this.urlCount === 0) this.firstKey = block.key;
    this.xml.push(block.xml);
    this.text.push(block.text);
    this.urlCount += block.urlCount;
    this.byteSize += block.bytes;
    this.lastKey = block.key;
    for (const locale of block.locales) {
      const name = locale ?? 'default';
      this.localeCounts[name] = (this.localeCounts[name] ?? 0) + 1;
    }
    if (block.lastmodTime !== undefined && (this.lastmodTime === null || block.lastmodTime > this.lastmodTime)) {
      this.lastmodTime = block.lastmodTime;
    }
    this.blocks.push([block.key, block.xml.length, block.text.length, block.lastmodTime ?? null, block.locales.map((locale) => locale ?? '').join(',')]);
    return closed;
  }

  /** Closes the open file, if it holds any URL. */
  close(): WrittenFile | null {
    if (this.urlCount === 0) return null;
    const file: WrittenFile = {
      xml: this.head + this.xml.join('') + URLSET_CLOSE,
      text: this.text.join(''),
      urlCount: this.urlCount,
      byteSize: this.frameBytes + this.byteSize,
      lastmodTime: this.lastmodTime,
      firstKey: this.firstKey,
      lastKey: this.lastKey,
      localeCounts: this.localeCounts,
      blocks: this.blocks,
    };
    this.localeCounts = {};
    this.blocks = [];
    this.xml = [];
    this.text = [];
    this.urlCount = 0;
    this.byteSize = 0;
    this.lastmodTime = null;
    return file;
  }
}
