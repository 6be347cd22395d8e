/**
 * How a group's urlsets share out the document keys. Each file holds a key range (rangeStart, rangeEnd]:
 * the first file of a group starts at '' (open), the last ends at null (open), and each file starts where
 * the one before it ended, so every key belongs to exactly one file. An incremental run rewrites the files
 * whose range holds a changed key: a file that grew past the limits passes the blocks that do not fit on
 * to the next file (the last one rolls over into new files), and a file left empty hands its range on to a
 * neighbour. File names live in file-names.ts.
 */
import type { ClosedFile, FileSink, RenderedBlock, UrlsetWriter } from './urlset-writer';

export interface KeyRange {
  rangeStart: string | null;
  rangeEnd: string | null;
}

/** A live file's range moved without rewriting it, applied by the switch. */
export interface RangeChange {
  id: number;
  rangeStart?: string;
  rangeEnd?: string | null;
}

/** The hosts of the settings, as the file groups need them. */
export interface Hosts {
  hostname: string;
  hostnames: Record<string, string>;
  /** Several sites: each its own hosts (an origin belongs to one site at most: settings/sites). */
  sites?: Record<string, { hostname: string; hostnames?: Record<string, string> }>;
}

/** The hosts of one site (or of the main one): its hostname, then its locales' hosts, each once. */
export const hostsOf = (site: { hostname: string; hostnames?: Record<string, string> }) => [
  ...new Set([site.hostname, ...Object.values(site.hostnames ?? {})]),
];

/**
 * The main site (name null) and each of `sites`, in the settings' order, with their hosts: what a
 * per-site output (the feed) or view (the dashboard) goes through.
 */
export const eachSite = (hosts: Hosts) => [
  { name: null as string | null, hosts: { hostname: hosts.hostname, hostnames: hosts.hostnames } },
  ...Object.entries(hosts.sites ?? {}).map(([name, site]) => ({
    name: name as string | null,
    hosts: { hostname: site.hostname, hostnames: site.hostnames ?? {} },
  })),
];

/** Every host files are written for: the main hostname and its locales' hosts, then each site's. */
export const allOrigins = (hosts: Hosts): string[] => [
  ...new Set(eachSite(hosts).flatMap((site) => hostsOf(site.hosts))),
];

/** The site whose hosts include `origin`; null for the main hosts. */
export function siteOfOrigin(origin: string, hosts: Hosts): string | null {
  for (const [name, site] of Object.entries(hosts.sites ?? {}))
    if (hostsOf(site).includes(origin)) return name;
  return null;
}

/** `siteOfOrigin` remembered per origin: called once per URL a run reads. */
export function siteFinder(hosts: Hosts): (origin: string) => string | null {
  const known = new Map<string, string | null>();
  return (origin) => {
    let site = known.get(origin);
    if (site === undefined) known.set(origin, (site = siteOfOrigin(origin, hosts)));
    return site;
  };
}

/** Whether a file's key range (rangeStart, rangeEnd] holds `key`; '' and null are open ends. */
export const holds = (file: KeyRange, key: string) =>
  key > (file.rangeStart ?? '') && (file.rangeEnd === null || key <= file.rangeEnd);

const compareKeys = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** A group's files in key order. */
export const inRangeOrder = <F extends KeyRange>(files: F[]) =>
  [...files].sort((a, b) => compareKeys(a.rangeStart ?? '', b.rangeStart ?? ''));

/** The index lists files by group, then in key order within a group. */
export const inIndexOrder = <F extends { groupKey: string; rangeStart: string }>(files: F[]) =>
  [...files].sort(
    (a, b) => compareKeys(a.groupKey, b.groupKey) || compareKeys(a.rangeStart, b.rangeStart)
  );

/** `hostGroup(base, locales)` for a host: the locales served on `origin` (none for the main host). */
export function localesOn(origin: string, hosts: Hosts): string[] {
  const site = siteOfOrigin(origin, hosts);
  const { hostname, hostnames = {} } = site === null ? hosts : hosts.sites![site];
  return origin === hostname
    ? []
    : Object.keys(hostnames).filter((locale) => hostnames[locale] === origin);
}

/** The host whose URLs a group's files hold; undefined for a group the settings no longer give. */
export const originOf = (groupKey: string, groupOf: (origin: string) => string, hosts: Hosts) =>
  allOrigins(hosts).find((origin) => groupOf(origin) === groupKey);

/** A file's blocks after a splice: the unchanged documents' blocks as written, the changed ones as read again. */
export function spliceBlocks(old: RenderedBlock[], fresh: RenderedBlock[], changed: string[]) {
  const changedSet = new Set(changed);
  return [...old.filter((block) => !changedSet.has(block.key)), ...fresh].sort((a, b) =>
    compareKeys(a.key, b.key)
  );
}

/** Writes `blocks` into as many files as the writer's limits need. */
export function fillFiles<S extends FileSink>(writer: UrlsetWriter<S>, blocks: RenderedBlock[]) {
  const outputs: Array<ClosedFile<S>> = [];
  for (const block of blocks) {
    const closed = writer.add(block);
    if (closed) outputs.push(closed);
  }
  const last = writer.close();
  if (last) outputs.push(last);
  return outputs;
}

/**
 * URLs per file that spread `blocks` evenly over the fewest files they need. A file that a publish
 * fills past the limit splits into halves in its own key range, as a B-tree page does: full files
 * from a full run would otherwise pass their last URLs on through every later file of the group
 * (at 100,000 URLs, one new article rewrote 9 files). A block (a document's locales) never splits,
 * so each share has room for all but one URL of the largest block on top: every file but the last
 * then holds at least an even share, and the last one no more.
 */
export function evenShare(blocks: RenderedBlock[], urlsPerFile: number) {
  let urls = 0;
  let largest = 0;
  for (const block of blocks) {
    urls += block.urlCount;
    largest = Math.max(largest, block.urlCount);
  }
  if (urls <= urlsPerFile) return urlsPerFile;
  const files = Math.ceil(urls / urlsPerFile);
  return Math.min(urlsPerFile, Math.ceil(urls / files) + largest - 1);
}

/** Ranges of consecutive files from `start`: each ends at its last key, the last one at `end`. */
export function chainRanges(lastKeys: string[], start: string, end: string | null) {
  return lastKeys.map((lastKey, n) => ({
    rangeStart: n === 0 ? start : lastKeys[n - 1],
    rangeEnd: n === lastKeys.length - 1 ? end : lastKey,
  }));
}

/**
 * Follows one group's files in key order through an incremental rewrite and collects the range changes
 * of the live files it keeps: a file left empty hands its start to the next file, or, when no later
 * file is left, its end to the last file written or kept before it.
 */
export class RangeHandOff {
  readonly changes: RangeChange[] = [];
  private emptiedStart: string | null = null;
  private previousId: number | null = null;

  /** A live file kept as it is. */
  kept(id: number) {
    if (this.emptiedStart !== null) this.changes.push({ id, rangeStart: this.emptiedStart });
    this.emptiedStart = null;
    this.previousId = id;
  }

  /** Where a file being rewritten starts now: at an emptied file's start when one came just before it. */
  startOf(file: KeyRange) {
    const start = this.emptiedStart ?? file.rangeStart ?? '';
    this.emptiedStart = null;
    return start;
  }

  /** The file being rewritten starting at `start` came out empty. */
  emptied(start: string) {
    this.emptiedStart = start;
  }

  /** A file was written. */
  written(id: number) {
    this.previousId = id;
  }

  /** The group is done: the changes, with the last files' range taken on by the one before them if they emptied. */
  finish() {
    if (this.emptiedStart !== null && this.previousId !== null)
      this.changes.push({ id: this.previousId, rangeEnd: null });
    this.emptiedStart = null;
    return this.changes;
  }
}
