/**
 * Files written from scratch: every file of a type, the custom URLs, and the index (which also lists the
 * live files a partial run leaves as they are).
 */
import { CUSTOM_GROUP, INDEX_NAME, typeGroup, urlsetName } from '../../core/file-names';
import { hostIndexes } from '../../core/host-indexes';
import { inIndexOrder, originOf } from '../../core/file-layout';
import type { GzipFileSink } from '../../core/gzip-file';
import { encodeLiteral } from '../../core/pattern';
import { renderSitemapIndex } from '../../core/sitemap-index';
import type { UrlRecord } from '../../core/types';
import type { UrlBlock, UrlsetWriter } from '../../core/urlset-writer';
import { checkLoc, isLocalHostUrl } from '../../core/validation';
import { hookAlternates, hookImages, hookLocProblem } from '../../core/hook-records';
import { toLastmod } from '../../core/lastmod';
import { CHANGEFREQS } from '../../core/limits';
import type { HookUrl } from '../hooks';
import {
  newWriter,
  renderFitting,
  saveUrlset,
  writeRange,
  type IndexedFile,
  type Run,
  type RunScope,
  type WrittenFile,
} from './context';
import { getService } from '../../utils/get-service';
import { startVisitorChunks } from './visitor-map';
import { compareGroups, comparedBlock } from './live-blocks';
import type { ComparedBlock } from '../../core/url-changes';
import type { StoredFile } from '../file-store';

interface FileGroup {
  key: string;
  writer: UrlsetWriter<GzipFileSink>;
  /** The sink of the file being written, to wait for its compression to keep up. */
  sink: GzipFileSink | null;
  seq: number;
  previousEnd: string;
}

/**
 * Files written from scratch, one numbered series per group (`article-1.xml`, `article-2.xml`, …):
 * each file covers the keys after the previous one's last key; the last one is open-ended. `replaced`
 * are the live urlsets these files replace: with the run's changes on, each block written is
 * compared with the one it replaces (core/url-changes).
 */
function freshGroups(run: Run, replaced: StoredFile[], live: StoredFile[], contentType?: string) {
  const groups = new Map<string, FileGroup>();
  const filled: Array<{ group: FileGroup; file: WrittenFile }> = [];
  const comparisons = run.changes ? compareGroups(run, run.changes, replaced, live) : null;
  const written: Array<{ groupKey: string; block: ComparedBlock }> = [];
  const flush = async (group: FileGroup, file: WrittenFile, isLast: boolean) => {
    group.seq++;
    const rangeEnd = isLast ? null : file.lastKey;
    await saveUrlset(run, file, {
      name: urlsetName(group.key, group.seq),
      groupKey: group.key,
      contentType,
      rangeStart: group.previousEnd,
      rangeEnd,
    });
    group.previousEnd = file.lastKey;
  };
  const settle = async () => {
    for (let next = filled.shift(); next; next = filled.shift())
      await flush(next.group, next.file, false);
    for (const group of groups.values()) await group.sink?.drained();
    if (comparisons)
      for (const { groupKey, block } of written.splice(0))
        await comparisons.of(groupKey).written(block);
  };
  return {
    /** Adds a block to a group's open file; a file it fills is saved at the next `settle`. */
    add(groupKey: string, block: UrlBlock) {
      let group = groups.get(groupKey);
      if (!group) {
        const created: FileGroup = {
          key: groupKey,
          writer: newWriter(run, (sink) => (created.sink = sink)),
          sink: null,
          seq: 0,
          previousEnd: '',
        };
        groups.set(groupKey, (group = created));
      }
      const rendered = renderFitting(run, group.writer, block, contentType);
      if (!rendered) return;
      if (comparisons) written.push({ groupKey, block: comparedBlock(rendered) });
      const closed = group.writer.add(rendered);
      if (closed) filled.push({ group, file: closed });
      for (const record of block.records) run.priorities.add(record.priority);
      run.control.countUrls(block.records.length);
    },
    /** Saves the files filled so far and lets compression catch up. */
    settle,
    async closeAll() {
      await settle();
      for (const group of groups.values()) {
        const last = group.writer.close();
        if (last) await flush(group, last, true);
      }
      await comparisons?.finish();
    },
  };
}

/** The live urlsets a run writing `contentType` (null: the custom URLs) from scratch replaces. */
const urlsetsOf = (live: StoredFile[], contentType: string | null) =>
  live.filter((file) => file.format === 'urlset' && file.contentType === contentType);

/** Writes every file of one type from scratch. */
export async function writeWholeType(run: Run, uid: string, live: StoredFile[]) {
  const groups = freshGroups(run, urlsetsOf(live, uid), live, uid);
  const visitorChunks = startVisitorChunks(run, uid, live);
  await writeRange(
    run,
    uid,
    { after: '', upTo: null },
    (groupKey, block) => groups.add(groupKey, block),
    async () => {
      await groups.settle();
      await visitorChunks?.afterPage();
    }
  );
  await groups.closeAll();
  await visitorChunks?.close();
}

/** Adds one custom URL (from the settings or a hook) to the custom files, checked like any URL. */
function addCustomUrl(
  run: Run,
  groups: ReturnType<typeof freshGroups>,
  key: string,
  source: string,
  record: UrlRecord
) {
  const { settings } = run;
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
  url.startsWith('/') ? run.settings.hostname + encodeLiteral(url) : url;

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
    url.url.startsWith('/') ? run.settings.hostname + url.url : url.url
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
  const images = hookImages(url.images, run.plan.mediaOrigin);
  if (images) record.images = images;
  const alternates = hookAlternates(url.alternates);
  if (alternates) record.alternates = alternates;
  return record;
}

export async function writeCustomUrls(run: Run, live: StoredFile[]) {
  const { settings } = run;
  const groups = freshGroups(run, urlsetsOf(live, null), live);
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
  await groups.closeAll();
}

/** Saves the index of the run's files and, for a partial run, of the live files it leaves as they are. */
export async function writeIndex(run: Run, scope: RunScope) {
  let files: IndexedFile[] = run.written;
  if (scope.kind !== 'full') {
    const written = new Set(run.written.map((file) => file.name));
    const live = (await getService(run.strapi, 'file-store').listLive()).filter(
      (file) =>
        (file.format === 'urlset' || file.format === 'news') &&
        !run.replaced.has(file.name) &&
        !written.has(file.name)
    );
    const kept = live.map((file) => ({
      name: file.name,
      groupKey: file.groupKey ?? '',
      contentType: file.contentType,
      format: file.format as IndexedFile['format'],
      rangeStart: file.rangeStart ?? '',
      lastmod: file.lastmod,
    }));
    files = [...kept, ...run.written];
  }
  files = inIndexOrder(files);
  const indexUrl = `${run.base}/${INDEX_NAME}`;
  if (files.length > 0 && isLocalHostUrl(indexUrl))
    run.report.add({
      rule: 'index-host-local',
      url: indexUrl,
      detail: `files listed under ${run.base}`,
    });
  await saveIndex(run, INDEX_NAME, files);
  for (const { name, origin } of hostIndexes(run.settings))
    await saveIndex(
      run,
      name,
      files.filter((file) => originOfFile(run, file) === origin)
    );
  return files.length;
}

/**
 * Saves an index of `files`; the live one of that name is replaced either way. An index must list
 * at least one sitemap: without any, none is served.
 */
async function saveIndex(run: Run, name: string, files: IndexedFile[]) {
  run.replaced.add(name);
  if (files.length === 0) return;
  const entries = files.map((file) => ({
    loc: `${run.base}/${file.name}`,
    lastmod: file.lastmod ?? undefined,
  }));
  await run.save({ name, format: 'index', content: renderSitemapIndex(entries, run.xslHref) });
}

/** The group base of a file's series: its type's, its type's news series', or the custom URLs'. */
function baseOf(run: Run, file: IndexedFile) {
  if (!file.contentType) return CUSTOM_GROUP;
  if (file.format === 'news') return run.plan.types.get(file.contentType)?.news?.group ?? '';
  return typeGroup(file.contentType);
}

/** The host whose URLs a file holds. */
const originOfFile = (run: Run, file: IndexedFile) =>
  originOf(file.groupKey, (origin) => run.plan.groupKey(baseOf(run, file), origin), run.settings);
