/**
 * Turns one document (all its locale versions) into `<url>` records: fills the pattern per locale,
 * checks each URL, adds hreflang alternates. Every URL left out is reported with the entry at fault.
 */
import { resolvePattern, type ParsedPattern } from './pattern';
import { toLastmod } from './lastmod';
import { MAX_URL_LENGTH, type ValidationReport } from './url-checks';
import { type ValidationSample } from '../../../../shared/rules';
import type { ExtensionFinding, TypeExtension } from '../extensions/extension';
import type { UrlHashSet } from './url-hash-set';
import type { Changefreq, UrlRecord } from '../../../../shared/types';

export interface TypePlan {
  uid: string;
  localized: boolean;
  pattern: ParsedPattern;
  localePatterns: Record<string, ParsedPattern>;
  /** Front-end origin per locale; `hostname` for the others. */
  hostname: string;
  hostnames: Record<string, string>;
  defaultLocale?: string;
  priority?: number;
  changefreq?: Changefreq;
  lastmodField?: string | false;
  /** The field whose value names a page in the feed of recent URLs. */
  titleField?: string;
  /** What the type's URLs list beyond their location (core/extensions), compiled. */
  extensions: TypeExtension[];
  /**
   * The sites that list the type (settings `sites`), each on its own hosts; unset or empty: the type
   * is listed on `hostname` and `hostnames`, as without sites.
   */
  sites?: Array<{ name: string; hostname: string; hostnames: Record<string, string> }>;
}

export interface DocumentInput {
  documentId: string;
  versions: Array<{
    locale?: string;
    entry: Record<string, unknown>;
    /** What the extensions read of the version through the query engine, by extension name. */
    extras?: Record<string, unknown>;
    /** The sites whose filter the version matches, when the type is listed on sites. */
    sites?: string[];
  }>;
}

export interface UrlContext {
  now: number;
  report: ValidationReport;
  seen: UrlHashSet;
  /** Exclusion keys: a documentId (every locale) or `documentId|locale`. */
  excluded: Set<string>;
  /**
   * Only URLs on this origin are checked for duplicates and reported. An incremental run reads a
   * document once per host group it rewrites: the other groups' URLs are still needed for hreflang,
   * but are checked by their own group's pass (else the second pass finds them all "already listed").
   */
  origin?: string;
  /**
   * Hooks registered from code (the hooks service): may change a record or drop it (null), before
   * the URL checks and the hreflang alternates, so both see the final URL.
   */
  transform?: UrlTransform;
}

/** Where a record comes from, for a hook. */
export interface UrlSource {
  documentId: string;
  locale?: string;
  entry: Record<string, unknown>;
}

export type UrlTransform = (record: UrlRecord, source: UrlSource) => UrlRecord | null;

export interface OriginBlock {
  origin: string;
  records: UrlRecord[];
  locales: Array<string | undefined>;
  lastmodTime?: number;
  /** Each record's lastmod in epoch ms (the feed of recent URLs reads them). */
  times: Array<number | undefined>;
}

/** A lastmod's time in epoch ms, when it is a date (a hook may set any text). */
function lastmodTimeOf(lastmod: string | undefined) {
  const time = lastmod ? Date.parse(lastmod) : NaN;
  return Number.isNaN(time) ? undefined : time;
}

export const originFor = (plan: Pick<TypePlan, 'hostname' | 'hostnames'>, locale?: string) =>
  (locale && plan.hostnames[locale]) || plan.hostname;

/** The entry a finding names; built only for a finding, as the loop below runs once per URL. */
const sampleOf = (plan: TypePlan, doc: DocumentInput, locale?: string) => ({
  contentType: plan.uid,
  documentId: doc.documentId,
  locale,
});

/** The first extension that leaves a version's URL out (its SEO component says noindex…), and why. */
function leftOutBy(
  plan: TypePlan,
  loc: string,
  extras: Record<string, unknown> | undefined,
  entry: Record<string, unknown>
): ExtensionFinding | null {
  for (const { extension, compiled } of plan.extensions) {
    const found = extension.leavesOut?.(loc, extras?.[extension.name], entry, compiled);
    if (found) return found;
  }
  return null;
}

type Listed = { locale?: string; record: UrlRecord; origin: string; time?: number };
type HostSet = Pick<TypePlan, 'hostname' | 'hostnames'>;

export function documentUrls(
  plan: TypePlan,
  doc: DocumentInput,
  context: UrlContext
): OriginBlock[] {
  if (!plan.sites?.length) return blocksByOrigin(listOn(plan, plan, doc, doc.versions, context));
  const listed: Listed[] = [];
  // On each site its versions link to each other (hreflang), never to another site's.
  for (const site of plan.sites) {
    const versions = doc.versions.filter((version) => version.sites?.includes(site.name));
    if (versions.length > 0) listed.push(...listOn(plan, site, doc, versions, context));
  }
  return blocksByOrigin(listed);
}

/** The URLs of `versions` on one set of hosts, checked and reported, with their alternates. */
function listOn(
  plan: TypePlan,
  hosts: HostSet,
  doc: DocumentInput,
  versions: DocumentInput['versions'],
  context: UrlContext
): Listed[] {
  const { report, excluded } = context;
  const wholeExcluded = excluded.size > 0 && excluded.has(doc.documentId);
  const listed: Listed[] = [];
  for (const { locale, entry, extras } of versions) {
    if (
      wholeExcluded ||
      (locale && excluded.size > 0 && excluded.has(`${doc.documentId}|${locale}`))
    )
      continue;
    const origin = originFor(hosts, locale);
    const own = context.origin === undefined || context.origin === origin;
    const pattern = (locale && plan.localePatterns[locale]) || plan.pattern;
    const resolved = resolvePattern(pattern, entry, locale);
    if (!resolved.ok) {
      if (own) {
        const detail = `[${resolved.field}] ${resolved.reason} (pattern ${pattern.source})`;
        report.add({ rule: 'pattern-unfilled', ...sampleOf(plan, doc, locale), detail });
      }
      continue;
    }
    let record: UrlRecord = {
      loc: origin + resolved.path,
      lastmod: undefined,
      changefreq: plan.changefreq,
      priority: plan.priority,
    };
    // Reported only if the URL is listed: a URL left out says why once.
    let lastmodProblem: ValidationSample | undefined;
    let time: number | undefined;
    if (plan.lastmodField) {
      const value = entry[plan.lastmodField];
      if (value !== null && value !== undefined && value !== '') {
        const lastmod = toLastmod(value, context.now);
        if (lastmod.ok) {
          record.lastmod = lastmod.text;
          time = lastmod.time;
        } else {
          lastmodProblem = {
            rule: lastmod.reason === 'future' ? 'lastmod-future' : 'lastmod-invalid',
            ...sampleOf(plan, doc, locale),
            url: record.loc,
            detail: `${plan.lastmodField} = ${value instanceof Date ? value.toISOString() : String(value)}`,
          };
        }
      }
    }
    const leftOut = leftOutBy(plan, record.loc, extras, entry);
    if (leftOut) {
      if (own) report.add({ ...leftOut, ...sampleOf(plan, doc, locale), url: record.loc });
      continue;
    }
    const lastmod = record.lastmod;
    let findings: ExtensionFinding[] | undefined;
    for (const { extension, compiled } of plan.extensions) {
      if (!extension.apply) continue;
      const found = extension.apply(record, extras?.[extension.name], entry, compiled);
      if (found) (findings ??= []).push(...found);
    }
    if (context.transform) {
      const changed = context.transform(record, { documentId: doc.documentId, locale, entry });
      if (changed === null) continue;
      record = changed;
    }
    // An extension or a hook that sets another lastmod dates the file (and the feed) by it too.
    if (record.lastmod !== lastmod) time = lastmodTimeOf(record.lastmod);
    const { loc } = record;
    if (loc.length >= MAX_URL_LENGTH) {
      if (own) {
        const detail = `${loc.length} characters`;
        report.add({
          rule: 'url-too-long',
          ...sampleOf(plan, doc, locale),
          url: `${loc.slice(0, 200)}…`,
          detail,
        });
      }
      continue;
    }
    if (own && !context.seen.add(loc)) {
      report.add({ rule: 'url-duplicate', ...sampleOf(plan, doc, locale), url: loc });
      continue;
    }
    if (lastmodProblem && own) report.add(lastmodProblem);
    if (findings && own)
      for (const { rule, detail } of findings)
        report.add({ rule, ...sampleOf(plan, doc, locale), url: loc, detail });
    listed.push({ locale, record, origin, time });
  }

  for (const { extension, compiled } of plan.extensions)
    extension.acrossVersions?.(listed, compiled, plan.defaultLocale);
  return listed;
}

/** The listed URLs in one block per host, in the order their hosts first appear. */
function blocksByOrigin(listed: Listed[]): OriginBlock[] {
  if (listed.length === 0) return [];
  // Most documents list all their URLs on one host: one block, its arrays made at their size. A
  // push onto an empty array reserves 17 slots; three such arrays a document were 10% of what a
  // full run allocated (docs/performance.md).
  const first = listed[0].origin;
  if (listed.every((item) => item.origin === first)) return [blockOf(first, listed)];
  const origins = [...new Set(listed.map((item) => item.origin))];
  return origins.map((origin) =>
    blockOf(
      origin,
      listed.filter((item) => item.origin === origin)
    )
  );
}

function blockOf(origin: string, items: Listed[]): OriginBlock {
  let lastmodTime: number | undefined;
  for (const { time } of items)
    if (time !== undefined && (lastmodTime === undefined || time > lastmodTime)) lastmodTime = time;
  return {
    origin,
    records: items.map((item) => item.record),
    locales: items.map((item) => item.locale),
    lastmodTime,
    times: items.map((item) => item.time),
  };
}
