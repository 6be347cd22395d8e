/**
 * The visitors' site map output: each listed type's chunks (outputs/visitor-chunks), written while a
 * type is read whole or rewritten where a documents run read again, and the stored pages serving
 * reads (outputs/visitor-listings), rebuilt by a full run or changed by the others. Dropped once no
 * type is listed any more.
 */
import type { VisitorEntry } from '../../../core/visitors/entries';
import type { StoredFile } from '../../store/file-store';
import type { Run } from '../run-state';
import type { RunOutput } from './output';
import { entriesCollector, visitorChunkWriter, writeVisitorChunks } from './visitor-chunks';
import { DIRECTORY_FORMAT, startVisitorListings } from './visitor-listings';

export async function visitorsOutput(run: Run, live: StoredFile[]): Promise<RunOutput> {
  const listed = [...run.plan.types.values()].some((mapped) => mapped.visitorMap);
  const listings =
    listed || live.some((file) => file.format === DIRECTORY_FORMAT)
      ? await startVisitorListings(run, live, run.scope.kind)
      : null;
  // What a documents run read of each type, for the chunks it rewrites once the reads are done.
  const read = new Map<string, VisitorEntry[]>();
  return {
    name: 'visitors',
    reader(uid, whole) {
      if (!run.plan.types.get(uid)?.visitorMap) return null;
      if (whole) return visitorChunkWriter(run, uid, live, listings);
      let entries = read.get(uid);
      if (!entries) read.set(uid, (entries = []));
      return { collect: entriesCollector(run, uid, entries) };
    },
    async write() {
      await writeVisitorChunks(run, live, read, listings);
      await listings?.write();
    },
    dispose: async () => listings?.dispose(),
  };
}
