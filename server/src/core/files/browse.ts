/**
 * A stored urlset read back for people, a page at a time: each URL with its lastmod, changefreq,
 * priority, alternates, images and video, and the entry it comes from (block index). A search
 * reads only each block's URLs (its text twin's lines); only the URLs on the page asked are read from
 * the XML. The files are this plugin's own (core/files/urlset-writer), so a pattern per element
 * reads them back; a general XML parser would build a tree of a 50 MB file for 50 lines. Pure.
 */
import { urlsetText } from './urlset-text';
import { unescapeXml } from './xml';
import type { RenderedBlock } from './urlset-writer';
import type { BrowsedUrl } from '../../../../shared/api-types';

export type { BrowsedUrl };

const first = (xml: string, tag: string) => {
  const found = new RegExp(`<${tag}>([^<]*)</${tag}>`).exec(xml);
  return found ? unescapeXml(found[1]) : undefined;
};

/** The `<url>` elements of a block, in order. */
function urlElements(xml: string): string[] {
  return xml.match(/<url>[\s\S]*?<\/url>/g) ?? [];
}

function readUrl(element: string, documentId: string | null, locale: string | null): BrowsedUrl {
  const alternates = [
    ...element.matchAll(/<xhtml:link rel="alternate" hreflang="([^"]*)" href="([^"]*)"\s*\/>/g),
  ].map(([, hreflang, href]) => ({ hreflang: unescapeXml(hreflang), href: unescapeXml(href) }));
  const images = [...element.matchAll(/<image:loc>([^<]*)<\/image:loc>/g)].map(([, loc]) =>
    unescapeXml(loc)
  );
  const video = first(element, 'video:title');
  return {
    loc: first(element, 'loc') ?? '',
    lastmod: first(element, 'lastmod'),
    changefreq: first(element, 'changefreq'),
    priority: first(element, 'priority'),
    alternates,
    images,
    ...(video !== undefined && { video }),
    documentId,
    locale,
  };
}

/**
 * Page `page` (from 1) of `pageSize` URLs whose address holds `query` (any case; all when empty),
 * and how many match in all. `custom`: the file holds custom URLs (block keys are not documents).
 */
export function browseBlocks(
  blocks: RenderedBlock[],
  { query = '', page = 1, pageSize = 50 }: { query?: string; page?: number; pageSize?: number },
  custom: boolean
): { total: number; urls: BrowsedUrl[] } {
  const needle = query.trim().toLowerCase();
  const from = (page - 1) * pageSize;
  const urls: BrowsedUrl[] = [];
  let total = 0;
  for (const block of blocks) {
    const lines = urlsetText(block.xml).split('\n');
    let elements: string[] | null = null;
    for (let i = 0; i < block.urlCount; i++) {
      if (needle && !lines[i].toLowerCase().includes(needle)) continue;
      if (total >= from && urls.length < pageSize) {
        elements ??= urlElements(block.xml);
        urls.push(readUrl(elements[i] ?? '', custom ? null : block.key, block.locales[i] ?? null));
      }
      total++;
    }
  }
  return { total, urls };
}
