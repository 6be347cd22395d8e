export const PLUGIN_ID = 'sitemap';
