/**
 * Runs at most `count` tasks at a time; the others wait their turn in order. Fifteen lines where
 * p-limit, the maintained package, is ESM-only from its version 4 and this plugin loads as CommonJS.
 */
export function limitTo(count: number) {
  let running = 0;
  const waiting: Array<() => void> = [];
  return async <T>(task: () => Promise<T>): Promise<T> => {
    if (running >= count) await new Promise<void>((resolve) => waiting.push(resolve));
    running++;
    try {
      return await task();
    } finally {
      running--;
      waiting.shift()?.();
    }
  };
}
