/**
 * The body of the `sitemap.updated` event (shared/ids WEBHOOK_EVENT): what a front end needs to
 * revalidate the pages a run changed and a CDN to purge the files it rewrote. URLs are capped per
 * kind (a hostname change on a large site changes every URL); the counts stay whole. Pure.
 */
import { SERVED_NAME } from '../files/file-names';
import type { ChangeKind, UrlChanges } from './url-changes';

/** URLs sent per kind: a webhook body stays well under a megabyte. */
export const EVENT_URLS_PER_KIND = 1000;

export interface UpdatedEvent {
  run: { id: number; trigger: string; scope: string };
  /** Public URLs of the files the run rewrote and of those it removed. */
  files: { rewritten: string[]; removed: string[] };
  /** Null when the run compared nothing: a first set, or a full run with no reader of changes. */
  urls: {
    counts: Record<ChangeKind, number>;
    added: string[];
    changed: string[];
    removed: string[];
    /** Some kind has more URLs than it lists. */
    truncated: boolean;
  } | null;
}

interface RunDone {
  id: number;
  trigger: string;
  scope: string;
  /** Where the files are served (the plan's public URL). */
  base: string;
  rewritten: readonly string[];
  /** Live files the switch retired (rewritten ones among them). */
  replaced: ReadonlySet<string>;
  changes: UrlChanges | null;
}

/** The event of a run that switched; null when it changed no file a client can fetch. */
export function updatedEvent(run: RunDone, perKind = EVENT_URLS_PER_KIND): UpdatedEvent | null {
  const served = (name: string) => SERVED_NAME.test(name);
  const rewritten = run.rewritten.filter(served);
  const again = new Set(rewritten);
  const removed = [...run.replaced].filter((name) => served(name) && !again.has(name));
  if (rewritten.length === 0 && removed.length === 0) return null;
  const { changes } = run;
  const url = (name: string) => `${run.base}/${name}`;
  const first = (kind: ChangeKind) => changes?.list(kind).slice(0, perKind) ?? [];
  return {
    run: { id: run.id, trigger: run.trigger, scope: run.scope },
    files: { rewritten: rewritten.map(url), removed: removed.map(url) },
    urls: changes && {
      counts: { ...changes.counts },
      added: first('added'),
      changed: first('changed'),
      removed: first('removed'),
      truncated: (['added', 'changed', 'removed'] as const).some(
        (kind) => changes.counts[kind] > perKind
      ),
    },
  };
}
