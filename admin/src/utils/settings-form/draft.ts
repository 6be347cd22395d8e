/**
 * The settings form's draft: the settings in the shape the server validates, what the editor
 * changed (only that is sent), and each type's filters kept as the text being typed.
 */
import type { ContentTypeSettings, SitemapSettings } from '#sitemap/shared';

/** The form edits the settings in the shape the server validates. */
export type SettingsDraft = SitemapSettings;
export type TypeSettings = ContentTypeSettings;

export type SettingKey = keyof SettingsDraft;

/** Only the settings the editor changed are sent, so values from config/plugins.ts stay where they are. */
export function changedSettings(
  initial: SettingsDraft,
  draft: SettingsDraft
): Partial<SettingsDraft> {
  const patch: Partial<SettingsDraft> = {};
  for (const key of new Set([...Object.keys(initial), ...Object.keys(draft)]) as Set<SettingKey>) {
    if (JSON.stringify(initial[key]) === JSON.stringify(draft[key])) continue;
    // A cleared optional field is sent as null (drop the saved value): JSON would drop undefined, and the change with it.
    (patch as Record<string, unknown>)[key] = draft[key] === undefined ? null : draft[key];
  }
  return patch;
}

/** Reads the filters text area: empty means none; anything else must be a JSON object. */
export function parseFilters(
  text: string
): { ok: true; value?: Record<string, unknown> } | { ok: false } {
  if (!text.trim()) return { ok: true };
  try {
    const value = JSON.parse(text);
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return { ok: false };
    return { ok: true, value };
  } catch {
    return { ok: false };
  }
}

/** The filters of each mapped type as editable JSON text. */
export const filtersAsText = (contentTypes: Record<string, TypeSettings>) =>
  Object.fromEntries(
    Object.entries(contentTypes).map(([uid, type]) => [
      uid,
      type.filters ? JSON.stringify(type.filters, null, 2) : '',
    ])
  );

/** The draft with each type's filters text read back into its settings (call after checkDraft passed). */
export function withParsedFilters(
  draft: SettingsDraft,
  filtersText: Record<string, string>
): SettingsDraft {
  const contentTypes: Record<string, TypeSettings> = {};
  for (const [uid, type] of Object.entries(draft.contentTypes)) {
    const parsed = filtersText[uid] === undefined ? null : parseFilters(filtersText[uid]);
    const next = { ...type };
    if (parsed?.ok) {
      if (parsed.value) next.filters = parsed.value;
      else delete next.filters;
    }
    contentTypes[uid] = next;
  }
  return { ...draft, contentTypes };
}
