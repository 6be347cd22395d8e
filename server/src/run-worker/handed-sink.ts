/**
 * A file's bytes handed to the main thread as they are written: the Worker turns its text into
 * UTF-8 and transfers each 256 KB buffer; the main thread compresses and hashes them
 * (services/generation/urlsets/worker-type). Compressing in the Worker kept it waiting: a zlib
 * stream needs its thread between two steps, and the Worker's is the run's busiest, so zlib
 * mostly worked while building waited for it. The main thread is free meanwhile: at 1M URLs on
 * PostgreSQL, runs of 11.3–15.7 s took 9.1–10.6 s, the two builds alternated (docs/performance.md).
 */
import { TextBytes } from '../core/files/gzip-file';
import type { DrainingSink } from '../core/files/urlset-series';
import type { FilePart } from './protocol';

/** Bytes per message: fewer messages than zlib's 64 KB steps (each costs the Worker tens of µs). */
const SEND_BYTES = 256 * 1024;

/** How the sinks reach the main thread. */
export interface ByteChannel {
  /** Sends bytes of a file's part, transferred. */
  send(sink: number, part: FilePart, bytes: Buffer): void;
  /** Resolves once the main thread has compressed all but its allowance of the bytes sent. */
  caughtUp(): Promise<void>;
}

export class HandedFileSink implements DrainingSink {
  private readonly xml: TextBytes;
  private readonly blockIndex: TextBytes;

  constructor(
    readonly id: number,
    private readonly channel: ByteChannel
  ) {
    this.xml = new TextBytes((bytes) => channel.send(id, 'xml', bytes), SEND_BYTES);
    this.blockIndex = new TextBytes((bytes) => channel.send(id, 'blockIndex', bytes), SEND_BYTES);
  }

  write(xml: string, blockIndex: string) {
    this.xml.write(xml);
    this.blockIndex.write(blockIndex);
  }

  drained() {
    return this.channel.caughtUp();
  }

  /** Sends the last bytes: the file is the main thread's to finish. */
  end() {
    this.xml.flush();
    this.blockIndex.flush();
  }
}
