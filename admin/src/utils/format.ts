/** Small display helpers for the dashboard (pure, unit-tested). */
export const formatBytes = (bytes: number) => {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
};

export const formatPercent = (share: number) => `${Math.round(share * 100)}%`;

/** Link to an entry in the content manager, in the locale at fault when there is one. */
export const contentManagerLink = (
  contentType: string,
  documentId: string,
  locale?: string,
  kind: 'collectionType' | 'singleType' = 'collectionType'
) => {
  const base =
    kind === 'singleType'
      ? `/content-manager/single-types/${contentType}`
      : `/content-manager/collection-types/${contentType}/${documentId}`;
  return locale ? `${base}?plugins[i18n][locale]=${encodeURIComponent(locale)}` : base;
};

/** True when the sitemap is served from another host than the pages it lists (cross-host submission). */
export function isCrossHost(sitemapUrl: string, hostname: string) {
  try {
    return new URL(sitemapUrl).host !== new URL(hostname).host;
  } catch {
    return true;
  }
}
