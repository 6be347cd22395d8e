/** Which saved changes alter what the sitemap files contain (and so need a full run). */
import { OUTPUT_SETTING_KEYS as OUTPUT_KEYS } from '../../../../shared/types';
import type { SitemapSettings } from '../../../../shared/types';
import { canonicalJson } from '../plain-object';

/** The output settings whose value differs between `before` and `after`. */
export function outputChanges(
  before: Partial<SitemapSettings>,
  after: Partial<SitemapSettings>
): string[] {
  return OUTPUT_KEYS.filter((key) => canonicalJson(before[key]) !== canonicalJson(after[key]));
}
