/** The `<sitemapindex>`: a small document, so it is built with xmlbuilder2 rather than by hand. */
import { create } from 'xmlbuilder2';
import { escapeXml } from './xml';

export interface IndexEntry {
  loc: string;
  lastmod?: string;
}

export function renderSitemapIndex(entries: IndexEntry[], xslHref?: string): string {
  const doc = create({ version: '1.0', encoding: 'UTF-8' });
  if (xslHref)
    doc.ins('xml-stylesheet', `type="text/xsl" href="${escapeXml(xslHref.replace(/"/g, '%22'))}"`);
  const index = doc.ele('http://www.sitemaps.org/schemas/sitemap/0.9', 'sitemapindex');
  for (const entry of entries) {
    const sitemap = index.ele('sitemap');
    sitemap.ele('loc').txt(entry.loc);
    if (entry.lastmod) sitemap.ele('lastmod').txt(entry.lastmod);
  }
  return `${doc.end({ prettyPrint: true })}\n`;
}
