/**
 * The custom URLs' files: the settings' own, then those hooks add from code (`customUrls()`), each
 * checked as a page's URL is.
 */
import { CUSTOM_GROUP } from '../../../core/files/file-names';
import { encodeLiteral } from '../../../core/urls/pattern';
import { checkLoc } from '../../../core/urls/url-checks';
import { hookLocProblem } from '../../../core/urls/hook-records';
import { toLastmod } from '../../../core/urls/lastmod';
import { CHANGEFREQS } from '../../../../../shared/limits';
import type { UrlRecord } from '../../../../../shared/types';
import type { HookUrl } from '../../hooks';
import type { StoredFile } from '../../store/file-store';
import { getService } from '../../../utils/get-service';
import type { Run } from '../run-state';
import { freshGroups, urlsetsOf, type FreshGroups } from './whole-type';

/** Adds one custom URL (from the settings or a hook) to the custom files, checked like any URL. */
function addCustomUrl(
  run: Run,
  groups: FreshGroups,
  key: string,
  source: string,
  record: UrlRecord
) {
  const { settings } = run.plan;
  const origins = [settings.hostname, ...Object.values(settings.hostnames)];
  const { loc } = record;
  const sample = { contentType: 'custom', documentId: source, url: loc };
  const origin = origins.find((candidate) => loc.startsWith(`${candidate}/`)) ?? settings.hostname;
  const problem = checkLoc(loc, origin);
  if (problem) {
    run.report.add({ rule: problem, ...sample });
    return;
  }
  if (!run.seen.add(loc)) {
    run.report.add({ rule: 'url-duplicate', ...sample });
    return;
  }
  const lastmodTime = record.lastmod ? Date.parse(record.lastmod) : undefined;
  groups.add(run.plan.groupKey(CUSTOM_GROUP, origin), { key, records: [record], lastmodTime });
}

const customLoc = (run: Run, url: string) =>
  url.startsWith('/') ? run.plan.settings.hostname + encodeLiteral(url) : url;

/** A hook's URL as a record: values it cannot use are left out and reported. */
function hookRecord(run: Run, hook: string, url: HookUrl): UrlRecord | null {
  const fail = (detail: string) =>
    run.report.add({
      rule: 'hook-error',
      contentType: 'custom',
      url: String(url?.url),
      detail: `${hook}: ${detail}`,
    });
  if (typeof url !== 'object' || url === null || typeof url.url !== 'string') {
    fail('customUrls() gave something that is not { url }');
    return null;
  }
  // Checked as given, as the settings' custom URLs are: a path's line break would be encoded away unseen.
  const locProblem = hookLocProblem(
    url.url.startsWith('/') ? run.plan.settings.hostname + url.url : url.url
  );
  const record: UrlRecord = { loc: customLoc(run, url.url) };
  if (locProblem) {
    fail(`customUrls() gave a URL whose ${locProblem}: left out`);
    return null;
  }
  if (url.lastmod !== undefined) {
    const lastmod = toLastmod(url.lastmod, run.now);
    if (lastmod.ok) record.lastmod = lastmod.text;
    else fail(`lastmod ${String(url.lastmod)} left out (${lastmod.reason})`);
  }
  if (url.changefreq !== undefined) {
    if ((CHANGEFREQS as readonly string[]).includes(url.changefreq))
      record.changefreq = url.changefreq;
    else fail(`changefreq ${String(url.changefreq)} left out`);
  }
  if (url.priority !== undefined) {
    if (typeof url.priority === 'number' && url.priority >= 0 && url.priority <= 1)
      record.priority = url.priority;
    else fail(`priority ${String(url.priority)} left out (0.0 to 1.0)`);
  }
  // What it lists of each extension (images, alternates…) gets that extension's check.
  for (const extension of run.plan.extensions)
    extension.fromHook?.(url as unknown as Record<string, unknown>, record, run.plan.mediaOrigin);
  return record;
}

export async function writeCustomUrls(run: Run, live: StoredFile[]) {
  const groups = freshGroups(run, urlsetsOf(live, null), live);
  await groups.writeAll(() => addCustomUrls(run, groups));
}

async function addCustomUrls(run: Run, groups: FreshGroups) {
  const { settings } = run.plan;
  for (const [index, custom] of settings.customUrls.entries()) {
    // lastmod was normalised to W3C Datetime by validateSettings.
    addCustomUrl(run, groups, String(index).padStart(8, '0'), `customUrls[${index}]`, {
      loc: customLoc(run, custom.url),
      lastmod: custom.lastmod,
      changefreq: custom.changefreq,
      priority: custom.priority,
    });
  }
  // URLs added from code follow, keyed on from the settings' own; findings name the hook and
  // the URL's place among those it gave (`shop-routes#2`).
  let next = settings.customUrls.length;
  const given = new Map<string, number>();
  for await (const { hook, url } of getService(run.strapi, 'hooks').customUrls(run.report)) {
    const place = given.get(hook) ?? 0;
    given.set(hook, place + 1);
    const record = hookRecord(run, hook, url);
    if (!record) continue;
    addCustomUrl(run, groups, String(next++).padStart(8, '0'), `${hook}#${place}`, record);
  }
}
