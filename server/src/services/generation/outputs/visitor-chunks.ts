/**
 * Writes each listed type's part of the visitors' site map with the run that read it, switched with
 * its files, so the site map always shows what the XML lists. A part is a series of chunks
 * (`visitors-<type>-<n>.json`, never served) of about 10,000 pages in document-id order, each
 * covering a range of document ids like a urlset file: what a later run compares its reads with to
 * know which pages came, went or changed (generation/outputs/visitor-listings turns that into the stored
 * pages serving reads). A run that reads a type whole writes its chunks as it goes (one chunk in
 * memory at a time); a documents run rewrites only the chunks that hold the documents it read
 * again or removed; a type the run did not touch keeps its chunks as they are.
 */
import { typeGroup, visitorChunkName } from '../../../core/files/file-names';
import { holds, inRangeOrder, siteFinder } from '../../../core/files/file-layout';
import {
  compareEntries,
  visitorFieldsOf,
  type VisitorEntry,
  type VisitorTypeFile,
} from '../../../core/visitors/entries';
import type { OriginBlock } from '../../../core/urls/document-urls';
import { entryIn, type SourceDocument } from '../../reading/entry-source';
import type { StoredFile } from '../../store/file-store';
import { etagOf } from '../../../core/files/gzip-file';
import { getService } from '../../../utils/get-service';
import { displayNameOf } from '../../../utils/display-name';
import type { Run } from '../run-state';
import type { OutputReader } from './output';
import type { VisitorListings } from './visitor-listings';

/** Pages per chunk: a publish rewrites one chunk of this size, not the type's part. */
export const CHUNK_ENTRIES = 10_000;

function partOf(run: Run, uid: string, entries: VisitorEntry[]): VisitorTypeFile {
  return {
    uid,
    key: typeGroup(uid),
    displayName: displayNameOf(run.strapi, uid),
    labels: run.plan.types.get(uid)!.visitorMap!.labels,
    entries,
  };
}

/** Saves a chunk; gives its content's ETag. */
async function saveChunk(
  run: Run,
  uid: string,
  name: string,
  range: { start: string; end: string | null },
  entries: VisitorEntry[]
) {
  const content = JSON.stringify(partOf(run, uid, entries));
  const etag = etagOf(content);
  await run.files.save({
    name,
    format: 'visitors',
    contentType: uid,
    groupKey: typeGroup(uid),
    rangeStart: range.start,
    rangeEnd: range.end,
    urlCount: entries.length,
    content,
    etag,
  });
  return etag;
}

const chunksOf = (live: StoredFile[], uid: string) =>
  inRangeOrder(live.filter((file) => file.format === 'visitors' && file.contentType === uid));

async function entriesOf(run: Run, chunk: StoredFile) {
  const text = await getService(run.strapi, 'file-store').readText(chunk);
  return (JSON.parse(text) as VisitorTypeFile).entries;
}

/**
 * The live chunks of a type, read in document order as a run that reads the type whole goes:
 * `upTo(key)` gives the entries up to that document id (all the rest for null), one chunk in
 * memory at a time; `same(name, range, etag)` drops, unread, a live chunk the run writes again
 * byte for byte (a full run over a site that did not change reads none).
 */
function liveEntries(run: Run, uid: string, live: StoredFile[]) {
  const queue = chunksOf(live, uid);
  let buffered: VisitorEntry[] = [];
  return {
    async upTo(key: string | null) {
      while (queue.length > 0 && (key === null || (queue[0].rangeStart ?? '') < key))
        buffered.push(...(await entriesOf(run, queue.shift()!)));
      const taken = key === null ? buffered : buffered.filter((entry) => entry[0] <= key);
      buffered = key === null ? [] : buffered.filter((entry) => entry[0] > key);
      return taken;
    },
    same(name: string, range: { start: string; end: string | null }, etag: string) {
      const next = queue[0];
      const unchanged =
        buffered.length === 0 &&
        next?.name === name &&
        next.etag === etag &&
        (next.rangeStart ?? '') === range.start &&
        next.rangeEnd === range.end;
      if (unchanged) queue.shift();
      return unchanged;
    },
  };
}

/**
 * The chunks of a type read whole, written while it is read: `collect` adds each block's pages to
 * the chunk being filled; `afterPage` saves it once it holds CHUNK_ENTRIES (a page ends
 * between documents, so a document never straddles two chunks); `close` saves the last one. Each
 * chunk's pages go to the listings: all of them in a full run, else what differs from the chunks
 * they replace.
 */
export function visitorChunkWriter(
  run: Run,
  uid: string,
  live: StoredFile[],
  listings: VisitorListings | null
): OutputReader {
  const collect: VisitorEntry[] = [];
  const before = listings?.rebuilds ? null : liveEntries(run, uid, live);
  let seq = 0;
  let previousEnd = '';
  const save = async (last: boolean) => {
    const end = last ? null : collect[collect.length - 1][0];
    seq++;
    const name = visitorChunkName(uid, seq);
    const range = { start: previousEnd, end };
    const etag = await saveChunk(run, uid, name, range, collect);
    if (end !== null) previousEnd = end;
    if (listings && before) {
      if (!before.same(name, range, etag))
        compareEntries(await before.upTo(end), collect, (was, now) =>
          listings.change(uid, was, now)
        );
    } else if (listings) for (const entry of collect) listings.collect(uid, entry);
    await listings?.settle();
    // Emptied in place: the reader keeps adding to the same list.
    collect.length = 0;
  };
  return {
    collect: entriesCollector(run, uid, collect),
    async afterPage() {
      if (collect.length >= CHUNK_ENTRIES) await save(false);
    },
    close: () => save(true),
  };
}

/** Adds each block's URLs to `entries`, each with its title, group and site (the block's host's). */
export function entriesCollector(run: Run, uid: string, entries: VisitorEntry[]) {
  const { plan, visitorMap } = run.plan.types.get(uid)!;
  const siteOf = siteFinder(run.plan.settings);
  return (doc: SourceDocument, block: OriginBlock) => {
    const site = siteOf(block.origin);
    block.records.forEach((record, i) => {
      const locale = block.locales[i];
      const entry = entryIn(doc, locale);
      const { title, group } = visitorFieldsOf(entry, plan.titleField, visitorMap!.groupBy);
      const listed: VisitorEntry = [doc.documentId, locale ?? null, record.loc, title, group];
      if (site !== null) listed.push(site);
      entries.push(listed);
    });
  };
}

/**
 * A documents run: each chunk holding a document it read again (`fresh`, what it read) or removed
 * is rewritten.
 */
async function rewriteChunks(
  run: Run,
  uid: string,
  changed: string[],
  fresh: VisitorEntry[],
  live: StoredFile[],
  listings: VisitorListings | null
) {
  const chunks = chunksOf(live, uid);
  // Never written (the type was listed by a run that failed): the next full run writes it.
  if (chunks.length === 0) return;
  const readAgain = new Set([...changed, ...fresh.map((entry) => entry[0])]);
  for (const chunk of chunks) {
    const inChunk = (id: string) => holds(chunk, id);
    if (![...readAgain].some(inChunk)) continue;
    const kept = await entriesOf(run, chunk);
    const now = fresh.filter((entry) => inChunk(entry[0]));
    const entries = [...kept.filter((entry) => !readAgain.has(entry[0])), ...now];
    await saveChunk(
      run,
      uid,
      chunk.name,
      { start: chunk.rangeStart ?? '', end: chunk.rangeEnd },
      entries
    );
    run.files.replaced.add(chunk.name);
    if (listings)
      compareEntries(
        kept.filter((entry) => readAgain.has(entry[0])),
        now,
        (was, entry) => listings.change(uid, was, entry)
      );
  }
}

/**
 * After a run's reads: drops the chunks of types no longer listed and updates a documents run's
 * (a run that read types whole wrote theirs while reading).
 */
export async function writeVisitorChunks(
  run: Run,
  live: StoredFile[],
  read: Map<string, VisitorEntry[]>,
  listings: VisitorListings | null
) {
  for (const file of live)
    if (file.format === 'visitors' && !run.plan.types.get(file.contentType ?? '')?.visitorMap)
      run.files.replaced.add(file.name);
  const { scope } = run;
  if (scope.kind !== 'documents') return;
  for (const [uid, documentIds] of Object.entries(scope.byType)) {
    if (!run.plan.types.get(uid)?.visitorMap) continue;
    await rewriteChunks(run, uid, documentIds, read.get(uid) ?? [], live, listings);
  }
}
