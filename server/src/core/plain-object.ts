/** The one shape check every settings parser starts with: a JSON object, not null or an array. Pure. */
export const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
