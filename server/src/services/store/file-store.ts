/**
 * Generated files live in the database so every Strapi instance serves the same set.
 * A run writes its files as `pending`; `activate` retires what they replace and makes them `live`
 * in one transaction, so readers see the old set or the new one, never a mix. Replaced rows stay
 * one run longer for readers already in flight, then are deleted with their parts.
 */
import { pipeline, Readable } from 'node:stream';
import { promisify } from 'node:util';
import { constants as zlibConstants, createGunzip, gunzip, gzip } from 'node:zlib';
import type { Core } from '@strapi/strapi';
import { chunksOf } from '../../core/reading/sql-chunks';
import type { RangeChange } from '../../core/files/file-layout';
import { base64Parts, byteLengthOf, partCountOf } from '../../core/files/base64-parts';
import { etagOf, URLSET_GZIP_LEVEL, type CompressedBody } from '../../core/files/gzip-file';
import { FILE_PART_UID, FILE_UID } from '../../uids';
import { CACHEABLE_BYTES, ServingCache, TEXT_CACHEABLE_BYTES } from './serving-cache';
import type { FileFormat } from '../../../../shared/api-types';
import { UrlsetTextStream } from '../../core/files/urlset-text';
import { nextTurn } from '../../utils/next-turn';

const gzipAsync = promisify(gzip);
/**
 * Files crawlers fetch as stored gzip (the index, feeds, the stylesheet) get zlib's default level,
 * but the urlsets, many and large, theirs (core/files/gzip-file URLSET_GZIP_LEVEL); the files only
 * the plugin reads (the visitors' site map's chunks, leaves and directories, the
 * feed's state) its fastest, about four times quicker for 10-20% more bytes, as the block indexes
 * already are (core/files/gzip-file).
 */
const SERVED_AS_STORED = new Set<FileFormat>(['urlset', 'news', 'index', 'feed', 'xsl']);
const DEFAULT_LEVEL = zlibConstants.Z_DEFAULT_COMPRESSION;
const FAST_LEVEL = zlibConstants.Z_BEST_SPEED;
const gunzipAsync = promisify(gunzip);

/** 1 MiB of gzip per part: well under MariaDB's default 16 MB packet once base64-encoded. */
const PART_BYTES = 1024 * 1024;
/** Replaced files stay readable this long, far beyond any serving snapshot, before they are deleted. */
const RETIRED_GRACE_MS = 60_000;
/** The visitors' site map's leaves: never listed with the other files (their directories list them). */
const LEAF_FORMAT = 'visitors-leaf';

/** `block-index` is a urlset's block index (never served): which document stands where in the file. */

export interface FileToStore {
  name: string;
  format: FileFormat;
  /** The text, or `body` when it was compressed while being written. */
  content?: string;
  /** The text's ETag, when the caller has it already (etagOf). */
  etag?: string;
  body?: CompressedBody;
  groupKey?: string;
  contentType?: string;
  rangeStart?: string;
  rangeEnd?: string | null;
  urlCount?: number;
  lastmod?: string | null;
  localeCounts?: Record<string, number>;
  /** What the URL extensions count in the file, by count key. */
  counts?: Record<string, number>;
  expiresAt?: number | null;
}

export interface StoredFile {
  id: number;
  name: string;
  state: string;
  runId: number;
  format: FileFormat;
  groupKey: string | null;
  contentType: string | null;
  rangeStart: string | null;
  rangeEnd: string | null;
  urlCount: number | null;
  byteSize: number;
  compressedSize: number;
  etag: string;
  lastmod: string | null;
  partCount: number;
  localeCounts: Record<string, number> | null;
  counts: Record<string, number> | null;
  /** Stored by versions before `counts`. */
  imageCount: number | null;
  videoCount: number | null;
  /** Epoch ms, as a string on databases that return big integers as text. */
  expiresAt: number | string | null;
  createdAt: string | Date;
}

/** The run was overtaken by another instance: its files are never switched live. */
export class LostLeaseError extends Error {
  constructor() {
    super('lost the sitemap lease to another instance');
  }
}

export default ({ strapi }: { strapi: Core.Strapi }) => {
  const files = () => strapi.db.query(FILE_UID);
  const parts = () => strapi.db.query(FILE_PART_UID);
  const serving = new ServingCache<StoredFile>(
    () => store.listLive(),
    (file) => readCompressed(file)
  );

  /** The gzip bytes of a stored file. */
  async function readCompressed(
    file: Pick<StoredFile, 'id' | 'name' | 'partCount'>,
    into = serving.compressed
  ): Promise<Buffer> {
    const cached = into.get(file.id);
    if (cached) return cached;
    const query = {
      select: ['seq', 'data'],
      where: { fileId: file.id },
      orderBy: { seq: 'asc' as const },
    };
    const rows = (await parts().findMany(query)) as Array<{ data: string }>;
    if (rows.length !== file.partCount) {
      throw new Error(
        `sitemap file ${file.name} is incomplete (${rows.length}/${file.partCount} parts)`
      );
    }
    const bytes = Buffer.concat(rows.map((row) => Buffer.from(row.data, 'base64')));
    into.set(file.id, bytes);
    return bytes;
  }

  /** The gzip bytes of a file: whole when it may be cached, else one part at a time. */
  async function* compressedChunks(file: StoredFile) {
    if (file.compressedSize <= CACHEABLE_BYTES) {
      yield await readCompressed(file);
      return;
    }
    for (let seq = 0; seq < file.partCount; seq++) {
      const row = (await parts().findOne({
        select: ['data'],
        where: { fileId: file.id, seq },
      })) as { data: string } | null;
      if (!row)
        throw new Error(
          `sitemap file ${file.name} is incomplete (part ${seq + 1} of ${file.partCount} missing)`
        );
      yield Buffer.from(row.data, 'base64');
    }
  }

  async function deleteRows(ids: number[]) {
    for (const chunk of chunksOf(ids)) {
      await parts().deleteMany({ where: { fileId: { $in: chunk } } });
      await files().deleteMany({ where: { id: { $in: chunk } } });
    }
  }

  const store = {
    /**
     * Stores one file of run `runId` as pending, unless the live file of that name already has
     * the same bytes: then the live row is kept (same ETag and Last-Modified) and `kept` is true.
     */
    async savePending(runId: number, file: FileToStore): Promise<{ kept: boolean; id: number }> {
      const etag = file.body ? file.body.etag : (file.etag ?? etagOf(file.content ?? ''));
      const live = (await files().findOne({
        where: { name: file.name, state: 'live' },
      })) as StoredFile | null;
      if (
        live &&
        live.etag === etag &&
        live.lastmod === (file.lastmod ?? null) &&
        live.rangeEnd === (file.rangeEnd ?? null) &&
        live.rangeStart === (file.rangeStart ?? null)
      ) {
        return { kept: true, id: live.id };
      }
      const created = await this.createPendingMany(runId, [{ ...file, etag }]);
      return { kept: false, id: created.get(file.name)!.id };
    },

    /**
     * Stores files of run `runId` as pending, without looking for live twins (callers that know
     * what is live already: the visitors' site map's leaves, from their directory), a few
     * statements for a batch rather than two per file: each create through the query engine took
     * 2-3 ms here, most of the cost of the leaves. Gives each file's row id and part count by name.
     */
    async createPendingMany(
      runId: number,
      batch: Array<FileToStore & { etag: string }>
    ): Promise<Map<string, { id: number; partCount: number }>> {
      const bodies = await Promise.all(
        batch.map(async (file) => {
          if (file.body) return { byteSize: file.body.byteSize, compressed: file.body.compressed };
          const bytes = Buffer.from(file.content ?? '', 'utf8');
          const level =
            file.format === 'urlset'
              ? URLSET_GZIP_LEVEL
              : SERVED_AS_STORED.has(file.format)
                ? DEFAULT_LEVEL
                : FAST_LEVEL;
          return { byteSize: bytes.length, compressed: [await gzipAsync(bytes, { level })] };
        })
      );
      const rows = batch.map((file, i) => ({
        name: file.name,
        state: 'pending',
        runId,
        format: file.format,
        groupKey: file.groupKey ?? null,
        contentType: file.contentType ?? null,
        rangeStart: file.rangeStart ?? null,
        rangeEnd: file.rangeEnd ?? null,
        urlCount: file.urlCount ?? null,
        byteSize: bodies[i].byteSize,
        compressedSize: byteLengthOf(bodies[i].compressed),
        etag: file.etag,
        lastmod: file.lastmod ?? null,
        partCount: partCountOf(byteLengthOf(bodies[i].compressed), PART_BYTES),
        localeCounts: file.localeCounts ?? null,
        counts: file.counts ?? null,
        expiresAt: file.expiresAt ?? null,
      }));
      for (const chunk of chunksOf(rows, 100)) await files().createMany({ data: chunk });
      const created = new Map<string, { id: number; partCount: number }>();
      for (const names of chunksOf(
        batch.map((file) => file.name),
        100
      )) {
        const found = (await files().findMany({
          select: ['id', 'name', 'partCount'],
          where: { runId, state: 'pending', name: { $in: names } },
        })) as Array<{ id: number; name: string; partCount: number }>;
        for (const row of found) created.set(row.name, { id: row.id, partCount: row.partCount });
      }
      // Parts go in statements of a few MB: MariaDB's default packet is 16 MB.
      let partRows: Array<{ fileId: number; seq: number; data: string }> = [];
      let bytes = 0;
      const flushParts = async () => {
        if (partRows.length > 0) await parts().createMany({ data: partRows });
        partRows = [];
        bytes = 0;
      };
      for (const [i, file] of batch.entries()) {
        const { id } = created.get(file.name)!;
        let seq = 0;
        for (const data of base64Parts(bodies[i].compressed, PART_BYTES)) {
          if (bytes + data.length > 4 * PART_BYTES) await flushParts();
          partRows.push({ fileId: id, seq: seq++, data });
          bytes += data.length;
        }
      }
      await flushParts();
      return created;
    },

    /**
     * Makes the pending files of run `runId` live. `replaced` names the live files they supersede
     * ('all' for a full run, where every live file not kept is replaced); `ranges` moves the key
     * ranges of files the run did not rewrite. All of it happens in one transaction, after
     * `confirm` has checked, in that transaction, that the run still holds the lease: a run that
     * was overtaken changes nothing and its pending rows are dropped.
     */
    async activate(
      runId: number,
      replaced: { all: true; keep: string[] } | { all: false; names: string[] },
      {
        ranges = [],
        confirm,
      }: { ranges?: RangeChange[]; confirm: (trx: unknown) => Promise<boolean> }
    ) {
      const switched = await strapi.db.transaction(async ({ trx }) => {
        if (!(await confirm(trx))) return false;
        const live = (await files().findMany({
          select: ['id', 'name'],
          where: { state: 'live' },
        })) as Array<{ id: number; name: string }>;
        const names = new Set(replaced.all ? replaced.keep : replaced.names);
        const retired = live
          .filter((file) => names.has(file.name) !== replaced.all)
          .map((file) => file.id);
        for (const ids of chunksOf(retired)) {
          const data = { state: 'retired', retiredIn: runId, retiredAt: Date.now() };
          await files().updateMany({ where: { id: { $in: ids } }, data });
        }
        for (const { id, ...range } of ranges) await files().update({ where: { id }, data: range });
        await files().updateMany({ where: { state: 'pending', runId }, data: { state: 'live' } });
        return true;
      });
      if (!switched) {
        await this.discard(runId);
        throw new LostLeaseError();
      }
      serving.forgetLive();
      // A turn between the switch and the clean-up: on SQLite both run synchronously (utils/next-turn).
      await nextTurn();
      await this.purge(runId, confirm);
    },

    /**
     * Deletes rows retired a while ago, and pending rows of older runs (they failed, or were
     * overtaken) while this run still holds the lease, so no pending row of the lease holder goes.
     */
    async purge(currentRunId: number, confirm: (trx: unknown) => Promise<boolean>) {
      await strapi.db.transaction(async ({ trx }) => {
        const holding = await confirm(trx);
        const stale = (await files().findMany({
          select: ['id'],
          where: {
            $or: [
              {
                state: 'retired',
                retiredIn: { $lt: currentRunId },
                retiredAt: { $lt: Date.now() - RETIRED_GRACE_MS },
              },
              ...(holding ? [{ state: 'pending', runId: { $lt: currentRunId } }] : []),
            ],
          },
        })) as Array<{ id: number }>;
        await deleteRows(stale.map((row) => row.id));
      });
    },

    /** Drops the pending rows of a run that failed. */
    async discard(runId: number) {
      const pending = (await files().findMany({
        select: ['id'],
        where: { state: 'pending', runId },
      })) as Array<{ id: number }>;
      await deleteRows(pending.map((row) => row.id));
    },

    /** The live files by name, as the serving snapshot has them (serving-cache). */
    servedFiles(): Promise<Map<string, StoredFile>> {
      return serving.liveByName();
    },

    /** The live file of that name from the serving snapshot. */
    async findServed(name: string): Promise<StoredFile | null> {
      return (await this.servedFiles()).get(name) ?? null;
    },

    async findLive(name: string): Promise<StoredFile | null> {
      return (await files().findOne({ where: { name, state: 'live' } })) as StoredFile | null;
    },

    /** The live files, but the visitors' site map's leaves (their directories list them). */
    async listLive(): Promise<StoredFile[]> {
      return (await files().findMany({
        where: { state: 'live', format: { $ne: LEAF_FORMAT } },
        orderBy: [{ groupKey: 'asc' }, { id: 'asc' }],
      })) as StoredFile[];
    },

    /** The text of a leaf of the visitors' site map, by the id its directory gives. */
    async readLeafText(leaf: { id: number; name: string; parts: number }): Promise<string> {
      const bytes = await readCompressed(
        { id: leaf.id, name: leaf.name, partCount: leaf.parts },
        serving.leaves
      );
      return (await gunzipAsync(bytes)).toString('utf8');
    },

    /** When each type's live news series next changes by itself (its oldest entry leaving the window). */
    async newsExpiries(): Promise<Map<string, number>> {
      const rows = (await files().findMany({
        select: ['contentType', 'expiresAt'],
        where: { state: 'live', format: 'news', expiresAt: { $notNull: true } },
      })) as Array<{ contentType: string; expiresAt: number | string }>;
      const expiries = new Map<string, number>();
      for (const row of rows) expiries.set(row.contentType, Number(row.expiresAt));
      return expiries;
    },

    readCompressed,

    async readText(file: StoredFile): Promise<string> {
      return (await gunzipAsync(await readCompressed(file))).toString('utf8');
    },

    /**
     * The uncompressed bytes of a stored file as a stream, for a client that does not take gzip.
     * Up to 50 MB, slices of one shared copy (serving-cache); past that, the stored gzip
     * through zlib, which waits for its reader, so a request holds a few chunks, never the text.
     */
    async openText(file: StoredFile): Promise<Readable> {
      if (file.byteSize <= TEXT_CACHEABLE_BYTES) return serving.sharedSlices(file);
      // A failure reaches the reader as an error of the returned stream.
      return pipeline(Readable.from(compressedChunks(file)), createGunzip(), () => undefined);
    },

    /** A urlset's text twin (one URL a line), read off its XML as it streams: nothing stored or kept. */
    async openTextTwin(file: StoredFile): Promise<Readable> {
      return pipeline(await this.openText(file), new UrlsetTextStream(), () => undefined);
    },
  };
  return store;
};
