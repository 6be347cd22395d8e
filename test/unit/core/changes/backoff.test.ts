import {
  FIRST_RETRY_MS,
  MAX_RETRY_MS,
  retryDelayMs,
} from '../../../../server/src/core/changes/backoff';

const MINUTE = 60_000;

describe('retryDelayMs', () => {
  it('starts at one minute and doubles with each failure in a row', () => {
    expect([1, 2, 3, 4, 5, 6].map(retryDelayMs)).toEqual(
      [1, 2, 4, 8, 16, 32].map((minutes) => minutes * MINUTE)
    );
  });

  it('stays at one hour from the seventh failure on', () => {
    expect(retryDelayMs(7)).toBe(60 * MINUTE);
    expect(retryDelayMs(100)).toBe(MAX_RETRY_MS);
    expect(retryDelayMs(1e9)).toBe(MAX_RETRY_MS);
  });

  it('reads a count below one or not a number as the first failure', () => {
    for (const failures of [0, -3, Number.NaN, Number.POSITIVE_INFINITY])
      expect(retryDelayMs(failures)).toBe(FIRST_RETRY_MS);
  });
});
