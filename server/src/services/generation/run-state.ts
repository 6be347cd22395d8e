/**
 * What one run holds: the plan it runs on, its report and duplicate check, the files it writes (and
 * the live ones it replaces), the URL changes when an output asks for them, and its outputs, each
 * keeping its own state (outputs/). The urlsets' reads (urlsets/) and every output write through it.
 */
import type { Core } from '@strapi/strapi';
import type { RangeChange } from '../../core/files/file-layout';
import { UrlHashSet } from '../../core/urls/url-hash-set';
import type { UrlChanges } from '../../core/urls/url-changes';
import { ValidationReport } from '../../core/urls/url-checks';
import { PhaseClock } from '../../core/runs/phase-clock';
import type { SitemapPlan } from '../../core/plan/compile';
import type { FileToStore } from '../store/file-store';
import type { LeaseHold } from '../store/lease';
import type { RunOutput } from './outputs/output';
import { getService } from '../../utils/get-service';
import type { RunTrigger } from '../../../../shared/api-types';

export type RunScope =
  | { kind: 'full' }
  | { kind: 'types'; uids: string[] }
  | { kind: 'documents'; byType: Record<string, string[]> };

/** How the run's owner follows it: whether to stop, and URLs added (for progress). */
export interface RunControl {
  stopping(): boolean;
  countUrls(count: number): void;
}

/** What the index needs of a file, whether it was just written or is live and unchanged. */
export interface IndexedFile {
  name: string;
  groupKey: string;
  /** The type whose URLs the file holds; null for the custom URLs. */
  contentType: string | null;
  /** `urlset`, or `news` for a file of a type's news series. */
  format: 'urlset' | 'news';
  rangeStart: string;
  lastmod: string | null;
}

/** The files of one run: saved as pending, and what the switch does with the live ones. */
export class RunFiles {
  /** The urlsets and news files written, as the index lists them. */
  readonly written: IndexedFile[] = [];
  /** Live files the switch retires: rewritten by this run, or no longer wanted. */
  readonly replaced = new Set<string>();
  /** Live files this run wrote again byte for byte: the switch keeps them as they are. */
  readonly keep: string[] = [];
  /** Key ranges of live files this run moves without rewriting them. */
  readonly ranges: RangeChange[] = [];
  /** Every URL's priority, for the check that they are not all the same. */
  readonly priorities = new Set<number | undefined>();
  /** Names of the files saved that differ from their live version (what a CDN would purge). */
  readonly rewritten: string[] = [];
  filesWritten = 0;
  urlCount = 0;
  /** Files the index lists (the run report's `files`). */
  indexed = 0;

  constructor(
    private readonly strapi: Core.Strapi,
    private readonly runId: number
  ) {}

  /** Saves a pending file; one the same as its live version is kept instead. */
  async save(file: FileToStore) {
    const { kept, id } = await getService(this.strapi, 'file-store').savePending(this.runId, file);
    if (kept) this.keep.push(file.name);
    else {
      this.filesWritten++;
      this.rewritten.push(file.name);
    }
    return { id };
  }
}

export interface Run {
  strapi: Core.Strapi;
  id: number;
  trigger: RunTrigger;
  /** What the run writes: a documents run the splice cannot serve starts again as a types run. */
  scope: RunScope;
  plan: SitemapPlan;
  now: number;
  report: ValidationReport;
  /** The URLs listed so far, for the duplicate check. */
  seen: UrlHashSet;
  hold: LeaseHold;
  control: RunControl;
  files: RunFiles;
  /**
   * The URLs this run adds, changes and removes, compared with the live files it replaces (core/
   * url-changes), when a live set exists to compare with: on every partial run (the run history
   * shows them), on a full run only when an output reads them (IndexNow, sitemap.updated), as
   * comparing a whole site reads back every live file.
   */
  changes: UrlChanges | null;
  /** Everything the run writes beside the urlsets, in the order it writes them (outputs/index). */
  outputs: RunOutput[];
  /** What the run spends its time on (its report's `phases`). */
  clock: PhaseClock;
}

/** A run of `scope` on the settings as they are now; its outputs are started by the caller. */
export async function createRun(
  strapi: Core.Strapi,
  id: number,
  trigger: RunTrigger,
  scope: RunScope,
  hold: LeaseHold,
  control: RunControl
): Promise<Run> {
  return {
    strapi,
    id,
    trigger,
    scope,
    plan: await getService(strapi, 'settings').usablePlan(),
    now: getService(strapi, 'clock').now(),
    report: new ValidationReport(),
    seen: UrlHashSet.spilling(),
    hold,
    control,
    files: new RunFiles(strapi, id),
    changes: null,
    outputs: [],
    clock: new PhaseClock(),
  };
}

/** The types a run of `scope` reads, sorted. */
export function typesRead(run: Pick<Run, 'scope' | 'plan'>): string[] {
  const { scope } = run;
  const uids =
    scope.kind === 'full'
      ? [...run.plan.types.keys()]
      : scope.kind === 'types'
        ? scope.uids
        : Object.keys(scope.byType);
  return uids.filter((uid) => run.plan.types.has(uid)).sort();
}
