/**
 * Public, unauthenticated reads of the stored files. Only names of the generated shape are looked
 * up at all; anything else is a 404 without a query. Conditional requests are answered with 304.
 */
import type { Core } from '@strapi/strapi';
import { SERVED_NAME } from '../core/file-names';
import { PLUGIN_ID } from '../uids';
import type { StoredFile } from '../services/file-store';

const CONTENT_TYPES: Record<string, string> = {
  urlset: 'application/xml; charset=utf-8',
  index: 'application/xml; charset=utf-8',
  text: 'text/plain; charset=utf-8',
  xsl: 'text/xsl; charset=utf-8',
};

const stripWeak = (tag: string) => tag.trim().replace(/^W\//, '');

function isNotModified(ctx: any, etags: string[], lastModified: Date) {
  const ifNoneMatch = ctx.get('If-None-Match');
  if (ifNoneMatch) {
    const candidates = ifNoneMatch.split(',').map(stripWeak);
    return candidates.includes('*') || candidates.some((tag: string) => etags.includes(tag));
  }
  const ifModifiedSince = Date.parse(ctx.get('If-Modified-Since'));
  return !Number.isNaN(ifModifiedSince) && Math.floor(lastModified.getTime() / 1000) * 1000 <= ifModifiedSince;
}

export default ({ strapi }: { strapi: Core.Strapi }) => ({
  async serve(ctx: any) {
    const requested = String(ctx.params.name ?? '');
    if (!SERVED_NAME.test(requested)) return ctx.notFound();
    const settings = await strapi.plugin(PLUGIN_ID).service('settings').cached();
    const asGzipFile = requested.endsWith('.gz');
    if (asGzipFile && (!settings.gzip || !requested.endsWith('.xml.gz'))) return ctx.notFound();
    const store = strapi.plugin(PLUGIN_ID).service('file-store');
    const file = (await store.findServed(asGzipFile ? requested.slice(0, -3) : requested)) as StoredFile | null;
    if (!file) return ctx.notFound();

    const lastModified = new Date(file.createdAt);
    const identityTag = `"${file.etag}"`;
    const gzipTag = `"${file.etag}-gz"`;
    const encodeGzip = !asGzipFile && settings.gzip && Boolean(ctx.acceptsEncodings('gzip', 'identity') === 'gzip');
    ctx.set('Last-Modified', lastModified.toUTCString());
    ctx.set('Cache-Control', 'public, max-age=60, must-revalidate');
    ctx.set('X-Content-Type-Options', 'nosniff');
    if (settings.gzip) ctx.vary('Accept-Encoding');
    ctx.set('ETag', asGzipFile || encodeGzip ? gzipTag : identityTag);
    if (isNotModified(ctx, [identityTag, gzipTag], lastModified)) {
      ctx.status = 304;
      return;
    }

    const compressed: Buffer = await store.readCompressed(file);
    if (asGzipFile) {
      ctx.type = 'application/gzip';
      ctx.body = compressed;
    } else if (encodeGzip) {
      ctx.set('Content-Encoding', 'gzip');
      ctx.type = CONTENT_TYPES[file.format];
      ctx.body = compressed;
    } else {
      ctx.type = CONTENT_TYPES[file.format];
      ctx.body = await store.gunzip(compressed);
    }
  },
});
