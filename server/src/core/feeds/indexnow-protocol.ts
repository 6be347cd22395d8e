/**
 * IndexNow (indexnow.org): after a run makes changed URLs live, they are pushed to the search
 * engines that take them, grouped by host, at most 10,000 per request. The settings checks, the key
 * file's name and the requests' bodies live here; the service sends them. Pure.
 */
import type { IndexNowSettings } from '../../../../shared/types';
import {
  DEFAULT_INDEXNOW_ENDPOINT,
  PUBLIC_INDEXNOW_ENDPOINTS,
} from '../../../../shared/indexnow-endpoints';

/** The protocol's most URLs per request. */
export const MAX_INDEXNOW_URLS = 10_000;
const KEY = /^[a-zA-Z0-9-]{8,128}$/;

/**
 * Field errors of the `indexNow` setting, as [key, message] (key '' for the setting itself).
 * `configEndpoint` is given when the value may come from the admin: its endpoint must then be a
 * public one, or the config file's own (null when the config file sets none). Without it (the
 * config file itself), any http(s) endpoint is the owner's choice.
 */
export function indexNowSettingErrors(
  value: unknown,
  configEndpoint?: string | null
): Array<[string, string]> {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return [['', 'must be an object such as { key: "…" }, or false']];
  const setting = value as Record<string, unknown>;
  const errors: Array<[string, string]> = [];
  for (const key of Object.keys(setting))
    if (!['key', 'endpoint', 'keyLocation'].includes(key))
      errors.push([key, 'is not an IndexNow setting']);
  if (typeof setting.key !== 'string' || !KEY.test(setting.key))
    errors.push(['key', 'must be 8 to 128 characters: letters, digits and "-"']);
  else if (/-\d+$/.test(setting.key))
    // Served as <key>.txt beside the text twins, which are named <group>-<n>.txt.
    errors.push(['key', 'must not end with "-" and digits, the shape of a sitemap file’s name']);
  if (
    configEndpoint !== undefined &&
    setting.endpoint !== undefined &&
    setting.endpoint !== configEndpoint &&
    !(PUBLIC_INDEXNOW_ENDPOINTS as readonly unknown[]).includes(setting.endpoint)
  )
    errors.push([
      'endpoint',
      `must be one of the public IndexNow endpoints (${PUBLIC_INDEXNOW_ENDPOINTS.join(', ')}); any other is set in config/plugins`,
    ]);
  else if (setting.endpoint !== undefined) {
    let url: URL | null = null;
    try {
      url = new URL(String(setting.endpoint));
    } catch {
      url = null;
    }
    if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:'))
      errors.push([
        'endpoint',
        `must be an absolute http(s) URL, such as ${DEFAULT_INDEXNOW_ENDPOINT}`,
      ]);
  }
  if (
    setting.keyLocation !== undefined &&
    (typeof setting.keyLocation !== 'string' || !/^\/[^?#\s]*$/.test(setting.keyLocation))
  )
    errors.push(['keyLocation', 'must be a path on each front-end host, such as /sitemap-key.txt']);
  return errors;
}

/** Where the key is served, as the protocol has it: `<key>.txt`, under the plugin's public URL. */
export const indexNowKeyName = (key: string) => `${key}.txt`;

export interface IndexNowRequest {
  host: string;
  key: string;
  keyLocation?: string;
  urlList: string[];
}

/** The requests for a set of changed URLs: one per host and per 10,000 URLs. */
export function indexNowRequests(
  settings: IndexNowSettings,
  urls: Iterable<string>
): IndexNowRequest[] {
  const byOrigin = new Map<string, string[]>();
  for (const url of urls) {
    let origin: string;
    try {
      origin = new URL(url).origin;
    } catch {
      continue;
    }
    if (!byOrigin.has(origin)) byOrigin.set(origin, []);
    byOrigin.get(origin)!.push(url);
  }
  const requests: IndexNowRequest[] = [];
  for (const [origin, list] of byOrigin) {
    const host = new URL(origin).host;
    for (let at = 0; at < list.length; at += MAX_INDEXNOW_URLS) {
      const request: IndexNowRequest = {
        host,
        key: settings.key,
        urlList: list.slice(at, at + MAX_INDEXNOW_URLS),
      };
      if (settings.keyLocation) request.keyLocation = origin + settings.keyLocation;
      requests.push(request);
    }
  }
  return requests;
}

/** Whether an answer is worth asking again: too many requests, or the server's own trouble. */
export const retriable = (status: number) => status === 429 || status >= 500;
