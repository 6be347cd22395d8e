/** Which saved changes alter what the sitemap files contain (and so need a full run). */
import type { SitemapSettings } from './types';

/** Every setting that changes a written file; cron, autoGenerate and debounceMs only change when runs start. */
const OUTPUT_KEYS = [
  'hostname',
  'hostnames',
  'defaultLocale',
  'publicUrl',
  'contentTypes',
  'customUrls',
  'limits',
  'gzip',
  'xsl',
] as const;

/** JSON with sorted keys, so `{a, b}` and `{b, a}` compare equal. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value as Record<string, unknown>).filter(
      ([, item]) => item !== undefined
    );
    return `{${entries
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([key, item]) => `${JSON.stringify(key)}:${canonical(item)}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'undefined';
}

/** The output settings whose value differs between `before` and `after`. */
export function outputChanges(
  before: Partial<SitemapSettings>,
  after: Partial<SitemapSettings>
): string[] {
  return OUTPUT_KEYS.filter((key) => canonical(before[key]) !== canonical(after[key]));
}
