/**
 * Protocol values and setting bounds, without dependencies: the server's validator and the admin's
 * settings form (which bundles this file) share them.
 */
import type { Changefreq } from './types';

export const CHANGEFREQS: Changefreq[] = [
  'always',
  'hourly',
  'daily',
  'weekly',
  'monthly',
  'yearly',
  'never',
];
export const PROTOCOL_LIMITS = { urlsPerFile: 50_000, bytesPerFile: 52_428_800 };
/** The smallest byte limit that still holds a file frame and one ordinary URL. */
export const MIN_BYTES_PER_FILE = 1024;
export const MAX_DEBOUNCE_MS = 10 * 60_000;
