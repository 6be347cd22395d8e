/**
 * Writes each listed type's part of the visitors' site map with the run that read it, switched with
 * its files, so the site map always shows what the XML lists. A part is a series of chunks
 * (`visitors-<type>-<n>.json`) of about 10,000 pages, each covering a range of document ids like a
 * urlset file: a run that reads a type whole writes its chunks as it goes (one chunk in memory at a
 * time), and a documents run rewrites only the chunks that hold the documents it read again or
 * removed. A type the run did not touch keeps its chunks as they are.
 */
import { typeGroup, visitorChunkName } from '../../core/file-names';
import { holds } from '../../core/file-layout';
import type { VisitorEntry, VisitorTypeFile } from '../../core/visitor-map';
import type { StoredFile } from '../file-store';
import { getService } from '../../utils/get-service';
import { displayNameOf } from '../../utils/display-name';
import type { Run, RunScope } from './context';

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

async function saveChunk(
  run: Run,
  uid: string,
  name: string,
  range: { start: string; end: string | null },
  entries: VisitorEntry[]
) {
  await run.save({
    name,
    format: 'visitors',
    contentType: uid,
    groupKey: typeGroup(uid),
    rangeStart: range.start,
    rangeEnd: range.end,
    urlCount: entries.length,
    content: JSON.stringify(partOf(run, uid, entries)),
  });
}

/**
 * The chunks of a type read whole, written while it is read: `collect` is the list the reader adds
 * each page's entries to; `afterPage` saves a chunk once it holds CHUNK_ENTRIES (a page ends
 * between documents, so a document never straddles two chunks); `close` saves the last one.
 */
export function startVisitorChunks(run: Run, uid: string) {
  if (!run.plan.types.get(uid)?.visitorMap) return null;
  const collect: VisitorEntry[] = [];
  run.visitors.set(uid, collect);
  let seq = 0;
  let previousEnd = '';
  const save = async (last: boolean) => {
    const end = last ? null : collect[collect.length - 1][0];
    seq++;
    await saveChunk(run, uid, visitorChunkName(uid, seq), { start: previousEnd, end }, collect);
    if (end !== null) previousEnd = end;
    // Emptied in place: the reader keeps adding to the same list.
    collect.length = 0;
  };
  return {
    async afterPage() {
      if (collect.length >= CHUNK_ENTRIES) await save(false);
    },
    close: () => save(true),
  };
}

/** A documents run: each chunk holding a document it read again or removed is rewritten. */
async function rewriteChunks(run: Run, uid: string, changed: string[], live: StoredFile[]) {
  const store = getService(run.strapi, 'file-store');
  const chunks = live.filter((file) => file.format === 'visitors' && file.contentType === uid);
  // Never written (the type was listed by a run that failed): the next full run writes it.
  if (chunks.length === 0) return;
  const fresh = run.visitors.get(uid) ?? [];
  const readAgain = new Set([...changed, ...fresh.map((entry) => entry[0])]);
  for (const chunk of chunks) {
    const inChunk = (id: string) => holds(chunk, id);
    if (![...readAgain].some(inChunk)) continue;
    const kept = (JSON.parse(await store.readText(chunk)) as VisitorTypeFile).entries;
    const entries = [
      ...kept.filter((entry) => !readAgain.has(entry[0])),
      ...fresh.filter((entry) => inChunk(entry[0])),
    ];
    await saveChunk(
      run,
      uid,
      chunk.name,
      { start: chunk.rangeStart ?? '', end: chunk.rangeEnd },
      entries
    );
    run.replaced.add(chunk.name);
  }
}

/**
 * After a run's reads: drops the chunks of types no longer listed and updates a documents run's
 * (a run that read types whole wrote theirs while reading).
 */
export async function writeVisitorMaps(run: Run, scope: RunScope, live: StoredFile[]) {
  for (const file of live)
    if (file.format === 'visitors' && !run.plan.types.get(file.contentType ?? '')?.visitorMap)
      run.replaced.add(file.name);
  if (scope.kind !== 'documents') return;
  for (const [uid, documentIds] of Object.entries(scope.byType)) {
    if (!run.plan.types.get(uid)?.visitorMap) continue;
    await rewriteChunks(run, uid, documentIds, live);
  }
}
