/**
 * Names of the generated files: unique by construction, and always of a shape the public route serves.
 *
 * A urlset is `<group>-<n>.xml` (twins `.txt` and `.blocks`, its block index); the group names the type and the host:
 * - `api::article.article` is `article`: the plain form, today's names, the common case;
 * - the custom URLs are `custom`;
 * - any other type is `<name>-<8 hex of the uid's hash>`: another uid shape (`api::blog.post`,
 *   `plugin::…`), a name with other characters, or a name the plain form must not take (`custom`,
 *   or one that already ends like a hash, `-1a2b3c4d`). Plain names never end that way, hashed ones always do;
 * - a locale served on its own host adds `_<locale>` per locale sharing that host (`article_fr`):
 *   type names never hold `_`, so `article` in French never meets a type `article-fr`;
 * - a group of 100 characters or more is cut and ends with a hash of the whole: exactly 100 characters,
 *   which no group left whole has, so every name stays under SERVED_NAME's length.
 */
import { createHash } from 'node:crypto';

/** The names the public route looks up; anything else is a 404 without a query. */
export const SERVED_NAME = /^[a-z0-9][a-z0-9_-]{0,120}\.(xml|txt|xsl|atom)(\.gz)?$/;

export const INDEX_NAME = 'index.xml';
export const XSL_NAME = 'sitemap.xsl';
/** The feed of recent URLs, every locale; its kept entries (not served: `.json`). */
export const FEED_NAME = 'recent.atom';
export const FEED_STATE_NAME = 'recent.json';
/** One locale's feed: `recent-fr.atom`. */
export const localeFeedName = (locale: string) =>
  `recent-${sanitize(locale) || hashOf(locale)}.atom`;
/**
 * A site's feed, `recent__shop.atom`, and of one of its locales, `recent__shop__fr.atom`: site
 * names never hold `_` (settings/sites), so neither meets another site's or the main feeds.
 */
export const siteFeedName = (site: string, locale?: string) =>
  locale === undefined
    ? `recent__${site}.atom`
    : `recent__${site}__${sanitize(locale) || hashOf(locale)}.atom`;
/** A site's feed or the main one. */
export const feedNameOf = (site: string | null, locale?: string) =>
  site !== null
    ? siteFeedName(site, locale)
    : locale === undefined
      ? FEED_NAME
      : localeFeedName(locale);
/** A chunk of a type's part of the visitors' site map (not served as a file: plan.json and plan.html read it). */
export const visitorChunkName = (uid: string, seq: number) =>
  `visitors-${typeGroup(uid)}-${seq}.json`;
export const CUSTOM_GROUP = 'custom';
const MAX_GROUP = 100;
const HASH_LENGTH = 8;
const PLAIN_NAME = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const ENDS_LIKE_HASH = new RegExp(`-[0-9a-f]{${HASH_LENGTH}}$`);

const hashOf = (text: string) =>
  createHash('sha256').update(text).digest('hex').slice(0, HASH_LENGTH);

/** Lower case, every run of other characters one `-`, no `-` at either end. */
const sanitize = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');

/** The group of a type on the main host: `api::article.article` → `article`. */
export function typeGroup(uid: string) {
  const name = uid.split('.').pop() ?? '';
  const plain =
    uid === `api::${name}.${name}` &&
    PLAIN_NAME.test(name) &&
    name !== CUSTOM_GROUP &&
    !ENDS_LIKE_HASH.test(name);
  return plain ? name : `${sanitize(name) || 'type'}-${hashOf(uid)}`;
}

/** The group of files for `base` (a type's group, or CUSTOM_GROUP) on a host shared by `locales` (none: the main host). */
export function hostGroup(base: string, locales: string[]) {
  const group = [
    base,
    ...[...locales].sort().map((locale) => sanitize(locale) || hashOf(locale)),
  ].join('_');
  return group.length < MAX_GROUP
    ? group
    : `${group.slice(0, MAX_GROUP - HASH_LENGTH - 1)}-${hashOf(group)}`;
}

/**
 * The group of a type's files on a site: `article__shop`. A type's group never holds `_` (typeGroup)
 * and hostGroup joins locales with one, so `__` names a site and nothing else.
 */
export const siteGroup = (base: string, site: string) => `${base}__${site}`;

export const urlsetName = (group: string, seq: number) => `${group}-${seq}.xml`;

/**
 * The group of a type's news series: `news-article` for `article`. When a mapped type's own group
 * is that name (a type `api::news-article.news-article`), the series adds a hash, as a hashed type
 * group does: plain groups never end like a hash, so the two never meet.
 */
export function newsGroup(uid: string, mappedUids: Iterable<string>) {
  const plain = `news-${typeGroup(uid)}`;
  const taken = [...mappedUids].some((other) => typeGroup(other) === plain);
  return taken || plain.length > MAX_GROUP - HASH_LENGTH - 1
    ? `${plain.slice(0, MAX_GROUP - HASH_LENGTH - 1)}-${hashOf(`news:${uid}`)}`
    : plain;
}

/**
 * The index of one host's files, when locales have hostnames of their own: `index-www-example-fr.xml`
 * for https://www.example.fr. A name that would end like a urlset's (`-<digits>.xml`, a port) or that
 * two hosts would share (`a-b.com`, `a.b-com`) ends with `_<hash of the origin>`: no urlset name
 * ends that way, and no two origins share it.
 */
export function hostIndexNames(origins: string[]): Map<string, string> {
  const plainOf = (origin: string) =>
    `index-${sanitize(new URL(origin).host) || 'host'}`.slice(0, MAX_GROUP);
  const counts = new Map<string, number>();
  for (const origin of origins) counts.set(plainOf(origin), (counts.get(plainOf(origin)) ?? 0) + 1);
  const names = new Map<string, string>();
  for (const origin of origins) {
    const plain = plainOf(origin);
    const clear = counts.get(plain) === 1 && !/-\d+$/.test(plain);
    names.set(origin, `${clear ? plain : `${plain}_${hashOf(origin)}`}.xml`);
  }
  return names;
}

export const textName = (name: string) => name.replace(/\.xml$/, '.txt');
export const blockIndexName = (name: string) => name.replace(/\.xml$/, '.blocks');
/** The number of a urlset in its group's series. */
export const seqOf = (name: string) => Number(/-(\d+)\.xml$/.exec(name)?.[1] ?? 0);
