// The phases of a run, in order, with the words shown to the user. The library reads the CSV in
// chunks and encodes each chunk as it arrives, so "parse" covers encoding too ("encode" is only
// reported by whole-table runs of the core, which the app does not make).
import type { Phase } from 'privsynth';

export const PHASES: Phase[] = ['parse', 'measure', 'lp', 'fit', 'sample', 'evaluate', 'write'];

export const PHASE_LABELS: Record<Phase, string> = {
  discover: 'Finding the schema privately in your data',
  parse: 'Reading the CSV and encoding it into the schema’s domains',
  encode: 'Encoding values into the schema’s domains',
  measure: 'Measuring noisy marginals',
  lp: 'Solving the linear program',
  fit: 'Fitting the graphical model to the measurements',
  sample: 'Sampling synthetic rows',
  evaluate: 'Measuring utility on the real data',
  write: 'Writing the synthetic CSV',
};

/** Wall-clock time spent in each phase, from the progress events. */
export class PhaseClock {
  readonly started = performance.now();
  private current: Phase | null = null;
  private since = this.started;
  private readonly spent = new Map<Phase, number>();

  enter(phase: Phase): void {
    if (phase === this.current) return;
    this.stop();
    this.current = phase;
  }

  /** Closes the current phase; returns the phases seen so far with their durations (ms). */
  stop(): Array<[Phase, number]> {
    const now = performance.now();
    if (this.current) this.spent.set(this.current, (this.spent.get(this.current) ?? 0) + now - this.since);
    this.current = null;
    this.since = now;
    return PHASES.filter((phase) => this.spent.has(phase)).map((phase) => [phase, this.spent.get(phase)!]);
  }

  elapsed(): number {
    return performance.now() - this.started;
  }
}
