/**
 * The visitors' site map as runs store it, so serving only reads: per scope (a locale, or the types
 * without locales) and order, a *listing* of sections, each a series of *leaves* (stored files of at
 * most LEAF_MAX links, in key order) over key ranges that split and merge as sitemap files do, and
 * one *directory* per listing naming its leaves with their link counts and last keys. A page of
 * plan.json is a slice of one or two leaves found through the directory's counts; a publish
 * rewrites the leaf that holds the entry and the directory whose counts change, not the leaves
 * after it. Pure: leaves are read and written by the caller.
 */
import { linkPlace } from './keys';
import type { VisitorEntry, VisitorOrder } from './entries';

/** Links a full run puts in a leaf; a leaf that grows past LEAF_MAX splits, one below LEAF_MIN merges. */
export const LEAF_FILL = 2000;
export const LEAF_MAX = 4000;
export const LEAF_MIN = 500;

/** A link as a leaf holds it: what it shows, where it goes, and its group (tree order). */
export type StoredLink = [title: string, url: string, group: string | null];

/**
 * A listing: the pages of one site (null: the main one; absent in directories stored before sites
 * came) and locale (null: of the types without locales) in one order.
 */
export interface ListingId {
  site?: string | null;
  scope: string | null;
  order: VisitorOrder;
}

/** A stored leaf as its directory knows it: enough to read it and to find a key's leaf. */
export interface LeafRef {
  name: string;
  id: number;
  parts: number;
  etag: string;
  count: number;
  /** The key of its last link: the leaf holds the keys after the previous leaf's last, up to this. */
  last: string;
}

export interface DirectorySection {
  key: string;
  /** How the listing's sections sort (core/visitors/keys). */
  order: string;
  count: number;
  leaves: LeafRef[];
}

export interface ListingDirectory extends ListingId {
  /** What the links were made from (listingSignature): a full run rebuilds listings made otherwise. */
  signature: string;
  /** The next free number of a leaf's name. */
  nextSeq: number;
  sections: DirectorySection[];
}

/**
 * What decides the links and where they stand: the listed types in their order, with the fields
 * that give titles and groups. Listings of another signature are rebuilt by the next full run;
 * labels are read when a page is served, so they change nothing stored.
 */
export const listingSignature = (
  types: Array<{ uid: string; titleField?: string; groupBy?: string[]; localized: boolean }>
) =>
  JSON.stringify(
    types.map(({ uid, titleField, groupBy, localized }) => [
      uid,
      titleField ?? null,
      groupBy ?? null,
      localized,
    ])
  );

/**
 * The key lines of a listing sort by: within a site, the types without locales first (a locale's
 * alphabetical listing merges theirs in). The main site's keys are those stored before sites came.
 */
export const listingKey = ({ site, scope, order }: ListingId) =>
  `${site ? `${site}\u0002` : ''}${scope ?? ''}\u0001${order}`;

export function listingOfKey(key: string): ListingId {
  const [site, rest] = key.includes('\u0002') ? key.split('\u0002') : [null, key];
  const [scope, order] = rest.split('\u0001');
  const listing: ListingId = { scope: scope === '' ? null : scope, order: order as VisitorOrder };
  // The main site's directories read as they did before sites came: no `site` in them.
  return site ? { site, ...listing } : listing;
}

/** The alphabetical listing of a site's types without locales, which its locales' listings hold too. */
export const sharedAlphaKey = (site: string | null | undefined) =>
  listingKey({ site, scope: null, order: 'alpha' });

/**
 * `plan-fr-tree`, `plan-_-alpha` (`_`: no locale, which no sanitized locale gives); a site's are
 * `plan__shop__fr-tree`: site names never hold `_`, so the first `__` after the site ends it.
 */
function listingName({ site, scope, order }: ListingId) {
  const scopeName =
    scope === null
      ? '_'
      : scope
          .toLowerCase()
          .replace(/[^a-z0-9]+/g, '-')
          .replace(/^-+|-+$/g, '') || 'x';
  return site ? `plan__${site}__${scopeName}-${order}` : `plan-${scopeName}-${order}`;
}

export const directoryName = (listing: ListingId) => `${listingName(listing)}.json`;
export const leafName = (listing: ListingId, seq: number) => `${listingName(listing)}-${seq}.json`;

/** What a leaf file holds. */
export interface LeafContent {
  section: string;
  links: StoredLink[];
}

/** A visitor entry's link in `order`, with where it stands (the listing of the entry's site and locale). */
export function entryLink(
  entry: VisitorEntry,
  order: VisitorOrder,
  typeKey: string,
  typeRank: number,
  titleKey?: string
) {
  const [, locale, url, title, group, site] = entry;
  const link: StoredLink = [title ?? url, url, group];
  const place = linkPlace(order, { title: link[0], url, group }, typeKey, typeRank, titleKey);
  return { listing: { site: site ?? null, scope: locale, order }, place, link };
}

/** The key of a stored link in its section (what the directory's `last` keys are compared with). */
export const storedLinkKey = (order: VisitorOrder, section: string, link: StoredLink) =>
  linkPlace(order, { title: link[0], url: link[1], group: link[2] }, section, 0).key;

/** Splits links into leaves of about LEAF_FILL: evenly, so none is much smaller than the others. */
export function cutLeaves<T>(links: T[]): T[][] {
  if (links.length === 0) return [];
  const count = Math.max(1, Math.round(links.length / LEAF_FILL));
  const size = Math.ceil(links.length / count);
  const leaves: T[][] = [];
  for (let at = 0; at < links.length; at += size) leaves.push(links.slice(at, at + size));
  return leaves;
}

/** A change to a section: the link to add, or the key of the link to remove (`link` null). */
export interface LinkChange {
  key: string;
  link: StoredLink | null;
}

/**
 * Sorted changes with the same key folded into one: a removal and an addition of the same key is
 * the same link listed before and after (a page that moved to another document), so nothing.
 */
export async function* netChanges(
  changes: AsyncIterable<LinkChange> | Iterable<LinkChange>
): AsyncGenerator<LinkChange> {
  let pending: LinkChange | null = null;
  let both = false;
  for await (const change of changes) {
    if (pending && pending.key === change.key) {
      both ||= (pending.link === null) !== (change.link === null);
      if (change.link) pending = change;
      continue;
    }
    if (pending && !both) yield pending;
    pending = change;
    both = false;
  }
  if (pending && !both) yield pending;
}

/** One leaf of a section after a change: kept as it is, or written anew with these links. */
export type LeafPlan = { keep: LeafRef } | { write: Array<{ key: string; link: StoredLink }> };

/**
 * The leaves of a section after `changes` (sorted by key, one per key), given to `emit` in order:
 * the leaves no change falls in are kept; a changed leaf is written again, split when it grows past
 * LEAF_MAX, merged into the next leaf when it falls below LEAF_MIN (the last leaf of a section may
 * stay small). `load` reads a leaf's links with their keys, in order. Changes are read as they are
 * needed and applied in batches, links whose place no later change can move are written as they
 * are settled: a section of millions of changes holds no more than a few leaves in memory.
 */
export async function planSection(
  leaves: LeafRef[],
  changes: AsyncIterable<LinkChange> | Iterable<LinkChange>,
  load: (leaf: LeafRef) => Promise<Array<{ key: string; link: StoredLink }>>,
  emit: (plan: LeafPlan) => Promise<void>
): Promise<void> {
  const source = netChanges(changes);
  let next: LinkChange | null | undefined;
  const peek = async () => {
    if (next === undefined) {
      const { value, done } = await source.next();
      next = done ? null : value;
    }
    return next;
  };
  const write = async (links: Array<{ key: string; link: StoredLink }>) => {
    const pieces = links.length > LEAF_MAX ? cutLeaves(links) : [links];
    for (const piece of pieces) if (piece.length > 0) await emit({ write: piece });
  };
  // Links of earlier leaves left too small, merged into the next one.
  let carry: Array<{ key: string; link: StoredLink }> = [];
  // Each leaf in turn; past the last one, the links a section without leaves starts with.
  for (let i = 0; i < Math.max(1, leaves.length); i++) {
    const leaf: LeafRef | undefined = leaves[i];
    const isLast = i >= leaves.length - 1;
    let working = carry;
    let loaded = false;
    let changed = false;
    const batch: LinkChange[] = [];
    const apply = async () => {
      if (!loaded && leaf) working = [...working, ...(await load(leaf))];
      loaded = true;
      const lastKey = batch[batch.length - 1].key;
      working = applyChanges(working, batch.splice(0));
      // Later changes come after the last key applied: the links up to it are settled, and go out
      // in leaves as soon as enough of them wait (keeping one leaf's worth for what follows).
      let settled = 0;
      for (let low = 0, high = working.length; low < high; ) {
        const middle = (low + high) >> 1;
        if (working[middle].key <= lastKey) low = settled = middle + 1;
        else high = middle;
      }
      let emitted = 0;
      while (settled - emitted >= 2 * LEAF_FILL) {
        await emit({ write: working.slice(emitted, emitted + LEAF_FILL) });
        emitted += LEAF_FILL;
      }
      if (emitted > 0) working = working.slice(emitted);
    };
    for (let change = await peek(); change; change = await peek()) {
      if (!isLast && leaf && change.key > leaf.last) break;
      batch.push(change);
      changed = true;
      next = undefined;
      if (batch.length >= LEAF_MAX) await apply();
    }
    if (batch.length > 0) await apply();
    if (!changed && carry.length === 0) {
      if (leaf) await emit({ keep: leaf });
      continue;
    }
    if (!loaded && leaf) working = [...working, ...(await load(leaf))];
    carry = [];
    if (working.length < LEAF_MIN && !isLast) carry = working;
    else await write(working);
  }
}

/** Links (sorted by key) after sorted changes: removals drop their key, additions go in order. */
function applyChanges(
  links: Array<{ key: string; link: StoredLink }>,
  changes: LinkChange[]
): Array<{ key: string; link: StoredLink }> {
  const out: Array<{ key: string; link: StoredLink }> = [];
  let i = 0;
  for (const change of changes) {
    while (i < links.length && links[i].key < change.key) out.push(links[i++]);
    if (i < links.length && links[i].key === change.key) i++;
    if (change.link) out.push({ key: change.key, link: change.link });
  }
  while (i < links.length) out.push(links[i++]);
  return out;
}
