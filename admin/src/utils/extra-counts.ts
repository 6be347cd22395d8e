/**
 * The English names of what the built-in URL extensions count (the server's `extras` keys), shown as
 * the dashboard's columns through `dashboard.extras.<key>`; a key from an extension added in code
 * shows under its own name.
 */
export const EXTRA_COUNT_NAMES: Record<string, string> = {
  images: 'Images',
  videos: 'Videos',
  news: 'URLs in the news sitemap',
};
