import { ResponseShapeError } from '../../../admin/src/api/client';
import {
  describeQueryError,
  initialQueryState,
  queryReducer,
  type QueryState,
} from '../../../admin/src/utils/query-state';

const start = (state: QueryState<string>, key: string, request: number) =>
  queryReducer(state, { type: 'start', key, request });

describe('query state', () => {
  it('keeps the data shown while the same key is read again, and drops it for another key', () => {
    let state: QueryState<string> = start(initialQueryState, 'entry-a', 1);
    expect(state).toMatchObject({ key: 'entry-a', loading: true, data: null });
    state = queryReducer(state, { type: 'success', request: 1, data: 'status of a' });
    expect(state).toMatchObject({ data: 'status of a', loading: false, error: null });

    state = start(state, 'entry-a', 2);
    expect(state).toMatchObject({ data: 'status of a', loading: true });
    state = start(state, 'entry-b', 3);
    expect(state).toMatchObject({ key: 'entry-b', data: null, loading: true });
  });

  it('ignores the answer of a request a newer one replaced', () => {
    let state = start(initialQueryState, 'preview', 1);
    state = start(state, 'preview', 2);
    state = queryReducer(state, { type: 'success', request: 2, data: 'newer' });
    state = queryReducer(state, { type: 'success', request: 1, data: 'older' });
    expect(state.data).toBe('newer');
    state = queryReducer(state, { type: 'failure', request: 1, error: new Error('late failure') });
    expect(state.error).toBeNull();
  });

  it('keeps the last good data when a read fails, and clears the error on the next success', () => {
    let state = queryReducer(start(initialQueryState, 'status', 1), {
      type: 'success',
      request: 1,
      data: 'good',
    });
    const error = new Error('offline');
    state = queryReducer(start(state, 'status', 2), { type: 'failure', request: 2, error });
    expect(state).toMatchObject({ data: 'good', error, loading: false });
    state = queryReducer(start(state, 'status', 3), { type: 'success', request: 3, data: 'again' });
    expect(state).toMatchObject({ data: 'again', error: null });
  });

  it("tells a shape error's own words and leaves other failures to the page's message", () => {
    const shape = new ResponseShapeError('GET /sitemap/status', [
      'runs.0.startedAt: expected string',
    ]);
    expect(describeQueryError(shape)).toContain('GET /sitemap/status');
    expect(describeQueryError(shape)).toContain('runs.0.startedAt: expected string');
    expect(describeQueryError(new Error('Request failed with status 500'))).toBeNull();
  });
});
