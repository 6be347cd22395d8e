/**
 * What a run spent its time on: its wall time split by what its own flow was doing or awaiting
 * (reading rows, building URLs, compressing, storing files, comparing with the live set, the outputs,
 * giving the event loop its turn), so a reader of a run report or of the bench sees why a run takes
 * what it takes. One phase at a time: `during` switches to a phase and back, nesting as a stack.
 * Pure (the clock comes in).
 */
export const RUN_PHASES = [
  'reading',
  'building',
  'compressing',
  'storing',
  'comparing',
  'outputs',
  'yielding',
  'other',
] as const;
export type RunPhase = (typeof RUN_PHASES)[number];

export class PhaseClock {
  private readonly totals = new Map<RunPhase, number>();
  private current: RunPhase = 'other';
  private since: number;

  constructor(private readonly now: () => number = () => performance.now()) {
    this.since = now();
  }

  /** Makes `phase` the current one; returns the one it replaces. */
  switchTo(phase: RunPhase): RunPhase {
    const at = this.now();
    this.totals.set(this.current, (this.totals.get(this.current) ?? 0) + at - this.since);
    this.since = at;
    const previous = this.current;
    this.current = phase;
    return previous;
  }

  /** Runs `work` as `phase`, then goes back to the phase it interrupted. */
  async during<T>(phase: RunPhase, work: () => Promise<T>): Promise<T> {
    const previous = this.switchTo(phase);
    try {
      return await work();
    } finally {
      this.switchTo(previous);
    }
  }

  /**
   * Counts what work done elsewhere (the run's Worker) spent, in place of time counted to the
   * current phase (which awaited it): the phases still add up to the run's wall time.
   */
  absorb(phases: Partial<Record<RunPhase, number>>) {
    this.switchTo(this.current);
    let total = 0;
    for (const ms of Object.values(phases)) total += ms ?? 0;
    const waited = this.totals.get(this.current) ?? 0;
    this.totals.set(this.current, waited - Math.min(total, waited));
    for (const [phase, ms] of Object.entries(phases) as Array<[RunPhase, number]>)
      this.totals.set(phase, (this.totals.get(phase) ?? 0) + ms);
  }

  /** Milliseconds per phase so far, rounded; phases never entered are left out. */
  summary(): Partial<Record<RunPhase, number>> {
    this.switchTo(this.current);
    const summary: Partial<Record<RunPhase, number>> = {};
    for (const phase of RUN_PHASES) {
      const ms = this.totals.get(phase);
      if (ms !== undefined) summary[phase] = Math.round(ms);
    }
    return summary;
  }
}

/** What times a piece of work: the run's clock, or nothing for work done beside the run's flow. */
export type PhaseTimer = Pick<PhaseClock, 'during'>;

/**
 * For work running beside the run's flow (a file saved while the next one is written): one phase
 * at a time, so only the flow's own wait for it is timed, by the flow.
 */
export const UNTIMED: PhaseTimer = { during: (_phase, work) => work() };
