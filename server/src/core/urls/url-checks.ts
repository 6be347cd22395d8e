/**
 * The checks every URL gets while sitemaps are written, and the report of what they found (the
 * rules themselves, their codes and messages, are in shared/rules.ts: the admin explains them).
 */
import {
  type RuleCode,
  type ValidationSample,
  type ValidationSummary,
} from '../../../../shared/rules';

export const MAX_URL_LENGTH = 2048;

// C0 controls and DEL: written as they are, they would break the XML or add lines to a text file.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTER = /[\u0000-\u001F\u007F]/;
/** Whether a value meant for one line of a file (a URL, a label) holds a control character. */
export const hasControlCharacter = (value: string) => CONTROL_CHARACTER.test(value);

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

  /** Adds what another report found (the run's Worker keeps its own). */
  merge(other: ValidationSummary) {
    for (const [rule, count] of Object.entries(other.counts) as Array<[RuleCode, number]>) {
      const before = this.counts[rule] ?? 0;
      this.counts[rule] = before + count;
      const room = Math.max(0, this.samplesPerRule - before);
      this.samples.push(...other.samples.filter((sample) => sample.rule === rule).slice(0, room));
    }
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
