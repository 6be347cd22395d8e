/**
 * The content manager's side panel for types mapped in the sitemap: per locale, the entry's URL,
 * whether the published sitemap lists it and in which file, or why not; and, for admins with the
 * settings permission, a checkbox that excludes the entry (or this locale of it).
 * A panel is a description component: it may use hooks, and returns null to stay hidden.
 */
import { useRBAC } from '@strapi/strapi/admin';
import { useEntryStatus } from '../hooks/useEntryStatus';
import { useTranslate } from '../hooks/useTranslate';
import { PERMISSIONS } from '../permissions';
import { PanelContent } from './edit-view/PanelContent';

/** The props the content manager gives every side panel (its PanelComponentProps). */
export interface EditViewPanelProps {
  model: string;
  collectionType: string;
  activeTab: 'draft' | 'published' | null;
  documentId?: string;
  document?: {
    documentId?: string;
    locale?: string | null;
    updatedAt?: string;
    publishedAt?: string | null;
    [key: string]: unknown;
  };
  meta?: { availableStatus?: unknown[]; availableLocales?: unknown[]; [key: string]: unknown };
}

const CHECKED_PERMISSIONS = [...PERMISSIONS.read, ...PERMISSIONS.settingsUpdate];

export const EditViewSidePanel = ({ model, documentId, document, meta }: EditViewPanelProps) => {
  const { t } = useTranslate();
  const id = documentId ?? document?.documentId;
  const { allowedActions, isLoading } = useRBAC(CHECKED_PERMISSIONS);
  const canRead = !isLoading && Boolean(allowedActions.canRead);
  // Publishing, unpublishing or saving changes these: the status is read again.
  const versionKey = JSON.stringify([
    document?.updatedAt,
    document?.publishedAt,
    meta?.availableStatus,
  ]);
  const { status, failed, problem, load, exclude, include } = useEntryStatus(
    model,
    id,
    canRead && Boolean(document),
    versionKey
  );

  // Hidden for entries not saved yet (a clone has no document of its own), for admins who may not
  // read the sitemap, for types it does not map, and until that is known.
  if (!id || !document || !canRead || (status && !status.mapped) || (!status && !failed))
    return null;
  return {
    title: t('editView.title', 'Sitemap'),
    content: (
      <PanelContent
        status={status}
        failed={failed}
        problem={problem}
        currentLocale={document?.locale ?? null}
        canExclude={Boolean(allowedActions.canUpdate)}
        reload={load}
        exclude={exclude}
        include={include}
      />
    ),
  };
};
