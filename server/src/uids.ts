export const PLUGIN_ID = 'sitemap';
export const FILE_UID = 'plugin::sitemap.sitemap-file';
export const FILE_PART_UID = 'plugin::sitemap.sitemap-file-part';
export const RUN_UID = 'plugin::sitemap.sitemap-run';
export const EXCLUSION_UID = 'plugin::sitemap.sitemap-exclusion';
export const DIRTY_MARK_UID = 'plugin::sitemap.sitemap-dirty-mark';
export const LEASE_UID = 'plugin::sitemap.sitemap-lease';

export const ACTIONS = {
  read: 'plugin::sitemap.read',
  updateSettings: 'plugin::sitemap.settings.update',
  regenerate: 'plugin::sitemap.regenerate',
} as const;
