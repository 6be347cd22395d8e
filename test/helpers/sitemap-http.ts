import { gunzipSync } from 'zlib';
import { create } from 'xmlbuilder2';
import { validateSitemapXml } from './xmllint';

export interface ParsedUrl {
  loc: string;
  lastmod?: string;
  changefreq?: string;
  priority?: string;
  alternates: Array<{ hreflang: string; href: string }>;
  /** `<image:loc>` of each `<image:image>`, in order. */
  images: string[];
}

export interface FetchedFile {
  name: string;
  loc: string;
  lastmod?: string;
  xml: string;
  bytes: number;
  urls: ParsedUrl[];
}

/** The child elements of `parent` with that qualified name (DOM nodes of xmlbuilder2). */
const childrenNamed = (parent: any, name: string): any[] =>
  Array.from(parent.childNodes as ArrayLike<any>).filter((node) => node.nodeName === name);
const textOf = (parent: any, name: string): string | undefined =>
  childrenNamed(parent, name)[0]?.textContent ?? undefined;

/**
 * Parses a `<urlset>` with a real XML parser, entities decoded, so tests see what a crawler sees.
 * Read from the DOM: xmlbuilder2's object output escapes `&` and `<` again.
 */
export function parseUrlset(xml: string): ParsedUrl[] {
  const root = create(xml).root().node;
  return childrenNamed(root, 'url').map((url) => ({
    loc: textOf(url, 'loc')!,
    lastmod: textOf(url, 'lastmod'),
    changefreq: textOf(url, 'changefreq'),
    priority: textOf(url, 'priority'),
    alternates: childrenNamed(url, 'xhtml:link').map((link) => ({
      hreflang: link.getAttribute('hreflang'),
      href: link.getAttribute('href'),
    })),
    images: childrenNamed(url, 'image:image').map((image) => textOf(image, 'image:loc')!),
  }));
}

export function parseIndex(xml: string): Array<{ loc: string; lastmod?: string }> {
  const root = create(xml).root().node;
  return childrenNamed(root, 'sitemap').map((entry) => ({
    loc: textOf(entry, 'loc')!,
    lastmod: textOf(entry, 'lastmod'),
  }));
}

export const fileUrl = (baseUrl: string, name: string) => `${baseUrl}/api/sitemap/${name}`;

export async function getText(url: string, headers: Record<string, string> = {}) {
  const response = await fetch(url, { headers });
  return { response, text: await response.text() };
}

/** Fetches the index and every file it lists over HTTP, each validated against the official XSDs. */
export async function fetchSitemapSet(baseUrl: string) {
  const { response, text: indexXml } = await getText(fileUrl(baseUrl, 'index.xml'));
  if (response.status !== 200) throw new Error(`index.xml answered ${response.status}`);
  const indexCheck = await validateSitemapXml(indexXml);
  if (!indexCheck.valid) throw new Error(`index.xml is not valid: ${indexCheck.output}`);
  const files: FetchedFile[] = [];
  for (const entry of parseIndex(indexXml)) {
    const name = entry.loc.split('/').pop()!;
    const { response: fileResponse, text: xml } = await getText(fileUrl(baseUrl, name));
    if (fileResponse.status !== 200) throw new Error(`${name} answered ${fileResponse.status}`);
    const check = await validateSitemapXml(xml);
    if (!check.valid) throw new Error(`${name} is not valid: ${check.output}`);
    files.push({
      name,
      loc: entry.loc,
      lastmod: entry.lastmod,
      xml,
      bytes: Buffer.byteLength(xml),
      urls: parseUrlset(xml),
    });
  }
  return { indexXml, files, urls: files.flatMap((file) => file.urls) };
}

export const gunzip = (bytes: ArrayBuffer) => gunzipSync(Buffer.from(bytes)).toString('utf8');
