import { PLUGIN_ID } from '../pluginId';

/** Translation files hold un-prefixed keys; the admin knows them as `sitemap.<key>`. */
export const getTranslation = (id: string) => `${PLUGIN_ID}.${id}`;

export const prefixTranslations = (data: Record<string, string>) =>
  Object.fromEntries(Object.entries(data).map(([key, value]) => [getTranslation(key), value]));
