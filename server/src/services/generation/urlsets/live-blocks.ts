/**
 * The blocks of the live files a run replaces, read back for the comparison of core/urls/url-changes:
 * per group, its urlsets in key order, one file and its block index in memory at a time (a block's
 * size, lastmod and URLs tell whether its entry changed).
 */
import {
  blockSignature,
  GroupComparison,
  urlsOfText,
  type ComparedBlock,
  type UrlChanges,
} from '../../../core/urls/url-changes';
import { inRangeOrder } from '../../../core/files/file-layout';
import { blockIndexName } from '../../../core/files/file-names';
import { urlsetText } from '../../../core/files/urlset-text';
import {
  splitFile,
  type BlockIndexEntry,
  type RenderedBlock,
} from '../../../core/files/urlset-writer';
import type { StoredFile } from '../../store/file-store';
import { getService } from '../../../utils/get-service';
import type { Run } from '../run-state';

/** A rendered block as the comparison sees it. */
export const comparedBlock = (block: RenderedBlock): ComparedBlock => {
  const text = urlsetText(block.xml);
  return {
    key: block.key,
    urls: urlsOfText(text),
    signature: blockSignature(block.xml.length, block.lastmodTime, text),
  };
};

/** The blocks of a live urlset, from its XML and block index; none when the index is missing. */
async function blocksOf(run: Run, file: StoredFile, live: Map<string, StoredFile>) {
  const index = live.get(blockIndexName(file.name));
  if (!index) return [];
  const store = getService(run.strapi, 'file-store');
  const [xml, indexContent] = await Promise.all([store.readText(file), store.readText(index)]);
  return splitFile(xml, JSON.parse(indexContent) as BlockIndexEntry[], run.plan.extensions).map(
    comparedBlock
  );
}

/**
 * One comparison per group of `files` (the live urlsets a run rewrites whole): `of(groupKey)` for
 * the groups the run writes, `finish()` for all, the groups it no longer writes included.
 */
export function compareGroups(
  run: Run,
  changes: UrlChanges,
  files: StoredFile[],
  live: StoredFile[],
  contentType: string | null
) {
  const byName = new Map(live.map((file) => [file.name, file]));
  const filesOf = new Map<string, StoredFile[]>();
  for (const file of files) {
    const key = file.groupKey ?? '';
    filesOf.set(key, [...(filesOf.get(key) ?? []), file]);
  }
  const comparisons = new Map<string, GroupComparison>();
  const of = (groupKey: string) => {
    let comparison = comparisons.get(groupKey);
    if (!comparison) {
      const queue = inRangeOrder(filesOf.get(groupKey) ?? []);
      const next = async () => {
        const file = queue.shift();
        return file ? blocksOf(run, file, byName) : null;
      };
      comparison = new GroupComparison(changes, next, contentType);
      comparisons.set(groupKey, comparison);
    }
    return comparison;
  };
  return {
    of,
    async finish() {
      for (const groupKey of filesOf.keys()) of(groupKey);
      for (const comparison of comparisons.values()) await comparison.finish();
    },
  };
}
