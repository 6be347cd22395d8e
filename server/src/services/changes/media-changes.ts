/**
 * A replaced or deleted upload changes the image (or video) URLs of the pages that link it through
 * a media field an extension reads. The upload plugin writes files with the query engine, not the Document Service, so its
 * changes are seen through the database's lifecycle hooks, and each page linking the file through
 * a listed media field is marked. Rich text and blocks keep their own copy of an image's URL,
 * which a file change does not touch: their pages change only when they are edited and published.
 * Like the document hook, nothing here fails or slows a content save.
 */
import type { Core } from '@strapi/strapi';
import type { DirtyMark } from './dirty-marks';
import { getService } from '../../utils/get-service';

const FILE_UID = 'plugin::upload.file';

/** A where clause reaching the file through a media field: `{ cover: { id } }`, `{ seo: { shareImage: { id } } }`. */
const linkedTo = (path: string[], fileId: number): Record<string, unknown> =>
  path.reduceRight<Record<string, unknown>>((inner, key) => ({ [key]: inner }), { id: fileId });

export default ({ strapi }: { strapi: Core.Strapi }) => {
  /** The marks a change to file `fileId` calls for, read while its links still exist. */
  async function marksFor(fileId: number): Promise<DirtyMark[]> {
    const { settings, types } = await getService(strapi, 'settings').plan();
    if (!settings.autoGenerate) return [];
    const marks: DirtyMark[] = [];
    for (const [uid, { plan }] of types) {
      const media = plan.extensions.flatMap(
        ({ extension, compiled }) => extension.mediaPaths?.(compiled) ?? []
      );
      if (media.length === 0) continue;
      const rows = (await strapi.db.query(uid as any).findMany({
        select: ['documentId'],
        where: { $or: media.map((path) => linkedTo(path, fileId)) },
      } as any)) as Array<{ documentId: string }>;
      for (const documentId of new Set(rows.map((row) => row.documentId)))
        marks.push({ kind: 'document', contentType: uid, documentId, trigger: 'publish' });
    }
    return marks;
  }

  const changeFeed = () => getService(strapi, 'change-feed');

  return {
    /** Subscribes to the upload plugin's file writes. */
    watch() {
      strapi.db.lifecycles.subscribe({
        models: [FILE_UID],
        // Only a new URL or type changes the pages: "Replace media" keeps the URL unless the
        // provider changed (media moved to S3, say) or the file is no longer an image; new alt
        // text or a new folder never changes them.
        async beforeUpdate(event: any) {
          const data = event.params?.data;
          if (!data || !('url' in data || 'mime' in data)) return;
          event.state.sitemapBefore = await strapi.db
            .query(FILE_UID)
            .findOne({ select: ['id', 'url', 'mime'], where: event.params.where })
            .catch(() => null);
        },
        afterUpdate(event: any) {
          const before = event.state?.sitemapBefore;
          const after = event.result;
          if (!before || !after || (before.url === after.url && before.mime === after.mime)) return;
          changeFeed().recordWhenKnown(marksFor(Number(before.id)));
        },
        // The links go with the file: its pages are found before it is gone (short indexed
        // reads in the media library's delete, never in a content save), marked after.
        async beforeDelete(event: any) {
          const fileId = Number(event.params?.where?.id);
          if (!Number.isFinite(fileId)) return;
          event.state.sitemapMarks = await marksFor(fileId).catch((error: Error) => {
            strapi.log.error(`[sitemap] media change not recorded: ${error.message}`);
            return [];
          });
        },
        afterDelete(event: any) {
          const marks = event.state?.sitemapMarks as DirtyMark[] | undefined;
          if (marks && marks.length > 0) changeFeed().recordWhenKnown(Promise.resolve(marks));
        },
      } as any);
    },
  };
};
