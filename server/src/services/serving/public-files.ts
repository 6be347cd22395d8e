/**
 * The answer to a public request for a stored file (or the IndexNow key), whoever carries it: the
 * Koa controller (public-sitemap) or, when the `serving` option asks, the listener in front of
 * Strapi's middleware (direct-serving). Only names of the generated shape are looked up at all, in
 * the serving snapshot (no query per request). Gzip bytes are sent as stored; a body without gzip
 * is streamed through zlib; HEAD and 304 read nothing. A urlset's text twin (`article-1.txt`) is
 * read off its XML as it is sent (file-store openTextTwin), nothing kept.
 */
import { pipeline, type Readable } from 'node:stream';
import { createGzip } from 'node:zlib';
import type { Core } from '@strapi/strapi';
import { SERVED_NAME } from '../../core/files/file-names';
import { isNotModified, type ConditionalHeaders } from '../../core/serving/conditional-request';
import { indexNowKeyName } from '../../core/feeds/indexnow-protocol';
import { URLSET_GZIP_LEVEL } from '../../core/files/gzip-file';
import type { StoredFile } from '../store/file-store';
import { getService } from '../../utils/get-service';

const CONTENT_TYPES: Record<string, string> = {
  urlset: 'application/xml; charset=utf-8',
  news: 'application/xml; charset=utf-8',
  feed: 'application/atom+xml; charset=utf-8',
  index: 'application/xml; charset=utf-8',
  text: 'text/plain; charset=utf-8',
  xsl: 'text/xsl; charset=utf-8',
};

export interface FileRequest extends ConditionalHeaders {
  /** The last path segment, decoded: `sitemap-index.xml`, `article-1.xml.gz`… */
  name: string;
  method: string;
  /** Whether the client prefers gzip to identity (its Accept-Encoding); asked only when it matters. */
  prefersGzip: () => boolean;
}

export interface FileAnswer {
  status: 200 | 304;
  /** Every header of the answer, Content-Length included when there is a body or a HEAD. */
  headers: Record<string, string>;
  body?: Buffer | Readable | string;
}

export default ({ strapi }: { strapi: Core.Strapi }) => ({
  /** The answer, or null when no such file is served (a 404, the caller's to shape). */
  async answer(request: FileRequest): Promise<FileAnswer | null> {
    const { name, method } = request;
    // Files for crawlers, not pages: they never show in search results themselves (as Yoast and Drupal do).
    const headers: Record<string, string> = {
      'X-Robots-Tag': 'noindex',
      'X-Content-Type-Options': 'nosniff',
    };
    const { settings } = await getService(strapi, 'settings').plan();
    // The IndexNow key, as the protocol serves it: <key>.txt, readable by anyone.
    if (settings.indexNow && name === indexNowKeyName(settings.indexNow.key)) {
      const key = settings.indexNow.key;
      headers['Content-Type'] = 'text/plain; charset=utf-8';
      headers['Content-Length'] = String(Buffer.byteLength(key));
      return { status: 200, headers, body: method === 'HEAD' ? undefined : key };
    }
    if (!SERVED_NAME.test(name)) return null;
    const asGzipFile = name.endsWith('.gz');
    if (asGzipFile && (!settings.gzip || !name.endsWith('.xml.gz'))) return null;
    const store = getService(strapi, 'file-store');
    const twin = name.endsWith('.txt');
    const file = (await store.findServed(
      twin ? `${name.slice(0, -4)}.xml` : asGzipFile ? name.slice(0, -3) : name
    )) as StoredFile | null;
    if (!file || (twin && file.format !== 'urlset')) return null;

    const lastModified = new Date(file.createdAt);
    const tag = twin ? `${file.etag}-txt` : file.etag;
    const identityTag = `"${tag}"`;
    const gzipTag = `"${tag}-gz"`;
    const encodeGzip = !asGzipFile && settings.gzip && request.prefersGzip();
    const sendsGzip = asGzipFile || encodeGzip;
    headers['Last-Modified'] = lastModified.toUTCString();
    headers['Cache-Control'] = 'public, max-age=60, must-revalidate';
    if (settings.gzip) headers.Vary = 'Accept-Encoding';
    headers.ETag = sendsGzip ? gzipTag : identityTag;
    if (isNotModified(request, [identityTag, gzipTag], lastModified)) {
      return { status: 304, headers };
    }

    headers['Content-Type'] = asGzipFile
      ? 'application/gzip'
      : CONTENT_TYPES[twin ? 'text' : file.format];
    if (encodeGzip) headers['Content-Encoding'] = 'gzip';
    if (twin) {
      // Its size is known once it is read: sent chunked, and a HEAD reads nothing.
      if (method === 'HEAD') return { status: 200, headers };
      const text = await store.openTextTwin(file);
      // A failure reaches the reader as an error of the returned stream.
      const body = encodeGzip
        ? pipeline(text, createGzip({ level: URLSET_GZIP_LEVEL }), () => undefined)
        : text;
      return { status: 200, headers, body };
    }
    // The sizes are stored with the file: a HEAD reads and decompresses nothing.
    headers['Content-Length'] = String(sendsGzip ? file.compressedSize : file.byteSize);
    if (method === 'HEAD') return { status: 200, headers };
    // Without gzip the text is streamed: a request holds a few chunks of it, never all of it.
    const body = sendsGzip ? await store.readCompressed(file) : await store.openText(file);
    return { status: 200, headers, body };
  },
});
