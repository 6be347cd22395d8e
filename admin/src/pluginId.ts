export { PLUGIN_ID } from '#sitemap/shared';
