import { actionUid, type ActionName } from '../../../shared/ids';

/** Behind admin authentication and one of the plugin's permissions (shared/ids). */
const guarded = (action: ActionName) => ({
  policies: [
    'admin::isAuthenticatedAdmin',
    { name: 'admin::hasPermissions', config: { actions: [actionUid(action)] } },
  ],
});

const admin = {
  type: 'admin',
  routes: [
    {
      method: 'GET',
      path: '/settings',
      handler: 'admin.getSettings',
      config: guarded('read'),
    },
    // strapi-plugin-sitemap's settings: a preview, then the import (both for admins who may change settings).
    {
      method: 'GET',
      path: '/legacy-import',
      handler: 'admin.legacyImportPreview',
      config: guarded('updateSettings'),
    },
    {
      method: 'POST',
      path: '/legacy-import',
      handler: 'admin.legacyImportApply',
      config: guarded('updateSettings'),
    },
    {
      method: 'PUT',
      path: '/settings',
      handler: 'admin.updateSettings',
      config: guarded('updateSettings'),
    },
    {
      method: 'GET',
      path: '/content-types',
      handler: 'admin.contentTypes',
      config: guarded('read'),
    },
    {
      method: 'POST',
      path: '/cron-preview',
      handler: 'admin.cronPreview',
      config: guarded('read'),
    },
    { method: 'POST', path: '/preview', handler: 'admin.preview', config: guarded('read') },
    {
      method: 'POST',
      path: '/generate',
      handler: 'admin.generate',
      config: guarded('regenerate'),
    },
    { method: 'GET', path: '/status', handler: 'admin.status', config: guarded('read') },
    // The file browser: a page of one live urlset's URLs (Read on the file's type).
    {
      method: 'GET',
      path: '/files/:name',
      handler: 'admin.browseFile',
      config: guarded('read'),
    },
    // The health check of listed URLs: its last findings, and a check started on demand.
    {
      method: 'GET',
      path: '/health-check',
      handler: 'admin.healthReport',
      config: guarded('read'),
    },
    {
      method: 'POST',
      path: '/health-check',
      handler: 'admin.startHealthCheck',
      config: guarded('regenerate'),
    },
    {
      method: 'GET',
      path: '/entry-status',
      handler: 'admin.entryStatus',
      config: guarded('read'),
    },
    {
      method: 'GET',
      path: '/exclusions',
      handler: 'admin.listExclusions',
      config: guarded('read'),
    },
    {
      method: 'POST',
      path: '/exclusions',
      handler: 'admin.addExclusion',
      config: guarded('updateSettings'),
    },
    {
      method: 'DELETE',
      path: '/exclusions',
      handler: 'admin.removeExclusion',
      config: guarded('updateSettings'),
    },
  ],
};

/** Public: the stored files only (`/api/sitemap/index.xml`, `/api/sitemap/article-1.xml`, …). */
const contentApi = {
  type: 'content-api',
  routes: [
    // The visitors' site map: before /:name, which would take any name.
    { method: 'GET', path: '/plan.json', handler: 'visitor-pages.json', config: { auth: false } },
    { method: 'GET', path: '/plan.html', handler: 'visitor-pages.html', config: { auth: false } },
    { method: 'GET', path: '/plan.css', handler: 'visitor-pages.css', config: { auth: false } },
    { method: 'GET', path: '/:name', handler: 'public-sitemap.serve', config: { auth: false } },
  ],
};

export default { admin, 'content-api': contentApi };
