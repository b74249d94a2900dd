// A-priori size of the workload: how many marginals and statistics (cells) the run will measure.
// Mirrors the core (core/src/workload.cpp, level_count in core/src/schema.cpp): every cell of every
// marginal of degree 1..d, plus the constant function.
import type { Schema, SchemaColumn } from 'privsynth';

/** Above this many statistics the fit may take a minute or more and hundreds of MB in a browser (measured: 21,498 statistics of Adult take about 1 s, 99,728 about 5 s natively). */
export const LARGE_WORKLOAD = 100_000;

const DEFAULT_BINS = 16;

/** Levels of a column: categories or bins, plus one for the missing level of nullable columns. */
export function levelCount(column: SchemaColumn): number {
  let base: number;
  if (column.type === 'categorical') {
    base = column.categories.length;
  } else if (column.bins !== undefined) {
    base = column.bins;
  } else {
    const wholeNumbers = column.integer ? column.max - column.min + 1 : Infinity;
    base = Math.min(DEFAULT_BINS, wholeNumbers);
  }
  return base + (column.nullable ? 1 : 0);
}

export interface WorkloadEstimate {
  marginals: number;
  /** Cells of all marginals plus the constant function (the LP's rows, roughly). */
  statistics: number;
  /** Set when the degree is impossible for this many columns. */
  problem: string | null;
}

/** Sum over all column subsets of size 1..degree of the product of their levels. */
export function estimateWorkload(schema: Schema, columns: string[], degree: number): WorkloadEstimate {
  const levels = schema.columns.filter((column) => columns.includes(column.name)).map(levelCount);
  if (levels.length === 0) return { marginals: 0, statistics: 0, problem: 'choose at least one column' };
  if (degree > levels.length) {
    return { marginals: 0, statistics: 0, problem: `degree ${degree} needs at least ${degree} columns` };
  }
  // elementary[k] = sum of products over subsets of size k (elementary symmetric polynomials).
  const elementary = [1, 0, 0, 0];
  const subsets = [1, 0, 0, 0];
  for (const level of levels) {
    for (let k = degree; k >= 1; --k) {
      elementary[k] += elementary[k - 1] * level;
      subsets[k] += subsets[k - 1];
    }
  }
  let marginals = 0;
  let cells = 0;
  for (let k = 1; k <= degree; ++k) {
    marginals += subsets[k];
    cells += elementary[k];
  }
  return { marginals, statistics: cells + 1, problem: null };
}

/**
 * Noise scale of each cell count (core/src/mechanisms/marginal_measurement.cpp): the cells get
 * discrete Laplace noise of scale M / eps_cells, where the record count takes the share
 * 1 / (1 + sqrt(M)) of epsilon by default. A forecast from public quantities only.
 */
export function cellNoiseScale(marginals: number, epsilon: number): number {
  const countShare = 1 / (1 + Math.sqrt(marginals));
  return marginals / ((1 - countShare) * epsilon);
}
