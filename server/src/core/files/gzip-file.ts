/**
 * Compresses a file while it is being written: chunks go through gzip (zlib works on libuv's
 * thread pool, beside the main thread) and into a SHA-1 for the ETag, so neither the whole text
 * nor a copy of it is ever held. Only the compressed bytes are kept, to be stored.
 */
import { createHash, type Hash } from 'node:crypto';
import { once } from 'node:events';
import { constants, createGzip, type Gzip } from 'node:zlib';
import type { FileSink } from './urlset-writer';

/** What the store needs of a file's content: its gzip bytes, ETag and uncompressed size. */
export interface CompressedBody {
  /** The gzip bytes as zlib handed them out, not joined (core/files/base64-parts). */
  compressed: Buffer[];
  etag: string;
  byteSize: number;
}

/** The ETag of a content: it depends on the bytes only, so an unchanged file keeps its ETag. */
export const etagOf = (content: string | Buffer) =>
  createHash('sha1').update(content).digest('base64url').slice(0, 27);

/**
 * Bytes gathered before zlib and the hash get them: few calls into either. Writers hand over small
 * strings (a block of a urlset) as soon as they are made; copying a young string's bytes is cheap.
 */
const BUFFER_BYTES = 64 * 1024;
/** UTF-8 takes at most three bytes per UTF-16 unit. */
const MAX_UTF8_PER_UNIT = 3;

/**
 * Text turned into UTF-8 in buffers (64 KB unless told), each handed on whole once full (or
 * flushed): a fresh buffer each time (`allocate`'s, a new one unless told), so the one handed on
 * is its taker's (zlib keeps it; a Worker transfers it, or hands over its slot: run-worker/byte-ring).
 */
export class TextBytes {
  /** Taken at the first write after a flush: a part written seldom holds none between. */
  private buffer: Buffer | null = null;
  private used = 0;

  constructor(
    private readonly onBytes: (bytes: Buffer) => void,
    private readonly size = BUFFER_BYTES,
    private readonly allocate: () => Buffer = () => Buffer.allocUnsafe(size)
  ) {}

  write(text: string) {
    if (text.length === 0) return;
    const most = text.length * MAX_UTF8_PER_UNIT;
    if (this.used + most > this.size) {
      this.flush();
      if (most > this.size) {
        this.onBytes(Buffer.from(text, 'utf8'));
        return;
      }
    }
    this.buffer ??= this.allocate();
    this.used += this.buffer.write(text, this.used);
  }

  /** Hands on what is gathered, if anything; the next write takes a new buffer. */
  flush() {
    if (this.used === 0) return;
    const bytes = this.buffer!.subarray(0, this.used);
    this.buffer = null;
    this.used = 0;
    this.onBytes(bytes);
  }
}

export class GzipStream {
  private readonly gzip: Gzip;
  private readonly hash: Hash = createHash('sha1');
  private readonly chunks: Buffer[] = [];
  private readonly ended: Promise<unknown>;
  private readonly text = new TextBytes((bytes) => this.writeBytes(bytes));
  private byteSize = 0;
  private full = false;

  constructor(level: number = constants.Z_DEFAULT_COMPRESSION) {
    this.gzip = createGzip({ level });
    this.gzip.on('data', (chunk: Buffer) => this.chunks.push(chunk));
    this.ended = once(this.gzip, 'end');
    // Surfaces through `ended` or `drained`; without a listener an error would be thrown at the process.
    this.ended.catch(() => undefined);
  }

  write(text: string) {
    this.text.write(text);
  }

  /** Bytes as they are, after any text written before; `consumed` is called once zlib has them. */
  writeBytes(bytes: Buffer, consumed?: () => void) {
    this.hash.update(bytes);
    this.byteSize += bytes.length;
    if (!this.gzip.write(bytes, consumed)) this.full = true;
  }

  /** Resolves once zlib has taken what it was given, so a fast writer does not pile up input. */
  async drained() {
    if (!this.full) return;
    this.full = false;
    if (this.gzip.writableNeedDrain) await once(this.gzip, 'drain');
  }

  async finish(): Promise<CompressedBody> {
    this.text.flush();
    this.gzip.end();
    await this.ended;
    return {
      compressed: this.chunks,
      etag: this.hash.digest('base64url').slice(0, 27),
      byteSize: this.byteSize,
    };
  }

  /** Drops what it holds (a file abandoned by a failed run). */
  destroy() {
    this.gzip.destroy();
  }
}

/**
 * The level of the urlsets crawlers fetch: the fastest. On a 50,000-URL file zlib's level 1 took
 * 31–37 ms against 66–88 ms at the default 6, for a file 1.5% (random slugs) to 15% (slugs of
 * words) bigger; in a 100,000-URL full run on SQLite the compressing phase went from 0.40–0.51 s to
 * 0.25–0.29 s (docs/performance.md). A crawler downloads a few hundred KB more; a run waits less.
 */
export const URLSET_GZIP_LEVEL = constants.Z_BEST_SPEED;

/**
 * A urlset and its block index, each compressed as it is written, both at the fastest level (the
 * block index is never served). Its text twin is not stored: it is read off the XML when asked
 * (core/files/urlset-text); writing it cost a tenth of a full run at a million URLs.
 */
export class GzipFileSink implements FileSink {
  readonly xml = new GzipStream(URLSET_GZIP_LEVEL);
  readonly blockIndex = new GzipStream(constants.Z_BEST_SPEED);

  write(xml: string, blockIndex: string) {
    this.xml.write(xml);
    this.blockIndex.write(blockIndex);
  }

  async drained() {
    await Promise.all([this.xml.drained(), this.blockIndex.drained()]);
  }

  async finish() {
    const [xml, blockIndex] = await Promise.all([this.xml.finish(), this.blockIndex.finish()]);
    return { xml, blockIndex };
  }

  destroy() {
    this.xml.destroy();
    this.blockIndex.destroy();
  }
}
