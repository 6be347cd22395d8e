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

  constructor(private readonly limits: FileLimits, xslHref?: string) {
    this.head = xmlProlog(xslHref) + URLSET_OPEN;
    this.frameBytes = Buffer.byteLength(this.head) + Buffer.byteLength(URLSET_CLOSE);
  }

  /** Bytes the block takes in a file; `fits` is false when even an empty file cannot hold it. */
  measure(block: UrlBlock) {
    const rendered = block.records.map(renderUrl);
    let bytes = 0;
    for (const part of rendered) bytes += Buffer.byteLength(part);
    const fits = block.records.length <= this.limits.urlsPerFile && this.frameBytes + bytes <= this.limits.bytesPerFile;
    return { rendered, bytes, fits };
  }

  /**
   * Adds a measured block. When it does not fit in the current file, that file is closed and
   * returned, and the block starts the next one.
   */
  add(block: UrlBlock, measured: { rendered: string[]; bytes: number }): WrittenFile | null {
    let closed: WrittenFile | null = null;
    const full =
      this.urlCount + block.records.length > this.limits.urlsPerFile ||
      this.frameBytes + this.byteSize + measured.bytes > this.limits.bytesPerFile;
    if (this.urlCount > 0 && full) closed = this.close();
    if (this.urlCount === 0) this.firstKey = block.key;
    for (let i = 0; i < block.records.length; i++) {
      this.xml.push(measured.rendered[i]);
      this.text.push(`${block.records[i].loc}\n`);
    }
    this.urlCount += block.records.length;
    this.byteSize += measured.bytes;
    this.lastKey = block.key;
    for (let i = 0; i < block.records.length; i++) {
      const locale = block.locales?.[i] ?? 'default';
      this.localeCounts[locale] = (this.localeCounts[locale] ?? 0) + 1;
    }
    if (block.lastmodTime !== undefined && (this.lastmodTime === null || block.lastmodTime > this.lastmodTime)) {
      this.lastmodTime = block.lastmodTime;
    }
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
    };
    this.localeCounts = {};
    this.xml = [];
    this.text = [];
    this.urlCount = 0;
    this.byteSize = 0;
    this.lastmodTime = null;
    return file;
  }
}
