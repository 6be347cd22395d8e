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
} from './document-urls';
import { resolvePattern } from './pattern';
import { UrlHashSet } from './url-hash-set';
import { ValidationReport, type RuleCode } from './validation';
import type { VideoEntry } from './types';

export type EntryState =
  | 'listed'
  | 'pending'
  | 'not-listed'
  | 'draft-only'
  | 'filtered-out'
  | 'excluded'
  | 'pattern-unfilled';

export interface LocaleStatus {
  /** null for a type without i18n. */
  locale: string | null;
  state: EntryState;
  /** The URL the published version gets; null when there is none or the pattern cannot be filled. */
  url: string | null;
  /** For `draft-only`: the URL the draft would get once published (null when its pattern cannot be filled). */
  draftUrl: string | null;
  /** The images the published version's URL lists (`<image:image>`), when its type lists images. */
  images: string[];
  /** The video its URL lists (`<video:video>`), when its type lists one and the entry has every value. */
  video: VideoEntry | null;
  /** The live sitemap file that holds this version now (it may still hold a version just left out). */
  file: string | null;
  /** A change to this document is recorded and not yet written into the served files. */
  pending: boolean;
  /** For `excluded`: whether the whole document or only this locale is excluded. */
  excludedBy: 'document' | 'locale' | null;
  /** For `pattern-unfilled` and `not-listed`: the rule that left the URL out; for a pattern, the field at fault. */
  reason: { rule: RuleCode; field?: string; pattern?: string; detail?: string } | null;
}

/** The answer of GET /sitemap/entry-status (the admin's side panel reads this shape). */
export type EntryStatusResponse =
  | { mapped: false; contentType: string; documentId: string }
  | {
      mapped: true;
      contentType: string;
      documentId: string;
      localized: boolean;
      draftAndPublish: boolean;
      /** Exclusions stored for this document: `null` locale means the whole document. */
      exclusions: Array<{ locale: string | null }>;
      locales: Array<LocaleStatus & { fileUrl: string | null }>;
    };

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
/** The rules documentUrls applies to one document that leave its URL out. */
const RULES_LEAVING_OUT = new Set<RuleCode>(['pattern-unfilled', 'url-too-long', 'url-duplicate']);

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
  for (const block of documentUrls(plan, { documentId, versions }, context)) {
    block.records.forEach((record, i) => {
      urls.set(keyOf(block.locales[i]), record.loc);
      if (record.images) images.set(keyOf(block.locales[i]), record.images);
      if (record.video) videos.set(keyOf(block.locales[i]), record.video);
    });
  }
  const problems = new Map<string, { rule: RuleCode; detail?: string }>();
  for (const sample of report.summary().samples) {
    if (RULES_LEAVING_OUT.has(sample.rule) && !problems.has(keyOf(sample.locale))) {
      problems.set(keyOf(sample.locale), {
        rule: sample.rule,
        ...(sample.detail ? { detail: sample.detail } : {}),
      });
    }
  }
  return { urls, images, videos, problems };
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
