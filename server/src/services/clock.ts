/**
 * The time runs and the news timer read. Tests move it forward (a news entry ageing out of its
 * 48 hours) instead of waiting; nothing else ever sets it.
 */
export default () => ({
  now: (): number => Date.now(),
});
