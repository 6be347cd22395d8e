/** The plugin's own tables (its id and permissions are in shared/ids: the admin reads them too). */
import { PLUGIN_ID } from '../../shared/ids';

export { PLUGIN_ID };
export const FILE_UID = 'plugin::sitemap.sitemap-file';
export const FILE_PART_UID = 'plugin::sitemap.sitemap-file-part';
export const RUN_UID = 'plugin::sitemap.sitemap-run';
export const EXCLUSION_UID = 'plugin::sitemap.sitemap-exclusion';
export const DIRTY_MARK_UID = 'plugin::sitemap.sitemap-dirty-mark';
export const LEASE_UID = 'plugin::sitemap.sitemap-lease';
