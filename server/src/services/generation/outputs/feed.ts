/**
 * Writes the feed of recent URLs with each run, switched with its files: `recent.atom` for every
 * locale and `recent-<locale>.atom` per locale, from the newest entries the run read merged into
 * the ones the last run kept (`recent.json`, not served). With several sites, each site has its own
 * (`recent__shop.atom`, `recent__shop__fr.atom`) of the URLs on its hosts. A partial run replaces
 * the kept entries of what it read again (its changed documents, or its whole types).
 */
import {
  mergeEntries,
  RecentEntries,
  renderAtom,
  type FeedEntry,
} from '../../../core/feeds/recent';
import { FEED_STATE_NAME, feedNameOf } from '../../../core/files/file-names';
import { eachSite, siteFinder } from '../../../core/files/file-layout';
import type { OriginBlock } from '../../../core/urls/document-urls';
import { entryIn, type SourceDocument } from '../../reading/entry-source';
import type { StoredFile } from '../../store/file-store';
import { getService } from '../../../utils/get-service';
import type { Run, RunScope } from '../run-state';
import type { RunOutput } from './output';

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

/** The newest entries of each site ('' for the main one). */
class SiteFeeds {
  private readonly bySite = new Map<string, RecentEntries>();

  of(site: string | null | undefined) {
    let recent = this.bySite.get(site ?? '');
    if (!recent) this.bySite.set(site ?? '', (recent = new RecentEntries()));
    return recent;
  }

  entries(site: string | null | undefined) {
    return this.bySite.get(site ?? '')?.list() ?? [];
  }
}

/** Offers a block's URLs to its site's feed: only those newer than what it already holds cost more. */
function offerRecent(
  recent: RecentEntries,
  site: string | null,
  uid: string,
  titleField: string | undefined,
  doc: SourceDocument,
  block: OriginBlock
) {
  block.records.forEach((record, i) => {
    const updated = block.times[i];
    const locale = block.locales[i];
    if (updated === undefined || updated <= recent.threshold(locale)) return;
    const entry = entryIn(doc, locale);
    const title = titleField && entry ? entry[titleField] : undefined;
    recent.offer({
      key: doc.documentId,
      contentType: uid,
      loc: record.loc,
      title: typeof title === 'string' && title.trim() ? title.trim() : record.loc,
      updated,
      locale,
      ...(site !== null && { site }),
    });
  });
}

export function feedOutput(run: Run, live: StoredFile[]): RunOutput {
  // The newest URLs this run reads; none when the feed is off (its last files are dropped).
  const feeds = run.plan.settings.feed ? new SiteFeeds() : null;
  const siteOf = siteFinder(run.plan.settings);
  return {
    name: 'feed',
    reader(uid) {
      if (!feeds) return null;
      const { titleField } = run.plan.types.get(uid)!.plan;
      return {
        collect: (doc, block) => {
          const site = siteOf(block.origin);
          offerRecent(feeds.of(site), site, uid, titleField, doc, block);
        },
      };
    },
    write: () => writeFeed(run, feeds, live),
  };
}

async function writeFeed(run: Run, read: SiteFeeds | null, live: StoredFile[]) {
  const store = getService(run.strapi, 'file-store');
  // The feed's files of the last run are replaced, or dropped when the feed is off now.
  for (const file of live)
    if (file.format === 'feed' || file.format === 'feed-state') run.files.replaced.add(file.name);
  if (!read) return;
  const { scope } = run;

  let kept: FeedEntry[] = [];
  const state = live.find((file) => file.name === FEED_STATE_NAME);
  if (scope.kind !== 'full' && state) {
    try {
      kept = JSON.parse(await store.readText(state)) as FeedEntry[];
    } catch (error) {
      run.strapi.log.warn(`[sitemap] the feed starts afresh: ${(error as Error).message}`);
    }
  }
  const sites = eachSite(run.plan.settings);
  const replaced = readAgain(scope);
  const merged = sites.map(({ name: site, hosts }) => ({
    site,
    hosts,
    recent: mergeEntries(
      kept.filter((entry) => (entry.site ?? null) === site),
      replaced,
      read.entries(site)
    ),
  }));
  await run.files.save({
    name: FEED_STATE_NAME,
    format: 'feed-state',
    content: JSON.stringify(merged.flatMap(({ recent }) => recent.list())),
  });

  const feedUrl = (name: string) => `${run.plan.publicUrl}/${name}`;
  for (const { site, hosts, recent } of merged) {
    const origin = hosts.hostname;
    const name = feedNameOf(site);
    await run.files.save({
      name,
      format: 'feed',
      content: renderAtom(
        { url: feedUrl(name), title: `Recent pages of ${new URL(origin).host}`, site: origin },
        recent.newest(),
        run.now
      ),
    });
    // Each locale's feed holds its own newest URLs, however many newer ones the others have.
    for (const locale of recent.locales()) {
      const localeName = feedNameOf(site, locale);
      const localeOrigin = hosts.hostnames?.[locale] ?? origin;
      await run.files.save({
        name: localeName,
        format: 'feed',
        content: renderAtom(
          {
            url: feedUrl(localeName),
            title: `Recent pages of ${new URL(localeOrigin).host} (${locale})`,
            site: localeOrigin,
            language: locale,
          },
          recent.newest(locale),
          run.now
        ),
      });
    }
  }
}
