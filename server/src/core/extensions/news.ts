/**
 * News sitemaps: a type marked `news` also gets a series of files listing only its entries of the
 * last 48 hours (what Google News reads), at most 1,000 URLs each, with `<news:news>`. The settings
 * checks and the entry of one version live here. Pure.
 */
import { hasOwn } from '../settings/mappable';
import { w3cDate } from './video';
import { escapeXml } from '../files/xml';
import { newsGroup } from '../files/file-names';
import type { ContentTypeInfo, NewsEntry, NewsSettings } from '../../../../shared/types';
import { DATE_FIELD_TYPES, NEWS_KEYS, TITLE_FIELD_TYPES } from '../../../../shared/field-kinds';
import { compiledOf, type TypeExtension, type UrlExtension } from './extension';

/** Google News lists articles published in the last two days. */
export const NEWS_WINDOW_MS = 48 * 3600_000;
/** Google's limit per news sitemap. */
export const MAX_NEWS_PER_FILE = 1000;
/**
 * URLs one type's series lists on one host: the newest, in ten files. Google reads only the last two
 * days and asks for few news files (one where it can); the busiest publishers put out a few thousand
 * articles in that time. A bulk import dated today (170,431 entries, seen) lists its newest 10,000.
 */
export const MAX_NEWS_PER_SERIES = 10_000;
/** Dates a little ahead of this server's clock are another clock's, not the future. */
const CLOCK_SKEW_MS = 5 * 60_000;

/** Field errors of a type's `news` setting, as [key, message] (key '' for the setting itself). */
export function newsSettingErrors(
  value: unknown,
  type: Pick<ContentTypeInfo, 'uid' | 'attributes'> | undefined
): Array<[string, string]> {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return [['', 'must be an object such as { publicationName, titleField, dateField }']];
  const setting = value as Record<string, unknown>;
  const errors: Array<[string, string]> = [];
  for (const key of Object.keys(setting))
    if (!(NEWS_KEYS as readonly string[]).includes(key))
      errors.push([key, 'is not a news setting']);
  const name = setting.publicationName;
  if (typeof name !== 'string' || name.trim() === '' || name.length > 256)
    errors.push([
      'publicationName',
      'is required: the name of the publication as it appears on news.google.com (at most 256 characters)',
    ]);
  const field = (key: string, types: Set<string>, help: string) => {
    const value = setting[key];
    if (typeof value !== 'string' || value === '') {
      errors.push([key, `is required: the name of ${help}`]);
      return;
    }
    const attribute = type && hasOwn(type.attributes, value) ? type.attributes[value] : undefined;
    if (type && (!attribute || !types.has(attribute.type)))
      errors.push([key, `"${value}" is not ${help} of ${type.uid}`]);
  };
  field('titleField', TITLE_FIELD_TYPES, 'a text field');
  field('dateField', DATE_FIELD_TYPES, 'a date field');
  return errors;
}

/**
 * A locale as Google News wants a language: ISO 639 in lower case (`en-GB` → `en`), except Chinese,
 * written `zh-cn` (simplified) or `zh-tw` (traditional).
 */
export function newsLanguage(locale: string | undefined): string {
  const tags = (locale || 'en').toLowerCase().split(/[-_]/);
  if (tags[0] === 'zh')
    return tags.some((tag) => ['tw', 'hk', 'mo', 'hant'].includes(tag)) ? 'zh-tw' : 'zh-cn';
  return /^[a-z]{2,3}$/.test(tags[0]) ? tags[0] : 'en';
}

/** When a date value was published, in epoch ms (a date alone is its day's midnight UTC). */
export function publishedTime(value: unknown): number | null {
  if (value === null || value === undefined || value === '') return null;
  const time =
    value instanceof Date
      ? value.getTime()
      : typeof value === 'string'
        ? Date.parse(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value)
        : NaN;
  return Number.isNaN(time) ? null : time;
}

/** Whether an article published at `time` is in the news window at `now`. */
export const inNewsWindow = (time: number, now: number) =>
  time > now - NEWS_WINDOW_MS && time <= now + CLOCK_SKEW_MS;

/** The earliest value a date field may hold to be in the window, for the query that reads the series. */
export const windowStart = (now: number) => new Date(now - NEWS_WINDOW_MS);

export type NewsResult =
  | { ok: true; news: NewsEntry; time: number }
  | { ok: false; reason: 'outside' }
  | { ok: false; reason: 'incomplete'; detail: string };

/** The `<news:news>` of one version, or why it has none. */
export function newsOf(
  entry: Record<string, unknown>,
  settings: NewsSettings,
  locale: string | undefined,
  now: number
): NewsResult {
  const time = publishedTime(entry[settings.dateField]);
  if (time === null)
    return {
      ok: false,
      reason: 'incomplete',
      detail: `${settings.dateField} is empty or not a date`,
    };
  if (!inNewsWindow(time, now)) return { ok: false, reason: 'outside' };
  const title =
    typeof entry[settings.titleField] === 'string'
      ? (entry[settings.titleField] as string).trim()
      : '';
  if (!title) return { ok: false, reason: 'incomplete', detail: `${settings.titleField} is empty` };
  const publicationDate = w3cDate(entry[settings.dateField]) ?? new Date(time).toISOString();
  return {
    ok: true,
    time,
    news: {
      publicationName: settings.publicationName,
      language: newsLanguage(locale),
      publicationDate,
      title,
    },
  };
}

/**
 * The newest blocks offered, holding at most `size` URLs: a binary heap on (time, key), oldest on
 * top, so a run keeps memory for the series it writes, not for every entry of the window.
 * `dropped` counts the URLs the cap left out.
 */
export class NewestBlocks<T extends { key: string; records: unknown[] }> {
  private readonly heap: Array<{ time: number; block: T }> = [];
  private urls = 0;
  dropped = 0;

  constructor(private readonly size = MAX_NEWS_PER_SERIES) {}

  private older(a: { time: number; block: T }, b: { time: number; block: T }) {
    return a.time < b.time || (a.time === b.time && a.block.key > b.block.key);
  }

  offer(time: number, block: T) {
    this.heap.push({ time, block });
    this.up(this.heap.length - 1);
    this.urls += block.records.length;
    while (this.urls > this.size) {
      const oldest = this.heap[0].block;
      this.urls -= oldest.records.length;
      this.dropped += oldest.records.length;
      const last = this.heap.pop()!;
      if (this.heap.length > 0) {
        this.heap[0] = last;
        this.down(0);
      }
    }
  }

  /** The kept blocks in key order (the order the type's files use), emptying the heap. */
  take(): T[] {
    const blocks = this.heap.map((item) => item.block);
    this.heap.length = 0;
    this.urls = 0;
    return blocks.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  }

  private up(at: number) {
    const heap = this.heap;
    while (at > 0) {
      const parent = (at - 1) >> 1;
      if (!this.older(heap[at], heap[parent])) return;
      [heap[at], heap[parent]] = [heap[parent], heap[at]];
      at = parent;
    }
  }

  private down(at: number) {
    const heap = this.heap;
    for (;;) {
      const left = 2 * at + 1;
      const right = left + 1;
      let oldest = at;
      if (left < heap.length && this.older(heap[left], heap[oldest])) oldest = left;
      if (right < heap.length && this.older(heap[right], heap[oldest])) oldest = right;
      if (oldest === at) return;
      [heap[at], heap[oldest]] = [heap[oldest], heap[at]];
      at = oldest;
    }
  }
}

export function renderNews(news: NewsEntry): string {
  return `<news:news><news:publication><news:name>${escapeXml(news.publicationName)}</news:name><news:language>${news.language}</news:language></news:publication><news:publication_date>${news.publicationDate}</news:publication_date><news:title>${escapeXml(news.title)}</news:title></news:news>`;
}

/** A news type's setting, and the group its series' files are named by. */
export interface CompiledNews {
  settings: NewsSettings;
  group: string;
}

/**
 * `<news:news>` is written only in a type's news series (generation/outputs/news reads the window
 * on its own): here are its setting, its element, and what the preview says it would be now.
 */
export const newsExtension: UrlExtension<CompiledNews> = {
  name: 'news',
  namespace: { prefix: 'news', uri: 'http://www.google.com/schemas/sitemap-news/0.9' },
  check: (value, type) =>
    newsSettingErrors(value, type).map(([key, message]) => [key ? [key] : [], message]),
  compile: (setting, { uid, mappedTypes }) =>
    setting ? { settings: setting as NewsSettings, group: newsGroup(uid, mappedTypes) } : undefined,
  render: (record) => (record.news ? renderNews(record.news) : ''),
  count: { key: 'news', tag: '<news:news>', of: (record) => (record.news ? 1 : 0) },
  previewFields: ({ settings }) => [[settings.titleField], [settings.dateField]],
  preview(_record, { entry, locale }, compiled, now) {
    if (!compiled) return {};
    const found = newsOf(entry, compiled.settings, locale, now);
    return found.ok ? { news: found.news } : {};
  },
};

/** A type's news setting and series group, when it is marked `news`. */
export const newsOfType = (extensions: TypeExtension[]) =>
  compiledOf<CompiledNews>(extensions, 'news');
