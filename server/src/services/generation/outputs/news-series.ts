/**
 * A type's news series (`news-article-1.xml`…): its URLs whose entry was published in the last 48
 * hours, with `<news:news>`, at most 1,000 per file and the newest 10,000 per host. Small by
 * nature, so every run that touches the type rewrites the whole series from one query bounded by
 * the date field, and the scheduler asks for a run when the oldest entry leaves the window. The
 * page URLs come from the same rules as the type's own files (filters, exclusions, patterns,
 * hosts), so the two always agree.
 */
import { documentUrls, type DocumentInput } from '../../../core/urls/document-urls';
import { urlsetName } from '../../../core/files/file-names';
import { formatW3cDateTime } from '../../../core/urls/lastmod';
import {
  MAX_NEWS_PER_FILE,
  NEWS_WINDOW_MS,
  NewestBlocks,
  newsOf,
  newsOfType,
  windowStart,
} from '../../../core/extensions/news';
import { UrlHashSet } from '../../../core/urls/url-hash-set';
import { renderBlock, type UrlBlock } from '../../../core/files/urlset-writer';
import { ValidationReport } from '../../../core/urls/url-checks';
import type { UrlRecord } from '../../../../../shared/types';
import { entryIn, readDocuments } from '../../reading/entry-source';
import type { StoredFile } from '../../store/file-store';
import { getService } from '../../../utils/get-service';
import { typesRead, type Run } from '../run-state';
import { newWriter, type WrittenFile } from '../urlsets/urlset-files';
import type { RunOutput } from './output';

/** A document's news URLs on one host, with the earliest publication time among them. */
type NewsBlock = UrlBlock & { oldestTime: number };

/** The news entries of one document, per host: a block for each host's series. */
function newsBlocks(run: Run, uid: string, doc: DocumentInput, excluded: Set<string>) {
  const mapped = run.plan.types.get(uid)!;
  const { settings } = newsOfType(mapped.plan.extensions)!;
  // The type's own pass reports what keeps a page out; here only what keeps it out of the news.
  const report = new ValidationReport(0);
  const context = {
    now: run.now,
    report,
    seen: new UrlHashSet(),
    excluded,
    transform: getService(run.strapi, 'hooks').urlTransform(uid, report, run.plan.mediaOrigin),
  };
  const blocks: Array<{ origin: string; block: NewsBlock; time: number }> = [];
  for (const block of documentUrls(mapped.plan, doc, context)) {
    const records: UrlRecord[] = [];
    let newest: number | undefined;
    let oldest = Infinity;
    block.records.forEach((record, i) => {
      const locale = block.locales[i];
      const found = newsOf(
        entryIn(doc, locale)!,
        settings,
        locale ?? run.plan.defaultLocale,
        run.now
      );
      if (found.ok) {
        records.push({ loc: record.loc, news: found.news });
        oldest = Math.min(oldest, found.time);
        if (newest === undefined || found.time > newest) newest = found.time;
      } else if (found.reason === 'incomplete')
        run.report.add({
          rule: 'news-incomplete',
          contentType: uid,
          documentId: doc.documentId,
          locale,
          url: record.loc,
          detail: found.detail,
        });
    });
    if (newest !== undefined)
      blocks.push({
        origin: block.origin,
        block: { key: doc.documentId, records, lastmodTime: newest, oldestTime: oldest },
        time: newest,
      });
  }
  return blocks;
}

/** News series are rewritten whole by every run that reads their type (and by the news timer's). */
export function newsOutput(run: Run, live: StoredFile[]): RunOutput {
  return {
    name: 'news',
    async write() {
      for (const uid of typesRead(run))
        await writeNewsSeries(run, uid, run.scope.kind === 'full' ? null : live);
    },
  };
}

/** Rewrites the news series of `uid`; `live` (a partial run) names the files it replaces. */
async function writeNewsSeries(run: Run, uid: string, live: StoredFile[] | null) {
  const mapped = run.plan.types.get(uid);
  const news = mapped && newsOfType(mapped.plan.extensions);
  if (!news) return;
  for (const file of live ?? [])
    if (file.format === 'news' && file.contentType === uid) run.files.replaced.add(file.name);

  const { settings, group } = news;
  const excluded = await getService(run.strapi, 'exclusions').keysFor(uid);
  // A day before the window's start: a date field's day compares as a string, a datetime as a time.
  const since = new Date(windowStart(run.now).getTime() - 86_400_000).toISOString().slice(0, 10);
  // Undated entries are read too, to be reported: an editor forgot the date the news needs.
  const filters = {
    $or: [{ [settings.dateField]: { $gte: since } }, { [settings.dateField]: { $null: true } }],
  };
  const query = {
    ...mapped.query,
    // The series lists only `<news:news>`: of the other extensions, only those that leave a page
    // out (its SEO component) are read.
    extensions: mapped.query.extensions.filter(({ extension }) => extension.leavesOut),
    fields: [...mapped.query.fields, [settings.titleField], [settings.dateField]],
    filters: mapped.query.filters ? { $and: [mapped.query.filters, filters] } : filters,
  };
  // The newest URLs of each host's series, at most MAX_NEWS_PER_SERIES: a bulk import dated today
  // must not make the series (or the run's memory) as large as the import.
  const newest = new Map<string, NewestBlocks<NewsBlock>>();
  for await (const page of readDocuments(run.strapi, query)) {
    for (const doc of page) {
      for (const { origin, block, time } of newsBlocks(run, uid, doc, excluded)) {
        const groupKey = run.plan.groupKey(group, origin);
        let series = newest.get(groupKey);
        if (!series) newest.set(groupKey, (series = new NewestBlocks()));
        series.offer(time, block);
      }
    }
  }

  const limits = { ...run.plan.settings.limits, urlsPerFile: MAX_NEWS_PER_FILE };
  const closed: Array<{ groupKey: string; file: WrittenFile }> = [];
  let oldest: number | null = null;
  for (const [groupKey, series] of newest) {
    if (series.dropped > 0)
      run.report.add({
        rule: 'news-limit',
        contentType: uid,
        detail: `${series.dropped} URLs of ${groupKey} left out of its news series`,
      });
    const writer = newWriter(run, limits);
    for (const block of series.take()) {
      if (oldest === null || block.oldestTime < oldest) oldest = block.oldestTime;
      const rendered = renderBlock(block, run.plan.extensions);
      if (!writer.fits(rendered)) continue;
      const full = writer.add(rendered);
      if (full) closed.push({ groupKey, file: full });
    }
    const last = writer.close();
    if (last) closed.push({ groupKey, file: last });
  }

  // The series changes by itself when its oldest entry leaves the window.
  const expiresAt = oldest === null ? null : oldest + NEWS_WINDOW_MS;
  const seqs = new Map<string, number>();
  for (const { groupKey, file } of closed) {
    const seq = (seqs.get(groupKey) ?? 0) + 1;
    seqs.set(groupKey, seq);
    const name = urlsetName(groupKey, seq);
    const lastmod =
      file.lastmodTime === null ? null : formatW3cDateTime(new Date(file.lastmodTime));
    const { xml } = await file.sink.finish();
    await run.files.save({
      name,
      format: 'news',
      body: xml,
      groupKey,
      contentType: uid,
      urlCount: file.urlCount,
      counts: file.counts,
      lastmod,
      expiresAt,
    });
    run.files.written.push({
      name,
      groupKey,
      contentType: uid,
      format: 'news',
      rangeStart: '',
      lastmod,
    });
  }
}
