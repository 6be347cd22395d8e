/**
 * hreflang alternates (`<xhtml:link rel="alternate">`): every language version of a localized
 * document lists every version, itself included, plus `x-default` for the default locale's. They
 * come from the document's versions, not from a setting. Pure.
 */
import { absoluteUrl } from './images';
import { escapeXml } from '../files/xml';
import { hasControlCharacter } from '../urls/url-checks';
import type { UrlRecord } from '../../../../shared/types';
import type { ListedUrl, UrlExtension } from './extension';

/** The alternates a hook listed that are absolute, encoded links with a language on one line. */
export function hookAlternates(alternates: unknown): UrlRecord['alternates'] {
  if (!Array.isArray(alternates)) return undefined;
  const kept = alternates.filter(
    (alternate) =>
      typeof alternate?.hreflang === 'string' &&
      alternate.hreflang !== '' &&
      !hasControlCharacter(alternate.hreflang) &&
      absoluteUrl(alternate.href, '') === alternate.href
  );
  return kept.length > 0 ? kept : undefined;
}

/** Gives each listed version the links to all of them, when there is more than one. */
function linkVersions(listed: ListedUrl[], _compiled: true, defaultLocale?: string) {
  if (listed.length < 2) return;
  const alternates = listed.map(({ locale, record }) => ({ hreflang: locale!, href: record.loc }));
  const fallback = listed.find(({ locale }) => locale === defaultLocale);
  if (fallback) alternates.push({ hreflang: 'x-default', href: fallback.record.loc });
  for (const { record } of listed) record.alternates = alternates;
}

export const alternatesExtension: UrlExtension<true> = {
  name: 'alternates',
  namespace: { prefix: 'xhtml', uri: 'http://www.w3.org/1999/xhtml' },
  compile: (_setting, { type }) => (type.localized ? true : undefined),
  acrossVersions: linkVersions,
  render(record) {
    if (!record.alternates) return '';
    let xml = '';
    for (const alternate of record.alternates)
      xml += `<xhtml:link rel="alternate" hreflang="${escapeXml(alternate.hreflang)}" href="${escapeXml(alternate.href)}"/>`;
    return xml;
  },
  fromHook(returned, record) {
    if (returned.alternates === undefined) return;
    const alternates = hookAlternates(returned.alternates);
    if (alternates) record.alternates = alternates;
    else delete record.alternates;
  },
};
