/**
 * The `worker` option of config/plugins (config file only): full runs write a large type's urlsets
 * in a `worker_threads` Worker with its own heap limits and database connection (on SQLite, a
 * thread reading the file; services/generation/urlsets/worker-type says when). `worker: false` keeps every run on Strapi's
 * main thread, as before.
 */
import type { FieldError } from '../../../../shared/types';

export function workerOption(option: unknown): { enabled: boolean; errors: FieldError[] } {
  if (option === undefined) return { enabled: true, errors: [] };
  if (typeof option === 'boolean') return { enabled: option, errors: [] };
  return { enabled: true, errors: [{ path: ['worker'], message: 'must be true or false' }] };
}
