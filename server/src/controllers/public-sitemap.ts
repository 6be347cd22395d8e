/**
 * Public, unauthenticated reads of the stored files. Only names of the generated shape are looked
 * up at all; anything else is a 404 without a query. Conditional requests are answered with 304.
 * Gzip bytes are sent as stored; a body without gzip is streamed through zlib; HEAD reads nothing.
 */
import type { Core } from '@strapi/strapi';
import type { Context } from 'koa';
import { SERVED_NAME } from '../core/files/file-names';
import { indexNowKeyName } from '../core/feeds/indexnow-protocol';
import type { StoredFile } from '../services/store/file-store';
import { getService } from '../utils/get-service';
import { isNotModified } from './conditional';

const CONTENT_TYPES: Record<string, string> = {
  urlset: 'application/xml; charset=utf-8',
  news: 'application/xml; charset=utf-8',
  feed: 'application/atom+xml; charset=utf-8',
  index: 'application/xml; charset=utf-8',
  text: 'text/plain; charset=utf-8',
  xsl: 'text/xsl; charset=utf-8',
};

export default ({ strapi }: { strapi: Core.Strapi }) => ({
  async serve(ctx: Context) {
    const requested = String(ctx.params.name ?? '');
    // Files for crawlers, not pages: they never show in search results themselves (as Yoast and Drupal do).
    ctx.set('X-Robots-Tag', 'noindex');
    const { settings } = await getService(strapi, 'settings').plan();
    // The IndexNow key, as the protocol serves it: <key>.txt, readable by anyone.
    if (settings.indexNow && requested === indexNowKeyName(settings.indexNow.key)) {
      ctx.type = 'text/plain; charset=utf-8';
      ctx.set('X-Content-Type-Options', 'nosniff');
      ctx.body = settings.indexNow.key;
      return;
    }
    if (!SERVED_NAME.test(requested)) return ctx.notFound();
    const asGzipFile = requested.endsWith('.gz');
    if (asGzipFile && (!settings.gzip || !requested.endsWith('.xml.gz'))) return ctx.notFound();
    const store = getService(strapi, 'file-store');
    const file = (await store.findServed(
      asGzipFile ? requested.slice(0, -3) : requested
    )) as StoredFile | null;
    if (!file) return ctx.notFound();

    const lastModified = new Date(file.createdAt);
    const identityTag = `"${file.etag}"`;
    const gzipTag = `"${file.etag}-gz"`;
    const encodeGzip =
      !asGzipFile && settings.gzip && Boolean(ctx.acceptsEncodings('gzip', 'identity') === 'gzip');
    const sendsGzip = asGzipFile || encodeGzip;
    ctx.set('Last-Modified', lastModified.toUTCString());
    ctx.set('Cache-Control', 'public, max-age=60, must-revalidate');
    ctx.set('X-Content-Type-Options', 'nosniff');
    if (settings.gzip) ctx.vary('Accept-Encoding');
    ctx.set('ETag', sendsGzip ? gzipTag : identityTag);
    if (isNotModified(ctx, [identityTag, gzipTag], lastModified)) {
      ctx.status = 304;
      return;
    }

    ctx.type = asGzipFile ? 'application/gzip' : CONTENT_TYPES[file.format];
    if (encodeGzip) ctx.set('Content-Encoding', 'gzip');
    if (ctx.method === 'HEAD') {
      // Headers only: the sizes are stored with the file, so nothing is read or decompressed.
      ctx.status = 200;
      ctx.length = sendsGzip ? file.compressedSize : file.byteSize;
      return;
    }
    if (sendsGzip) {
      ctx.body = await store.readCompressed(file);
      return;
    }
    // Streamed: a request holds a few chunks of the text, never all of it.
    ctx.body = await store.openText(file);
    ctx.length = file.byteSize;
  },
});
