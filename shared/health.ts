/** The health check of listed URLs: what it can find at a URL, for the server and the admin. */
export const HEALTH_PROBLEMS = [
  'not-found',
  'redirect',
  'error',
  'noindex',
  'canonical-elsewhere',
  'soft-404',
  'unreachable',
  'refused',
] as const;
export type HealthProblem = (typeof HEALTH_PROBLEMS)[number];

/** A listed URL at fault, with the entry it comes from (none for a custom URL). */
export interface HealthFault {
  url: string;
  problem: HealthProblem;
  detail?: string;
  contentType: string | null;
  documentId: string | null;
  locale: string | null;
}

/** The last check, as stored and as the dashboard reads it. */
export interface HealthReport {
  startedAt: string;
  finishedAt: string | null;
  /** Every listed URL, or a sample. */
  all: boolean;
  checked: number;
  /** URLs on no configured host, not fetched. */
  skipped: number;
  /** At most MAX_FAULTS; `faultCount` counts them all. */
  faults: HealthFault[];
  faultCount: number;
  /** Why the check stopped early, if it did. */
  error?: string;
}

export const MAX_HEALTH_FAULTS = 500;

/** GET /sitemap/health-check. */
export interface HealthCheckResponse {
  /** Whether config/plugins turns the check on. */
  enabled: boolean;
  /** "Check every URL" is offered while the site lists at most this many. */
  checkAllUpTo: number;
  running: boolean;
  report: HealthReport | null;
}
