/**
 * Runtime checks of the server's answers. Each schema is typed against the shape the server declares
 * (`#sitemap/shared`), so a server change that the admin does not follow fails the typecheck, and an
 * answer that does not match (an older or newer server behind a cache) is reported instead of crashing a page.
 * Codes the admin only displays (rules, states, triggers) are checked as strings: an unknown one is shown as is.
 */
import { z } from 'zod';
import {
  CHANGEFREQS,
  RUN_STATUSES,
  CHANGE_KINDS,
  type CatalogType,
  type Changefreq,
  type CronPreview,
  type EntryState,
  type EntryStatus,
  type FileFormat,
  type FilePage,
  type Exclusion,
  type GenerateResponse,
  type HealthCheckResponse,
  type HealthProblem,
  type LegacyImportPreview,
  type PreviewResponse,
  type RuleCode,
  type RunProgress,
  type RunStatus,
  type SettingKey,
  type SettingSource,
  type SettingsResponse,
  type SitemapSettings,
  type StatusResponse,
} from '#sitemap/shared';

/** A string whose values the admin only displays: typed as the server's union, checked as a string. */
const code = <T extends string>() =>
  z.custom<T>((value) => typeof value === 'string', { message: 'expected a string' });

/**
 * A record keyed by setting name. zod's exhaustive enum records would need the server's key list at
 * run time, which lives beside the validator (and node-cron): the keys are checked as strings.
 */
const settingRecord = <T>(value: z.ZodType<T>) =>
  z.record(z.string(), value) as unknown as z.ZodType<Record<SettingKey, T>>;

const changefreq = z.enum(CHANGEFREQS as [Changefreq, ...Changefreq[]]);
const settingSource: z.ZodType<SettingSource> = z.enum(['admin', 'config', 'default']);

const typeSettings = z.object({
  pattern: z.string(),
  locales: z.record(z.string(), z.object({ pattern: z.string() })).optional(),
  priority: z.number().optional(),
  changefreq: changefreq.optional(),
  lastmod: z.union([z.string(), z.literal(false)]).optional(),
  filters: z.record(z.string(), z.unknown()).optional(),
  images: z.array(z.string()).optional(),
  titleField: z.string().optional(),
  video: z
    .object({
      field: z.string(),
      title: z.string(),
      description: z.string(),
      thumbnail: z.string(),
      duration: z.string().optional(),
      publicationDate: z.string().optional(),
    })
    .optional(),
  news: z
    .object({ publicationName: z.string(), titleField: z.string(), dateField: z.string() })
    .optional(),
  visitorMap: z
    .object({
      groupBy: z.string().optional(),
      labels: z.record(z.string(), z.string()).optional(),
    })
    .optional(),
  seo: z
    .union([
      z.literal(false),
      z.object({
        component: z.string().optional(),
        robotsField: z.string().optional(),
        canonicalField: z.string().optional(),
      }),
    ])
    .optional(),
});

const customUrl = z.object({
  url: z.string(),
  priority: z.number().optional(),
  changefreq: changefreq.optional(),
  lastmod: z.string().optional(),
});

const settings: z.ZodType<SitemapSettings> = z.object({
  hostname: z.string(),
  hostnames: z.record(z.string(), z.string()),
  defaultLocale: z.string().optional(),
  publicUrl: z.string().optional(),
  contentTypes: z.record(z.string(), typeSettings),
  customUrls: z.array(customUrl),
  limits: z.object({ urlsPerFile: z.number(), bytesPerFile: z.number() }),
  gzip: z.boolean(),
  xsl: z.boolean(),
  cron: z.union([z.string(), z.literal(false)]),
  cronTimezone: z.string().optional(),
  autoGenerate: z.boolean(),
  debounceMs: z.number(),
  feed: z.boolean().optional(),
  indexNow: z
    .union([
      z.literal(false),
      z.object({
        key: z.string(),
        endpoint: z.string().optional(),
        keyLocation: z.string().optional(),
      }),
    ])
    .optional(),
  sites: z
    .record(
      z.string(),
      z.object({
        hostname: z.string(),
        hostnames: z.record(z.string(), z.string()).optional(),
        contentTypes: z.record(
          z.string(),
          z.object({ filters: z.record(z.string(), z.unknown()).optional() })
        ),
      })
    )
    .optional(),
});

export const settingsResponseSchema: z.ZodType<SettingsResponse> = z.object({
  settings,
  sources: settingRecord(settingSource),
});

export const catalogSchema: z.ZodType<CatalogType[]> = z.array(
  z.object({
    uid: z.string(),
    displayName: z.string(),
    kind: z.enum(['collectionType', 'singleType']),
    localized: z.boolean(),
    draftAndPublish: z.boolean(),
    credentials: z.boolean().optional(),
    readable: z.boolean(),
    attributes: z.record(
      z.string(),
      z.object({
        type: z.string(),
        relation: z.string().optional(),
        target: z.string().optional(),
        // A component's own fields, one level (the images picker and the SEO toggle read them).
        fields: z.record(z.string(), z.object({ type: z.string() })).optional(),
      })
    ),
  })
);

/** GET /i18n/locales (the i18n plugin's route). */
export const localesSchema = z.array(
  z.object({ code: z.string(), name: z.string(), isDefault: z.boolean() })
);
export type Locale = z.infer<typeof localesSchema>[number];

const validationSample = z.object({
  rule: code<RuleCode>(),
  contentType: z.string().optional(),
  documentId: z.string().optional(),
  locale: z.string().optional(),
  url: z.string().optional(),
  detail: z.string().optional(),
});

const videoEntry = z.object({
  thumbnailLoc: z.string(),
  title: z.string(),
  description: z.string(),
  contentLoc: z.string().optional(),
  playerLoc: z.string().optional(),
  duration: z.number().optional(),
  publicationDate: z.string().optional(),
});

const newsEntry = z.object({
  publicationName: z.string(),
  language: z.string(),
  publicationDate: z.string(),
  title: z.string(),
});

export const previewSchema: z.ZodType<PreviewResponse> = z.object({
  urls: z.array(
    z.object({
      documentId: z.string(),
      locale: z.string().optional(),
      url: z.string(),
      site: z.string().optional(),
      images: z.array(z.string()).optional(),
      video: videoEntry.optional(),
      news: newsEntry.optional(),
      visitor: z
        .object({ section: z.string(), group: z.string().nullable(), title: z.string() })
        .optional(),
    })
  ),
  leftOut: z.array(validationSample),
  estimatedUrlCount: z.number(),
});

export const cronPreviewSchema: z.ZodType<CronPreview> = z.object({
  valid: z.boolean(),
  errors: z.array(z.string()),
  nextRuns: z.array(z.string()),
  timezone: z.string(),
});

export const legacyImportSchema: z.ZodType<LegacyImportPreview> = z.object({
  found: z.boolean(),
  importedAt: z.string().nullable(),
  plan: z
    .object({
      hostname: z.string().optional(),
      hostnames: z.record(z.string(), z.string()),
      contentTypes: z.record(z.string(), typeSettings),
      customUrls: z.array(customUrl),
      notConverted: z.array(z.object({ setting: z.string(), reason: z.string() })),
    })
    .nullable(),
  exclusions: z.array(
    z.object({ contentType: z.string(), count: z.number(), documentIds: z.array(z.string()) })
  ),
});

const sitemapFile = z.object({
  name: z.string(),
  url: z.string(),
  format: code<FileFormat>(),
  contentType: z.string().nullable(),
  urlCount: z.number().nullable(),
  byteSize: z.number(),
  compressedSize: z.number(),
  lastmod: z.string().nullable(),
  generatedAt: z.string(),
  share: z.object({ urls: z.number(), bytes: z.number() }).nullable(),
});

const runProgress: z.ZodType<RunProgress> = z.object({
  trigger: code<RunProgress['trigger']>(),
  scope: code<RunProgress['scope']>(),
  startedAt: z.number(),
  urlCount: z.number(),
});

export const statusSchema: z.ZodType<StatusResponse> = z.object({
  index: sitemapFile.nullable(),
  files: z.array(sitemapFile),
  textFiles: z.array(
    z.object({
      name: z.string(),
      url: z.string(),
      contentType: z.string().nullable(),
      urlCount: z.number().nullable(),
      generatedAt: z.string(),
    })
  ),
  totals: z.object({ urls: z.number(), files: z.number(), bytes: z.number() }),
  counts: z.record(z.string(), z.record(z.string(), z.number())),
  extras: z.record(z.string(), z.record(z.string(), z.number())),
  validation: z.object({
    counts: z.record(z.string(), z.number()),
    samples: z.array(validationSample),
  }),
  nextScheduledRun: z.string().nullable(),
  pendingChanges: z.number(),
  failing: z
    .object({
      since: z.string(),
      failures: z.number(),
      lastError: z.string().nullable(),
      lastFailedAt: z.string(),
      retryAt: z.string().nullable(),
    })
    .nullable(),
  settingWarnings: z.array(z.object({ setting: z.string(), message: z.string() })),
  runs: z.array(
    z.object({
      id: z.number(),
      trigger: z.string(),
      status: z.enum(RUN_STATUSES),
      startedAt: z.string(),
      finishedAt: z.string().nullable(),
      durationMs: z.number().nullable(),
      filesWritten: z.number().nullable(),
      urlCount: z.number().nullable(),
      error: z.string().nullable(),
      report: z
        .object({
          scope: z.string().optional(),
          changes: z
            .object({
              counts: z.object({ added: z.number(), changed: z.number(), removed: z.number() }),
              samples: z.array(
                z.object({
                  kind: z.enum(CHANGE_KINDS),
                  url: z.string(),
                  contentType: z.string().nullable(),
                })
              ),
            })
            .nullable()
            .optional(),
        })
        .nullable(),
    })
  ),
  running: runProgress.nullable(),
  robots: z.array(z.string()),
  hostRobots: z.array(z.object({ origin: z.string(), lines: z.array(z.string()) })),
  feedRobots: z.string().nullable(),
  visitorMap: z.object({ html: z.string(), json: z.string(), links: z.number() }).nullable(),
  typeNames: z.record(z.string(), z.string()),
  history: z.array(
    z.object({
      id: z.number(),
      startedAt: z.string(),
      durationMs: z.number(),
      urlCount: z.number(),
      full: z.boolean(),
      status: code<RunStatus>(),
    })
  ),
  runningEstimate: z.number().nullable(),
  indexNow: z
    .object({
      keyUrl: z.string(),
      pushes: z.array(
        z.object({
          at: z.string(),
          host: z.string(),
          urlCount: z.number(),
          status: z.number().nullable(),
          attempts: z.number(),
          error: z.string().optional(),
        })
      ),
    })
    .nullable(),
  sites: z
    .array(
      z.object({
        name: z.string().nullable(),
        hostname: z.string(),
        hostnames: z.record(z.string(), z.string()),
        types: z.array(z.string()),
        urls: z.number(),
        files: z.number(),
        feed: z.string().nullable(),
        visitorMap: z.object({ html: z.string(), json: z.string() }).nullable(),
      })
    )
    .default([]),
  hostname: z.string(),
  cron: z.union([z.string(), z.literal(false)]),
  mappedTypes: z.number(),
  sources: settingRecord(settingSource),
});

export const generateSchema: z.ZodType<GenerateResponse> = z.object({ accepted: z.literal(true) });

const localeStatus = z.object({
  locale: z.string().nullable(),
  state: code<EntryState>(),
  url: z.string().nullable(),
  // Answers from before sites have none.
  sites: z.array(z.object({ name: z.string(), url: z.string() })).default([]),
  draftUrl: z.string().nullable(),
  images: z.array(z.string()),
  video: videoEntry.nullable(),
  file: z.string().nullable(),
  fileUrl: z.string().nullable(),
  pending: z.boolean(),
  excludedBy: z.enum(['document', 'locale']).nullable(),
  reason: z
    .object({
      rule: code<RuleCode>(),
      field: z.string().optional(),
      pattern: z.string().optional(),
      detail: z.string().optional(),
    })
    .nullable(),
});

export const entryStatusSchema: z.ZodType<EntryStatus> = z.discriminatedUnion('mapped', [
  z.object({ mapped: z.literal(false), contentType: z.string(), documentId: z.string() }),
  z.object({
    mapped: z.literal(true),
    contentType: z.string(),
    documentId: z.string(),
    localized: z.boolean(),
    draftAndPublish: z.boolean(),
    exclusions: z.array(z.object({ locale: z.string().nullable() })),
    sites: z.array(z.string()).default([]),
    locales: z.array(localeStatus),
  }),
]);

export const exclusionsSchema: z.ZodType<Exclusion[]> = z.array(
  z.object({ contentType: z.string(), documentId: z.string(), locale: z.string().nullable() })
);

export const healthCheckSchema: z.ZodType<HealthCheckResponse> = z.object({
  enabled: z.boolean(),
  checkAllUpTo: z.number(),
  running: z.boolean(),
  report: z
    .object({
      startedAt: z.string(),
      finishedAt: z.string().nullable(),
      all: z.boolean(),
      checked: z.number(),
      skipped: z.number(),
      faults: z.array(
        z.object({
          url: z.string(),
          problem: code<HealthProblem>(),
          detail: z.string().optional(),
          contentType: z.string().nullable(),
          documentId: z.string().nullable(),
          locale: z.string().nullable(),
        })
      ),
      faultCount: z.number(),
      error: z.string().optional(),
    })
    .nullable(),
});

export const filePageSchema: z.ZodType<FilePage> = z.object({
  name: z.string(),
  url: z.string(),
  contentType: z.string().nullable(),
  urlCount: z.number(),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  urls: z.array(
    z.object({
      loc: z.string(),
      lastmod: z.string().optional(),
      changefreq: z.string().optional(),
      priority: z.string().optional(),
      alternates: z.array(z.object({ hreflang: z.string(), href: z.string() })),
      images: z.array(z.string()),
      video: z.string().optional(),
      documentId: z.string().nullable(),
      locale: z.string().nullable(),
      findings: z.array(code<RuleCode>()),
    })
  ),
});
