/**
 * The listed URLs of one stored urlset at given positions, each with the entry it comes from: its
 * text twin holds one URL a line in the file's order, its block index each document's block (the
 * locales of its URLs, comma-joined, '' for a type without i18n). Pure.
 */
import type { BlockIndexEntry } from '../files/urlset-writer';

export interface ListedUrl {
  url: string;
  /** The document, or null for a custom URL (its block key is the URL's, not a document's). */
  documentId: string | null;
  locale: string | null;
}

export function listedUrlsAt(
  text: string,
  blocks: BlockIndexEntry[],
  positions: number[],
  custom: boolean
): ListedUrl[] {
  const lines = text.split('\n');
  const wanted = new Set(positions);
  const found: ListedUrl[] = [];
  let line = 0;
  for (const [key, , , , locales] of blocks) {
    for (const locale of locales.split(',')) {
      if (wanted.has(line) && lines[line])
        found.push({
          url: lines[line],
          documentId: custom ? null : key,
          locale: locale === '' ? null : locale,
        });
      line++;
    }
  }
  return found;
}
