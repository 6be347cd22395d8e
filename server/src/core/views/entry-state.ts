/**
 * Where one document stands in the sitemap, locale by locale: listed (and in which file), waiting
 * to be written, or left out and why. Plain data in, plain data out: the service reads the
 * versions, the exclusions, the live files and the waiting marks; this decides.
 *
 * The reasons are checked in the order a run applies them: only published versions are
 * read, then the type's filters, then the exclusions, then the pattern and the URL checks.
 */
import {
  documentUrls,
  type DocumentInput,
  type TypePlan,
  type UrlTransform,
} from '../urls/document-urls';
import { resolvePattern } from '../urls/pattern';
import { hostsOf } from '../files/file-layout';
import { UrlHashSet } from '../urls/url-hash-set';
import { ValidationReport } from '../urls/url-checks';
import { RULES, type RuleCode } from '../../../../shared/rules';
import type { LocaleStatus } from '../../../../shared/api-types';
import type { VideoEntry } from '../../../../shared/types';

export interface EntryStatusInput {
  plan: TypePlan;
  documentId: string;
  /** Every version that is live: the published ones (all versions for types without draft & publish). */
  published: DocumentInput['versions'];
  /** Locales (`''` for a type without i18n) whose live version matches the type's `filters`. */
  matching: Set<string>;
  /** Draft versions (draft & publish types only). */
  drafts: DocumentInput['versions'];
  /** Exclusion keys of the type, as `exclusionKey` writes them. */
  excluded: Set<string>;
  /** Live file holding each locale of the document (`''` for a type without i18n). */
  files: Map<string, string>;
  /** Whether a dirty mark that covers this document is waiting. */
  pending: boolean;
  now: number;
  /** The url hooks registered from code, as a run applies them. */
  transform?: UrlTransform;
}

const keyOf = (locale?: string | null) => locale ?? '';
/** Findings that leave a URL out (the rest only drop a value, such as a lastmod in the future). */
const leavesOut = (rule: RuleCode) => RULES[rule].leftOut;

/** URL (or the rule that left it out) per locale, as a run would compute it, exclusions aside. */
function urlsOf(
  plan: TypePlan,
  documentId: string,
  versions: DocumentInput['versions'],
  now: number,
  transform?: UrlTransform
) {
  const report = new ValidationReport();
  const context = { now, report, seen: new UrlHashSet(), excluded: new Set<string>(), transform };
  const urls = new Map<string, string>();
  const images = new Map<string, string[]>();
  const videos = new Map<string, VideoEntry>();
  const sites = new Map<string, Array<{ name: string; url: string }>>();
  for (const block of documentUrls(plan, { documentId, versions }, context)) {
    const site = plan.sites?.find((candidate) => hostsOf(candidate).includes(block.origin));
    block.records.forEach((record, i) => {
      const key = keyOf(block.locales[i]);
      if (!urls.has(key)) urls.set(key, record.loc);
      if (site) sites.set(key, [...(sites.get(key) ?? []), { name: site.name, url: record.loc }]);
      if (record.images) images.set(key, record.images);
      if (record.video) videos.set(key, record.video);
    });
  }
  const problems = new Map<string, { rule: RuleCode; detail?: string }>();
  for (const sample of report.summary().samples) {
    if (leavesOut(sample.rule) && !problems.has(keyOf(sample.locale))) {
      problems.set(keyOf(sample.locale), {
        rule: sample.rule,
        ...(sample.detail ? { detail: sample.detail } : {}),
      });
    }
  }
  return { urls, images, videos, problems, sites };
}

/** The placeholder a version cannot fill, so the panel can name it in the editor's language. */
function unfilledField(plan: TypePlan, versions: DocumentInput['versions'], key: string) {
  const version = versions.find((candidate) => keyOf(candidate.locale) === key);
  const pattern = (version?.locale && plan.localePatterns[version.locale]) || plan.pattern;
  const resolved = version ? resolvePattern(pattern, version.entry, version.locale) : null;
  return resolved && !resolved.ok ? { field: resolved.field, pattern: pattern.source } : {};
}

export function entryStatus(input: EntryStatusInput): LocaleStatus[] {
  const { plan, documentId } = input;
  const live = urlsOf(plan, documentId, input.published, input.now, input.transform);
  const publishedKeys = new Set(input.published.map((version) => keyOf(version.locale)));
  const draftOnly = input.drafts.filter((version) => !publishedKeys.has(keyOf(version.locale)));
  const drafts = urlsOf(plan, documentId, draftOnly, input.now, input.transform);

  const locales = [
    ...new Set([...publishedKeys, ...draftOnly.map((version) => keyOf(version.locale))]),
  ].sort();
  return locales.map((key): LocaleStatus => {
    const base: LocaleStatus = {
      locale: key === '' ? null : key,
      state: 'not-listed',
      url: live.urls.get(key) ?? null,
      sites: live.sites.get(key) ?? [],
      draftUrl: null,
      images: live.images.get(key) ?? [],
      video: live.videos.get(key) ?? null,
      file: input.files.get(key) ?? null,
      pending: input.pending,
      excludedBy: null,
      reason: null,
    };
    if (!publishedKeys.has(key))
      return { ...base, state: 'draft-only', draftUrl: drafts.urls.get(key) ?? null };
    if (!input.matching.has(key)) return { ...base, state: 'filtered-out' };
    // Listed on sites only: a version no site's filter takes is left out by those filters.
    const onSites = (version: DocumentInput['versions'][number]) =>
      keyOf(version.locale) === key && Boolean(version.sites?.length);
    if (plan.sites?.length && !input.published.some(onSites))
      return { ...base, state: 'filtered-out' };
    if (input.excluded.has(documentId))
      return { ...base, state: 'excluded', excludedBy: 'document' };
    if (key !== '' && input.excluded.has(`${documentId}|${key}`))
      return { ...base, state: 'excluded', excludedBy: 'locale' };
    const problem = live.problems.get(key);
    if (problem?.rule === 'pattern-unfilled')
      return {
        ...base,
        state: 'pattern-unfilled',
        reason: { ...problem, ...unfilledField(plan, input.published, key) },
      };
    if (problem) return { ...base, state: 'not-listed', reason: problem };
    if (base.file) return { ...base, state: 'listed' };
    return { ...base, state: input.pending ? 'pending' : 'not-listed' };
  });
}
