/**
 * A urlset's text twin (one URL a line, the protocol's text sitemap) read off its XML: every
 * `<url>` this plugin writes opens with its `<loc>`, so the twin is those values, unescaped, in
 * order. Runs store only the XML; the `.txt` is derived when asked, streamed (serving/public-files).
 */
import { Transform } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { unescapeXml } from './xml';

/** How every `<url>` the writer renders opens (core/files/urlset-writer renderUrl). */
export const URL_OPEN = '<url><loc>';
const OPEN = URL_OPEN;
const CLOSE = '</loc>';

/**
 * Appends the URL of every complete `<url><loc>…</loc>` in `xml` to `lines` (each ending in a line
 * break); returns where an unfinished one starts (or the last characters that could begin one).
 */
function scanLocs(xml: string, lines: string[]): number {
  for (let at = 0; ; ) {
    const open = xml.indexOf(OPEN, at);
    if (open < 0) return Math.max(at, xml.length - (OPEN.length - 1));
    const close = xml.indexOf(CLOSE, open + OPEN.length);
    if (close < 0) return open;
    lines.push(`${unescapeXml(xml.slice(open + OPEN.length, close))}\n`);
    at = close + CLOSE.length;
  }
}

/** The text twin of a urlset's XML (or of one block of it). */
export function urlsetText(xml: string): string {
  const lines: string[] = [];
  scanLocs(xml, lines);
  return lines.join('');
}

/**
 * The text twin of a urlset streamed from its XML bytes: holds at most one unfinished `<url><loc>`
 * between chunks, whatever the file's size.
 */
export class UrlsetTextStream extends Transform {
  private readonly decoder = new StringDecoder('utf8');
  private pending = '';

  _transform(chunk: Buffer, _encoding: BufferEncoding, done: (error?: Error | null) => void) {
    this.pending += this.decoder.write(chunk);
    const lines: string[] = [];
    this.pending = this.pending.slice(scanLocs(this.pending, lines));
    if (lines.length > 0) this.push(lines.join(''));
    done();
  }

  _flush(done: (error?: Error | null) => void) {
    this.pending += this.decoder.end();
    const lines: string[] = [];
    scanLocs(this.pending, lines);
    if (lines.length > 0) this.push(lines.join(''));
    done();
  }
}
