/** Which saved changes alter what the sitemap files contain (and so need a full run). */
import { OUTPUT_SETTING_KEYS as OUTPUT_KEYS } from './settings-rules';
import type { SitemapSettings } from './types';

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
