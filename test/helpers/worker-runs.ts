/**
 * Full runs that say which types they wrote in the run's Worker (from its debug log line), and the
 * same run with the Worker turned off (`worker: false`), to compare the files both write.
 */
import type { Core } from '@strapi/strapi';
import { fetchSitemapSet } from './sitemap-http';

/** A manual full run, with the types it wrote in a Worker. */
export async function runLoggingWorkers(
  strapi: Core.Strapi
): Promise<{ result: any; inWorker: string[] }> {
  const debug = jest.spyOn(strapi.log, 'debug');
  try {
    const result = await strapi.plugin('sitemap').service('generator').generate('manual');
    const inWorker = debug.mock.calls
      .map(([message]) => /: (\S+) written in a Worker$/.exec(String(message))?.[1])
      .filter((uid): uid is string => Boolean(uid));
    return { result, inWorker };
  } finally {
    debug.mockRestore();
  }
}

/** `work` with the config's `worker: false`: every type on the main thread. */
export async function withoutWorker<T>(strapi: Core.Strapi, work: () => Promise<T>): Promise<T> {
  strapi.config.set('plugin::sitemap.worker', false);
  try {
    return await work();
  } finally {
    strapi.config.set('plugin::sitemap.worker', undefined);
  }
}

/** What the set serves: the index and each file's XML, by name. */
export async function servedSet(baseUrl: string) {
  const { indexXml, files } = await fetchSitemapSet(baseUrl);
  return { indexXml, files: Object.fromEntries(files.map((file) => [file.name, file.xml])) };
}

/** The findings a run counted, by rule. */
export async function findingCounts(strapi: Core.Strapi, runId: number) {
  const run = await strapi.db
    .query('plugin::sitemap.sitemap-run')
    .findOne({ where: { id: runId } });
  return run.report.validation.counts as Record<string, number>;
}
