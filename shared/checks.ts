/**
 * The checks the settings form makes before saving and the server makes again on save, written
 * once: an origin, a pattern's syntax. Pure, and free of Node: the admin bundles this file.
 */

/** An http(s) origin such as `https://www.example.com`; returns it without trailing slash, or null. */
export function parseOrigin(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  try {
    const url = new URL(value);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
    if (url.pathname !== '/' || url.search || url.hash || url.username || url.password) return null;
    return url.origin;
  } catch {
    return null;
  }
}

export const isOrigin = (value: unknown) => parseOrigin(value) !== null;

/** What is wrong with a pattern's syntax, before its fields are looked up. */
export type PatternProblem = 'required' | 'slash' | 'brackets' | 'query';

const PLACEHOLDER = /\[([^\][]*)\]/g;

/** Why `source` is not the syntax of a pattern (`/blog/[slug]`), or null. */
export function patternProblem(source: unknown): PatternProblem | null {
  if (typeof source !== 'string' || !source.trim()) return 'required';
  if (!source.startsWith('/')) return 'slash';
  const withoutPlaceholders = source.replace(PLACEHOLDER, '');
  if (/[[\]]/.test(withoutPlaceholders)) return 'brackets';
  if (/[?#]/.test(withoutPlaceholders)) return 'query';
  return null;
}
