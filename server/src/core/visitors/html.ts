/**
 * A page of the visitors' site map as HTML, for sites that proxy it: nested lists under headings, page
 * navigation, the locale's `lang` and direction, its look from plan.css (core/visitors/stylesheet),
 * and nothing a strict Content-Security-Policy blocks (no script, no inline style). Words in
 * English and French; other locales read the English ones. Pure.
 */
import { escapeXml as escape } from '../files/xml';
import { pageLinks, type PageLink, type VisitorPage } from './pages';
import { PLAN_STYLESHEET_VERSION, textDirection } from './stylesheet';

const WORDS = {
  en: {
    title: 'Site map',
    tree: 'By section',
    alpha: 'A to Z',
    sections: 'Sections',
    letters: 'Letters',
    pages: 'Pages',
    all: 'All sections',
    previous: 'Previous page',
    next: 'Next page',
    pageOf: (page: number, total: number) => `Page ${page} of ${total}`,
    empty: 'No pages are listed yet.',
  },
  fr: {
    title: 'Plan du site',
    tree: 'Par rubrique',
    alpha: 'De A à Z',
    sections: 'Rubriques',
    letters: 'Lettres',
    pages: 'Pages',
    all: 'Toutes les rubriques',
    previous: 'Page précédente',
    next: 'Page suivante',
    pageOf: (page: number, total: number) => `Page ${page} sur ${total}`,
    empty: 'Aucune page n’est encore listée.',
  },
};

const wordsFor = (locale: string | null) =>
  locale?.toLowerCase().split('-')[0] === 'fr' ? WORDS.fr : WORDS.en;

const items = (links: PageLink[]) =>
  links
    .map((link) => `<li><a href="${escape(link.url)}">${escape(link.title)}</a></li>\n`)
    .join('');

/**
 * `endpoint` is plan.html's own URL; `stylesheet` the URL of plan.css beside it (its version is
 * added, so a new look is fetched at once).
 */
export function renderVisitorHtml(
  endpoint: string,
  page: VisitorPage,
  hostName: string,
  stylesheet?: string
): string {
  const words = wordsFor(page.locale);
  const links = pageLinks(endpoint, page);
  const title = `${words.title} – ${hostName}`;
  const orderName = page.order === 'tree' ? words.tree : words.alpha;
  const otherName = page.order === 'tree' ? words.alpha : words.tree;
  const current = page.index.find((section) => section.key === page.section);

  let html = '<!DOCTYPE html>\n';
  const lang = page.locale ?? 'en';
  html += `<html lang="${escape(lang)}" dir="${textDirection(lang)}">\n<head>\n<meta charset="utf-8">\n`;
  html += '<meta name="viewport" content="width=device-width, initial-scale=1">\n';
  if (stylesheet)
    html += `<link rel="stylesheet" href="${escape(`${stylesheet}?v=${PLAN_STYLESHEET_VERSION}`)}">\n`;
  html += `<title>${escape(current ? `${current.label} – ${title}` : title)}</title>\n`;
  html += `<link rel="canonical" href="${escape(links.self)}">\n`;
  if (links.prev) html += `<link rel="prev" href="${escape(links.prev)}">\n`;
  if (links.next) html += `<link rel="next" href="${escape(links.next)}">\n`;
  html += '</head>\n<body>\n<main>\n';
  html += `<h1>${escape(words.title)}</h1>\n`;
  html += `<p class="plan-order">${escape(orderName)} · <a href="${escape(links.otherOrder)}">${escape(otherName)}</a></p>\n`;

  const indexName = page.order === 'tree' ? words.sections : words.letters;
  html += `<nav class="plan-index" aria-label="${escape(indexName)}">\n<ul>\n`;
  html += `<li><a href="${escape(links.all)}"${page.section === null ? ' aria-current="page"' : ''}>${escape(words.all)}</a></li>\n`;
  for (const section of page.index) {
    const label = `${escape(section.label)} (${section.count})`;
    html +=
      section.key === page.section
        ? `<li><a href="${escape(links.sections[section.key])}" aria-current="page">${label}</a></li>\n`
        : `<li><a href="${escape(links.sections[section.key])}">${label}</a></li>\n`;
  }
  html += '</ul>\n</nav>\n';

  if (page.sections.length === 0) html += `<p>${escape(words.empty)}</p>\n`;
  else html += '<div class="plan-sections">\n';
  for (const section of page.sections) {
    // One list per section: its pages outside any group, then each group as an item holding
    // its heading and its own list.
    html += `<section>\n<h2>${escape(section.label)}</h2>\n<ul>\n`;
    html += items(section.links);
    for (const group of section.groups)
      html += `<li>\n<h3>${escape(group.label)}</h3>\n<ul>\n${items(group.links)}</ul>\n</li>\n`;
    html += '</ul>\n';
    html += '</section>\n';
  }
  if (page.sections.length > 0) html += '</div>\n';

  html += `<nav class="plan-pages" aria-label="${escape(words.pages)}">\n<p>${escape(words.pageOf(page.page, page.totalPages))}</p>\n`;
  if (links.prev)
    html += `<a href="${escape(links.prev)}" rel="prev">${escape(words.previous)}</a>\n`;
  if (links.next) html += `<a href="${escape(links.next)}" rel="next">${escape(words.next)}</a>\n`;
  html += '</nav>\n</main>\n</body>\n</html>\n';
  return html;
}
