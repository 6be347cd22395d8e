/**
 * Resolves on the event loop's next turn, after timers and I/O waiting now. On SQLite every
 * statement runs synchronously, so a chain of awaited queries never lets the loop go on its own:
 * a run's closing steps (the index, the switch, the clean-up) held it 57–65 ms in one piece at
 * 1M and 3M URLs (2026-12-07, docs/performance.md). Awaited between such steps, each holds it alone.
 */
export const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));
