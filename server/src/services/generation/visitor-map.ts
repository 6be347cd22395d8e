/**
 * Writes each listed type's part of the visitors' site map with the run that read it, switched with
 * its files, so the site map always shows what the XML lists. A run that read a type whole replaces
 * its part; a documents run keeps the stored part and replaces the pages of the documents it read
 * again (or removed). A type the run did not touch keeps its part as it is.
 */
import { typeGroup, visitorFileName } from '../../core/file-names';
import type { VisitorEntry, VisitorTypeFile } from '../../core/visitor-map';
import type { StoredFile } from '../file-store';
import { getService } from '../../utils/get-service';
import { displayNameOf } from '../../utils/display-name';
import type { Run, RunScope } from './context';

/** Whether the run read `uid` whole (its fresh entries are the whole part). */
const readWhole = (scope: RunScope, uid: string) =>
  scope.kind === 'full' || (scope.kind === 'types' && scope.uids.includes(uid));

export async function writeVisitorMaps(run: Run, scope: RunScope, live: StoredFile[]) {
  const store = getService(run.strapi, 'file-store');
  const listed = [...run.plan.types].filter(([, mapped]) => mapped.visitorMap);
  const names = new Set(listed.map(([uid]) => visitorFileName(uid)));
  // Parts of types no longer listed go.
  for (const file of live)
    if (file.format === 'visitors' && !names.has(file.name)) run.replaced.add(file.name);

  for (const [uid, mapped] of listed) {
    const name = visitorFileName(uid);
    const fresh = run.visitors.get(uid) ?? [];
    const touched = readWhole(scope, uid) || (scope.kind === 'documents' && uid in scope.byType);
    const stored = live.find((file) => file.name === name);
    // Untouched: it stays live as it is. A part never written waits for a run that reads the
    // type whole (turning the setting on is a settings change, and so a full run).
    if (!touched || (!stored && !readWhole(scope, uid))) continue;

    let entries: VisitorEntry[] = fresh;
    if (!readWhole(scope, uid) && stored) {
      const readAgain = new Set(fresh.map((entry) => entry[0]));
      if (scope.kind === 'documents') for (const id of scope.byType[uid] ?? []) readAgain.add(id);
      try {
        const kept = (JSON.parse(await store.readText(stored)) as VisitorTypeFile).entries;
        entries = [...kept.filter((entry) => !readAgain.has(entry[0])), ...fresh];
      } catch (error) {
        run.strapi.log.warn(`[sitemap] ${name} starts afresh: ${(error as Error).message}`);
      }
    }
    const part: VisitorTypeFile = {
      uid,
      key: typeGroup(uid),
      displayName: displayNameOf(run.strapi, uid),
      labels: mapped.visitorMap!.labels,
      entries,
    };
    await run.save({
      name,
      format: 'visitors',
      contentType: uid,
      urlCount: entries.length,
      content: JSON.stringify(part),
    });
    run.replaced.add(name);
  }
}
