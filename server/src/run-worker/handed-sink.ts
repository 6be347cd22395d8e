/**
 * A file's bytes handed to the main thread as they are written: the Worker turns its text into
 * UTF-8 in the slots of a shared ring (run-worker/byte-ring), 256 KB each, and hands each over
 * once full; the main thread compresses and hashes them
 * (services/generation/urlsets/worker-type). Compressing in the Worker kept it waiting: a zlib
 * stream needs its thread between two steps, and the Worker's is the run's busiest, so zlib
 * mostly worked while building waited for it. The main thread is free meanwhile: at 1M URLs on
 * PostgreSQL, runs of 11.3–15.7 s took 9.1–10.6 s, the two builds alternated (docs/performance.md).
 */
import { TextBytes } from '../core/files/gzip-file';
import type { DrainingSink } from '../core/files/urlset-series';
import { SLOT_BYTES } from './byte-ring';
import type { FilePart } from './protocol';

/** How the sinks reach the main thread. */
export interface ByteChannel {
  /** A buffer of SLOT_BYTES to write a part's next bytes into. */
  buffer(): Buffer;
  /** Sends bytes of a file's part, written in a buffer from `buffer()` or of their own. */
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
    const buffer = () => channel.buffer();
    this.xml = new TextBytes((bytes) => channel.send(id, 'xml', bytes), SLOT_BYTES, buffer);
    this.blockIndex = new TextBytes(
      (bytes) => channel.send(id, 'blockIndex', bytes),
      SLOT_BYTES,
      buffer
    );
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
