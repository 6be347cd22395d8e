/**
 * The incremental splice: rewrites only the files whose key range holds a changed document, keeping every
 * other document's URLs as written (from the file's stored block index) and reading only the changed ones.
 */
import {
  chainRanges,
  evenShare,
  fillFiles,
  holds,
  inRangeOrder,
  originOf,
  RangeHandOff,
  spliceBlocks,
} from '../../../core/files/file-layout';
import {
  blockIndexName,
  seqOf,
  textName,
  typeGroup,
  urlsetName,
} from '../../../core/files/file-names';
import { UrlHashSet } from '../../../core/urls/url-hash-set';
import {
  renderFitting,
  splitFile,
  type BlockIndexEntry,
  type RenderedBlock,
} from '../../../core/files/urlset-writer';
import type { StoredFile } from '../../store/file-store';
import { readRange } from '../read-range';
import type { Run } from '../run-state';
import { newWriter, saveUrlset, type Block } from './urlset-files';
import { getService } from '../../../utils/get-service';
import { comparedBlock } from './live-blocks';

/** The blocks of a live urlset, from its stored block index; null when there is none to trust. */
async function storedBlocks(
  run: Run,
  source: StoredFile,
  live: StoredFile[]
): Promise<RenderedBlock[] | null> {
  const blockIndex = live.find((file) => file.name === blockIndexName(source.name));
  if (!blockIndex) return null;
  const store = getService(run.strapi, 'file-store');
  try {
    const [xmlContent, blockIndexContent] = await Promise.all([
      store.readText(source),
      store.readText(blockIndex),
    ]);
    const index = JSON.parse(blockIndexContent) as BlockIndexEntry[];
    return splitFile(xmlContent, index, run.plan.extensions);
  } catch (error) {
    run.strapi.log.warn(
      `[sitemap] ${source.name} is rewritten from the database: ${(error as Error).message}`
    );
    return null;
  }
}

/**
 * Rewrites only the files of `uid` whose key range holds one of `documentIds`. A file that grew
 * past the limits splits evenly within its own key range (the new files take the next free
 * numbers); a file left empty is dropped and its range handed to a neighbour. Returns false when
 * the type must be rewritten whole.
 */
export async function rewriteDocuments(
  run: Run,
  uid: string,
  documentIds: string[],
  live: StoredFile[]
) {
  const files = live.filter((file) => file.format === 'urlset' && file.contentType === uid);
  if (files.length === 0) return false;
  const byGroup = new Map<string, StoredFile[]>();
  for (const file of files) {
    if (!byGroup.has(file.groupKey!)) byGroup.set(file.groupKey!, []);
    byGroup.get(file.groupKey!)!.push(file);
  }
  let needsWholeType = false;

  for (const [groupKey, groupFiles] of byGroup) {
    // Each group's pass re-reads the documents: it checks and reports only its own host's URLs.
    const origin = originOf(
      groupKey,
      (candidate) => run.plan.groupKey(typeGroup(uid), candidate),
      run.plan.settings
    );
    const ordered = inRangeOrder(groupFiles);
    const affected = new Set(ordered.filter((file) => documentIds.some((id) => holds(file, id))));
    let nextSeq = Math.max(...ordered.map((file) => seqOf(file.name))) + 1;
    const handOff = new RangeHandOff();

    for (const source of ordered) {
      if (!affected.has(source)) {
        handOff.kept(source.id);
        continue;
      }
      // The text twin too: sets written before twins were read off the XML have one stored.
      for (const name of [source.name, textName(source.name), blockIndexName(source.name)])
        run.files.replaced.add(name);
      const start = handOff.startOf(source);
      const fresh: RenderedBlock[] = [];
      // Asked only whether a block fits in an empty file: the files are written once all blocks are known.
      const writer = newWriter(run);
      const onBlock = (blockGroup: string, block: Block) => {
        if (blockGroup !== groupKey) {
          // A URL for another host group of this type: fine if that group has files, else rebuild the type.
          if (!byGroup.has(blockGroup)) needsWholeType = true;
          return;
        }
        const rendered = renderFitting(writer, block, run.plan.extensions, run.report, uid);
        if (rendered) fresh.push(rendered);
      };
      // Duplicates are checked among the URLs read for this file: the same documents are read
      // again for their other host groups, whose URLs must not count as seen.
      const seen = new UrlHashSet();
      const oldBlocks = await storedBlocks(run, source, live);
      let blocks: RenderedBlock[];
      if (oldBlocks) {
        // Splice: keep every other document's URLs as written, re-read only the changed documents.
        const changed = documentIds.filter((id) =>
          holds({ rangeStart: start, rangeEnd: source.rangeEnd }, id)
        );
        await readRange(
          run,
          uid,
          { after: start, upTo: source.rangeEnd, documentIds: changed, origin, seen },
          onBlock
        );
        blocks = spliceBlocks(oldBlocks, fresh, changed);
        if (run.changes) {
          // Each changed document's block as it stood and as it stands now.
          const before = new Map(oldBlocks.map((old) => [old.key, old]));
          const after = new Map(fresh.map((block) => [block.key, block]));
          for (const key of changed) {
            const [was, now] = [before.get(key), after.get(key)];
            run.changes.compare(was && comparedBlock(was), now && comparedBlock(now), uid);
          }
        }
      } else {
        await readRange(run, uid, { after: start, upTo: source.rangeEnd, origin, seen }, onBlock);
        blocks = fresh;
      }
      const limits = run.plan.settings.limits;
      const share = evenShare(blocks, limits.urlsPerFile);
      const outputs = fillFiles(newWriter(run, { ...limits, urlsPerFile: share }), blocks);
      if (outputs.length === 0) {
        handOff.emptied(start);
        continue;
      }
      const lastKeys = outputs.map((file) => file.lastKey);
      const ranges = chainRanges(lastKeys, start, source.rangeEnd);
      for (const [n, file] of outputs.entries()) {
        const name = n === 0 ? source.name : urlsetName(groupKey, nextSeq++);
        const row = await saveUrlset(run, file, { name, groupKey, contentType: uid, ...ranges[n] });
        handOff.written(row.id);
      }
    }
    run.files.ranges.push(...handOff.finish());
  }
  return !needsWholeType;
}
