/**
 * The run's Worker (a `worker_threads` Worker with its own heap limits, started by
 * services/generation/urlsets/worker-type): writes one type's urlsets from rows it reads on a
 * PostgreSQL connection of its own, so a full run's memory is bounded by the Worker's limits
 * whatever the site's size, and Strapi's event loop stays free for requests meanwhile.
 */
import { createRequire } from 'node:module';
import { parentPort, workerData } from 'node:worker_threads';
import { streamedRows } from '../core/reading/pg-stream';
import { UrlHashSet } from '../core/urls/url-hash-set';
import type { PgConnectionJob, ToWorker, TypeJob } from './protocol';
import { lowerThisThreadsPriority } from './thread-priority';
import { writeTypeFiles, type MainThread } from './type-files';

/** knex's quoting of the schemas it sets as the search path. */
const searchPathSql = (searchPath: string | string[]) =>
  `set search_path to ${[searchPath]
    .flat()
    .map((schema) => `"${schema.replace(/"/g, '""')}"`)
    .join(',')}`;

async function connect(job: PgConnectionJob) {
  const pg = createRequire(job.driverPath)(job.driverPath);
  const client = new pg.Client(job.settings);
  await client.connect();
  if (job.searchPath) await client.query(searchPathSql(job.searchPath));
  // The run's read is one statement for the whole type (core/reading/pg-stream): a timeout the
  // site sets for its requests would end it. This connection is the run's own.
  await client.query('SET statement_timeout = 0');
  return { client, types: pg.types, Query: pg.Query };
}

function mainThread(): MainThread {
  const port = parentPort!;
  const waiting: Array<() => void> = [];
  port.on('message', (message: ToWorker) => {
    if (message.kind === 'taken') waiting.shift()?.();
  });
  return {
    post: (message, transfer) => port.postMessage(message, transfer),
    taken: () => new Promise((resolve) => waiting.push(resolve)),
  };
}

async function run(job: TypeJob) {
  const main = mainThread();
  const { client, types, Query } = await connect(job.connection);
  try {
    const rows = streamedRows(client, Query, { ...job.read, types });
    const done = await writeTypeFiles(job, rows, main);
    main.post(done, UrlHashSet.buffers(done.seen));
  } finally {
    await client.end().catch(() => undefined);
  }
}

lowerThisThreadsPriority();
run(workerData as TypeJob).catch((error: Error) => {
  parentPort!.postMessage({ kind: 'failed', message: error.message, stack: error.stack });
});
