/** The plugin's RBAC actions, as the admin checks them (the server checks the same ones). */
export const PERMISSIONS = {
  read: [{ action: 'plugin::sitemap.read', subject: null }],
  settingsUpdate: [{ action: 'plugin::sitemap.settings.update', subject: null }],
  regenerate: [{ action: 'plugin::sitemap.regenerate', subject: null }],
};
