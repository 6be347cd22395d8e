/** A link to edit the entry a URL comes from, in its locale; a custom URL has none, and says so. */
import { Link, Typography } from '@strapi/design-system';
import { useTranslate } from '../hooks/useTranslate';
import { contentManagerLink } from '../utils/format';

export const EntryLink = ({
  contentType,
  documentId,
  locale,
  label,
}: {
  contentType: string | null;
  documentId: string | null;
  locale: string | null;
  label: string;
}) => {
  const { t } = useTranslate();
  if (!contentType || !documentId)
    return <Typography textColor="neutral600">{t('entryLink.custom', 'Custom URL')}</Typography>;
  return (
    <Link href={`/admin${contentManagerLink(contentType, documentId, locale ?? undefined)}`}>
      {label}
    </Link>
  );
};
