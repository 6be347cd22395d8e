/**
 * Validation rules checked while sitemaps are written. Codes are stable: the admin panel and
 * run reports key on them. An entry that breaks a "left out" rule is never written.
 */
export const RULES = {
  'url-too-long': { leftOut: true, message: 'URL is 2,048 characters or longer' },
  'url-not-absolute': { leftOut: true, message: 'URL is not an absolute http(s) URL' },
  'url-host-mismatch': {
    leftOut: true,
    message: 'URL is on another host than the configured hostname',
  },
  'url-duplicate': { leftOut: true, message: 'URL is already listed by another entry' },
  'pattern-unfilled': { leftOut: true, message: 'the URL pattern cannot be filled for this entry' },
  'lastmod-invalid': {
    leftOut: false,
    message: 'lastmod value cannot be read as a date: <lastmod> left out',
  },
  'lastmod-future': {
    leftOut: false,
    message: 'lastmod value is in the future: <lastmod> left out',
  },
  'file-limit': {
    leftOut: true,
    message: "the entry's URLs do not fit in one sitemap file under the URL and size limits",
  },
  'image-limit': {
    leftOut: false,
    message: 'the page has more than 1,000 images: only the first 1,000 are listed',
  },
  'video-incomplete': {
    leftOut: false,
    message:
      'the entry lacks a value a video needs (video, thumbnail, title, description): no video listed',
  },
  'video-value-invalid': {
    leftOut: false,
    message:
      "a video value breaks Google's limits: a title or description cut, a duration or date left out",
  },
  'news-incomplete': {
    leftOut: false,
    message: 'the entry has no title or no publication date: left out of the news sitemap',
  },
  'news-limit': {
    leftOut: false,
    message:
      'more entries of the last two days than a news series lists (10,000 per host): the oldest left out of the news sitemap',
  },
  'hook-error': {
    leftOut: false,
    message:
      'a hook registered from code failed or returned something unusable: its change was skipped',
  },
  'priority-uniform': {
    leftOut: false,
    message: 'every URL has the same priority, which tells crawlers nothing',
  },
  'index-host-local': {
    leftOut: false,
    message:
      'the index lists its files on a local host, which crawlers cannot reach: set server.url or publicUrl',
  },
} as const;

export type RuleCode = keyof typeof RULES;

export const MAX_URL_LENGTH = 2048;

// C0 controls and DEL: written as they are, they would break the XML or add lines to a text file.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTER = /[\u0000-\u001F\u007F]/;
/** Whether a value meant for one line of a file (a URL, a label) holds a control character. */
export const hasControlCharacter = (value: string) => CONTROL_CHARACTER.test(value);

export interface ValidationSample {
  rule: RuleCode;
  contentType?: string;
  documentId?: string;
  locale?: string;
  url?: string;
  detail?: string;
}

export interface ValidationSummary {
  counts: Partial<Record<RuleCode, number>>;
  samples: ValidationSample[];
}

/** Counts every finding and keeps the first few of each rule, so a run report stays small at any size. */
export class ValidationReport {
  private readonly counts: Partial<Record<RuleCode, number>> = {};
  private readonly samples: ValidationSample[] = [];

  constructor(private readonly samplesPerRule = 20) {}

  add(sample: ValidationSample) {
    const count = (this.counts[sample.rule] ?? 0) + 1;
    this.counts[sample.rule] = count;
    if (count <= this.samplesPerRule) this.samples.push(sample);
  }

  count(rule: RuleCode) {
    return this.counts[rule] ?? 0;
  }

  summary(): ValidationSummary {
    return { counts: { ...this.counts }, samples: [...this.samples] };
  }
}

/** The origin check used for every `<loc>`: scheme, host and length. Returns the broken rule, or null. */
export function checkLoc(loc: string, expectedOrigin: string): RuleCode | null {
  if (loc.length >= MAX_URL_LENGTH) return 'url-too-long';
  let url: URL;
  try {
    url = new URL(loc);
  } catch {
    return 'url-not-absolute';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'url-not-absolute';
  if (url.origin !== expectedOrigin) return 'url-host-mismatch';
  return null;
}

/**
 * Whether a URL points at this machine or at no host: `localhost` (and `*.localhost`), 127.0.0.0/8,
 * ::1, and the unspecified 0.0.0.0 and ::. Without `server.url`, Strapi's URL is its listen address, often `http://0.0.0.0:1337`.
 */
export function isLocalHostUrl(url: string) {
  let hostname: string;
  try {
    hostname = new URL(url).hostname.toLowerCase().replace(/\.$/, '');
  } catch {
    return false;
  }
  if (hostname === 'localhost' || hostname.endsWith('.localhost')) return true;
  // The URL parser has already written IPv4 in four decimal bytes (0x7f.1 → 127.0.0.1) and IPv6 compressed.
  if (/^127\.\d+\.\d+\.\d+$/.test(hostname) || hostname === '0.0.0.0') return true;
  return (
    hostname === '[::1]' ||
    hostname === '[::]' ||
    /^\[::ffff:(7f[0-9a-f]{2}:[0-9a-f]{1,4}|0:0)\]$/.test(hostname)
  );
}
