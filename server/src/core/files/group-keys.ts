/**
 * Which numbered series a URL's file belongs to: the type (or the custom URLs), the site its host
 * serves and the locales on that host (core/files/file-names). The plan's `groupKey`, and the
 * run's Worker's, which has the settings but not the plan.
 */
import type { SitemapSettings } from '../../../../shared/types';
import { isPlainObject } from '../plain-object';
import { localesOn, siteOfOrigin } from './file-layout';
import { hostGroup, siteGroup } from './file-names';

/** The series a file of `base` on `origin` belongs to (SitemapPlan.groupKey). */
export function groupKeys(settings: SitemapSettings) {
  const hosts = {
    hostname: settings.hostname,
    hostnames: isPlainObject(settings.hostnames) ? settings.hostnames : {},
    sites: isPlainObject(settings.sites) ? settings.sites : undefined,
  };
  const byOrigin = new Map<string, { site: string | null; locales: string[] }>();
  return (base: string, origin: string) => {
    let host = byOrigin.get(origin);
    if (!host)
      byOrigin.set(
        origin,
        (host = { site: siteOfOrigin(origin, hosts), locales: localesOn(origin, hosts) })
      );
    return hostGroup(host.site === null ? base : siteGroup(base, host.site), host.locales);
  };
}
