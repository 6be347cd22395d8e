/** The IndexNow endpoints an admin may choose, shared by the settings' check and the settings page. */

/** The shared endpoint: it passes the URLs on to every engine that takes IndexNow. */
export const DEFAULT_INDEXNOW_ENDPOINT = 'https://api.indexnow.org/indexnow';

/**
 * The engines' public endpoints (indexnow.org's list). Any other is the site owner's to set in
 * config/plugins: an admin-chosen address would make every run send a request wherever the admin
 * likes (an internal service, a cloud's metadata address).
 */
export const PUBLIC_INDEXNOW_ENDPOINTS = [
  DEFAULT_INDEXNOW_ENDPOINT,
  'https://www.bing.com/indexnow',
  'https://yandex.com/indexnow',
  'https://search.seznam.cz/indexnow',
  'https://searchadvisor.naver.com/indexnow',
  'https://indexnow.yep.com/indexnow',
] as const;
