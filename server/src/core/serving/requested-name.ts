/**
 * The file name a raw request path asks for under `prefix` (for the listener in front of Koa,
 * direct-serving), or null when the controller's route `/:name` would not take it as one name:
 * one path segment, decodable. Whether a file of that name is served is the answer's to say.
 */
export function requestedName(url: string | undefined, prefix: string): string | null {
  if (!url?.startsWith(prefix)) return null;
  const query = url.indexOf('?');
  const segment = url.slice(prefix.length, query < 0 ? undefined : query);
  if (segment === '' || segment.includes('/')) return null;
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}
