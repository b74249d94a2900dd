// Inputs and report of forecastRun(): what a synthesis run will release and how noisy each release
// is, from the schema and the options alone (core/include/privsynth/run_forecast.hpp,
// docs/forecast.md). No data is read and no budget is spent.
import type { Schema } from './schema-types.js';
import type { CommonOptions, MechanismOptions } from './types.js';

/** The options synthesize() takes, without the data, plus the user's own estimate of n. */
export type ForecastOptions = { schema: Schema | string; rows?: number } & CommonOptions & MechanismOptions;

/** min / median / max over the marginals of a release. */
export interface Spread {
  min: number;
  typical: number;
  max: number;
}

export interface MarginalForecast {
  columns: string[];
  cells: number;
  /** cells x E|noise|: the expected L1 error of the noisy counts. */
  expectedL1Count: number;
  /** min(1, expectedL1Count / (2 n)) with n given; before consistency and the fit. */
  expectedTv: number | null;
}

export interface ReleaseForecast {
  release: string;
  what: string;
  noise: 'discrete Laplace' | 'discrete Gaussian' | 'exponential mechanism' | string;
  /** Marginal releases: how many, their column sets (null when chosen at run time), their cells. */
  marginals?: number;
  marginalsMax?: number;
  columns?: string[][] | null;
  chosenAtRunTime?: number;
  cells?: number | null;
  cellsEach?: Spread | null;
  /** Releases of single values (the record count). */
  values?: number;
  /** Laplace-type noise: scale b and the L1 sensitivity. */
  scale?: number;
  l1Sensitivity?: number;
  /** Gaussian noise: sigma and the L2 sensitivity. */
  std?: number;
  l2Sensitivity?: number;
  /** Exponential mechanism: number of selections and epsilon of each. */
  selections?: number;
  epsilonEach?: number;
  scoreSensitivity?: number;
  budget: { epsilon?: number; rho?: number; share: number };
  expectedAbsNoise?: number;
  expectedL1Count?: number | null;
  expectedL1CountEach?: Spread | null;
  expectedTvEach?: Spread | null;
  perMarginal?: MarginalForecast[];
  notes?: string[];
}

/**
 * The public choices of mechanism "space-partition", as its receipt's parameters state them. Widths
 * and edges are fractions of each numeric column's public range; `threshold` is t, the release
 * threshold of the noisy counts (Kreačić et al., Algorithms 1-3).
 */
export type PartitionParameters =
  | {
      partition: 'grid';
      cellsPerNumericAxis: number;
      /** w */
      cellWidth: number;
      cellWidthNote: string;
      cells: number;
      threshold: number;
      thresholdNote: string;
      budget: { total: number; recordCount: number; cells: number; composition: string };
    }
  | {
      partition: 'kd-tree';
      /** s1: the tree splits without looking at the data while an edge is longer. */
      maxEdge: number;
      /** s2: no box is split below it. */
      minEdge: number;
      edgeNote: string;
      /** h: the data-independent levels. */
      dataIndependentLevels: number;
      /** L: noisy split decisions on any root-to-leaf path. */
      decisionLevels: number;
      tau: number;
      tauNote: string;
      threshold: number;
      thresholdNote: string;
      budget: { total: number; recordCount: number; splitDecisions: number; leaves: number; composition: string };
    };

/**
 * The public choices of mechanism "sampler", as its receipt's parameters state them: n (public under
 * replace-one neighbours), the alphabet size k, and ROO's obscuring at epsilon / N next to one
 * Laplace histogram at epsilon.
 */
export interface SamplerParameters {
  sampler: 'ds-roo' | 'roo' | 'subsampled-rr' | 'laplace-histogram';
  samples: number;
  records: number;
  recordsNote: string;
  alphabet: number;
  alphabetNote: string;
  /** epsilon / N; null for laplace-histogram, whose samples are post-processing. */
  epsilonPerSample: number | null;
  obscuring: {
    epsilonPerSample: number;
    /** k / (k + n (e^(eps/N) - 1)). */
    rooGamma: number;
    /** rooGamma (1 - 1/k): ROO's TV to the data's distribution when all records share one symbol. */
    worstCaseTv: number;
    /** The largest N keeping rooGamma <= maxObscuring. */
    mostSamples: number;
    maxObscuring: number;
    /** The paper's eq. (9): the records that make worstCaseTv <= tv at this epsilon per sample. */
    recordsForTv: Array<{ tv: number; records: number }>;
    note: string;
  };
  histogram: { epsilon: number; scale: number; tvBound: number; note: string };
  betterForTheseSamples: 'reveal-or-obscure' | 'laplace-histogram';
  betterNote: string;
  /** subsampled-rr: the local epsilon of its randomized response. */
  epsilon0?: number;
  /**
   * Forecasts only: the run would refuse this N (its samples would be mostly noise); the reason,
   * naming the largest N that passes (obscuring.mostSamples). Absent when the run would go ahead.
   */
  refusal?: string;
  /** Receipts of ds-roo runs: g(0) and the count from which no sample is obscured. */
  dsRooTable?: { g0: number; zeroFrom: number; note: string };
}

export interface RunForecast {
  kind: 'privsynth run forecast';
  mechanism: string;
  privacy: string;
  epsilon: number;
  delta?: number;
  rho?: number;
  rows: number | null;
  /** n minus the mlTarget hold-out. */
  mechanismRows: number | null;
  columns: string[];
  levels: number[];
  /** The columns with a hierarchy in the schema: their levels and each coarser level's groups. */
  hierarchies: Array<{ column: string; levels: number; by: Array<{ name: string; groups: number }> }>;
  releases: ReleaseForecast[];
  totals: {
    epsilon?: number;
    rho?: number;
    budget: number;
    releases: number;
    noisyValuesAtMost: number;
    expectedL1CountKnown: number;
  };
  fit: {
    kind: string;
    marginals: number;
    statistics: number;
    solver?: string;
    objective?: string;
    reducedSpace?: { initial: number; max: number } | { fullDomain: number };
    momentStatistics?: number;
    timeLimitSeconds?: number;
    /** space-partition and sampler (with rows) only. */
    parameters?: PartitionParameters | SamplerParameters;
    syntheticRows: number | string;
  };
  memoryBytes: { table: number; output: number; marginals: number; fit: number; total: number };
  runtimeSeconds: {
    native: number | null;
    nativeRange: [number, number] | null;
    wasm: number | null;
    wasmFactor: number;
    basis: string;
  };
  notes: string[];
}
