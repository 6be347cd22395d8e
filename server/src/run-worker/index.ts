/**
 * The run's Worker (a `worker_threads` Worker with its own heap limits, started by
 * services/generation/urlsets/worker-type): writes one type's urlsets from rows it reads on a
 * database connection of its own (run-worker/connection), so a full run's memory is bounded by the
 * Worker's limits whatever the site's size, and Strapi's event loop stays free for requests
 * meanwhile.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { UrlHashSet } from '../core/urls/url-hash-set';
import { SlotPool } from './byte-ring';
import { openConnection } from './connection';
import type { ToWorker, WorkerStart } from './protocol';
import { readSqliteHalf } from './sqlite-reader';
import { lowerThisThreadsPriority } from './thread-priority';
import { writeTypeFiles, type BesideById, type MainThread } from './type-files';

/**
 * Bytes sent and not yet compressed the main thread may hold before the Worker waits: eight of
 * the ring's 256 KB slots, so zlib never runs dry and the Worker never gets far ahead.
 */
const BYTES_AHEAD = 2 * 1024 * 1024;

/**
 * The buffer of `bytes` to transfer, when it is theirs alone: a small Buffer shares Node's pool
 * (an ArrayBuffer of `Buffer.poolSize` bytes), which must stay here: those are copied.
 */
const ownBuffer = (bytes: Uint8Array) =>
  bytes.byteOffset === 0 && bytes.buffer.byteLength > Buffer.poolSize
    ? [bytes.buffer as ArrayBuffer]
    : [];

function mainThread(ring: SharedArrayBuffer): MainThread {
  const port = parentPort!;
  const slots = new SlotPool(ring);
  const taken: Array<() => void> = [];
  const besideAsked = new Map<number, (reads: BesideById) => void>();
  let lastRequest = 0;
  let ahead = 0;
  let caughtUp: (() => void) | null = null;
  port.on('message', (message: ToWorker) => {
    if (message.kind === 'taken') taken.shift()?.();
    else if (message.kind === 'consumed') {
      if (message.slot !== undefined) slots.give(message.slot);
      ahead -= message.bytes;
      if (ahead <= BYTES_AHEAD) caughtUp?.();
    } else if (message.kind === 'beside') {
      besideAsked.get(message.request)?.(new Map(message.reads));
      besideAsked.delete(message.request);
    }
  });
  return {
    post: (message, transfer) => port.postMessage(message, transfer),
    taken: () => new Promise((resolve) => taken.push(resolve)),
    beside(rowIds) {
      const request = ++lastRequest;
      port.postMessage({ kind: 'beside', request, rowIds });
      return new Promise((resolve) => besideAsked.set(request, resolve));
    },
    buffer: () => slots.take(),
    send(sink, part, bytes) {
      ahead += bytes.byteLength;
      const slot = slots.slotOf(bytes);
      if (slot === null) port.postMessage({ kind: 'bytes', sink, part, bytes }, ownBuffer(bytes));
      else port.postMessage({ kind: 'slot', sink, part, slot, length: bytes.byteLength });
    },
    caughtUp: () =>
      ahead <= BYTES_AHEAD
        ? Promise.resolve()
        : new Promise<void>((resolve) => {
            caughtUp = () => {
              caughtUp = null;
              resolve();
            };
          }),
  };
}

async function run(job: WorkerStart) {
  const main = mainThread(job.byteRing);
  const connection = await openConnection(job.connection);
  try {
    // SQLite's reading thread starts here and keeps Strapi's priority (a thread inherits its
    // creator's): a save on the main thread waits for the page it reads, which must not wait for
    // the CPU. Only the building gives way to Strapi.
    const rows = connection.rows(job.read);
    lowerThisThreadsPriority();
    const done = await writeTypeFiles(job, rows, main);
    main.post(done, UrlHashSet.buffers(done.seen));
  } finally {
    await connection.close();
  }
}

// The same script runs SQLite's reading thread (run-worker/sqlite-reader).
if (workerData.sqliteRead) readSqliteHalf(workerData.sqliteRead);
else
  run(workerData as WorkerStart).catch((error: Error) => {
    parentPort!.postMessage({ kind: 'failed', message: error.message, stack: error.stack });
  });
