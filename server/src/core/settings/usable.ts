/**
 * Settings a run can use even when some saved values no longer validate (a type or a field was
 * removed from the schema after they were saved): a content type or custom URL at fault is left
 * out, any other admin value falls back to the config file or the default, and each one is reported.
 */
import { DEFAULT_SETTINGS, validateSettings } from './validate';
import type { FieldError, SchemaCatalog, SitemapSettings } from '../../../../shared/types';
import { isPlainObject } from '../plain-object';
import type { SkippedSetting } from '../../../../shared/types';

/** defaults ← config file ← admin values; a partial `limits` keeps the protocol limit for the other value. */
export function mergeSettings(
  fileConfig: Record<string, unknown>,
  saved: Record<string, unknown>
): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...DEFAULT_SETTINGS, ...fileConfig, ...saved };
  const limits = merged.limits;
  return {
    ...merged,
    limits: isPlainObject(limits) ? { ...DEFAULT_SETTINGS.limits, ...limits } : limits,
  };
}

/** `contentTypes["api::page.page"].pattern`, `customUrls[2].url`. */
const describePath = (path: string[]) =>
  path
    .map((part, i) =>
      /^\d+$/.test(part)
        ? `[${part}]`
        : /^[A-Za-z_$][\w$]*$/.test(part)
          ? i
            ? `.${part}`
            : part
          : `[${JSON.stringify(part)}]`
    )
    .join('');

/**
 * Validates the merged settings; on errors, leaves out what is at fault and tries again. Returns
 * the settings and what was left out, or the errors when what remains is still unusable (no hostname).
 */
export function usableSettings(
  fileConfig: Record<string, unknown>,
  saved: Record<string, unknown>,
  catalog: SchemaCatalog
): { settings?: SitemapSettings; skipped: SkippedSetting[]; errors: FieldError[] } {
  const kept = { ...saved };
  const skippedTypes = new Set<string>();
  const skippedUrls = new Set<number>();
  const skipped: SkippedSetting[] = [];
  // Each pass removes at least one setting; the settings have a bounded number of them.
  for (;;) {
    const full = mergeSettings(fileConfig, kept);
    const merged = { ...full };
    if (isPlainObject(full.contentTypes)) {
      merged.contentTypes = Object.fromEntries(
        Object.entries(full.contentTypes).filter(([uid]) => !skippedTypes.has(uid))
      );
    }
    // Custom URL errors are indexed in the filtered list: `urlIndexes` maps them back to the saved list.
    const urlIndexes = Array.isArray(full.customUrls)
      ? full.customUrls.map((_, index) => index).filter((index) => !skippedUrls.has(index))
      : [];
    if (Array.isArray(full.customUrls))
      merged.customUrls = urlIndexes.map((index) => (full.customUrls as unknown[])[index]);
    const result = validateSettings(merged, catalog, {
      configFile: fileConfig,
    });
    if (result.settings) return { settings: result.settings, skipped, errors: [] };

    let progress = false;
    for (const error of result.errors) {
      const [key, item] = error.path;
      const reason = `${describePath(error.path)}: ${error.message}`;
      if (key === 'contentTypes' && item !== undefined && isPlainObject(merged.contentTypes)) {
        if (!skippedTypes.has(item))
          skipped.push({
            setting: describePath(['contentTypes', item]),
            message: `left out: ${reason}`,
          });
        skippedTypes.add(item);
        progress = true;
      } else if (
        key === 'customUrls' &&
        item !== undefined &&
        urlIndexes[Number(item)] !== undefined
      ) {
        const index = urlIndexes[Number(item)];
        const where = describePath(['customUrls', String(index), ...error.path.slice(2)]);
        if (!skippedUrls.has(index))
          skipped.push({
            setting: `customUrls[${index}]`,
            message: `left out: ${where}: ${error.message}`,
          });
        skippedUrls.add(index);
        progress = true;
      } else if (key !== undefined && Object.prototype.hasOwnProperty.call(kept, key)) {
        skipped.push({
          setting: key,
          message: `the value saved in the admin is not used (${reason}): the config file's value or the default applies`,
        });
        delete kept[key];
        if (key === 'contentTypes') skippedTypes.clear();
        if (key === 'customUrls') skippedUrls.clear();
        progress = true;
      }
    }
    if (!progress) return { skipped, errors: result.errors };
  }
}
