// The utility report: how close the synthetic table is to the real one. FOR THE DATA OWNER ONLY.
import type { PrivacyReceipt } from './receipt-types.js';

export interface MarginalDistance {
  columns: string[];
  /** Total-variation distance between real and synthetic marginal distributions. */
  tv: number;
}

export interface ColumnEncodingReport {
  name: string;
  missing: number;
  clamped: number;
  mappedToMissing: number;
  /** Replace-one mechanisms keep every record: cells no policy could fix set to the column's first level. */
  setToFirstLevel: number;
  rejectedRows: number;
}

/** Utility measured on the real data. NOT private: for the data owner's eyes only. */
/**
 * Kreačić et al.'s measures between the real and the synthetic records, as points of [0, 1]^d (each
 * column scaled by its public bounds), kernel exp(-gamma |x - y|^2) with gamma = 50 / d (bandwidth a
 * tenth of each range, widened with sqrt(d)); at most 100,000 records of each side, drawn at random.
 */
export interface KernelReport {
  space: string;
  kernel: string;
  gamma: number;
  realPoints: number;
  syntheticPoints: number;
  pointsNote: string;
  /** The MMD (V-statistic): exact for small tables, else from random Fourier features. */
  mmd?: number;
  mmdMethod?: 'exact' | 'random-fourier-features';
  mmdStandardError?: number;
  randomFeatures?: number;
  mmdError?: string;
  /** d <= 2: the largest difference of the two kernel density estimates over a grid of [0, 1]^d. */
  kdeSupDistance?: number;
  /** d = 2: both sets are linearly binned first; kdeSupDistance is within this of the unbinned value. */
  kdeSupBinningError?: number;
  kdeSupNote?: string;
}

export interface UtilityReport {
  notice: string;
  /**
   * Records in the real table and the synthetic one, and how many different synthetic records there
   * are (before decoding: category and bin codes, or the points of the continuous space).
   */
  rows: { real: number; synthetic: number; distinctSynthetic: number };
  encoding: {
    inputRows: number;
    keptRows: number;
    rejectedRows: number;
    ignoredColumns: string[];
    columns: ColumnEncodingReport[];
  };
  marginals?: {
    meanOneWayTV: number;
    meanTwoWayTV: number;
    meanThreeWaySampleTV: number;
    threeWayTotal: number;
    oneWay: MarginalDistance[];
    twoWay: MarginalDistance[];
    threeWaySample: MarginalDistance[];
  };
  maxStatisticError?: { value: number; degree: number; marginal: string[] };
  /** With mlTarget: train on synthetic, test on real (logistic regression). */
  ml?: MlReport;
  /** With mlExtraTargets: the same for each further target, in the order given. */
  mlExtraTargets?: MlReport[];
  /** adaptive-marginals: the normalized L1 error over its workload. */
  workloadError?: WorkloadErrorReport;
  /** Kernel distances of runs whose columns are all numeric and output unbinned (space-partition, continuous space). */
  kernel?: KernelReport;
  /** The distributions behind the distances, for plots (absent when evaluate is false). */
  distributions?: DistributionReport;
  /** mechanism "sampler" only (unless evaluate is false without preview): every sampler compared on the data. */
  sampler?: SamplerReport;
  /**
   * The real numeric values as read (before clamping and binning, every row read) against the
   * synthetic ones, and the categories the synthetic table lost (absent when evaluate is false).
   */
  fidelity?: FidelityReport;
}

/** The seven quantiles the fidelity report states; null when a side has no value. */
export interface FidelityQuantiles {
  p1: number | null;
  p5: number | null;
  p25: number | null;
  p50: number | null;
  p75: number | null;
  p95: number | null;
  p99: number | null;
}

/**
 * One side of a numeric column. Numbers are in the column's units (a date or time column: whole
 * steps of its granularity since 1970-01-01, with `text` in ISO 8601). `values` and `missing`,
 * `min` and `max` count every row; the mean, standard deviation and quantiles are measured on the
 * sampled rows (FidelityReport.rows).
 */
export interface FidelitySide {
  /** Cells read as a value. */
  values: number;
  /** Missing cells (the schema's missing tokens; synthetic: the missing level). */
  missing: number;
  min: number | null;
  max: number | null;
  mean: number | null;
  /** With divisor n. */
  standardDeviation: number | null;
  /** Linear interpolation between order statistics (numpy's default). */
  quantiles: FidelityQuantiles;
  /** Date and time columns: the quantiles, mean, min and max in ISO 8601. */
  text?: Partial<Record<keyof FidelityQuantiles | 'mean' | 'min' | 'max', string>>;
}

/** The real side adds what the reading found: these counts cover every row read, the rows left out included. */
export interface FidelityRealSide extends FidelitySide {
  /** Cells neither missing nor readable as a value: counted here, not measured. */
  unparsable: number;
  /** Values below the schema's min or above its max, as read (the encoding then clamps or rejects them). */
  belowMin: number;
  aboveMax: number;
}

export interface NumericFidelity {
  column: string;
  /** Date and time columns: the granularity the numbers count in ("day", ...). */
  step?: string;
  real: FidelityRealSide;
  synthetic: FidelitySide;
  /** The Wasserstein-1 (earth mover's) distance between the two distributions, in the column's units. */
  wasserstein1: number | null;
  /** wasserstein1 divided by the real p99 - p1 (null when that range is 0). */
  wasserstein1Normalized: number | null;
}

/** Pearson correlations of the numeric columns, each pair over the rows where both cells are present. */
export interface CorrelationFidelity {
  columns: string[];
  /** Row i, column j: the correlation of columns i and j; null where a column is constant or absent. */
  real: Array<Array<number | null>>;
  synthetic: Array<Array<number | null>>;
  /** Mean over the pairs of |real - synthetic|. */
  meanAbsDifference: number | null;
  maxAbsDifference: number | null;
  worstPair: [string, string] | null;
  pairsCompared: number;
  /** Pairs with no correlation on one side (a constant column): left out of the mean and max. */
  pairsUndefined: number;
}

/** One categorical column's categories that no synthetic row has, over the rows the mechanism saw. */
export interface CategoriesLost {
  column: string;
  realRows: number;
  /** Real rows whose category the synthetic table never produced. */
  lostRows: number;
  lostShare: number;
  lostCategoryCount: number;
  /** Up to 20 of them ("missing" for the missing level). */
  lostCategories: string[];
}

/**
 * What the binned marginal distances cannot see: the real numeric values AS READ (before they are
 * clamped into the schema's bounds or binned, over every row read, including rows the encoding left
 * out) against the synthetic table's values, their correlations, and lost categories. Counts of
 * clamped, mapped-to-missing and rejected cells are in UtilityReport.encoding. NOT private.
 */
export interface FidelityReport {
  realValues: string;
  /**
   * Rows read and synthetic rows, and how many of each the statistics were measured on: a uniform
   * random sample of at most 100,000 rows of each table (fewer with more than 50 numeric columns: at
   * most 5,000,000 values), a real row's values together.
   */
  rows: { realRead: number; realSample: number; synthetic: number; syntheticSample: number; sampled: boolean };
  /** Present when either table was sampled. */
  sampleNote?: string;
  numeric: NumericFidelity[];
  /** Two or more numeric columns. */
  correlation?: CorrelationFidelity;
  categoriesLost: CategoriesLost[];
}

/** One sampler's distance to the data at the run's epsilon and N. */
export interface SamplerComparison {
  sampler: 'ds-roo' | 'roo' | 'subsampled-rr' | 'laplace-histogram';
  /** Reveal-or-obscure family: the probability a sample is a uniform symbol (DS-ROO's depends on the data). */
  gamma?: number;
  /** TV between the law each sample is drawn from and the data's distribution. */
  tv: number;
  tvMethod: string;
  /** laplace-histogram: the Monte Carlo standard error of tv. */
  tvStandardError?: number;
  /** ds-roo: when every symbol appears at least this often, no sample is obscured. */
  everySymbolAtLeast?: number;
}

/** NOT PRIVATE: the samplers compared exactly on the real data, for the data owner only. */
export interface SamplerReport {
  notice: string;
  records: number;
  alphabet: number;
  /** The smallest count of any symbol (DS-ROO's gamma depends on it). */
  smallestCount: number;
  perSampleEpsilon: number;
  histogramEpsilon: number;
  tvNote: string;
  options: SamplerComparison[];
  /** The sampler with the smallest tv at this epsilon and N. */
  best: SamplerComparison['sampler'];
  used: SamplerComparison['sampler'];
  /** laplace-histogram runs: the TV of the histogram this run released. */
  releasedHistogramTv?: number;
}

export interface OneWayDistribution {
  column: string;
  /** Category names, numeric bins ("18–24", "[0, 0.5)") and "missing" for nullable columns. */
  levels: string[];
  /** Frequencies of each level (sum 1). */
  real: number[];
  synthetic: number[];
}

export interface TwoWayDistribution {
  columns: [string, string];
  rowLevels: string[];
  columnLevels: string[];
  /** Row-major frequencies: cell (i, j) at i * columnLevels.length + j (sum 1). */
  real: number[];
  synthetic: number[];
  tv: number;
}

export interface DistributionReport {
  /** Every synthesized column. */
  oneWay: OneWayDistribution[];
  /** The pairs with the largest TV (up to 6, each with at most 2,500 cells), worst first. */
  twoWay: TwoWayDistribution[];
}

export interface MlModelReport {
  accuracy: number;
  /** A target with more than two classes: the mean over classes of one-vs-rest ROC-AUC (null: no class scorable). */
  rocAuc: number | null;
  /** Binary targets only. */
  testLogLoss?: number;
  /** Binary targets only. */
  trainRisk?: number;
}

/**
 * The same target's logistic regression trained directly under DP gradient descent on the real
 * training rows, scored on the held-out rows. The models of every target share one budget, the
 * run's (epsilon, delta), split equally. Not part of the synthetic table's release:
 * SynthesisResult.directModels holds the models, a separate release.
 */
export interface DirectDpReport {
  model: string;
  /** The budget of all the run's direct models together (the run's epsilon and delta). */
  epsilon: number;
  delta: number;
  /** The number of targets sharing that budget equally. */
  targetsSharing: number;
  /** Gradient steps (of the first model when a target has more than two classes). */
  steps: number;
  accuracy: number;
  rocAuc: number | null;
  /** Binary targets only (null otherwise). */
  testLogLoss: number | null;
  separateRelease: string;
  /** Set instead of the numbers when the model could not be trained. */
  error?: string;
}

export interface MlReport {
  target: string;
  model: string;
  /** 2: one binary model; more: one model per class against the rest. */
  classes: number;
  trainedOnSynthetic: MlModelReport;
  trainedOnReal: MlModelReport;
  /** Binary targets: L(w_synthetic; real train) - L(w_real; real train), the quantity Zhou et al. bound. */
  excessEmpiricalRisk?: number;
  /** Binary targets only. */
  excessTestRisk?: number;
  majorityClassAccuracy: number;
  rows: { synthetic: number; realTrain: number; realTest: number };
  /** Binary targets: Zhou et al.'s Theorem 3.2 at this run's parameters, next to the measured excess risk. */
  excessRiskBound?: ExcessRiskBoundReport | null;
  /** With mlDirectDp (the default): the model trained directly under DP, for comparison. */
  directDp?: DirectDpReport;
  /** Set instead of the numbers when a model could not be fitted. */
  error?: string;
}

/** Zhou et al.'s Fig. 2 measure on the adaptive mechanism's workload (adaptive-marginals only). */
export interface WorkloadErrorReport {
  /** Workload marginals compared (those of at most 10^6 cells). */
  marginals: number;
  skippedOverCells: number;
  /** Mean over the marginals of ||real - synthetic||_1 of their frequencies (2 x TV). */
  meanNormalizedL1: number;
  worstNormalizedL1: number;
  note: string;
}

export interface ExcessRiskBoundTerms {
  /** null: the expression overflowed (vacuous). */
  approximation: number | null;
  marginal: number | null;
  total: number | null;
  /** 2 tau ||x||: no excess risk can exceed it; a total above it says nothing. */
  trivial: number;
  vacuous: boolean;
}

export interface ExcessRiskBoundReport {
  theorem: string;
  /** Preserved marginal degree d. */
  degree: number;
  /** One-hot dimension m. */
  dimension: number;
  /** The larger norm of the two fitted models. */
  tau: number;
  /** Real training rows n. */
  records: number;
  /** nu / n: the largest L1 distance between a real-training and a synthetic marginal of degree <= d. */
  normalizedMarginalL1: number;
  /** The expression inside the paper's O(.), constant 1. */
  stated: ExcessRiskBoundTerms;
  /** With every constant of the proofs (docs/ml-evaluation.md). */
  explicit: ExcessRiskBoundTerms;
  measuredExcessEmpiricalRisk: number;
  error?: string;
}

/** One class's weights: score = intercept + the weight of each feature column's level in the row. */
export interface DirectDpClassWeights {
  /** The target level this model scores against the others. */
  level: string;
  intercept: number;
  /** One per feature level, in the order of DirectDpModel.features (columns, then their levels). */
  weights: number[];
}

/**
 * A logistic regression trained directly under DP gradient descent for one target. With one class
 * listed, predict it when its score is > 0, else the other level; with several, predict the one
 * scored highest.
 */
export interface DirectDpModel {
  target: string;
  model: string;
  /** This target's share of the models' budget. */
  rho: number;
  features: Array<{ column: string; levels: string[] }>;
  classes: DirectDpClassWeights[];
  scoring: string;
}

/**
 * The models trained directly under DP for every target of a run: a SEPARATE RELEASE with one
 * receipt for all of them (docs/privacy/dp-gd.md). The models share one budget, the run's epsilon;
 * receipt.privacy.tableAndDpModels states what the file and the synthetic table cost together.
 */
export interface DirectDpModels {
  kind: 'privsynth DP models';
  format: 2;
  models: DirectDpModel[];
  receipt: PrivacyReceipt;
}
