/**
 * The `<sitemapindex>`, written by hand as the urlsets are: it lists every file of the site, so it
 * grows with it (200 entries at 10M URLs, up to 50,000), and xmlbuilder2 took about 40 µs an entry
 * here, a run holding Strapi's event loop ~10 ms at 10M URLs and seconds at the protocol's limit.
 */
import { SITEMAP_NS, escapeXml, xmlProlog } from './xml';

export interface IndexEntry {
  loc: string;
  lastmod?: string;
}

export function renderSitemapIndex(entries: IndexEntry[], xslHref?: string): string {
  const xml = xmlProlog(xslHref);
  if (entries.length === 0) return `${xml}<sitemapindex xmlns="${SITEMAP_NS}"/>\n`;
  const lines = [`${xml}<sitemapindex xmlns="${SITEMAP_NS}">`];
  for (const entry of entries) {
    lines.push('  <sitemap>', `    <loc>${escapeXml(entry.loc)}</loc>`);
    if (entry.lastmod) lines.push(`    <lastmod>${escapeXml(entry.lastmod)}</lastmod>`);
    lines.push('  </sitemap>');
  }
  lines.push('</sitemapindex>', '');
  return lines.join('\n');
}
