/**
 * The admin API's requests and answers, written once: the server's controllers and services build these
 * shapes, and the admin reads them through `#sitemap/shared` (shared/index.ts). Types, and the few pure
 * constants both sides need: nothing in shared/ may import the server or Node's modules.
 */
import type { SettingKey, SkippedSetting } from './types';
import type { RuleCode, ValidationSample, ValidationSummary } from './rules';
import type {
  ContentTypeInfo,
  ContentTypeSettings,
  CustomUrl,
  NewsEntry,
  SitemapSettings,
  VideoEntry,
} from './types';

/** What starts a run (each has its `triggers.<trigger>` text in the admin). */
export const RUN_TRIGGERS = [
  'manual',
  'publish',
  'schedule',
  'script',
  'settings',
  'startup',
] as const;
export type RunTrigger = (typeof RUN_TRIGGERS)[number];
export const RUN_STATUSES = ['running', 'success', 'failed'] as const;
export type RunStatus = (typeof RUN_STATUSES)[number];

/** Where a setting's value comes from: saved in the admin, config/plugins.ts, or the plugin's default. */
export type SettingSource = 'admin' | 'config' | 'default';

/** GET and PUT /sitemap/settings, POST /sitemap/legacy-import. */
export interface SettingsResponse {
  settings: SitemapSettings;
  sources: Record<SettingKey, SettingSource>;
}

/** PUT /sitemap/settings: only the settings that change; null hands a setting back to the config file. */
export type SettingsPatch = Partial<Record<SettingKey, unknown>>;

/** One entry of GET /sitemap/content-types. */
export interface CatalogType extends ContentTypeInfo {
  displayName: string;
  /** Whether the admin asking may read the type in the content manager (and so change its mapping). */
  readable: boolean;
}

/** POST /sitemap/preview. */
export interface PreviewRequest {
  contentType: string;
  settings?: Partial<ContentTypeSettings>;
  limit?: number;
}

export interface PreviewResponse {
  urls: Array<{
    documentId: string;
    locale?: string;
    url: string;
    /** With several sites: the site this URL is listed on (an entry on two sites has two URLs). */
    site?: string;
    images?: string[];
    video?: VideoEntry;
    /** For a news type: the URL's news entry, when it is in the 48-hour window now. */
    news?: NewsEntry;
    /** For a type in the visitors' site map: its section, group and title there. */
    visitor?: { section: string; group: string | null; title: string };
  }>;
  leftOut: ValidationSample[];
  estimatedUrlCount: number;
}

/** POST /sitemap/cron-preview. */
export interface CronPreviewRequest {
  expression: string;
  /** Empty or absent: the server's zone. */
  timezone?: string;
}

export interface CronPreview {
  valid: boolean;
  errors: string[];
  nextRuns: string[];
  /** The IANA zone the runs were computed in (the server's when none was asked for). */
  timezone: string;
}

/**
 * What a stored file holds: a urlset, the index, a urlset's text twin, the stylesheet, or a
 * urlset's block index (which document stands where in it).
 */
/** `news`: a urlset of the news series (the last 48 hours of a type marked `news`). */
export type FileFormat =
  | 'urlset'
  | 'news'
  | 'text'
  | 'index'
  | 'xsl'
  | 'block-index'
  | 'feed'
  | 'feed-state'
  | 'visitors'
  | 'visitors-directory'
  | 'visitors-leaf';

/** A live file as the dashboard lists it. */
export interface SitemapFileSummary {
  name: string;
  url: string;
  format: FileFormat;
  contentType: string | null;
  urlCount: number | null;
  byteSize: number;
  compressedSize: number;
  lastmod: string | null;
  /** A Date on the server, an ISO string once sent. */
  generatedAt: string | Date;
  /** Share of the URL and byte limits per file; null for a file without a URL count. */
  share: { urls: number; bytes: number } | null;
}

/** A urlset's text twin as the status lists it. */
export type TextTwinSummary = Pick<
  SitemapFileSummary,
  'name' | 'url' | 'contentType' | 'urlCount' | 'generatedAt'
>;

/** What a run did to a listed URL (the run history names each: `dashboard.runs.kind.<kind>`). */
export const CHANGE_KINDS = ['added', 'changed', 'removed'] as const;

/** A URL a run added, changed or removed, as the run history shows it (null type: custom URLs). */
export interface ChangeSample {
  kind: (typeof CHANGE_KINDS)[number];
  url: string;
  contentType: string | null;
}

/**
 * What a run changed of the listed URLs: whole counts, and a few URLs per type and kind. Null when
 * nothing was compared: a first set, or a full run nothing asked to compare (no IndexNow, no
 * `sitemap.updated` webhook).
 */
export interface RunChanges {
  counts: Record<ChangeSample['kind'], number>;
  samples: ChangeSample[];
}

/** A run as GET /sitemap/status lists it (a row of the runs table). */
export interface RunSummary {
  id: number;
  trigger: string;
  status: RunStatus;
  startedAt: string | Date;
  finishedAt: string | Date | null;
  durationMs: number | null;
  filesWritten: number | null;
  urlCount: number | null;
  error: string | null;
  report: {
    scope?: string;
    settingWarnings?: SkippedSetting[];
    changes?: RunChanges | null;
  } | null;
}

/** The run in progress in this process. */
export interface RunProgress {
  trigger: RunTrigger;
  scope: 'full' | 'types' | 'documents';
  startedAt: number;
  urlCount: number;
}

/** GET /sitemap/status: the dashboard. */
export interface StatusResponse {
  index: SitemapFileSummary | null;
  files: SitemapFileSummary[];
  /** Each urlset's text twin, one URL a line: read off the XML when fetched, so it has no stored size. */
  textFiles: TextTwinSummary[];
  totals: { urls: number; files: number; bytes: number };
  /** URLs per content type ('custom' for custom URLs) and locale ('default' without i18n). */
  counts: Record<string, Record<string, number>>;
  /** Per type, what the URL extensions count in its files (`images`, `videos`, `news`…). */
  extras: Record<string, Record<string, number>>;
  /** Findings of the last full run. */
  validation: ValidationSummary;
  nextScheduledRun: string | null;
  pendingChanges: number;
  /** Runs failing in a row since the last success; `retryAt` is null when no change waits to be retried. */
  failing: (Omit<FailingState, 'retryAt'> & { retryAt: string | null }) | null;
  /** Admin settings that no longer validate: runs leave them out. */
  settingWarnings: SkippedSetting[];
  runs: RunSummary[];
  running: RunProgress | null;
  robots: string[];
  /** IndexNow, when set: where the key file is served, and the last pushes (newest first). */
  indexNow: { keyUrl: string; pushes: IndexNowPush[] } | null;
  /** Content types by their display name in the admin ('custom' is the custom URLs). */
  typeNames: Record<string, string>;
  /** The last 30 finished runs, oldest first, for the dashboard's chart. */
  history: Array<{
    id: number;
    startedAt: string;
    durationMs: number;
    urlCount: number;
    full: boolean;
    status: RunStatus;
  }>;
  /** URLs the running full generation will write, about: the last full run's count. */
  runningEstimate: number | null;
  /** The optional robots.txt line of the feed of recent URLs, when it is served. */
  feedRobots: string | null;
  /** The site map for visitors, when a type is listed there: its addresses and how many links it holds. */
  visitorMap: { html: string; json: string; links: number } | null;
  /**
   * The robots.txt lines of each front-end host, when locales have hostnames of their own: its
   * index, then the external sitemaps on that host.
   */
  hostRobots: Array<{ origin: string; lines: string[] }>;
  /**
   * With several sites (settings `sites`), each one, the main site first (`name` null): its hosts,
   * the types it lists that the admin may read, its URLs and files, its feed and visitors' map.
   * Empty without sites.
   */
  sites: SiteSummary[];
  hostname: string;
  cron: string | false;
  mappedTypes: number;
  sources: Record<SettingKey, SettingSource>;
}

/** One site on the dashboard. */
export interface SiteSummary {
  name: string | null;
  hostname: string;
  hostnames: Record<string, string>;
  types: string[];
  urls: number;
  files: number;
  feed: string | null;
  visitorMap: { html: string; json: string } | null;
}

/** One IndexNow request as it ended, kept for the dashboard. */
export interface IndexNowPush {
  at: string;
  host: string;
  urlCount: number;
  /** The final HTTP status, or null when no answer came (network error). */
  status: number | null;
  attempts: number;
  /** What went wrong, for an answer other than 200/202. */
  error?: string;
}

/** POST /sitemap/generate: the run starts in the background. */
export interface GenerateResponse {
  accepted: true;
}

/** GET /sitemap/entry-status. */
export interface EntryStatusRequest {
  contentType: string;
  documentId: string;
}

export type EntryStatus = EntryStatusResponse;

/** POST and DELETE /sitemap/exclusions. */
export interface ExclusionTarget {
  contentType: string;
  documentId: string;
  /** Omitted: every locale of the document. */
  locale?: string;
}

/** One stored exclusion; `locale` null excludes every locale. Both exclusion routes answer with the full list. */
export interface Exclusion {
  contentType: string;
  documentId: string;
  locale: string | null;
}

export type EntryState =
  | 'listed'
  | 'pending'
  | 'not-listed'
  | 'draft-only'
  | 'filtered-out'
  | 'excluded'
  | 'pattern-unfilled';

export interface LocaleStatus {
  /** null for a type without i18n. */
  locale: string | null;
  state: EntryState;
  /** The URL the published version gets; null when there is none or the pattern cannot be filled. */
  url: string | null;
  /** With several sites: each site the published version is listed on, and its URL there (empty otherwise). */
  sites: Array<{ name: string; url: string }>;
  /** For `draft-only`: the URL the draft would get once published (null when its pattern cannot be filled). */
  draftUrl: string | null;
  /** The images the published version's URL lists (`<image:image>`), when its type lists images. */
  images: string[];
  /** The video its URL lists (`<video:video>`), when its type lists one and the entry has every value. */
  video: VideoEntry | null;
  /** The live sitemap file that holds this version now (it may still hold a version just left out). */
  file: string | null;
  /** A change to this document is recorded and not yet written into the served files. */
  pending: boolean;
  /** For `excluded`: whether the whole document or only this locale is excluded. */
  excludedBy: 'document' | 'locale' | null;
  /** For `pattern-unfilled` and `not-listed`: the rule that left the URL out; for a pattern, the field at fault. */
  reason: { rule: RuleCode; field?: string; pattern?: string; detail?: string } | null;
}

/** The answer of GET /sitemap/entry-status (the admin's side panel reads this shape). */
export type EntryStatusResponse =
  | { mapped: false; contentType: string; documentId: string }
  | {
      mapped: true;
      contentType: string;
      documentId: string;
      localized: boolean;
      draftAndPublish: boolean;
      /** Exclusions stored for this document: `null` locale means the whole document. */
      exclusions: Array<{ locale: string | null }>;
      /** The sites that list the type (settings `sites`); empty: the type is on the main site. */
      sites: string[];
      locales: Array<LocaleStatus & { fileUrl: string | null }>;
    };

/** Runs failing in a row since the last success (the dashboard's warning). */
export interface FailingState {
  /** When the first failure since the last success started (the oldest one kept). */
  since: string;
  failures: number;
  lastError: string | null;
  lastFailedAt: string;
  /** When the worker tries again, by the back-off (1 min doubling to 1 h). */
  retryAt: string;
}

/** A value of the old plugin that is not carried over, and why. */
export interface NotConverted {
  /** The old plugin's setting, such as `contentTypes["api::page.page"].languages.fr.priority`. */
  setting: string;
  reason: string;
}

export interface LegacyImportPlan {
  hostname?: string;
  hostnames: Record<string, string>;
  contentTypes: Record<string, ContentTypeSettings>;
  customUrls: CustomUrl[];
  notConverted: NotConverted[];
}

export interface LegacyImportPreview {
  /** Whether the old plugin's settings are in the database. */
  found: boolean;
  /** When they were imported already, if they were. */
  importedAt: string | null;
  plan: LegacyImportPlan | null;
  /** Entries whose `sitemap_exclude` column is true, per type: they become exclusions. */
  exclusions: Array<{ contentType: string; count: number; documentIds: string[] }>;
}

/** A URL of a stored urlset as the file browser shows it. */
export interface BrowsedUrl {
  loc: string;
  lastmod?: string;
  changefreq?: string;
  priority?: string;
  alternates: Array<{ hreflang: string; href: string }>;
  images: string[];
  /** The title of its video, when it lists one. */
  video?: string;
  /** The entry it comes from; null for a custom URL. */
  documentId: string | null;
  locale: string | null;
}

/** GET /sitemap/files/:name?q=&page=: a page of one live urlset's URLs. */
export interface FilePage {
  name: string;
  /** Where the file is served. */
  url: string;
  contentType: string | null;
  urlCount: number;
  /** URLs matching the search (all of them without one). */
  total: number;
  page: number;
  pageSize: number;
  /** Each with the last full run's findings on its entry. */
  urls: Array<BrowsedUrl & { findings: RuleCode[] }>;
}
