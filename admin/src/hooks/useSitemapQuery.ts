import * as React from 'react';
import { initialQueryState, queryReducer, type QueryState } from '../utils/query-state';

interface QueryOptions<T> {
  /** While this holds for the data shown, read again `pollMs` after each answer. */
  pollWhile?: (data: T | null) => boolean;
  pollMs?: number;
  /** A value whose change reads again without dropping the data shown (an entry saved, a change written). */
  refresh?: unknown;
}

let lastRequest = 0;

/**
 * One server read for a page: fetched when `key` changes (null: not now), again on `refresh`, on
 * `reload()`, and every `pollMs` while `pollWhile` holds. The previous request is aborted when a new one starts and on unmount.
 * `fetcher` must be memoized (useCallback over the client of useSitemapApi): a new one reads again.
 */
export function useSitemapQuery<T>(
  key: string | null,
  fetcher: (signal: AbortSignal) => Promise<T>,
  { pollWhile, pollMs = 2_000, refresh }: QueryOptions<T> = {}
) {
  const [state, dispatch] = React.useReducer(queryReducer<T>, initialQueryState as QueryState<T>);
  const [round, setRound] = React.useState(0);
  // Callers of reload() wait for the request their reload starts.
  const reloadWaiters = React.useRef<Array<() => void>>([]);

  React.useEffect(() => {
    if (key === null) return undefined;
    const controller = new AbortController();
    const request = ++lastRequest;
    const waiters = reloadWaiters.current.splice(0);
    dispatch({ type: 'start', key, request });
    fetcher(controller.signal)
      .then(
        (data) => dispatch({ type: 'success', request, data }),
        (error: unknown) => {
          if (!controller.signal.aborted) dispatch({ type: 'failure', request, error });
        }
      )
      .finally(() => waiters.forEach((resolve) => resolve()));
    return () => controller.abort();
  }, [key, fetcher, round, refresh]);

  const polling = key !== null && !state.loading && Boolean(pollWhile?.(state.data));
  React.useEffect(() => {
    if (!polling) return undefined;
    const timer = setTimeout(() => setRound((current) => current + 1), pollMs);
    return () => clearTimeout(timer);
  }, [polling, pollMs]);

  const reload = React.useCallback(
    () =>
      new Promise<void>((resolve) => {
        reloadWaiters.current.push(resolve);
        setRound((current) => current + 1);
      }),
    []
  );

  return { data: state.data, error: state.error, loading: state.loading, reload };
}
