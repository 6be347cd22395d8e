/**
 * Serves the visitors' site map from what the runs stored (generation/outputs/visitor-listings): a request
 * reads its locale's listing directories (small: a leaf's name, count and last key each, cached by
 * row) and the one or two leaves its page stands in, and builds nothing whose size grows with the
 * site. The tree's sections of types without locales, and a locale's letters when it has no pages
 * of its own, come from the listings of the types without locales, so a locale added in i18n has
 * its site map at once.
 */
import { createHash } from 'node:crypto';
import type { Core } from '@strapi/strapi';
import { typeGroup } from '../../core/files/file-names';
import {
  listingKey,
  listingOfKey,
  type LeafContent,
  type ListingDirectory,
  type StoredLink,
} from '../../core/visitors/listing';
import { sectionLabel, type VisitorOrder } from '../../core/visitors/entries';
import type { ComposedView, ViewSection } from '../../core/visitors/pages';
import { DIRECTORY_FORMAT } from '../generation/outputs/visitor-listings';
import type { StoredFile } from '../store/file-store';
import { getService } from '../../utils/get-service';
import { displayNameOf } from '../../utils/display-name';
import { projectLocales } from '../../utils/project-locales';
import { limitTo } from '../../utils/limit';

/** Directories kept parsed per instance (rows never change: the id is the key). */
const DIRECTORIES_KEPT = 32;
/** The project's locales are read at most this often: a locale added in i18n shows within it. */
const LOCALES_MS = 1_000;
/**
 * Leaves read and parsed at once: a leaf of 2,000 links parses into a few MB of objects, and a
 * burst of 260 requests over every locale and order, 50 at a time, rose the process's peak RSS by
 * 26 MB on PostgreSQL with every request parsing its own (the bench's burst at a million pages).
 */
const LEAVES_AT_ONCE = 4;

export default ({ strapi }: { strapi: Core.Strapi }) => {
  const directories = new Map<number, Promise<ListingDirectory>>();
  const reading = limitTo(LEAVES_AT_ONCE);
  /** Leaves being read: requests for the same leaf at the same moment share one read. */
  const leavesInFlight = new Map<number, Promise<StoredLink[]>>();
  let locales: { at: number; codes: Promise<string[]> } | null = null;

  function directoryOf(file: StoredFile): Promise<ListingDirectory> {
    let parsed = directories.get(file.id);
    if (!parsed) {
      parsed = getService(strapi, 'file-store')
        .readText(file)
        .then((text) => JSON.parse(text) as ListingDirectory);
      parsed.catch(() => directories.delete(file.id));
      directories.set(file.id, parsed);
      // Oldest first out: a Map iterates in insertion order.
      if (directories.size > DIRECTORIES_KEPT) directories.delete(directories.keys().next().value!);
    }
    return parsed;
  }

  function projectCodes(): Promise<string[]> {
    if (!locales || Date.now() - locales.at > LOCALES_MS) {
      const codes = projectLocales(strapi);
      codes.catch(() => (locales = null));
      locales = { at: Date.now(), codes };
    }
    return locales.codes;
  }

  return {
    /**
     * The view of `site` (null: the main one) in `locale` (its default: the default locale, else
     * the first one) and `order`, with its validators, and how to read a leaf; null when the site
     * lists no type or is not one, or the locale is not one of the project's.
     */
    async view(site: string | null, locale: string | undefined, order: VisitorOrder) {
      const plan = await getService(strapi, 'settings').plan();
      if (site !== null && !plan.settings.sites?.[site]) return null;
      const served = await getService(strapi, 'file-store').servedFiles();
      const byListing = new Map<string, StoredFile>();
      for (const file of served.values())
        if (file.format === DIRECTORY_FORMAT) byListing.set(file.groupKey ?? '', file);
      // A site lists the types it names; the main site the types no site names.
      const types = [...plan.types].filter(
        ([, mapped]) =>
          mapped.visitorMap &&
          (site === null
            ? !mapped.plan.sites
            : mapped.plan.sites?.some((listing) => listing.name === site))
      );
      if (byListing.size === 0 || types.length === 0) return null;

      const codes = new Set(await projectCodes());
      for (const key of byListing.keys()) {
        const listing = listingOfKey(key);
        if ((listing.site ?? null) === site && listing.scope) codes.add(listing.scope);
      }
      const sortedCodes = [...codes].sort();
      let chosen: string | null = null;
      if (sortedCodes.length > 0) {
        const { defaultLocale } = plan;
        chosen =
          locale ?? (defaultLocale && codes.has(defaultLocale) ? defaultLocale : sortedCodes[0]);
        if (!codes.has(chosen)) return null;
      } else if (locale !== undefined) return null;

      const used: StoredFile[] = [];
      const read = async (scope: string | null) => {
        const file = byListing.get(listingKey({ site, scope, order }));
        if (!file) return null;
        used.push(file);
        return directoryOf(file);
      };
      const sections: ViewSection[] = [];
      if (order === 'tree') {
        for (const [uid, mapped] of types) {
          const directory = await read(mapped.plan.localized ? chosen : null);
          const key = typeGroup(uid);
          const section = directory?.sections.find((candidate) => candidate.key === key);
          if (section)
            sections.push({
              key,
              label: sectionLabel(mapped.visitorMap!.labels, chosen, displayNameOf(strapi, uid)),
              count: section.count,
              leaves: section.leaves,
            });
        }
      } else {
        // A locale's letters hold the pages without locales too; without pages of its own, those alone.
        const directory = (chosen !== null ? await read(chosen) : null) ?? (await read(null));
        for (const section of directory?.sections ?? [])
          sections.push({
            key: section.key,
            label: section.key,
            count: section.count,
            leaves: section.leaves,
          });
      }

      const labels = sections.map((section) => section.label).join('\u0001');
      const view: ComposedView = { site, locale: chosen, order, sections };
      return {
        view,
        locales: sortedCodes,
        // Everything a page shows: the directories read (and through them the leaves), the labels, the locales.
        etag: createHash('sha256')
          .update(
            [
              ...used.map((file) => file.etag),
              site ?? '',
              chosen ?? '',
              order,
              labels,
              ...sortedCodes,
            ].join('\u0000')
          )
          .digest('base64url')
          .slice(0, 27),
        lastModified: new Date(
          Math.max(0, ...used.map((file) => new Date(file.createdAt).getTime()))
        ),
        load(leaf: { id: number; name: string; parts: number }) {
          let links = leavesInFlight.get(leaf.id);
          if (!links) {
            links = reading(async () => {
              const text = await getService(strapi, 'file-store').readLeafText(leaf);
              return (JSON.parse(text) as LeafContent).links;
            }).finally(() => leavesInFlight.delete(leaf.id));
            leavesInFlight.set(leaf.id, links);
          }
          return links;
        },
      };
    },
  };
};
