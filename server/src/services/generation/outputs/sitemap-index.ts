/**
 * The index output: `index.xml` listing the run's urlsets and news files and, for a partial run, the
 * live ones it leaves as they are, then the external sitemaps of the config file; with per-host
 * indexes, one more per host listing only its files (and the external sitemaps on that host).
 * Written after every output that writes files the index lists.
 */
import { CUSTOM_GROUP, INDEX_NAME, typeGroup } from '../../../core/files/file-names';
import { hostIndexes } from '../../../core/files/host-indexes';
import { inIndexOrder, originOf } from '../../../core/files/file-layout';
import { renderSitemapIndex } from '../../../core/files/sitemapindex-writer';
import { isLocalHostUrl } from '../../../core/urls/url-checks';
import { newsOfType } from '../../../core/extensions/news';
import type { StoredFile } from '../../store/file-store';
import type { IndexedFile, Run } from '../run-state';
import { xslHrefOf } from '../urlsets/urlset-files';
import type { RunOutput } from './output';
import type { ExternalSitemap } from '../../../core/settings/external-sitemaps';
import { getService } from '../../../utils/get-service';

/** What the index lists of a live file a partial run leaves as it is. */
const indexedOf = (file: StoredFile): IndexedFile => ({
  name: file.name,
  groupKey: file.groupKey ?? '',
  contentType: file.contentType,
  format: file.format as IndexedFile['format'],
  rangeStart: file.rangeStart ?? '',
  lastmod: file.lastmod,
});

/** The files the index lists, in its order. */
function indexedFiles(run: Run, live: StoredFile[]): IndexedFile[] {
  const { written, replaced } = run.files;
  if (run.scope.kind === 'full') return inIndexOrder(written);
  const names = new Set(written.map((file) => file.name));
  const kept = live.filter(
    (file) =>
      (file.format === 'urlset' || file.format === 'news') &&
      !replaced.has(file.name) &&
      !names.has(file.name)
  );
  return inIndexOrder([...kept.map(indexedOf), ...written]);
}

/**
 * Saves an index of `files` and `external` sitemaps; the live one of that name is replaced either
 * way. An index must list at least one sitemap: without any, none is served.
 */
async function saveIndex(
  run: Run,
  name: string,
  files: IndexedFile[],
  external: ExternalSitemap[]
) {
  run.files.replaced.add(name);
  if (files.length === 0 && external.length === 0) return;
  const entries = [
    ...files.map((file) => ({
      loc: `${run.plan.publicUrl}/${file.name}`,
      lastmod: file.lastmod ?? undefined,
    })),
    ...external.map(({ loc, lastmod }) => ({ loc, lastmod })),
  ];
  const content = renderSitemapIndex(entries, xslHrefOf(run));
  await run.files.save({ name, format: 'index', content });
}

/** The group base of a file's series: its type's, its type's news series', or the custom URLs'. */
function baseOf(run: Run, file: IndexedFile) {
  if (!file.contentType) return CUSTOM_GROUP;
  if (file.format === 'news') {
    const mapped = run.plan.types.get(file.contentType);
    return (mapped && newsOfType(mapped.plan.extensions)?.group) ?? '';
  }
  return typeGroup(file.contentType);
}

/** The host whose URLs a file holds. */
const originOfFile = (run: Run, file: IndexedFile) =>
  originOf(
    file.groupKey,
    (origin) => run.plan.groupKey(baseOf(run, file), origin),
    run.plan.settings
  );

export function sitemapIndexOutput(run: Run, live: StoredFile[]): RunOutput {
  return {
    name: 'index',
    async write() {
      const files = indexedFiles(run, live);
      const indexUrl = `${run.plan.publicUrl}/${INDEX_NAME}`;
      if (files.length > 0 && isLocalHostUrl(indexUrl))
        run.report.add({
          rule: 'index-host-local',
          url: indexUrl,
          detail: `files listed under ${run.plan.publicUrl}`,
        });
      const external = getService(run.strapi, 'settings').externalSitemaps();
      await saveIndex(run, INDEX_NAME, files, external);
      for (const { name, origin } of hostIndexes(run.plan.settings))
        await saveIndex(
          run,
          name,
          files.filter((file) => originOfFile(run, file) === origin),
          external.filter((sitemap) => sitemap.origin === origin)
        );
      run.files.indexed = files.length;
    },
  };
}
