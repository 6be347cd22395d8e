import type { EntryState } from '#sitemap/shared';

/** English names of the states GET /sitemap/entry-status gives (translated as `editView.state.<state>`). */
export const ENTRY_STATE_LABELS: Record<EntryState, string> = {
  listed: 'Listed',
  pending: 'Waiting to be written',
  'not-listed': 'Not listed',
  'draft-only': 'Draft only',
  'filtered-out': 'Filtered out',
  excluded: 'Excluded',
  'pattern-unfilled': 'URL cannot be built',
};
