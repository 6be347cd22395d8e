/**
 * One document's place in the sitemap, for the content manager's side panel: per locale, its URL,
 * the live file holding it, or why it is left out. Reads only; the decision is core/views/entry-state.
 */
import type { Core } from '@strapi/strapi';
import { entryStatus } from '../../core/views/entry-state';
import { type EntryStatusResponse } from '../../../../shared/api-types';
import type { BlockIndexEntry } from '../../core/files/urlset-writer';
import { readDocuments, type SourceDocument } from '../reading/entry-source';
import type { StoredFile } from '../store/file-store';
import { holds } from '../../core/files/file-layout';
import { ValidationReport } from '../../core/urls/url-checks';
import { blockIndexName } from '../../core/files/file-names';
import { getService } from '../../utils/get-service';

export default ({ strapi }: { strapi: Core.Strapi }) => {
  /** Versions of one document: all rows matching `filters` (the reader adds nothing else when draftAndPublish is false). */
  async function versionsOf(query: Parameters<typeof readDocuments>[1]) {
    const versions: SourceDocument['versions'] = [];
    for await (const page of readDocuments(strapi, query))
      for (const doc of page) versions.push(...doc.versions);
    return versions;
  }

  /** Which live urlset holds each locale of the document, from the files' block indexes. */
  async function liveFilesHolding(uid: string, documentId: string) {
    const store = getService(strapi, 'file-store');
    const live = (await store.listLive()) as StoredFile[];
    const found = new Map<string, string>();
    for (const file of live.filter(
      (candidate) =>
        candidate.format === 'urlset' &&
        candidate.contentType === uid &&
        holds(candidate, documentId)
    )) {
      const blockIndex = live.find((candidate) => candidate.name === blockIndexName(file.name));
      if (!blockIndex) continue;
      const blocks = JSON.parse(await store.readText(blockIndex)) as BlockIndexEntry[];
      const block = blocks.find(([key]) => key === documentId);
      // Written as a comma-joined list, '' standing for the locale of a type without i18n.
      if (block) for (const locale of block[4].split(',')) found.set(locale, file.name);
    }
    return found;
  }

  /** A waiting mark covers the document when it names it, its whole type, or everything. */
  async function markWaiting(uid: string, documentId: string) {
    const marks = await getService(strapi, 'dirty-marks').pending();
    return marks.some(
      (mark) =>
        mark.kind === 'full' ||
        (mark.contentType === uid && (mark.kind === 'type' || mark.target === documentId))
    );
  }

  return {
    async status(uid: string, documentId: string): Promise<EntryStatusResponse> {
      const sitemapPlan = await getService(strapi, 'settings').usablePlan();
      const mappedType = sitemapPlan.types.get(uid);
      if (!mappedType) return { mapped: false, contentType: uid, documentId };

      const { plan } = mappedType;
      const { filters, ...unfiltered } = mappedType.query;
      const { draftAndPublish } = unfiltered;
      const query = { ...unfiltered, documentIds: [documentId] };
      const [published, matching, drafts, excluded, files, pending] = await Promise.all([
        versionsOf(query),
        versionsOf({ ...query, filters }),
        draftAndPublish
          ? versionsOf({
              ...query,
              draftAndPublish: false,
              filters: { publishedAt: { $null: true } },
            })
          : Promise.resolve([]),
        getService(strapi, 'exclusions').keysForDocument(uid, documentId),
        liveFilesHolding(uid, documentId),
        markWaiting(uid, documentId),
      ]);
      const base = sitemapPlan.publicUrl;
      const locales = entryStatus({
        plan,
        documentId,
        published,
        matching: new Set(matching.map((version) => version.locale ?? '')),
        drafts,
        excluded,
        files,
        pending,
        now: Date.now(),
        transform: getService(strapi, 'hooks').urlTransform(
          uid,
          new ValidationReport(0),
          sitemapPlan.mediaOrigin
        ),
      });
      return {
        mapped: true,
        contentType: uid,
        documentId,
        localized: plan.localized,
        draftAndPublish,
        sites: (plan.sites ?? []).map((site) => site.name),
        exclusions: [...excluded].map((key) => ({
          locale: key === documentId ? null : key.slice(documentId.length + 1),
        })),
        locales: locales.map((status) => ({
          ...status,
          fileUrl: status.file ? `${base}/${status.file}` : null,
        })),
      };
    },
  };
};
