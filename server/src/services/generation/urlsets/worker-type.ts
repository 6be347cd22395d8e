/**
 * A type's urlsets written in a `worker_threads` Worker (run-worker/): it reads the rows on a
 * connection of its own (on SQLite a thread of its own reads the file in short pages) and builds
 * and checks the files; this thread compresses their bytes as they come (zlib works beside both
 * threads) and stores each file once closed.
 * The Worker's heap limits bound a full run's memory whatever the site's size (on the main thread
 * V8's own heuristics decided it: docs/performance.md), and Strapi's event loop only compresses
 * and stores meanwhile.
 *
 * What goes there: a whole type read in SQL, from a database a second connection can reach (not an
 * in-memory SQLite), with no URL hook or output reading its documents, and no comparison with the
 * live files. What the query engine reads beside its rows (images, video, the SEO component: media
 * and components the joined SQL does not follow; which sites list a row, by their filters) this
 * thread reads when the Worker asks, a few fields of a thousand rows at a time. Anything else is
 * written on the main thread as before.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { URL_EXTENSIONS } from '../../../core/extensions';
import { GzipFileSink } from '../../../core/files/gzip-file';
import { UrlHashSet } from '../../../core/urls/url-hash-set';
import { newByteRing, slotBytes } from '../../../run-worker/byte-ring';
import type {
  ConnectionJob,
  FromWorker,
  ToWorker,
  TypeJob,
  WorkerStart,
} from '../../../run-worker/protocol';
import { readBeside, readsBeside, wholeTypeRead } from '../../reading/entry-source';
import { LostLeaseError } from '../../store/file-store';
import { getService } from '../../../utils/get-service';
import type { Run } from '../run-state';
import { xslHrefOf } from './urlset-files';
import type { FreshGroups } from './whole-type';

/**
 * The Worker's heap: what it holds is small (a batch of rows, a file's text), so what its limits
 * bound is garbage. On PostgreSQL (docs/performance.md) 64 MB of old generation kept memory near
 * flat in the site's size (128 MB grew with it: 2026-12-03). The young generation, where a run's
 * garbage dies, at 32 MB: once the Worker no longer compressed, alternated runs at 1M took 8.3-9.0 s
 * against 9.1-10.4 s at 16 MB, for 15-20 MB more at the peak (2026-12-04; issue 24).
 */
const WORKER_LIMITS = { maxOldGenerationSizeMb: 64, maxYoungGenerationSizeMb: 32 };

/** Rows per batch of the read (as the main thread's read). */
const BATCH_SIZE = 1000;
/**
 * Row ids per slice of SQLite's copy: a save waits for the slice being read (its read lock).
 * At 1M URLs, slices of 5,000 ids held the file 3.4–4.4 ms at the longest, 20,000 ids 11.7 ms
 * (2026-12-06); keyset pages of 250 rows, read before, up to 21 ms.
 */
const SQLITE_SLICE_IDS = 5000;

/** The Worker's script, beside the server bundle (dist/run-worker); absent when running from source. */
function workerScript(): string | null {
  if (typeof __dirname === 'undefined') return null;
  const script = path.resolve(__dirname, '../run-worker/index.js');
  return fs.existsSync(script) ? script : null;
}

/** The driver Strapi's pool uses, by dialect: the databases whose Worker reads on its own connection. */
const DRIVERS: Record<ConnectionJob['client'], string> = {
  postgres: 'pg',
  mysql: 'mysql2',
  sqlite: 'better-sqlite3',
};
const hasDriver = (dialect: string): dialect is ConnectionJob['client'] =>
  Object.keys(DRIVERS).includes(dialect);

type Settings = Record<string, unknown>;

/** What of the pool's settings the Worker connects with, by dialect; null if it cannot connect. */
const HANDED_SETTINGS: Record<ConnectionJob['client'], (settings: Settings) => Settings | null> = {
  postgres: (settings) => settings,
  // Strapi's MySQL dialect sets a type cast, a function: the Worker gives its own equivalent.
  mysql: ({ typeCast: _dialectsOwn, ...settings }) => settings,
  // A file a second connection can open: not an in-memory database.
  sqlite: ({ filename }) =>
    typeof filename === 'string' && filename !== '' && !filename.startsWith(':memory:')
      ? { filename: path.resolve(filename) }
      : null,
};

/** How the Worker connects as Strapi's pool does, with the same driver; null if it cannot. */
function workerConnection(run: Run): ConnectionJob | null {
  const { strapi } = run;
  const dialect = strapi.db.dialect.client;
  if (!hasDriver(dialect)) return null;
  const client = (strapi.db.connection as any).client;
  const settings = HANDED_SETTINGS[dialect](client.connectionSettings);
  if (!settings) return null;
  let driverPath: string;
  try {
    driverPath = require.resolve(DRIVERS[dialect], {
      paths: [strapi.dirs.app.root, process.cwd()],
    });
  } catch {
    return null;
  }
  const job = { client: dialect, driverPath, settings, searchPath: client.searchPath ?? undefined };
  try {
    // Settings with functions (an ssl callback, a password function) cannot be handed over.
    structuredClone(job);
  } catch {
    return null;
  }
  return job;
}

/** The Worker's job for `uid`, or null when the type is written on the main thread. */
export async function workerJobFor(run: Run, uid: string): Promise<TypeJob | null> {
  const { strapi } = run;
  if (run.changes) return null;
  if (!getService(strapi, 'settings').workerEnabled()) return null;
  const builtIn =
    run.plan.extensions.length === URL_EXTENSIONS.length &&
    run.plan.extensions.every((extension) => URL_EXTENSIONS.includes(extension));
  const { plan, query } = run.plan.types.get(uid)!;
  if (!builtIn) return null;
  if (getService(strapi, 'hooks').hasUrlHooks()) return null;
  const script = workerScript();
  const read = wholeTypeRead(strapi, query, SQLITE_SLICE_IDS);
  const connection = script && read ? workerConnection(run) : null;
  if (!connection || !read) return null;
  return {
    contentType: uid,
    plan: {
      ...plan,
      extensions: plan.extensions.map(({ extension, compiled }) => ({
        name: extension.name,
        compiled,
      })),
    },
    settings: run.plan.settings,
    now: run.now,
    excluded: await getService(strapi, 'exclusions').keysFor(uid),
    limits: run.plan.settings.limits,
    xslHref: xslHrefOf(run),
    read: { ...read, batchSize: BATCH_SIZE },
    connection,
    asksBeside: readsBeside(query),
    seen: run.seen.state(),
  };
}

/** What the query engine reads beside the rows the Worker names, read on this thread. */
async function answerBeside(
  run: Run,
  uid: string,
  { request, rowIds }: Extract<FromWorker, { kind: 'beside' }>
): Promise<ToWorker> {
  const reads = await readBeside(run.strapi, run.plan.types.get(uid)!.query, rowIds);
  return { kind: 'beside', request, reads: [...reads] };
}

/** Bytes that crossed from the Worker (a Uint8Array) as a Buffer. */
const asBuffer = (bytes: Uint8Array) =>
  Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/** How often the run's owner is asked whether to stop, while the Worker works. */
const STOP_CHECK_MS = 250;

/** Runs `job` in a Worker, saving its files into `groups`; the run's duplicate set comes back. */
export async function writeTypeInWorker(run: Run, job: TypeJob, groups: FreshGroups) {
  run.strapi.log.debug(`[sitemap] run ${run.id}: ${job.contentType} written in a Worker`);
  const byteRing = newByteRing();
  const worker = new Worker(workerScript()!, {
    workerData: { ...job, byteRing } satisfies WorkerStart,
    transferList: UrlHashSet.buffers(job.seen),
    resourceLimits: WORKER_LIMITS,
  });
  // The set's tables now belong to the Worker until it hands them back.
  let handedBack = false;
  // The files the Worker is writing, compressed here as their bytes come.
  const sinks = new Map<number, GzipFileSink>();
  const sinkOf = (id: number) => {
    let sink = sinks.get(id);
    if (!sink) sinks.set(id, (sink = new GzipFileSink()));
    return sink;
  };
  let handled: Promise<void> = Promise.resolve();
  try {
    await run.clock.during(
      'other',
      () =>
        new Promise<void>((resolve, reject) => {
          const fail = (error: Error) => {
            clearInterval(stopCheck);
            reject(error);
          };
          const stopCheck = setInterval(() => {
            if (run.control.stopping()) fail(new Error('Strapi is shutting down'));
            else if (run.hold.lost) fail(new LostLeaseError());
          }, STOP_CHECK_MS);
          worker.on('error', (error: Error & { code?: string }) =>
            fail(
              error.code === 'ERR_WORKER_OUT_OF_MEMORY'
                ? new Error(
                    `${job.contentType}: the run's Worker needed more than its ${WORKER_LIMITS.maxOldGenerationSizeMb} MB heap; with \`worker: false\` in config/plugins, runs write every type on the main thread`
                  )
                : error
            )
          );
          worker.on('exit', (code) =>
            fail(new Error(`the run's Worker stopped (exit code ${code})`))
          );
          worker.on('message', (message: FromWorker) => {
            // Read at once, beside the files being saved: the Worker waits for it.
            if (message.kind === 'beside') {
              answerBeside(run, job.contentType, message)
                .then((answer) => worker.postMessage(answer))
                .catch(fail);
              return;
            }
            // Bytes go to zlib at once, beside any save; the Worker learns when they are consumed.
            if (message.kind === 'bytes' || message.kind === 'slot') {
              const inRing = message.kind === 'slot';
              const bytes = inRing
                ? slotBytes(byteRing, message.slot, message.length)
                : asBuffer(message.bytes);
              const slot = inRing ? message.slot : undefined;
              sinkOf(message.sink)[message.part].writeBytes(bytes, () =>
                worker.postMessage({ kind: 'consumed', bytes: bytes.length, slot })
              );
              return;
            }
            // Other messages one at a time, in order: a file's save must start before the next file's.
            handled = handled
              .then(async () => {
                if (message.kind === 'file') {
                  const file = { ...message.file, sink: sinkOf(message.sink) };
                  sinks.delete(message.sink);
                  await groups.saveWritten(message.groupKey, file, message.isLast);
                  worker.postMessage({ kind: 'taken' });
                } else if (message.kind === 'progress') run.control.countUrls(message.urls);
                else if (message.kind === 'done') {
                  run.seen = new UrlHashSet(message.seen);
                  handedBack = true;
                  run.report.merge(message.report);
                  for (const priority of message.priorities) run.files.priorities.add(priority);
                  run.clock.absorb(message.phases);
                  clearInterval(stopCheck);
                  resolve();
                } else fail(Object.assign(new Error(message.message), { stack: message.stack }));
              })
              .catch(fail);
          });
        })
    );
  } finally {
    await worker.terminate();
    for (const sink of sinks.values()) sink.destroy();
    // The run fails without them; an empty set, not detached tables, for anything after.
    if (!handedBack) {
      UrlHashSet.dispose(job.seen);
      run.seen = UrlHashSet.spilling();
    }
  }
}
