/**
 * URL patterns such as `/blog/[category.slug]/[slug]` or `/[locale]/news/[slug]`.
 * A pattern is parsed once; resolving it for an entry is a walk over a few tokens.
 */
import { patternProblem, type PatternProblem } from '../../../../shared/checks';

export type PatternToken =
  | { kind: 'literal'; text: string }
  | { kind: 'field'; path: string[] }
  | { kind: 'locale' };

export interface ParsedPattern {
  source: string;
  tokens: PatternToken[];
  /** Attribute paths the pattern reads, `[locale]` excluded: `[['category', 'slug'], ['slug']]`. */
  fields: string[][];
}

export type ResolveResult =
  | { ok: true; path: string }
  | { ok: false; field: string; reason: string };

const PLACEHOLDER = /\[([^\][]*)\]/g;
const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

export class PatternSyntaxError extends Error {}

/** Characters a path may hold as they are (RFC 3986 pchar plus `/`); `%XX` escapes already present are kept. */
export const encodeLiteral = (text: string) =>
  text.replace(/%(?![0-9A-Fa-f]{2})|[^A-Za-z0-9\-._~!$&'()*+,;=:@/%]/gu, (char) =>
    encodeURIComponent(char)
  );

// Characters encodeURIComponent leaves as they are: most slugs, which then need no call at all.
const UNENCODED_ONLY = /^[A-Za-z0-9\-._~!'()*]*$/;

/**
 * Percent-encodes one value as a single path segment exactly as `encodeURIComponent` does (`/`,
 * `&`, spaces and non-ASCII encoded; `!'()*` kept): what Next.js, Nuxt and SvelteKit put in a
 * dynamic segment and a browser keeps, so a listed URL equals the page's canonical URL byte for byte.
 */
export const encodeSegmentValue = (value: string) =>
  UNENCODED_ONLY.test(value) ? value : encodeURIComponent(value);

function literal(text: string) {
  try {
    return encodeLiteral(text);
  } catch {
    throw new PatternSyntaxError('holds text that is not valid Unicode');
  }
}

/** The server's words for a pattern's syntax problems (the admin has its own, translated). */
const SYNTAX_MESSAGES: Record<PatternProblem, string> = {
  required: 'must be a string that starts with "/"',
  slash: 'must be a string that starts with "/"',
  brackets: 'has an unbalanced "[" or "]"',
  query: 'must not contain "?" or "#": list canonical URLs only',
};

export function parsePattern(source: string): ParsedPattern {
  const problem = patternProblem(source);
  if (problem) throw new PatternSyntaxError(SYNTAX_MESSAGES[problem]);

  const tokens: PatternToken[] = [];
  const fields: string[][] = [];
  let last = 0;
  for (const match of source.matchAll(PLACEHOLDER)) {
    if (match.index! > last)
      tokens.push({ kind: 'literal', text: literal(source.slice(last, match.index)) });
    const name = match[1].trim();
    if (name === 'locale') {
      tokens.push({ kind: 'locale' });
    } else {
      const path = name.split('.');
      if (!path.every((part) => NAME.test(part))) {
        throw new PatternSyntaxError(
          `has an invalid placeholder "[${match[1]}]": use [field], [relation.field] or [locale]`
        );
      }
      tokens.push({ kind: 'field', path });
      if (!fields.some((known) => known.join('.') === path.join('.'))) fields.push(path);
    }
    last = match.index! + match[0].length;
  }
  if (last < source.length) tokens.push({ kind: 'literal', text: literal(source.slice(last)) });
  return { source, tokens, fields };
}

export const readPath = (entry: Record<string, unknown>, path: string[]): unknown => {
  let value: unknown = entry;
  for (const key of path) {
    if (value === null || value === undefined || typeof value !== 'object' || Array.isArray(value))
      return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
};

/** Fills the pattern for one entry; an empty or missing value makes the entry unlistable, never a broken URL. */
export function resolvePattern(
  pattern: ParsedPattern,
  entry: Record<string, unknown>,
  locale?: string
): ResolveResult {
  let path = '';
  for (const token of pattern.tokens) {
    if (token.kind === 'literal') {
      path += token.text;
      continue;
    }
    const field = token.kind === 'locale' ? 'locale' : token.path.join('.');
    const value = token.kind === 'locale' ? locale : readPath(entry, token.path);
    if (value === null || value === undefined)
      return { ok: false, field, reason: 'is empty or its relation is missing' };
    if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'bigint') {
      return { ok: false, field, reason: 'is not a single text or number value' };
    }
    if (typeof value === 'number' && !Number.isFinite(value))
      return { ok: false, field, reason: 'is not a finite number' };
    const text = String(value);
    if (text.trim() === '') return { ok: false, field, reason: 'is empty' };
    // Crawlers resolve "." and ".." segments away, so such a URL would point elsewhere.
    if (text === '.' || text === '..')
      return {
        ok: false,
        field,
        reason: 'is "." or "..", which a URL cannot hold as a path segment',
      };
    try {
      path += encodeSegmentValue(text);
    } catch {
      return { ok: false, field, reason: 'holds text that is not valid Unicode' };
    }
  }
  return { ok: true, path };
}

/** RFC 3986 characters kept as they are (a URL's delimiters included); `%XX` escapes already present are kept. */
export const encodeUrlText = (text: string) =>
  text.replace(/%(?![0-9A-Fa-f]{2})|[^A-Za-z0-9\-._~!$&'()*+,;=:@/%?#[\]]/gu, (char) =>
    encodeURIComponent(char)
  );
