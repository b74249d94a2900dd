// Request and answer of adviseRun(): the rules a run applies, stated before it from public inputs
// only, and the mechanism recommended for them (core/include/privsynth/run_advice.hpp,
// docs/api.md). No data is read and no budget is spent.
import type { Mechanism, ReducedSpaceLpOptions, ReferenceMeasure } from './options-types.js';

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

export interface ColumnAdvice {
  name: string;
  type: 'categorical' | 'numeric';
  /** Encoded levels: categories, or bins (with the schema's default bins) and then one per common value, plus one for the missing level of a nullable column. */
  levels: number;
  /** Whether the column can be the `mlTarget` (categorical with exactly two levels). */
  mlTargetPossible: boolean;
}

/** The reduced-space LP's reference measure mu and the budget split, as the run resolves them. */
export interface ReferenceAdvice {
  /** The measure asked for ("auto" when none was). */
  choice: ReferenceMeasure;
  /** The measure the run uses: "auto" is "uniform" while the encoded domain has at most 1,000,000 cells, else "tree"; "kd-tree" in the continuous space. */
  measure: Exclude<ReferenceMeasure, 'auto'>;
  /** Where the reduced space lives ("continuous" by default with "bernstein-kde" and "kd-tree"). */
  space: 'encoded' | 'continuous';
  /** Share of epsilon for mu: the given one, else the default; 0 for the uniform measure. */
  budgetFraction: number;
  /** The share used when none is given: 0.5 for the histogram and the KDE, 0.3 for the tree and the KD-tree, 0 for uniform. */
  defaultBudgetFraction: number;
  /** epsilon for mu and for the LP's measurements (basic composition); null without epsilon. */
  epsilon: number | null;
  lpEpsilon: number | null;
}

export interface MechanismRecommendation {
  /** Never "sampler", which answers another question (N samples, not a synthetic table). */
  mechanism: Mechanism;
  /** Why, in one sentence (two without `rows`), with the measurements behind it. */
  reason: string;
}

export interface RunAdvice {
  kind: 'privsynth run advice';
  /** The chosen columns, in the order asked. */
  columns: ColumnAdvice[];
  /** Cells of the full encoded domain (the product of the levels); null above the largest double. */
  domainCells: number | null;
  /** Whether the continuous space (and so the "bernstein-kde" and "kd-tree" references) can take these columns: all numeric (a nullable one gets a presence axis). */
  continuousSpacePossible: boolean;
  reference: ReferenceAdvice;
  recommendation: MechanismRecommendation;
}
