/**
 * What serving keeps in memory, each within a fixed budget whatever the site's size: the gzip bytes
 * of recently read files, the visitors' site map's leaves apart, one uncompressed copy of a file
 * shared by every client that does not take gzip, and the snapshot of the live files by name.
 * The file store reads through it; nothing here queries the database itself.
 */
import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';
import { ByteCache } from '../../core/files/byte-cache';

const gunzipAsync = promisify(gunzip);

/** Rows are immutable, so a row's id is the cache key. */
const CACHE_BYTES = 64 * 1024 * 1024;
/** Larger files are never cached: served from their parts, one part in memory at a time. */
export const CACHEABLE_BYTES = CACHE_BYTES / 4;
/**
 * The leaves of the visitors' site map are many (thousands at a million pages) and read by id
 * through their listing's directory: cached apart in a few MB (a leaf of 2,000 links is about
 * 40 KB of gzip), so a burst of site-map requests does not push sitemap files out of their cache
 * nor grow the process by more than that.
 */
const LEAF_CACHE_BYTES = 4 * 1024 * 1024;
/**
 * Uncompressed text kept for clients that do not take gzip, one copy shared by every request: a
 * gunzip per request allocated the whole text again each time, and with 200 concurrent GETs of a
 * 50,000-URL file the peak RSS depended on when V8 collected (45 to 870 MB above idle, measured).
 * Up to a protocol-size file (50 MB); a larger one is streamed through zlib.
 */
const TEXT_CACHE_BYTES = 64 * 1024 * 1024;
export const TEXT_CACHEABLE_BYTES = 52_428_800;
/** Slices handed to the socket: views of the shared text, nothing copied. */
const TEXT_SLICE_BYTES = 64 * 1024;
/**
 * Serving reads the list of live files at most this often per instance, as one snapshot: requests
 * never query the database for metadata, and each snapshot is one consistent set. A switch made by
 * this instance is seen at once; one made by another instance within this delay.
 */
const LIVE_SNAPSHOT_MS = 1_000;

export class ServingCache<File extends { id: number; name: string }> {
  readonly compressed = new ByteCache(CACHE_BYTES, CACHEABLE_BYTES);
  readonly leaves = new ByteCache(LEAF_CACHE_BYTES, LEAF_CACHE_BYTES / 4);
  private readonly texts = new ByteCache(TEXT_CACHE_BYTES, TEXT_CACHEABLE_BYTES);
  /** Texts being decompressed: concurrent requests for a file not yet cached wait for one. */
  private readonly inflating = new Map<number, Promise<Buffer>>();
  private snapshot: { at: number; files: Promise<Map<string, File>> } | null = null;

  /** `listLive` reads the live files; `readCompressed` a file's gzip bytes. */
  constructor(
    private readonly listLive: () => Promise<File[]>,
    private readonly readCompressed: (file: File) => Promise<Buffer>
  ) {}

  /** The live files by name, as the snapshot has them (see LIVE_SNAPSHOT_MS). */
  liveByName(): Promise<Map<string, File>> {
    if (!this.snapshot || Date.now() - this.snapshot.at > LIVE_SNAPSHOT_MS) {
      const files = this.listLive().then((rows) => new Map(rows.map((row) => [row.name, row])));
      this.snapshot = { at: Date.now(), files };
      files.catch(() => {
        if (this.snapshot?.files === files) this.snapshot = null;
      });
    }
    return this.snapshot.files;
  }

  /** This instance switched the live set: the next request reads it again. */
  forgetLive() {
    this.snapshot = null;
  }

  /** A file's uncompressed bytes as slices of the one copy every request shares. */
  async sharedSlices(file: File): Promise<Readable> {
    const text = await this.sharedText(file);
    return Readable.from(
      (function* slices() {
        for (let at = 0; at < text.length; at += TEXT_SLICE_BYTES)
          yield text.subarray(at, at + TEXT_SLICE_BYTES);
      })(),
      { objectMode: false }
    );
  }

  private sharedText(file: File): Promise<Buffer> {
    const cached = this.texts.get(file.id);
    if (cached) return Promise.resolve(cached);
    let pending = this.inflating.get(file.id);
    if (!pending) {
      pending = (async () => {
        const text = await gunzipAsync(await this.readCompressed(file));
        this.texts.set(file.id, text);
        return text;
      })().finally(() => this.inflating.delete(file.id));
      this.inflating.set(file.id, pending);
    }
    return pending;
  }
}
