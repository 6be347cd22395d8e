/** Conditional GETs: whether the client's copy is still the one served (answer 304). */
import type { Context } from 'koa';

const stripWeak = (tag: string) => tag.trim().replace(/^W\//, '');

export function isNotModified(ctx: Context, etags: string[], lastModified: Date) {
  const ifNoneMatch = ctx.get('If-None-Match');
  if (ifNoneMatch) {
    const candidates = ifNoneMatch.split(',').map(stripWeak);
    return candidates.includes('*') || candidates.some((tag: string) => etags.includes(tag));
  }
  const ifModifiedSince = Date.parse(ctx.get('If-Modified-Since'));
  return (
    !Number.isNaN(ifModifiedSince) &&
    Math.floor(lastModified.getTime() / 1000) * 1000 <= ifModifiedSince
  );
}
