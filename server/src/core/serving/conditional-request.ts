/**
 * Conditional GETs (RFC 9110, section 13): whether the client's copy is still the one served, so
 * the answer is a 304. If-None-Match wins over If-Modified-Since, which has a one-second grain.
 */
export interface ConditionalHeaders {
  ifNoneMatch?: string;
  ifModifiedSince?: string;
}

const stripWeak = (tag: string) => tag.trim().replace(/^W\//, '');

export function isNotModified(
  { ifNoneMatch, ifModifiedSince }: ConditionalHeaders,
  etags: string[],
  lastModified: Date
): boolean {
  if (ifNoneMatch) {
    const candidates = ifNoneMatch.split(',').map(stripWeak);
    return candidates.includes('*') || candidates.some((tag: string) => etags.includes(tag));
  }
  const since = Date.parse(ifModifiedSince ?? '');
  return !Number.isNaN(since) && Math.floor(lastModified.getTime() / 1000) * 1000 <= since;
}
