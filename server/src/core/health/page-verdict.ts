/**
 * What a crawler finds at a listed URL, from the answer the front end gave: gone (404, 410), moved
 * (a redirect), an error, kept out of the index (`noindex` in a robots meta tag or the
 * X-Robots-Tag header), pointing elsewhere (a canonical link naming another page), or a soft 404
 * (a 200 whose title or main heading says the page is not found). The page's head is read with
 * htmlparser2 (attributes in any order, quoted or not); only the first part of a page is given.
 * Pure.
 */
import { Parser } from 'htmlparser2';
import { canonicalElsewhere, forbidsIndexing } from '../extensions/seo';
import { HEALTH_PROBLEMS, type HealthProblem } from '../../../../shared/health';

export { HEALTH_PROBLEMS, type HealthProblem };

export interface PageAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The start of the body (enough for its head). */
  body: string;
}

export interface PageVerdict {
  problem: HealthProblem | null;
  /** What shows it: the status, the redirect's target, the robots text, the canonical URL, the title. */
  detail?: string;
}

/** What the head of an HTML page says: its robots meta tags, canonical link, title and first h1. */
export function readHead(html: string): {
  robots: string[];
  canonical: string | null;
  title: string;
  heading: string;
} {
  const found = {
    robots: [] as string[],
    canonical: null as string | null,
    title: '',
    heading: '',
  };
  let inTitle = false;
  let inHeading = false;
  let headingsSeen = 0;
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (name === 'meta') {
          const who = (attributes.name ?? '').toLowerCase();
          if ((who === 'robots' || who === 'googlebot') && attributes.content)
            found.robots.push(attributes.content);
        } else if (name === 'link' && found.canonical === null) {
          const rel = (attributes.rel ?? '').toLowerCase().split(/\s+/);
          if (rel.includes('canonical') && attributes.href) found.canonical = attributes.href;
        } else if (name === 'title') inTitle = true;
        else if (name === 'h1' && headingsSeen++ === 0) inHeading = true;
      },
      ontext(text) {
        if (inTitle) found.title += text;
        if (inHeading) found.heading += text;
      },
      onclosetag(name) {
        if (name === 'title') inTitle = false;
        if (name === 'h1') inHeading = false;
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true }
  );
  parser.write(html);
  parser.end();
  return { ...found, title: found.title.trim(), heading: found.heading.trim() };
}

/** Words of "page not found" in the languages sites are most often in. */
const NOT_FOUND = new RegExp(
  [
    '\\bnot found\\b',
    '\\bno longer (available|exists)\\b',
    '\\bdoes not exist\\b',
    '^\\s*404\\b',
    '\\b(error|erreur|fehler) 404\\b',
    '\\b404 (error|erreur)\\b',
    'introuvable',
    "n['’]existe (pas|plus)",
    'nicht gefunden',
    'no encontrada',
    'non trovata',
    'niet gevonden',
    'não encontrada',
  ].join('|'),
  'i'
);

const headerText = (value: string | string[] | undefined) =>
  Array.isArray(value) ? value.join(', ') : (value ?? '');

/** The robots header's directives for every crawler (a `googlebot:`-style prefix names one crawler). */
function headerForbidsIndexing(value: string) {
  return value
    .split(',')
    .map((part) => part.trim())
    .some((part) => {
      const named = /^([a-z-]+)\s*:\s*(.*)$/i.exec(part);
      const directives = named && !/^(noindex|none|nofollow)$/i.test(named[1]) ? named[2] : part;
      return forbidsIndexing(directives);
    });
}

export function judgePage(url: string, answer: PageAnswer): PageVerdict {
  const { status } = answer;
  if (status === 404 || status === 410) return { problem: 'not-found', detail: String(status) };
  if (status >= 300 && status < 400) {
    const location = headerText(answer.headers.location);
    let target = location;
    try {
      target = new URL(location, url).href;
    } catch {
      // Kept as sent.
    }
    return { problem: 'redirect', detail: `${status} → ${target}` };
  }
  if (status < 200 || status >= 300) return { problem: 'error', detail: String(status) };

  const robotsHeader = headerText(answer.headers['x-robots-tag']);
  if (robotsHeader && headerForbidsIndexing(robotsHeader))
    return { problem: 'noindex', detail: `X-Robots-Tag: ${robotsHeader}` };
  const type = headerText(answer.headers['content-type']).toLowerCase();
  if (type && !type.includes('html')) return { problem: null };
  const head = readHead(answer.body);
  const robots = head.robots.find(forbidsIndexing);
  if (robots) return { problem: 'noindex', detail: `<meta name="robots" content="${robots}">` };
  const elsewhere = head.canonical ? canonicalElsewhere(head.canonical, url) : null;
  if (elsewhere) return { problem: 'canonical-elsewhere', detail: elsewhere };
  const said = [head.title, head.heading].find((text) => NOT_FOUND.test(text));
  if (said) return { problem: 'soft-404', detail: said.slice(0, 200) };
  return { problem: null };
}
