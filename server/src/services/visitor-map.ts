/**
 * Serves the visitors' site map from the live parts the runs wrote (`visitors-<type>.json`). The
 * parts of one live set are read once and each (locale, order) view is built once, on first request,
 * then kept until a switch brings other parts: every request after that only slices a page.
 */
import { createHash } from 'node:crypto';
import type { Core } from '@strapi/strapi';
import {
  buildView,
  localesOf,
  type VisitorOrder,
  type VisitorTypeFile,
  type VisitorView,
} from '../core/visitor-map';
import type { StoredFile } from './file-store';
import { getService } from '../utils/get-service';

interface LiveMap {
  /** The live parts' ids: a switch changes them. */
  key: string;
  /** Strong validator of everything a page shows: the parts' content hashes. */
  etag: string;
  lastModified: Date;
  parts: Promise<VisitorTypeFile[]>;
  views: Map<string, Promise<VisitorView>>;
}

export default ({ strapi }: { strapi: Core.Strapi }) => {
  let cached: LiveMap | null = null;

  async function liveMap(): Promise<LiveMap | null> {
    const store = getService(strapi, 'file-store');
    const { types } = await getService(strapi, 'settings').plan();
    const live = await store.servedFiles();
    const files: StoredFile[] = [];
    // The settings' order is the sections' order.
    for (const [uid, mapped] of types) {
      if (!mapped.visitorMap) continue;
      const file = [...live.values()].find(
        (candidate) => candidate.format === 'visitors' && candidate.contentType === uid
      );
      if (file) files.push(file);
    }
    if (files.length === 0) return null;
    const key = files.map((file) => file.id).join(',');
    if (cached?.key === key) return cached;
    const parts = Promise.all(
      files.map(async (file) => JSON.parse(await store.readText(file)) as VisitorTypeFile)
    );
    const next: LiveMap = {
      key,
      etag: createHash('sha256')
        .update(files.map((file) => file.etag).join(','))
        .digest('base64url')
        .slice(0, 27),
      lastModified: new Date(Math.max(...files.map((file) => new Date(file.createdAt).getTime()))),
      parts,
      views: new Map(),
    };
    parts.catch(() => {
      if (cached === next) cached = null;
    });
    cached = next;
    return next;
  }

  return {
    /**
     * The view of `locale` (its default: the site's default locale, else the first one) in `order`,
     * with the validators of the live parts; null when no type is listed or the locale has no pages.
     */
    async view(locale: string | undefined, order: VisitorOrder) {
      const map = await liveMap();
      if (!map) return null;
      const parts = await map.parts;
      const locales = localesOf(parts);
      let chosen: string | null = null;
      if (locales.length > 0) {
        const { defaultLocale } = await getService(strapi, 'settings').plan();
        chosen =
          locale ?? (defaultLocale && locales.includes(defaultLocale) ? defaultLocale : locales[0]);
        if (!locales.includes(chosen)) return null;
      } else if (locale !== undefined) return null;
      const viewKey = `${chosen ?? ''}|${order}`;
      let view = map.views.get(viewKey);
      if (!view) {
        view = Promise.resolve(buildView(parts, chosen, order));
        map.views.set(viewKey, view);
      }
      return { view: await view, etag: map.etag, lastModified: map.lastModified, locales };
    },
  };
};
