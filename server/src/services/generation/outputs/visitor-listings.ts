/**
 * Writes the visitors' site map as serving reads it (core/visitors/listing): per site, locale and
 * order, a listing of sections cut into leaves, and its directory, switched with the run's files.
 * - A run records what changed (a page added, gone or shown differently, from the type's chunks
 *   before and after) and applies it leaf by leaf: only the leaves whose key range holds a change
 *   are rewritten, split past LEAF_MAX and merged below LEAF_MIN, with their directories. A full
 *   run over a site that did not change writes none.
 * - A full run that finds no listing made as the settings make them now (the first one, or a change
 *   of titles, groups or listed types) rebuilds them all: each page read becomes a line per order,
 *   sorted through a bounded buffer spilled to temporary files (utils/line-sorter), then cut into
 *   leaves of LEAF_FILL links.
 * Changes and lines are read as a stream: memory stays at a few leaves and the sorter's buffer.
 * A locale's alphabetical listing also holds the pages of types without locales (they share its
 * letters); the tree keeps them in their own sections, which every locale's view reads.
 */
import { createReadStream } from 'node:fs';
import { mkdtemp, rm, appendFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { etagOf } from '../../../core/files/gzip-file';
import { typeGroup } from '../../../core/files/file-names';
import {
  directoryName,
  entryLink,
  LEAF_FILL,
  leafName,
  listingKey,
  listingOfKey,
  listingSignature,
  netChanges,
  planSection,
  sharedAlphaKey,
  storedLinkKey,
  type DirectorySection,
  type LeafContent,
  type LeafRef,
  type LinkChange,
  type ListingDirectory,
  type ListingId,
  type StoredLink,
} from '../../../core/visitors/listing';
import { sortKey } from '../../../core/visitors/keys';
import { VISITOR_ORDERS, type VisitorEntry } from '../../../core/visitors/entries';
import type { FileToStore, StoredFile } from '../../store/file-store';
import { getService } from '../../../utils/get-service';
import { LineSorter } from '../../../utils/line-sorter';
import type { Run } from '../run-state';

export const DIRECTORY_FORMAT = 'visitors-directory';
const LEAF_FORMAT = 'visitors-leaf';
const SEP = '\u0000';

/** Where a bucket of lines stands: its listing's key, its section's order, its section. */
interface BucketPlace {
  listing: string;
  sectionOrder: string;
  section: string;
}

/** A sorted line: the link's key in its section, then `+`/`-` and the link. */
interface Line {
  key: string;
  add: boolean;
  link: StoredLink;
}

const bucketName = (listing: string, sectionOrder: string, section: string) =>
  `${listing}${SEP}${sectionOrder}${SEP}${section}`;

function parseBucket(name: string): BucketPlace {
  const [listing, sectionOrder, section] = name.split(SEP);
  return { listing, sectionOrder, section };
}

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f]/g;
/** No group: a character no group holds once cleaned. */
const NO_GROUP = '\u0001';

/** A line of a link: its key, `+` or `-`, its title, URL and group (control characters dropped). */
const lineOf = (key: string, op: '+' | '-', [title, url, group]: StoredLink) =>
  `${key}${SEP}${op}${title.replace(CONTROL, '')}${SEP}${url}${SEP}${group === null ? NO_GROUP : group.replace(CONTROL, '')}`;

function parseLine(text: string): Line {
  const [key, opTitle, url, group] = text.split(SEP);
  return {
    key,
    add: opTitle[0] === '+',
    link: [opTitle.slice(1), url, group === NO_GROUP ? null : group],
  };
}

/** Builds one listing's leaves from its links in order, and then its directory. */
class ListingBuilder {
  private readonly sections: DirectorySection[] = [];
  private section: DirectorySection | null = null;
  private pending: Array<{ key: string; link: StoredLink }> = [];
  private seq = 1;

  constructor(
    private readonly writer: LeafWriter,
    readonly listing: ListingId,
    private readonly signature: string
  ) {}

  async add(sectionOrder: string, section: string, key: string, link: StoredLink) {
    if (this.section?.key !== section) {
      await this.closeSection();
      this.section = { key: section, order: sectionOrder, count: 0, leaves: [] };
    }
    this.pending.push({ key, link });
    if (this.pending.length >= LEAF_FILL) await this.flush();
  }

  /** Writes the links gathered so far as one leaf of the current section. */
  private async flush() {
    if (!this.section || this.pending.length === 0) return;
    const leaf = await this.writer.leaf(this.listing, this.seq++, this.section.key, this.pending);
    this.section.leaves.push(leaf);
    this.section.count += leaf.count;
    this.pending = [];
  }

  private async closeSection() {
    await this.flush();
    if (this.section && this.section.count > 0) this.sections.push(this.section);
    this.section = null;
  }

  async finish(): Promise<ListingDirectory> {
    await this.closeSection();
    return {
      ...this.listing,
      signature: this.signature,
      nextSeq: this.seq,
      sections: this.sections,
    };
  }
}

/** Leaves are stored in batches of about this much text (a few statements each, not two per leaf). */
const BATCH_CHARS = 2 * 1024 * 1024;

/**
 * Saves leaves and directories for the run, keeping a leaf whose bytes the live one already has.
 * New leaves wait in a batch: the reference `leaf` returns gets its row id when the batch is
 * stored, which `flush` (called before any directory is saved) makes sure of.
 */
class LeafWriter {
  private batch: Array<{ file: FileToStore & { etag: string }; ref: LeafRef }> = [];
  private chars = 0;

  constructor(
    private readonly run: Run,
    /** The live leaves by name (from the live directories), for a full run's rebuild. */
    private readonly liveLeaves: Map<string, LeafRef>
  ) {}

  async leaf(
    listing: ListingId,
    seq: number,
    section: string,
    links: Array<{ key: string; link: StoredLink }>
  ): Promise<LeafRef> {
    const name = leafName(listing, seq);
    const content: LeafContent = { section, links: links.map((item) => item.link) };
    const text = JSON.stringify(content);
    const etag = etagOf(text);
    const last = links[links.length - 1].key;
    const live = this.liveLeaves.get(name);
    if (live && live.etag === etag) {
      this.run.files.keep.push(name);
      return { ...live, last };
    }
    const ref: LeafRef = { name, id: 0, parts: 0, etag, count: links.length, last };
    this.batch.push({
      file: {
        name,
        format: LEAF_FORMAT,
        content: text,
        etag,
        groupKey: listingKey(listing),
        urlCount: links.length,
      },
      ref,
    });
    this.chars += text.length;
    if (this.chars >= BATCH_CHARS) await this.flush();
    return ref;
  }

  /** Stores the leaves waiting, filling in their references' row ids. */
  async flush() {
    if (this.batch.length === 0) return;
    const batch = this.batch;
    this.batch = [];
    this.chars = 0;
    const created = await getService(this.run.strapi, 'file-store').createPendingMany(
      this.run.id,
      batch.map((item) => item.file)
    );
    for (const { ref } of batch) {
      const row = created.get(ref.name)!;
      ref.id = row.id;
      ref.parts = row.partCount;
    }
    this.run.files.filesWritten += batch.length;
  }

  async directory(directory: ListingDirectory) {
    await this.flush();
    await this.run.files.save({
      name: directoryName(directory),
      format: DIRECTORY_FORMAT,
      content: JSON.stringify(directory),
      groupKey: listingKey(directory),
      urlCount: directory.sections.reduce((sum, section) => sum + section.count, 0),
    });
  }
}

/** A temporary file of lines appended in order and read back as often as asked. */
class LineFile {
  private dir: string | null = null;
  private file = '';
  private buffer: string[] = [];

  async append(line: string) {
    this.buffer.push(line);
    if (this.buffer.length >= 1024) await this.flush();
  }

  async flush() {
    if (this.buffer.length === 0) return;
    if (!this.dir) {
      this.dir = await mkdtemp(join(tmpdir(), 'strapi-sitemap-'));
      this.file = join(this.dir, 'lines.txt');
    }
    await appendFile(this.file, `${this.buffer.join('\n')}\n`);
    this.buffer = [];
  }

  async *lines(): AsyncGenerator<string> {
    await this.flush();
    if (!this.dir) return;
    let rest = '';
    for await (const chunk of createReadStream(this.file, {
      encoding: 'utf8',
      highWaterMark: 64 * 1024,
    })) {
      const parts = (rest + chunk).split('\n');
      rest = parts.pop()!;
      for (const part of parts) yield part;
    }
    if (rest) yield rest;
  }

  async dispose() {
    if (this.dir) await rm(this.dir, { recursive: true, force: true });
  }
}

/** A line of the alphabetical listing of types without locales, as `shared` keeps it. */
const sharedLine = (place: BucketPlace, text: string) =>
  `${place.sectionOrder}${SEP}${place.section}${SEP}${text}`;

/**
 * Feeds `builder` the lines of one listing (from the run's sorted stream) merged with the lines of
 * the alphabetical listing of types without locales (kept in `shared`), as a locale's alphabetical
 * listing holds both.
 */
class WithShared {
  private readonly lines: AsyncIterator<string>;
  private next: string | null | undefined;

  constructor(
    shared: LineFile,
    private readonly builder: ListingBuilder
  ) {
    this.lines = shared.lines()[Symbol.asyncIterator]();
  }

  /** Closes the shared file's reading (a listing left before its end: a run that failed). */
  async close() {
    await this.lines.return?.(undefined);
  }

  private async peek() {
    if (this.next === undefined) {
      const { value, done } = await this.lines.next();
      this.next = done ? null : value;
    }
    return this.next;
  }

  /** Adds the shared lines that sort before `text` of `place` (all of them when null), then it. */
  async add(place: BucketPlace | null, text: string | null) {
    const own = place && text !== null ? sharedLine(place, text) : null;
    for (let shared = await this.peek(); shared !== null; shared = await this.peek()) {
      if (own !== null && shared >= own) break;
      const [sectionOrder, section, ...rest] = shared.split(SEP);
      const line = parseLine(rest.join(SEP));
      await this.builder.add(sectionOrder, section, line.key, line.link);
      this.next = undefined;
    }
    if (!place || text === null) return;
    const line = parseLine(text);
    await this.builder.add(place.sectionOrder, place.section, line.key, line.link);
  }
}

/**
 * A locale's first alphabetical listing, in a run that applies changes: every letter of the
 * listing of types without locales, with the locale's own pages merged in, written as a new
 * listing (nothing of it is live yet).
 */
class FreshAlpha {
  private at = 0;

  constructor(
    private readonly builder: ListingBuilder,
    shared: ListingDirectory | null,
    private readonly load: (leaf: LeafRef) => Promise<Array<{ key: string; link: StoredLink }>>
  ) {
    this.sections = shared?.sections ?? [];
  }

  private readonly sections: DirectorySection[];

  /** Copies the shared sections that sort before `place` (all when null). */
  private async copyBefore(place: BucketPlace | null) {
    while (this.at < this.sections.length) {
      const section = this.sections[this.at];
      if (
        place &&
        (section.order > place.sectionOrder ||
          (section.order === place.sectionOrder && section.key >= place.section))
      )
        return;
      for (const leaf of section.leaves)
        for (const { key, link } of await this.load(leaf))
          await this.builder.add(section.order, section.key, key, link);
      this.at++;
    }
  }

  /** One section of the locale's own pages, merged with the shared section of that letter. */
  async section(place: BucketPlace, changes: AsyncIterable<LinkChange>) {
    await this.copyBefore(place);
    const shared = this.sections[this.at];
    const sharedLinks: Array<{ key: string; link: StoredLink }> = [];
    let next = 0;
    let leafAt = 0;
    const peekShared = async () => {
      if (!shared || shared.key !== place.section) return null;
      while (next >= sharedLinks.length && leafAt < shared.leaves.length) {
        sharedLinks.length = 0;
        next = 0;
        sharedLinks.push(...(await this.load(shared.leaves[leafAt++])));
      }
      return next < sharedLinks.length ? sharedLinks[next] : null;
    };
    for await (const change of netChanges(changes)) {
      if (!change.link) continue;
      for (let own = await peekShared(); own && own.key < change.key; own = await peekShared()) {
        await this.builder.add(place.sectionOrder, place.section, own.key, own.link);
        next++;
      }
      await this.builder.add(place.sectionOrder, place.section, change.key, change.link);
    }
    for (let own = await peekShared(); own; own = await peekShared()) {
      await this.builder.add(place.sectionOrder, place.section, own.key, own.link);
      next++;
    }
    if (shared && shared.key === place.section) this.at++;
  }

  async finish() {
    await this.copyBefore(null);
    return this.builder.finish();
  }
}

/** The listings' part of a run (its own interface: the run's type holds it). */
export interface VisitorListings {
  rebuilds: boolean;
  collect(uid: string, entry: VisitorEntry): void;
  change(uid: string, before: VisitorEntry | undefined, after: VisitorEntry | undefined): void;
  settle(): Promise<void>;
  write(): Promise<void>;
  dispose(): Promise<void>;
}

/**
 * The listings' part of a run: the changes fed with `change` applied to the live listings; or, for
 * a full run that finds no listing made as the settings now make them (the first one, or a change
 * of titles, groups or types), every listing rebuilt from the pages fed with `collect`. `live` is
 * the run's list of live files, which holds the directories.
 */
export async function startVisitorListings(
  run: Run,
  live: StoredFile[],
  kind: 'full' | 'types' | 'documents'
): Promise<VisitorListings> {
  const sorter = new LineSorter();
  const store = getService(run.strapi, 'file-store');
  const directories = live.filter((file) => file.format === DIRECTORY_FORMAT);
  const listed = [...run.plan.types].filter(([, mapped]) => mapped.visitorMap);
  // Each type's section key and rank in the tree: the settings' order.
  const types = new Map(listed.map(([uid], rank) => [uid, { key: typeGroup(uid), rank }]));
  const signature = listingSignature(
    listed.map(([uid, mapped]) => ({
      uid,
      titleField: mapped.plan.titleField,
      groupBy: mapped.visitorMap!.groupBy,
      localized: mapped.plan.localized,
    }))
  );
  const liveDirectories = new Map<number, ListingDirectory>();
  for (const file of directories)
    liveDirectories.set(file.id, JSON.parse(await store.readText(file)) as ListingDirectory);
  const liveLeafNames = new Set(
    [...liveDirectories.values()].flatMap((directory) =>
      directory.sections.flatMap((section) => section.leaves.map((leaf) => leaf.name))
    )
  );
  const rebuild =
    kind === 'full' &&
    (directories.length === 0 ||
      [...liveDirectories.values()].some((directory) => directory.signature !== signature));
  // The locales whose alphabetical listing exists, per site: a change to a page without locale goes there too.
  const alphaLocales = new Map<string, string[]>();
  for (const file of directories) {
    const listing = listingOfKey(file.groupKey ?? '');
    if (listing.order !== 'alpha' || listing.scope === null) continue;
    const site = listing.site ?? '';
    alphaLocales.set(site, [...(alphaLocales.get(site) ?? []), listing.scope]);
  }

  function lines(uid: string, entry: VisitorEntry, op: '+' | '-') {
    const type = types.get(uid);
    if (!type) return;
    const titleKey = sortKey(entry[3] ?? entry[2]);
    for (const order of VISITOR_ORDERS) {
      const { listing, place, link } = entryLink(entry, order, type.key, type.rank, titleKey);
      const text = lineOf(place.key, op, link);
      sorter.add(bucketName(listingKey(listing), place.sectionOrder, place.section), text);
      // The pages of a type without locales stand among each locale's letters too.
      if (!rebuild && order === 'alpha' && listing.scope === null)
        for (const locale of alphaLocales.get(listing.site ?? '') ?? [])
          sorter.add(
            bucketName(
              listingKey({ site: listing.site, scope: locale, order }),
              place.sectionOrder,
              place.section
            ),
            text
          );
    }
  }

  const readDirectory = async (file: StoredFile) => liveDirectories.get(file.id)!;

  async function loadLeaf(leaf: LeafRef, order: ListingId['order']) {
    const content = JSON.parse(await store.readLeafText(leaf)) as LeafContent;
    return content.links.map((link) => ({
      key: storedLinkKey(order, content.section, link),
      link,
    }));
  }

  /** Every live directory is replaced: a full run writes all of them again. */
  async function rebuildAll() {
    const liveLeaves = new Map<string, LeafRef>();
    for (const file of directories)
      for (const section of (await readDirectory(file)).sections)
        for (const leaf of section.leaves) liveLeaves.set(leaf.name, leaf);
    const writer = new LeafWriter(run, liveLeaves);
    // Each site's alphabetical lines of types without locales: its key sorts before its locales'.
    const shared = new Map<string, LineFile>();
    const sharedOf = (site: string | null | undefined) => {
      let file = shared.get(site ?? '');
      if (!file) shared.set(site ?? '', (file = new LineFile()));
      return file;
    };
    let builder: ListingBuilder | null = null;
    let withShared: WithShared | null = null;
    const close = async () => {
      if (!builder) return;
      await withShared?.add(null, null);
      const directory = await builder.finish();
      if (directory.sections.length > 0) await writer.directory(directory);
      builder = null;
      withShared = null;
    };
    try {
      for await (const { bucket, lines: batch } of sorter.sorted()) {
        const place = parseBucket(bucket);
        if (builder?.listing && listingKey(builder.listing) !== place.listing) await close();
        if (!builder) {
          builder = new ListingBuilder(writer, listingOfKey(place.listing), signature);
          const { site, scope, order } = builder.listing;
          if (order === 'alpha' && scope !== null)
            withShared = new WithShared(sharedOf(site), builder);
        }
        const sharing = place.listing === sharedAlphaKey(builder.listing.site);
        for (const text of batch) {
          if (sharing) await sharedOf(builder.listing.site).append(sharedLine(place, text));
          if (withShared) await withShared.add(place, text);
          else {
            const line = parseLine(text);
            await builder.add(place.sectionOrder, place.section, line.key, line.link);
          }
        }
      }
      await close();
    } finally {
      await (withShared as WithShared | null)?.close();
      for (const file of shared.values()) await file.dispose();
    }
  }

  /** The sorted stream of change lines, bucket by bucket: each bucket's changes read as consumed. */
  async function* bucketsOf() {
    const batches = sorter.sorted();
    try {
      yield* bucketsFrom(batches);
    } finally {
      // A run that fails mid-way leaves the sorted stream: its spilled files are closed.
      await batches.return(undefined);
    }
  }

  /** The buckets of the sorted stream, each with its changes (see bucketsOf). */
  async function* bucketsFrom(batches: ReturnType<LineSorter['sorted']>) {
    let pending = await batches.next();
    while (!pending.done) {
      const { bucket } = pending.value;
      const changes = (async function* (): AsyncGenerator<LinkChange> {
        while (!pending.done && pending.value.bucket === bucket) {
          for (const text of pending.value.lines) {
            const line = parseLine(text);
            yield { key: line.key, link: line.add ? line.link : null };
          }
          pending = await batches.next();
        }
      })();
      yield { place: parseBucket(bucket), changes };
      // What the consumer left of the bucket is passed over.
      for await (const _ of changes);
    }
  }

  /** Applies the sorted changes to each listing they touch; the others stay as they are. */
  async function applyChanges() {
    const liveByKey = new Map(directories.map((file) => [file.groupKey ?? '', file]));
    const written = new Map<string, ListingDirectory>();
    const writer = new LeafWriter(run, new Map());

    /** A listing being changed: its live directory, and the sections the changes touched. */
    interface Open {
      key: string;
      file: StoredFile | undefined;
      directory: ListingDirectory;
      seq: number;
      touched: Map<string, DirectorySection | null>;
      /** A locale's first alphabetical listing: built from the shared letters and its pages. */
      fresh: FreshAlpha | null;
    }
    let open: Open | null = null;

    const openListing = async (key: string): Promise<Open> => {
      const listing = listingOfKey(key);
      const file = liveByKey.get(key);
      const directory = file
        ? await readDirectory(file)
        : { ...listing, signature, nextSeq: 1, sections: [] };
      const sharedKey = sharedAlphaKey(listing.site);
      const fresh =
        !file && listing.order === 'alpha' && listing.scope !== null
          ? new FreshAlpha(
              new ListingBuilder(writer, listing, signature),
              written.get(sharedKey) ??
                (liveByKey.has(sharedKey) ? await readDirectory(liveByKey.get(sharedKey)!) : null),
              (leaf) => loadLeaf(leaf, 'alpha')
            )
          : null;
      return { key, file, directory, seq: directory.nextSeq, touched: new Map(), fresh };
    };

    const closeListing = async (current: Open) => {
      let next: ListingDirectory;
      if (current.fresh) next = await current.fresh.finish();
      else {
        const sections = current.directory.sections
          .filter((section) => !current.touched.has(section.key))
          .concat(
            [...current.touched.values()].filter((section): section is DirectorySection =>
              Boolean(section)
            )
          )
          .sort((a, b) =>
            a.order < b.order ? -1 : a.order > b.order ? 1 : a.key < b.key ? -1 : 1
          );
        next = { ...current.directory, signature, nextSeq: current.seq, sections };
      }
      if (current.file) run.files.replaced.add(current.file.name);
      if (next.sections.length > 0) {
        await writer.directory(next);
        written.set(current.key, next);
      }
    };

    for await (const { place, changes } of bucketsOf()) {
      if (open && open.key !== place.listing) {
        await closeListing(open);
        open = null;
      }
      open ??= await openListing(place.listing);
      const current = open;
      if (current.fresh) {
        await current.fresh.section(place, changes);
        continue;
      }
      const old = current.directory.sections.find((section) => section.key === place.section);
      const leaves: LeafRef[] = [];
      await planSection(
        old?.leaves ?? [],
        changes,
        (leaf) => loadLeaf(leaf, current.directory.order),
        async (plan) => {
          if ('keep' in plan) leaves.push(plan.keep);
          else
            leaves.push(
              await writer.leaf(current.directory, current.seq++, place.section, plan.write)
            );
        }
      );
      const kept = new Set(leaves.map((leaf) => leaf.name));
      for (const leaf of old?.leaves ?? [])
        if (!kept.has(leaf.name)) run.files.replaced.add(leaf.name);
      const count = leaves.reduce((sum, leaf) => sum + leaf.count, 0);
      current.touched.set(
        place.section,
        count > 0
          ? { key: place.section, order: old?.order ?? place.sectionOrder, count, leaves }
          : null
      );
    }
    if (open) await closeListing(open);
    await writer.flush();
    // A full run replaces every live file it does not keep: the listings it did not touch, and the
    // leaves its new directories still name, stay.
    if (kind === 'full')
      for (const [key, file] of liveByKey) {
        const directory =
          written.get(key) ??
          (run.files.replaced.has(file.name) ? null : await readDirectory(file));
        if (!written.has(key) && directory) run.files.keep.push(file.name);
        for (const section of directory?.sections ?? [])
          for (const leaf of section.leaves)
            if (liveLeafNames.has(leaf.name)) run.files.keep.push(leaf.name);
      }
  }

  return {
    /** Whether this run rebuilds every listing (a full run) rather than applying changes. */
    rebuilds: rebuild,

    /** A full run: a page as it is read. */
    collect(uid: string, entry: VisitorEntry) {
      lines(uid, entry, '+');
    },

    /** Any other run: a page before and after the run (either missing when it came or went). */
    change(uid: string, before: VisitorEntry | undefined, after: VisitorEntry | undefined) {
      if (before) lines(uid, before, '-');
      if (after) lines(uid, after, '+');
    },

    /** Lets the buffer spill between pages of reads. */
    settle: () => sorter.settle(),

    /**
     * After the run's reads: writes the listings. A listing no full run writes again goes with the
     * switch (a type taken out of the site map is a settings change, so a full run).
     */
    async write() {
      try {
        if (rebuild) await rebuildAll();
        else await applyChanges();
      } finally {
        await sorter.dispose();
      }
    },

    /** Removes the temporary files of a run that stops before writing. */
    dispose: () => sorter.dispose(),
  };
}
