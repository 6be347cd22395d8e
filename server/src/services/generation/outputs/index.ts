/**
 * A run's outputs beside the urlsets, in the order they write: whatever lists files the index lists
 * comes before the index. A new output is a module beside these and a line here.
 */
import type { StoredFile } from '../../store/file-store';
import type { Run } from '../run-state';
import { feedOutput } from './feed';
import { indexNowOutput } from './indexnow-changes';
import { newsOutput } from './news-series';
import type { RunOutput } from './output';
import { sitemapIndexOutput } from './sitemap-index';
import { stylesheetOutput } from './stylesheet';
import { updatedEventOutput } from './updated-event';
import { visitorsOutput } from './visitors';

/** Starts an output for a run, given the live files; null when the run has nothing for it to do. */
export type OutputStart = (
  run: Run,
  live: StoredFile[]
) => RunOutput | null | Promise<RunOutput | null>;

export const RUN_OUTPUTS: readonly OutputStart[] = [
  newsOutput,
  feedOutput,
  visitorsOutput,
  sitemapIndexOutput,
  stylesheetOutput,
  indexNowOutput,
  updatedEventOutput,
];

/** The run's outputs, started in order. */
export async function startOutputs(
  run: Run,
  live: StoredFile[],
  starts: readonly OutputStart[] = RUN_OUTPUTS
): Promise<RunOutput[]> {
  const outputs: RunOutput[] = [];
  for (const start of starts) {
    const output = await start(run, live);
    if (output) outputs.push(output);
  }
  return outputs;
}
