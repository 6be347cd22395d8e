/**
 * The admin's file browser: one live urlset's URLs a page at a time, searchable, each with what it
 * lists (alternates, images, video), the entry it comes from and the last full run's findings on
 * that entry. What people look at now that browsers drop XSLT (README "Files and routes"). Reads
 * only; core/files/browse pages the file.
 */
import type { Core } from '@strapi/strapi';
import { browseBlocks, type BrowsedUrl } from '../../core/files/browse';
import { blockIndexName } from '../../core/files/file-names';
import { splitFile, type BlockIndexEntry } from '../../core/files/urlset-writer';
import type { ValidationSample } from '../../../../shared/rules';
import type { FilePage } from '../../../../shared/api-types';
import { getService } from '../../utils/get-service';

export const BROWSE_PAGE_SIZE = 50;

export default ({ strapi }: { strapi: Core.Strapi }) => ({
  /** Null when no live urlset has that name; `canRead` is asked of the file's type. */
  async page(
    name: string,
    { query, page }: { query?: string; page: number },
    canRead: (uid: string) => boolean
  ): Promise<FilePage | 'forbidden' | null> {
    const store = getService(strapi, 'file-store');
    const file = await store.findLive(name);
    if (!file || file.format !== 'urlset') return null;
    if (file.contentType && !canRead(file.contentType)) return 'forbidden';
    const blocks = await store.findLive(blockIndexName(name));
    if (!blocks) return null;
    const plan = await getService(strapi, 'settings').plan();
    const [xml, index] = await Promise.all([store.readText(file), store.readText(blocks)]);
    const found = browseBlocks(
      splitFile(xml, JSON.parse(index) as BlockIndexEntry[], plan.extensions),
      { query, page, pageSize: BROWSE_PAGE_SIZE },
      !file.contentType
    );
    // The last full run's findings on these entries (incremental runs see only what they rewrite).
    const samples: ValidationSample[] =
      (await getService(strapi, 'runs').lastFullSuccess())?.report?.validation?.samples ?? [];
    const findingsOf = (url: BrowsedUrl) => [
      ...new Set(
        samples
          .filter(
            (sample) =>
              sample.url === url.loc ||
              (url.documentId !== null &&
                sample.contentType === file.contentType &&
                sample.documentId === url.documentId &&
                (sample.locale ?? null) === url.locale)
          )
          .map((sample) => sample.rule)
      ),
    ];
    return {
      name,
      url: `${plan.publicUrl}/${name}`,
      contentType: file.contentType ?? null,
      urlCount: file.urlCount ?? 0,
      total: found.total,
      page,
      pageSize: BROWSE_PAGE_SIZE,
      urls: found.urls.map((url) => ({ ...url, findings: findingsOf(url) })),
    };
  },
});
