/** The plugin's RBAC actions, as the admin asks for them: the ids the server registers (shared/ids). */
import { actionUid, type ActionName } from '#sitemap/shared';

const permission = (name: ActionName) => [{ action: actionUid(name), subject: null }];

export const PERMISSIONS = {
  read: permission('read'),
  settingsUpdate: permission('updateSettings'),
  regenerate: permission('regenerate'),
};
