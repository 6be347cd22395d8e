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
/**
 * Files hold 10,000 URLs unless set otherwise: a publish rewrites the one file that holds the
 * document (decompress, splice, compress, store), so its cost grows with the file. On PostgreSQL
 * at 100,000 URLs a publish took 0.9 s of run with 50,000-URL files (see README, Performance).
 * WordPress core writes 2,000 per file, Yoast 1,000: crawlers read many small files as readily.
 */
export const DEFAULT_LIMITS = { urlsPerFile: 10_000, bytesPerFile: PROTOCOL_LIMITS.bytesPerFile };
/** The smallest byte limit that still holds a file frame and one ordinary URL. */
export const MIN_BYTES_PER_FILE = 1024;
export const MAX_DEBOUNCE_MS = 10 * 60_000;
