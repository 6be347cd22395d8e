/**
 * The feed of recent URLs: the 100 most recently updated listed URLs as Atom 1.0 (search engines
 * take a feed as a sitemap of what changed), for the whole site and for each locale. A run keeps
 * the 200 newest entries it saw of each, so a later documents run that removes a few still has 100
 * to show; the feeds are written from them. Pure.
 */
import { escapeXml } from '../files/xml';
import { formatW3cDateTime } from '../urls/lastmod';

export const FEED_SIZE = 100;
/** Entries kept between runs: room for the ones a later run removes. */
export const FEED_KEPT = 2 * FEED_SIZE;

export interface FeedEntry {
  /** The document the URL belongs to. */
  key: string;
  contentType: string;
  loc: string;
  title: string;
  /** The URL's lastmod, epoch ms. */
  updated: number;
  locale?: string;
  /** One of the `sites`; absent for the main site. */
  site?: string;
}

/** The newest entries offered, at most `size`, kept sorted newest first. */
class NewestEntries {
  readonly entries: FeedEntry[] = [];

  constructor(private readonly size: number) {}

  /** The oldest time that still gets in: anything older is turned away without more work. */
  get threshold() {
    return this.entries.length < this.size
      ? -Infinity
      : this.entries[this.entries.length - 1].updated;
  }

  offer(entry: FeedEntry) {
    if (entry.updated <= this.threshold) return;
    // Binary search for the place: newest first.
    let low = 0;
    let high = this.entries.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (this.entries[middle].updated >= entry.updated) low = middle + 1;
      else high = middle;
    }
    this.entries.splice(low, 0, entry);
    if (this.entries.length > this.size) this.entries.pop();
  }
}

/**
 * The newest entries of the whole site and, apart, of each locale, at most `size` each, so each
 * locale's feed holds its own newest URLs however many newer ones the other locales have.
 */
export class RecentEntries {
  private readonly all: NewestEntries;
  private readonly byLocale = new Map<string, NewestEntries>();

  constructor(private readonly size = FEED_KEPT) {
    this.all = new NewestEntries(size);
  }

  /** The oldest time an entry of `locale` still gets in: older ones cost nothing more. */
  threshold(locale: string | undefined) {
    if (locale === undefined) return this.all.threshold;
    const own = this.byLocale.get(locale);
    return own ? Math.min(this.all.threshold, own.threshold) : -Infinity;
  }

  offer(entry: FeedEntry) {
    this.all.offer(entry);
    if (entry.locale === undefined) return;
    let own = this.byLocale.get(entry.locale);
    if (!own) this.byLocale.set(entry.locale, (own = new NewestEntries(this.size)));
    own.offer(entry);
  }

  /** The newest of the whole site (no locale) or of one locale, newest first. */
  newest(locale?: string): FeedEntry[] {
    return [...((locale === undefined ? this.all : this.byLocale.get(locale))?.entries ?? [])];
  }

  /** The locales with entries of their own, sorted. */
  locales(): string[] {
    return [...this.byLocale.keys()].sort();
  }

  /** Every entry kept (the site's newest and each locale's), once each: what the next run starts from. */
  list(): FeedEntry[] {
    const kept = new Map<string, FeedEntry>();
    for (const entry of this.all.entries) kept.set(entry.loc, entry);
    for (const own of this.byLocale.values())
      for (const entry of own.entries) kept.set(entry.loc, entry);
    return [...kept.values()].sort((a, b) => b.updated - a.updated);
  }
}

/** Merges a run's entries into the kept ones: `replaced` says which kept entries the run read again. */
export function mergeEntries(
  kept: FeedEntry[],
  replaced: (entry: FeedEntry) => boolean,
  fresh: FeedEntry[]
): RecentEntries {
  const recent = new RecentEntries();
  const seen = new Set<string>();
  for (const entry of [...fresh, ...kept.filter((candidate) => !replaced(candidate))]) {
    if (seen.has(entry.loc)) continue;
    seen.add(entry.loc);
    recent.offer(entry);
  }
  return recent;
}

export interface FeedHead {
  /** The feed's own URL: its id and its rel="self" link. */
  url: string;
  title: string;
  /** The site the entries belong to (rel="alternate"). */
  site: string;
  language?: string;
}

/** Atom 1.0: feed id, title, updated and self link; each entry its id, title, link and updated. */
export function renderAtom(head: FeedHead, entries: FeedEntry[], now: number): string {
  const shown = entries.slice(0, FEED_SIZE);
  const updated = formatW3cDateTime(new Date(shown[0]?.updated ?? now));
  let xml = '<?xml version="1.0" encoding="UTF-8"?>\n';
  xml += `<feed xmlns="http://www.w3.org/2005/Atom"${head.language ? ` xml:lang="${escapeXml(head.language)}"` : ''}>\n`;
  xml += `<id>${escapeXml(head.url)}</id>\n<title>${escapeXml(head.title)}</title>\n<updated>${updated}</updated>\n`;
  xml += `<link rel="self" type="application/atom+xml" href="${escapeXml(head.url)}"/>\n`;
  xml += `<link rel="alternate" href="${escapeXml(head.site)}"/>\n`;
  xml += `<author><name>${escapeXml(new URL(head.site).host)}</name></author>\n`;
  for (const entry of shown) {
    xml += `<entry><id>${escapeXml(entry.loc)}</id><title>${escapeXml(entry.title)}</title>`;
    xml += `<link rel="alternate" href="${escapeXml(entry.loc)}"/>`;
    xml += `<updated>${formatW3cDateTime(new Date(entry.updated))}</updated></entry>\n`;
  }
  return `${xml}</feed>\n`;
}
