/** How long the worker waits before it tries a failing run again: 1 min, doubling, at most 1 h. */
export const FIRST_RETRY_MS = 60_000;
export const MAX_RETRY_MS = 60 * 60_000;

/** The wait after the `failures`-th failure in a row (1 for the first); a success resets the count. */
export function retryDelayMs(failures: number): number {
  if (!Number.isFinite(failures) || failures < 1) return FIRST_RETRY_MS;
  // Capped before the power: 2 ** 1000 is not a useful number of milliseconds.
  const doublings = Math.min(
    Math.floor(failures) - 1,
    Math.ceil(Math.log2(MAX_RETRY_MS / FIRST_RETRY_MS))
  );
  return Math.min(FIRST_RETRY_MS * 2 ** doublings, MAX_RETRY_MS);
}
