/**
 * The plugin's names, written once: its id, and the admin permissions (RBAC actions) that the
 * server registers and its routes check, and that the admin's menu, pages and buttons ask for.
 */
export const PLUGIN_ID = 'sitemap';

/** Each action's last segment is what `useRBAC` names its flag after (`canRead`, `canUpdate`…). */
export const ACTIONS = {
  read: { uid: 'read', displayName: 'Read sitemap status and settings' },
  updateSettings: { uid: 'settings.update', displayName: 'Change sitemap settings and exclusions' },
  regenerate: { uid: 'regenerate', displayName: 'Generate sitemaps now' },
} as const;

export type ActionName = keyof typeof ACTIONS;

/** The full uid of an action, as permissions hold it: `plugin::sitemap.read`. */
export const actionUid = (name: ActionName) => `plugin::${PLUGIN_ID}.${ACTIONS[name].uid}`;

/**
 * The Strapi event a run emits once its files are live, which Strapi's webhooks can subscribe to
 * (Settings › Webhooks): `WEBHOOK_EVENT.key` is its name in the webhook store's allowed events.
 */
export const WEBHOOK_EVENT = { key: 'SITEMAP_UPDATED', name: 'sitemap.updated' } as const;
