/** Which document-service calls change what is live: drafts are not in sitemaps. */

const DRAFT_AND_PUBLISH_ACTIONS = new Set(['publish', 'unpublish', 'delete', 'discardDraft']);
const PLAIN_ACTIONS = new Set(['create', 'update', 'delete']);

/** A document-service call, as its middleware context gives it. */
export interface DocumentChange {
  uid: string;
  action: string;
  params?: Record<string, any>;
}

/** Whether a document-service call changed what is live (drafts are not in sitemaps). */
export function changesLiveContent(change: DocumentChange, draftAndPublish: boolean) {
  if (!draftAndPublish) return PLAIN_ACTIONS.has(change.action);
  if (DRAFT_AND_PUBLISH_ACTIONS.has(change.action)) return true;
  // create/update with status 'published' publish in the same call.
  return (
    (change.action === 'create' || change.action === 'update') &&
    change.params?.status === 'published'
  );
}
