/**
 * Validation rules checked while sitemaps are written. Codes are stable: the admin panel and run
 * reports key on them (each has its `rules.<code>.title`, `.why` and `.fix` texts in the admin). An
 * entry that breaks a "left out" rule is never written.
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
  'seo-noindex': {
    leftOut: true,
    message: "the page's SEO component says noindex: the page asks search engines not to list it",
  },
  'seo-canonical': {
    leftOut: true,
    message:
      "the page's SEO component names another page as canonical: that page is the one listed",
  },
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

/** Every validation rule code. */
export const RULE_CODES = Object.keys(RULES) as RuleCode[];
