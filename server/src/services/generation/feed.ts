/**
 * Writes the feed of recent URLs with each run, switched with its files: `recent.atom` for every
 * locale and `recent-<locale>.atom` per locale, from the newest entries the run read merged into
 * the ones the last run kept (`recent.json`, not served). A partial run replaces the kept entries
 * of what it read again (its changed documents, or its whole types).
 */
import { mergeEntries, renderAtom, type FeedEntry } from '../../core/recent-feed';
import { FEED_NAME, FEED_STATE_NAME, localeFeedName } from '../../core/file-names';
import type { StoredFile } from '../file-store';
import { getService } from '../../utils/get-service';
import type { Run, RunScope } from './context';

/** Which kept entries a run of `scope` read again, so that its own replace them. */
function readAgain(scope: RunScope): (entry: FeedEntry) => boolean {
  if (scope.kind === 'full') return () => true;
  if (scope.kind === 'types') {
    const types = new Set(scope.uids);
    return (entry) => types.has(entry.contentType);
  }
  const documents = new Set(
    Object.entries(scope.byType).flatMap(([uid, ids]) => ids.map((id) => `${uid}|${id}`))
  );
  return (entry) => documents.has(`${entry.contentType}|${entry.key}`);
}

export async function writeFeed(run: Run, scope: RunScope, live: StoredFile[]) {
  const store = getService(run.strapi, 'file-store');
  // The feed's files of the last run are replaced, or dropped when the feed is off now.
  for (const file of live)
    if (file.format === 'feed' || file.format === 'feed-state') run.replaced.add(file.name);
  if (!run.recent) return;

  let kept: FeedEntry[] = [];
  const state = live.find((file) => file.name === FEED_STATE_NAME);
  if (scope.kind !== 'full' && state) {
    try {
      kept = JSON.parse(await store.readText(state)) as FeedEntry[];
    } catch (error) {
      run.strapi.log.warn(`[sitemap] the feed starts afresh: ${(error as Error).message}`);
    }
  }
  const recent = mergeEntries(kept, readAgain(scope), run.recent.list());
  await run.save({
    name: FEED_STATE_NAME,
    format: 'feed-state',
    content: JSON.stringify(recent.list()),
  });

  const site = run.settings.hostname;
  const feedUrl = (name: string) => `${run.base}/${name}`;
  await run.save({
    name: FEED_NAME,
    format: 'feed',
    content: renderAtom(
      { url: feedUrl(FEED_NAME), title: `Recent pages of ${new URL(site).host}`, site },
      recent.newest(),
      run.now
    ),
  });
  // Each locale's feed holds its own newest URLs, however many newer ones the others have.
  for (const locale of recent.locales()) {
    const name = localeFeedName(locale);
    const localeSite = run.settings.hostnames[locale] ?? site;
    await run.save({
      name,
      format: 'feed',
      content: renderAtom(
        {
          url: feedUrl(name),
          title: `Recent pages of ${new URL(localeSite).host} (${locale})`,
          site: localeSite,
          language: locale,
        },
        recent.newest(locale),
        run.now
      ),
    });
  }
}
