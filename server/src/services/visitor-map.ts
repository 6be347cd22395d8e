/**
 * Serves the visitors' site map from the live chunks the runs wrote (`visitors-<type>-<n>.json`).
 * Each chunk is read once per instance and kept while it is live; each (locale, order) view is
 * built on first request and, when a switch replaces a few chunks, updated by a merge (the views
 * asked for before are updated as soon as the new set is seen). A request then only slices a page.
 */
import { createHash } from 'node:crypto';
import type { Core } from '@strapi/strapi';
import type { VisitorOrder, VisitorTypeFile } from '../core/visitor-map';
import { buildView, updateView, type ViewSource, type VisitorView } from '../core/visitor-view';
import type { StoredFile } from './file-store';
import { getService } from '../utils/get-service';
import { projectLocales } from '../utils/project-locales';

interface Source extends ViewSource {
  locales: Set<string>;
}

interface LiveMap {
  /** The live chunks' ids and their types' places: a switch or a new order of types changes it. */
  key: string;
  /** Strong validator of everything a page shows: the chunks' content hashes. */
  etag: string;
  lastModified: Date;
  sources: Promise<Map<number, Source>>;
  /** The locales of the site map: those of its pages and the project's (i18n's) others. */
  locales: Promise<string[]>;
  views: Map<string, Promise<VisitorView>>;
}

/** Between slices of a view's build: requests and timers (the lease's renewal) get their turn. */
const yieldToRequests = () => new Promise<void>((resolve) => setImmediate(resolve));

const viewKeyOf = (locale: string | null, order: VisitorOrder) => `${locale ?? ''}|${order}`;

async function readSource(
  store: { readText(file: StoredFile): Promise<string> },
  file: StoredFile,
  rank: number
): Promise<Source> {
  const part = JSON.parse(await store.readText(file)) as VisitorTypeFile;
  const locales = new Set<string>();
  for (const entry of part.entries) if (entry[1]) locales.add(entry[1]);
  return { chunk: file.id, rank, file: part, locales };
}

export default ({ strapi }: { strapi: Core.Strapi }) => {
  let cached: LiveMap | null = null;

  async function liveMap(): Promise<LiveMap | null> {
    const store = getService(strapi, 'file-store');
    const { types } = await getService(strapi, 'settings').plan();
    const ranks = new Map(
      [...types].filter(([, mapped]) => mapped.visitorMap).map(([uid], index) => [uid, index])
    );
    const files = [...(await store.servedFiles()).values()].filter(
      (file) => file.format === 'visitors' && ranks.has(file.contentType ?? '')
    );
    if (files.length === 0) return null;
    const rankOf = (file: StoredFile) => ranks.get(file.contentType!)!;
    const key = files.map((file) => `${file.id}:${rankOf(file)}`).join(',');
    if (cached?.key === key) return cached;

    const previous = cached;
    const sources = (async () => {
      // Chunks still live are not read again.
      const before = previous ? await previous.sources.catch(() => null) : null;
      const read = new Map<number, Source>();
      for (const file of files) {
        const kept = before?.get(file.id);
        read.set(
          file.id,
          kept?.rank === rankOf(file) ? kept : await readSource(store, file, rankOf(file))
        );
      }
      return read;
    })();
    const next: LiveMap = {
      key,
      etag: createHash('sha256')
        .update(files.map((file) => `${file.etag}:${rankOf(file)}`).join(','))
        .digest('base64url')
        .slice(0, 27),
      lastModified: new Date(Math.max(...files.map((file) => new Date(file.createdAt).getTime()))),
      sources,
      locales: (async () => {
        const codes = new Set(await projectLocales(strapi));
        for (const source of (await sources).values())
          for (const code of source.locales) codes.add(code);
        return [...codes].sort();
      })(),
      views: new Map(),
    };
    Promise.all([sources, next.locales]).catch(() => {
      if (cached === next) cached = null;
    });
    cached = next;
    if (previous) carryViews(previous, next);
    return next;
  }

  /** The views asked for on the last set, updated for the new one by a merge. */
  function carryViews(previous: LiveMap, next: LiveMap) {
    for (const [viewKey, pending] of previous.views) {
      const view = (async () => {
        const [before, after, old] = await Promise.all([previous.sources, next.sources, pending]);
        const removed = new Set(
          [...before.keys()].filter((id) => after.get(id) !== before.get(id))
        );
        const added = [...after.values()].filter((source) => before.get(source.chunk) !== source);
        return updateView(old, removed, added, yieldToRequests);
      })();
      view.catch(() => {
        if (next.views.get(viewKey) === view) next.views.delete(viewKey);
      });
      next.views.set(viewKey, view);
    }
  }

  return {
    /**
     * The view of `locale` (its default: the site's default locale, else the first one) in `order`,
     * with the validators of the live chunks; null when no type is listed or the locale has no pages.
     */
    async view(locale: string | undefined, order: VisitorOrder) {
      const map = await liveMap();
      if (!map) return null;
      const [sources, locales] = await Promise.all([map.sources, map.locales]);
      let chosen: string | null = null;
      if (locales.length > 0) {
        const { defaultLocale } = await getService(strapi, 'settings').plan();
        chosen =
          locale ?? (defaultLocale && locales.includes(defaultLocale) ? defaultLocale : locales[0]);
        if (!locales.includes(chosen)) return null;
      } else if (locale !== undefined) return null;
      const viewKey = viewKeyOf(chosen, order);
      let view = map.views.get(viewKey);
      if (!view) {
        const building = buildView([...sources.values()], chosen, order, yieldToRequests);
        building.catch(() => {
          if (map.views.get(viewKey) === building) map.views.delete(viewKey);
        });
        map.views.set(viewKey, (view = building));
      }
      return { view: await view, etag: map.etag, lastModified: map.lastModified, locales };
    },
  };
};
