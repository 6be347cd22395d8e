/**
 * Sends the URLs a run changed to IndexNow, after the run has made them live, in the background:
 * never on an editor's path and never holding up the next run. Answers 429 and 5xx are tried again
 * with back-off (Retry-After when the server gives one); other answers are final, redirects
 * included (never followed). Unless the endpoint is the config file's, a host that resolves to a
 * private or local address is refused before anything is sent (utils/guarded-request). The last
 * pushes (time, host, URL count, answer) are kept in the plugin's store for the dashboard, so every
 * instance shows the same ones.
 */
import type { Core } from '@strapi/strapi';
import { DEFAULT_INDEXNOW_ENDPOINT } from '../../../../shared/indexnow-endpoints';
import {
  indexNowRequests,
  retriable,
  type IndexNowRequest,
} from '../../core/feeds/indexnow-protocol';
import type { IndexNowPush } from '../../../../shared/api-types';
import type { IndexNowSettings } from '../../../../shared/types';
import { PLUGIN_ID } from '../../uids';
import { getService } from '../../utils/get-service';
import { guardedRequest, RefusedAddressError, type Resolver } from '../../utils/guarded-request';

const STORE_KEY = 'indexnow-pushes';
const KEPT_PUSHES = 20;
const MAX_ATTEMPTS = 4;
const FIRST_RETRY_MS = 1_000;
const MAX_RETRY_MS = 60_000;
const REQUEST_TIMEOUT_MS = 30_000;

/** Milliseconds to wait before attempt `attempt + 1`: Retry-After when given (seconds), else doubling. */
function retryDelay(attempt: number, retryAfter: string | null) {
  const seconds = retryAfter === null ? NaN : Number(retryAfter);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.min(seconds * 1000, MAX_RETRY_MS);
  return Math.min(FIRST_RETRY_MS * 2 ** (attempt - 1), MAX_RETRY_MS);
}

export default ({ strapi }: { strapi: Core.Strapi }) => {
  const store = () => strapi.store({ type: 'plugin', name: PLUGIN_ID });
  const inFlight = new Set<Promise<unknown>>();
  const aborter = new AbortController();

  const wait = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      aborter.signal.addEventListener('abort', () => {
        clearTimeout(timer);
        resolve();
      });
    });

  /** Tests answer DNS themselves (a public endpoint's name resolving to this machine). */
  let resolve: Resolver | undefined;

  async function send(
    endpoint: string,
    trusted: boolean,
    request: IndexNowRequest
  ): Promise<IndexNowPush> {
    const push: IndexNowPush = {
      at: new Date().toISOString(),
      host: request.host,
      urlCount: request.urlList.length,
      status: null,
      attempts: 0,
    };
    while (push.attempts < MAX_ATTEMPTS && !aborter.signal.aborted) {
      push.attempts++;
      let retryAfter: string | null = null;
      try {
        const response = await guardedRequest(endpoint, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json; charset=utf-8' },
          body: JSON.stringify(request),
          trusted,
          timeoutMs: REQUEST_TIMEOUT_MS,
          signal: aborter.signal,
          resolve,
        });
        push.status = response.status;
        const header = response.headers['retry-after'];
        retryAfter = typeof header === 'string' ? header : null;
        if (response.status >= 200 && response.status < 300) {
          delete push.error;
          return push;
        }
        push.error = `answered ${response.status} ${response.statusText}`.trim();
        if (!retriable(response.status)) return push;
      } catch (error) {
        push.status = null;
        push.error = (error as Error).message;
        // Asking again would get the same refusal.
        if (error instanceof RefusedAddressError) return push;
      }
      if (push.attempts < MAX_ATTEMPTS) await wait(retryDelay(push.attempts, retryAfter));
    }
    return push;
  }

  async function remember(pushes: IndexNowPush[]) {
    const kept = ((await store().get({ key: STORE_KEY })) as IndexNowPush[] | null) ?? [];
    await store().set({ key: STORE_KEY, value: [...pushes, ...kept].slice(0, KEPT_PUSHES) });
  }

  async function pushAll(settings: IndexNowSettings, urls: string[]) {
    const endpoint = settings.endpoint || DEFAULT_INDEXNOW_ENDPOINT;
    // The site owner's endpoint (a local stand-in, an internal relay) may be anywhere.
    const configured = getService(strapi, 'settings').fileSettings().indexNow as
      | Partial<IndexNowSettings>
      | undefined;
    const trusted = Boolean(settings.endpoint) && configured?.endpoint === settings.endpoint;
    const pushes: IndexNowPush[] = [];
    for (const request of indexNowRequests(settings, urls)) {
      const push = await send(endpoint, trusted, request);
      pushes.push(push);
      if (push.error)
        strapi.log.warn(
          `[sitemap] IndexNow push of ${push.urlCount} URLs for ${push.host}: ${push.error}`
        );
    }
    if (pushes.length > 0 && !aborter.signal.aborted) await remember(pushes);
  }

  return {
    /** Pushes `urls` in the background; returns at once. */
    push(settings: IndexNowSettings | false | undefined, urls: Iterable<string>) {
      const list = [...urls];
      if (!settings || list.length === 0 || aborter.signal.aborted) return;
      const task = pushAll(settings, list).catch((error: Error) =>
        strapi.log.error(`[sitemap] IndexNow push failed: ${error.message}`)
      );
      inFlight.add(task);
      task.finally(() => inFlight.delete(task));
    },

    /** The last pushes, newest first. */
    async recent(): Promise<IndexNowPush[]> {
      return ((await store().get({ key: STORE_KEY })) as IndexNowPush[] | null) ?? [];
    },

    /** Answers the lookups of untrusted endpoints with `resolver` (tests), or DNS again (undefined). */
    resolveWith(resolver: Resolver | undefined) {
      resolve = resolver;
    },

    /** Pushes still being sent (tests wait for them). */
    async settled() {
      await Promise.allSettled([...inFlight]);
    },

    /** Stops retrying and waits for what is in flight (Strapi's destroy). */
    async stop() {
      aborter.abort();
      await Promise.allSettled([...inFlight]);
    },
  };
};
