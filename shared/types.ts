/** The settings shape of `config/plugins.ts` (and of the admin settings form). */
export type Changefreq = 'always' | 'hourly' | 'daily' | 'weekly' | 'monthly' | 'yearly' | 'never';

export interface LocaleOverride {
  pattern: string;
}

export interface ContentTypeSettings {
  pattern: string;
  locales?: Record<string, LocaleOverride>;
  priority?: number;
  changefreq?: Changefreq;
  /** A date or datetime attribute of the type, or false to leave `<lastmod>` out. */
  lastmod?: string | false;
  /** Strapi filter syntax: only entries that match are listed. */
  filters?: Record<string, unknown>;
  /** Fields whose images each URL lists: media, rich text or blocks fields, or `component.field`. */
  images?: string[];
  /** The fields that give each page's `<video:video>`, for pages whose main content is a video. */
  video?: VideoSettings;
  /** Also list the entries of the last 48 hours in a news sitemap series. */
  news?: NewsSettings;
  /** A text field naming each page, in the feed and the visitors' site map (default: the URL). */
  titleField?: string;
  /** List the type's pages in the site map for visitors (plan.json, plan.html). */
  visitorMap?: VisitorMapSettings;
  /**
   * The page's SEO component: `noindex` robots and a canonical URL to another page leave it out. On
   * by default for a type with a component holding `metaRobots` or `canonicalURL`; false: off.
   */
  seo?: SeoSettings | false;
}

/**
 * One of several sites fed by this Strapi (a shop, a blog…): its own hostnames, the mapped types it
 * lists and which of their entries (a filter per type, e.g. `{ website: { slug: 'shop' } }`); it gets
 * its own files, index, robots.txt line, feed and visitors' site map. An entry may be on several.
 */
export interface SiteSettings {
  hostname: string;
  /** Front-end origin per locale, when a locale has a host of its own on this site. */
  hostnames?: Record<string, string>;
  /** Mapped types this site lists (keys of `contentTypes`), each with the filter of its entries. */
  contentTypes: Record<string, { filters?: Record<string, unknown> }>;
}

export interface SeoSettings {
  /** The component field (default: the first component with one of the two fields). */
  component?: string;
  /** Its robots text field (default `metaRobots`). */
  robotsField?: string;
  /** Its canonical URL field (default `canonicalURL`). */
  canonicalField?: string;
}

export interface VisitorMapSettings {
  /** A field, or a to-one relation's field (`category.name`), whose value groups the pages. */
  groupBy?: string;
  /** The section's label per locale code, `*` for any other; default: the type's display name. */
  labels?: Record<string, string>;
}

export interface VideoSettings {
  /** A media field with the video file (`content_loc`), or a text field with a player URL (`player_loc`). */
  field: string;
  title: string;
  description: string;
  /** A media field with an image, or a text field with its URL. */
  thumbnail: string;
  /** A number field: the length in seconds. */
  duration?: string;
  /** A date field. */
  publicationDate?: string;
}

export interface NewsSettings {
  /** The publication's name, exactly as it appears on news.google.com. */
  publicationName: string;
  titleField: string;
  /** The date field that says when the article was published. */
  dateField: string;
}

export interface CustomUrl {
  url: string;
  priority?: number;
  changefreq?: Changefreq;
  lastmod?: string;
}

export interface FileLimits {
  urlsPerFile: number;
  bytesPerFile: number;
}

export interface SitemapSettings {
  hostname: string;
  hostnames: Record<string, string>;
  defaultLocale?: string;
  /** Absolute URL the sitemap files are served under; defaults to Strapi's server url + /api/sitemap. */
  publicUrl?: string;
  contentTypes: Record<string, ContentTypeSettings>;
  customUrls: CustomUrl[];
  limits: FileLimits;
  gzip: boolean;
  xsl: boolean;
  /** node-cron expression of the full run, or false for none. */
  cron: string | false;
  /** IANA time zone the cron expression is read in; unset: the server's. */
  cronTimezone?: string;
  /** Rewrite the affected files when content is published, unpublished or deleted. */
  autoGenerate: boolean;
  /** How long the worker waits for more changes before it rewrites (bursts become one pass). */
  debounceMs: number;
  /** Also write recent.atom: the 100 most recently updated URLs, as an Atom feed. */
  feed?: boolean;
  /** Push changed URLs to IndexNow after each run that changes them; false or unset: never. */
  indexNow?: IndexNowSettings | false;
  /** Several sites from this Strapi, by name; unset: one site, `hostname`'s. */
  sites?: Record<string, SiteSettings>;
}

export interface IndexNowSettings {
  /** 8–128 characters `[a-zA-Z0-9-]`, served at /api/sitemap/<key>.txt. */
  key: string;
  /** Default: the shared endpoint, https://api.indexnow.org/indexnow; from the admin, one of the public endpoints. */
  endpoint?: string;
  /** A path on each front-end host where the key file is reachable, when not `/<key>.txt`. */
  keyLocation?: string;
}

/** One `<url>` ready to be written. */
export interface UrlRecord {
  loc: string;
  lastmod?: string;
  changefreq?: Changefreq;
  priority?: number;
  /** hreflang alternates, the record's own locale included. */
  alternates?: Array<{ hreflang: string; href: string }>;
  /** Absolute URLs of the page's images, for `<image:image>`. */
  images?: string[];
  video?: VideoEntry;
  news?: NewsEntry;
}

export interface VideoEntry {
  thumbnailLoc: string;
  title: string;
  description: string;
  contentLoc?: string;
  playerLoc?: string;
  duration?: number;
  publicationDate?: string;
}

export interface NewsEntry {
  publicationName: string;
  /** ISO 639 (`en`, `zh-cn`). */
  language: string;
  /** W3C date or date-time. */
  publicationDate: string;
  title: string;
}

/** What the validator needs to know of the project's content types: plain data, no Strapi. */
export interface AttributeInfo {
  type: string;
  relation?: string;
  target?: string;
  /** A component's own fields (one level), for settings that reach into it. */
  fields?: Record<string, AttributeInfo>;
}

export interface ContentTypeInfo {
  uid: string;
  kind: 'collectionType' | 'singleType';
  localized: boolean;
  draftAndPublish: boolean;
  /**
   * Holds credentials (users-permissions' users, or a type with a password and an email field):
   * never listed, nor read through a relation, by a mapping saved in the admin; only config/plugins may.
   */
  credentials?: boolean;
  attributes: Record<string, AttributeInfo>;
}

export type SchemaCatalog = Record<string, ContentTypeInfo>;

export interface FieldError {
  path: string[];
  message: string;
}

/** Every setting that changes a written file; the others only change when runs start. */
export const OUTPUT_SETTING_KEYS = [
  'hostname',
  'hostnames',
  'defaultLocale',
  'publicUrl',
  'contentTypes',
  'customUrls',
  'limits',
  'gzip',
  'xsl',
  'feed',
  'sites',
] as const;

export const SETTING_KEYS = [
  ...OUTPUT_SETTING_KEYS,
  'cron',
  'cronTimezone',
  'autoGenerate',
  'debounceMs',
  'indexNow',
] as const;
export type SettingKey = (typeof SETTING_KEYS)[number];

/** An admin value a run leaves out because it no longer validates. */
export interface SkippedSetting {
  /** The setting left out, such as `contentTypes["api::page.page"]` or `customUrls[2]`. */
  setting: string;
  message: string;
}
