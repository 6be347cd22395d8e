/**
 * One index per host, when locales have hostnames of their own: each front end's robots.txt then
 * names only the files of its own URLs. The global index keeps listing every file.
 */
import { hostIndexNames } from './file-names';
import { allOrigins } from './file-layout';
import type { SitemapSettings } from '../../../../shared/types';

export interface HostIndex {
  /** The front end's origin whose URLs the index's files hold. */
  origin: string;
  name: string;
}

/** The host indexes the settings call for: none while every locale is on the main hostname. */
export function hostIndexes(
  settings: Pick<SitemapSettings, 'hostname' | 'hostnames' | 'sites'>
): HostIndex[] {
  const origins = allOrigins({ ...settings, hostnames: settings.hostnames ?? {} });
  if (origins.length < 2) return [];
  const names = hostIndexNames(origins);
  return origins.map((origin) => ({ origin, name: names.get(origin)! }));
}
