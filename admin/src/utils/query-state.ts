/**
 * The state of one server read as useSitemapQuery keeps it (pure, unit-tested). Each request has an id:
 * only the newest one's answer is kept, so a slow answer never overwrites a newer one. A new key (another
 * entry, another type) drops the previous data; polling and reloads under the same key keep it while they run.
 */
import { ResponseShapeError } from '../api/client';

export interface QueryState<T> {
  key: string | null;
  request: number;
  data: T | null;
  error: unknown;
  loading: boolean;
}

export type QueryAction<T> =
  | { type: 'start'; key: string; request: number }
  | { type: 'success'; request: number; data: T }
  | { type: 'failure'; request: number; error: unknown };

export const initialQueryState: QueryState<never> = {
  key: null,
  request: 0,
  data: null,
  error: null,
  loading: false,
};

export function queryReducer<T>(state: QueryState<T>, action: QueryAction<T>): QueryState<T> {
  switch (action.type) {
    case 'start':
      return action.key === state.key
        ? { ...state, request: action.request, loading: true }
        : { key: action.key, request: action.request, data: null, error: null, loading: true };
    case 'success':
      return action.request === state.request
        ? { ...state, data: action.data, error: null, loading: false }
        : state;
    case 'failure':
      // The last good answer stays on screen: a poll that fails once does not blank the page.
      return action.request === state.request
        ? { ...state, error: action.error, loading: false }
        : state;
  }
}

/** What to tell the admin about a failed read: the shape error's own words, or null for the page's generic message. */
export const describeQueryError = (error: unknown): string | null =>
  error instanceof ResponseShapeError ? error.message : null;
