// The request of adviseRun(): the rules a run applies, stated before it from public inputs only,
// and the mechanism recommended for them (core/include/privsynth/run_advice.hpp, docs/api.md). No
// data is read and no budget is spent. The answer, RunAdvice, is generated from the core's schema
// (generated/contract-types.ts).
import type { ReducedSpaceLpOptions } from './options-types.js';

/**
 * Public inputs of the advice, every one optional. `rows` is a number of records you state as
 * public (from the data's documentation, or a round estimate), never the data's own count, which
 * is private. The reference keys are the reduced-space LP's options, read and checked as a run does.
 */
export interface RunAdviceRequest extends Pick<
  ReducedSpaceLpOptions,
  'referenceMeasure' | 'referenceBudgetFraction' | 'space'
> {
  /** The columns to synthesize; absent or empty: all of the schema's, as in a run. */
  columns?: string[];
  /** The privacy budget. Absent: no budget split, and the recommendation weighs no noise. */
  epsilon?: number;
  /** The number of records, if it is public (1 to 1e12). */
  rows?: number;
  /** A binary categorical column among `columns` to predict. */
  mlTarget?: string;
}
