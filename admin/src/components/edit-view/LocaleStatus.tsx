/** One version of an entry in the side panel: its state as a badge, its URL, and what the state means, in words. */
import { Badge, Flex, Link, Typography } from '@strapi/design-system';
import type { EntryLocaleStatus, EntryState } from '../../api/sitemap';
import { useTranslate, type RichTranslate } from '../../hooks/useTranslate';
import { ENTRY_STATE_LABELS } from '../../utils/entry-states';

const BADGE_VARIANT: Record<
  EntryState,
  'success' | 'secondary' | 'warning' | 'neutral' | 'danger'
> = {
  listed: 'success',
  pending: 'secondary',
  'not-listed': 'warning',
  'draft-only': 'neutral',
  'filtered-out': 'neutral',
  excluded: 'neutral',
  'pattern-unfilled': 'danger',
};

const FileLink = ({ row }: { row: EntryLocaleStatus }) => (
  <Link href={row.fileUrl ?? undefined} isExternal>
    {row.file}
  </Link>
);

/** What one version's state means, in words (never by color alone); `typeSites`: the sites listing its type. */
function explanation(row: EntryLocaleStatus, typeSites: string[], t: RichTranslate) {
  const fileLink = row.file ? <FileLink row={row} /> : null;
  switch (row.state) {
    case 'listed':
      return t('editView.explain.listed', 'In the published sitemap, in the file {file}.', {
        file: fileLink,
      });
    case 'pending':
      return t(
        'editView.explain.pending',
        'Published: it is added to the sitemap as soon as the waiting change is written, usually within seconds.'
      );
    case 'draft-only':
      return row.draftUrl
        ? t(
            'editView.explain.draft-only',
            'Only a draft exists, and drafts are not in the sitemap. Once published, it will be listed at {url}.',
            { url: <code>{row.draftUrl}</code> }
          )
        : t(
            'editView.explain.draft-only.unfilled',
            'Only a draft exists, and drafts are not in the sitemap. Its URL pattern cannot be filled yet either.'
          );
    case 'filtered-out':
      if (typeSites.length > 0)
        return t(
          'editView.explain.filtered-out.sites',
          'Published, but it matches the filter of none of the sites that list this content type ({sites}).',
          { sites: typeSites.join(', ') }
        );
      return t(
        'editView.explain.filtered-out',
        'Published, but it does not match the filters set for this content type in the sitemap settings.'
      );
    case 'excluded':
      return row.excludedBy === 'document'
        ? t('editView.explain.excluded.document', 'Excluded from the sitemap, in every locale.')
        : t('editView.explain.excluded.locale', 'Excluded from the sitemap, in this locale only.');
    case 'pattern-unfilled':
      return t(
        'editView.explain.pattern-unfilled',
        'The URL pattern {pattern} cannot be filled: {field} is empty, or its relation is missing. Fill it, then publish.',
        {
          pattern: <code>{row.reason?.pattern ?? ''}</code>,
          field: <code>{row.reason?.field ?? ''}</code>,
        }
      );
    default:
      if (row.reason?.rule === 'url-too-long') {
        return t(
          'editView.explain.url-too-long',
          'Its URL is 2,048 characters or longer, which search engines ignore. Shorten the field the pattern uses.'
        );
      }
      if (row.reason?.rule === 'seo-noindex') {
        return t(
          'editView.explain.seo-noindex',
          'Its SEO component asks search engines not to index it ({detail}), so it is left out. Remove noindex and publish to list it.',
          { detail: <code>{row.reason.detail ?? ''}</code> }
        );
      }
      if (row.reason?.rule === 'seo-canonical') {
        return t(
          'editView.explain.seo-canonical',
          'Its SEO component names another page as canonical ({detail}): that page is the one listed. Clear the canonical URL, or set it to this page’s own URL, and publish to list it.',
          { detail: <code>{row.reason.detail ?? ''}</code> }
        );
      }
      if (row.reason?.rule === 'url-duplicate') {
        return t(
          'editView.explain.url-duplicate',
          'Its URL is the same as the one of another locale of this entry. Make the URL pattern unique, e.g. with [locale].'
        );
      }
      return t(
        'editView.explain.not-listed',
        'Not in the published sitemap yet. It is added at the next generation; if it stays out, see the validation warnings on the Sitemap page.'
      );
  }
}

/** The images the version's URL lists, folded: a gallery can hold hundreds. */
const ImageList = ({ images }: { images: string[] }) => {
  const { t } = useTranslate();
  return (
    <details>
      <summary>
        <Typography variant="pi" textColor="neutral700">
          {t('editView.images', '{count, plural, one {# image} other {# images}} listed', {
            count: images.length,
          })}
        </Typography>
      </summary>
      <ul aria-label={t('editView.images.list', 'Images listed with this URL')}>
        {images.map((image) => (
          <li key={image}>
            <Typography variant="pi" textColor="neutral600" style={{ overflowWrap: 'anywhere' }}>
              {image}
            </Typography>
          </li>
        ))}
      </ul>
    </details>
  );
};

/** The sites a version is listed on, each with its URL there ("Listed on shop and blog"). */
const SiteList = ({ sites }: { sites: EntryLocaleStatus['sites'] }) => {
  const { t, list } = useTranslate();
  return (
    <Flex direction="column" alignItems="stretch" gap={1}>
      <Typography variant="pi" textColor="neutral700">
        {t('editView.sites', 'Listed on {sites}', {
          sites: list(sites.map((site) => site.name)),
        })}
      </Typography>
      <ul aria-label={t('editView.sites.list', 'Its URL on each site')}>
        {sites.map((site) => (
          <li key={site.name}>
            <Typography variant="pi" textColor="neutral700" style={{ overflowWrap: 'anywhere' }}>
              {site.name}:{' '}
              <Link href={site.url} isExternal>
                {site.url}
              </Link>
            </Typography>
          </li>
        ))}
      </ul>
    </Flex>
  );
};

/** `heading` names the locale, for a type with i18n. */
export const LocaleStatus = ({
  row,
  typeSites,
  heading,
}: {
  row: EntryLocaleStatus;
  typeSites: string[];
  heading: string | null;
}) => {
  const { rich: t } = useTranslate();
  const onSites = row.sites.length > 0 && row.state !== 'excluded';
  const stillInFile = row.state !== 'listed' && row.file;
  return (
    <Flex direction="column" alignItems="stretch" gap={1} tag="li">
      <Flex gap={2} wrap="wrap">
        {heading ? (
          <Typography variant="omega" fontWeight="bold" tag="h3">
            {heading}
          </Typography>
        ) : null}
        <Badge variant={BADGE_VARIANT[row.state]}>
          {t(`editView.state.${row.state}`, ENTRY_STATE_LABELS[row.state])}
        </Badge>
      </Flex>
      {onSites ? <SiteList sites={row.sites} /> : null}
      {row.url && !onSites ? (
        <Typography variant="pi" textColor="neutral700" style={{ overflowWrap: 'anywhere' }}>
          {t('editView.url', 'URL: {url}', {
            url: (
              <Link href={row.url} isExternal>
                {row.url}
              </Link>
            ),
          })}
        </Typography>
      ) : null}
      <Typography variant="pi" textColor="neutral700" style={{ overflowWrap: 'anywhere' }}>
        {explanation(row, typeSites, t)}
      </Typography>
      {row.images.length > 0 ? <ImageList images={row.images} /> : null}
      {row.video ? (
        <Typography variant="pi" textColor="neutral700" style={{ overflowWrap: 'anywhere' }}>
          {t('editView.video', 'Video: {title} ({url})', {
            title: row.video.title,
            url: row.video.contentLoc ?? row.video.playerLoc,
          })}
        </Typography>
      ) : null}
      {stillInFile ? (
        <Typography variant="pi" textColor="neutral600">
          {t('editView.stillInFile', 'Still in {file} until the waiting change is written.', {
            file: <FileLink row={row} />,
          })}
        </Typography>
      ) : null}
      {row.pending && row.state === 'listed' ? (
        <Typography variant="pi" textColor="neutral600">
          {t(
            'editView.pendingChange',
            'A change to this entry is waiting to be written into the sitemap.'
          )}
        </Typography>
      ) : null}
    </Flex>
  );
};
