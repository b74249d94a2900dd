import type { Schema } from './schema-types.js';

/**
 * Phases of a run, in order. "parse" reads the CSV in chunks and encodes each into the schema's
 * domains as it arrives (its fraction is the share of the input read); "encode" is reported only
 * by whole-table runs of the core (native tools), never by the library.
 */
export type Phase = 'parse' | 'encode' | 'measure' | 'lp' | 'sample' | 'evaluate' | 'write';

export interface Progress {
  phase: Phase;
  /** Fraction of the phase done, in [0, 1]; -1 when unknown (e.g. simplex iterations). */
  fraction: number;
  /** Short human-readable note, e.g. "1,200 simplex iterations, max error t = 0.004". */
  detail: string;
}

export type OutOfDomainPolicy = 'clamp' | 'reject' | 'error';

/** Options of the reduced-space LP mechanism (Boedihardjo, Strohmer & Vershynin, Algorithm 1). */
export interface ReducedSpaceLpOptions {
  mechanism?: 'reduced-space-lp';
  /** Preserve every marginal up to this degree (1, 2 or 3; default 2). */
  degree?: 1 | 2 | 3;
  /** Fixed size m of the reduced space. Default: grown automatically until the LP error reaches the noise level. */
  reducedSpaceSize?: number;
  /** Cap for the automatic growth of the reduced space. */
  maxReducedSpaceSize?: number;
  /** Number k of synthetic records (default: the noisy record count). */
  syntheticRows?: number;
  /**
   * How the k records come from the LP's density h*: "rounding" (default) makes a dataset whose
   * counts are within one row of k h* (largest remainders; no sampling error), "sampling" draws k
   * records independently from h*.
   */
  syntheticRowsFrom?: 'rounding' | 'sampling';
  /** Share of epsilon spent on the record count (default 1 / (1 + sqrt(#marginals))). */
  countBudgetFraction?: number;
  /**
   * How the reweighting LP is solved. "row-generation" (default): GLPK's simplex on the statistics
   * and points that matter, added until every statistic holds; certified bounds every round.
   * "simplex": the whole LP at once (the slow reference). "mirror-prox": a first-order method with
   * a certified gap and dense weights (slow to reach small gaps).
   */
  lpSolver?: 'row-generation' | 'simplex' | 'mirror-prox';
  /**
   * Stop once the max error is within this fraction of a certified lower bound on the optimum
   * (default 0.01; 0 asks for the exact optimum; mirror-prox needs > 0). At most 0.5.
   */
  lpRelativeGap?: number;
  /** Stop the LP solver after this many seconds (an LpError with code LP_LIMIT_REACHED). */
  lpTimeLimitSeconds?: number;
  /** Stop the LP solver after this many simplex (or first-order) iterations. */
  lpIterationLimit?: number;
  /** GLPK simplex variant for the first solve (default primal; re-solves choose by what changed). */
  lpMethod?: 'primal' | 'dual';
  /**
   * What the LP minimizes over the statistics' errors: "max-error" (default; Boedihardjo et al.),
   * "sum-error" (the total L1 error over all marginals: lower mean TV, slower), or
   * "max-marginal-error" (the largest L1 error of one marginal; Zhou et al.). Mirror-prox: max-error only.
   */
  lpObjective?: 'max-error' | 'sum-error' | 'max-marginal-error';
  /**
   * The measure mu the reduced space is drawn from (Bojkovic & Loh). "auto" (default): "uniform" while
   * the encoded domain has at most 1,000,000 cells, else "tree"; "uniform" in the continuous space.
   * "uniform": free, independent of the data. "histogram": Wasserman-Zhou perturbed histogram of the
   * full domain (small domains). "tree": Chow-Liu tree of noisy 2-way marginals (wide tables).
   * "bernstein-kde": private Gaussian KDE via the Bernstein mechanism (continuous space only).
   */
  referenceMeasure?: ReferenceMeasure;
  /** Share of epsilon spent on a private mu (default 0.5 for histogram and KDE, 0.3 for the tree). */
  referenceBudgetFraction?: number;
  /** Largest full domain the histogram reference accepts (cells; default 4,194,304). */
  histogramCellLimit?: number;
  /**
   * "encoded" (default): records are codes (categories and numeric bins). "continuous": every chosen
   * column numeric; records are points of [0,1]^p scaled by the public bounds and come out unbinned.
   * Default "continuous" with the "bernstein-kde" reference.
   */
  space?: 'encoded' | 'continuous';
  /** Continuous space: also preserve means (1) or means and second moments (2, default). */
  moments?: 0 | 1 | 2;
  /** Bernstein lattice resolution k ({0, 1/k, ..., 1}^p); default from n, p and epsilon. */
  bernsteinLattice?: number;
  /** Iterated Bernstein order h (default 2). */
  bernsteinOrder?: number;
  /** KDE bandwidth in units of the [0,1] range (default C (ln n / n)^(1/p) with the noisy n). */
  kdeBandwidth?: number;
  /** The constant C of the default bandwidth (default 1). */
  kdeBandwidthConstant?: number;
}

export type ReferenceMeasure = 'auto' | 'uniform' | 'histogram' | 'tree' | 'bernstein-kde';

export interface CommonOptions {
  /** Privacy budget (pure epsilon-DP, add/remove-one neighbours). Required, > 0. */
  epsilon: number;
  /** Columns to synthesize (default: every schema column). */
  columns?: string[];
  /** What to do with values outside the schema's domain (default "clamp"); counts are in the report. */
  outOfDomain?: OutOfDomainPolicy;
  /** Set when the schema was read from the data (see inferSchema): the output is then NOT private. */
  schemaProvenance?: 'public' | 'inferred-from-data';
  /**
   * Every option chosen by looking at the real data without privacy (for example a sampler picked
   * from the owner-only comparison of the samplers on the data), named in a few words. Each makes
   * the output NOT private and is listed in the receipt's notPrivateReasons.
   */
  choicesFromData?: string[];
  /** Compute the utility report on the real data (default true). */
  evaluate?: boolean;
  /**
   * A binary categorical column to predict: a random test split (mlTestFraction, default 0.2) is held
   * out from the mechanism, and the report compares logistic regression trained on the synthetic
   * table with one trained on the real training rows, both tested on the held-out rows.
   */
  mlTarget?: string;
  /** Share of the rows held out for mlTarget's test (0.01-0.5, default 0.2). */
  mlTestFraction?: number;
  /** TESTS ONLY: replaces the secure random generator by a seeded one. The output is NOT private. */
  testSeed?: number;
}

/**
 * Options of the marginal LP (Zhou et al.'s Mechanism 1 with MST-style selection; (epsilon, delta)-DP
 * via zCDP). Shares reducedSpaceSize, maxReducedSpaceSize, syntheticRows, syntheticRowsFrom and the lp*
 * options with the reduced-space LP.
 */
export interface MarginalLpOptions
  extends Pick<
    ReducedSpaceLpOptions,
    | 'reducedSpaceSize'
    | 'maxReducedSpaceSize'
    | 'syntheticRows'
    | 'syntheticRowsFrom'
    | 'lpSolver'
    | 'lpObjective'
    | 'lpRelativeGap'
    | 'lpTimeLimitSeconds'
    | 'lpIterationLimit'
    | 'lpMethod'
  > {
  mechanism: 'marginal-lp';
  /** delta of (epsilon, delta)-DP (default 1e-9). */
  delta?: number;
  /** "mst" (default): 1-way marginals plus a privately selected tree of 2-way marginals; "all": every marginal up to degree. */
  workload?: 'mst' | 'all';
  /** With workload "all": the largest marginal degree (default 2). */
  degree?: 1 | 2 | 3;
  /** Fit over every cell of the (compressed) domain when it has at most this many cells (default 100,000). */
  fullDomainLimit?: number;
  /** MST's merging of values with tiny noisy counts (default true). */
  compressDomain?: boolean;
  /**
   * How rows are made from the noisy marginals (post-processing; the privacy is the same):
   * "tree": whole rows rounded from the tree of the consistent marginal estimates (workload "mst");
   * with mlTarget a target-augmented tree (each feature given the target and one feature), which the
   * receipt calls "target-tree". "lp": Zhou et al.'s reweighting LP (with mlTarget: the tree over all
   * columns plus every pair (target, x)). "auto" (default): the tree unless an lp* option is given.
   */
  fit?: 'auto' | 'lp' | 'tree';
}

/**
 * Options of space partitioning (Kreačić et al., "Differentially private synthetic data using
 * KD-trees"): numeric columns scaled to [0, 1] by their public bounds and categories as their own
 * bins; noisy counts of the bins above a threshold; records drawn uniformly inside the released bins.
 * Pure epsilon-DP. Numeric columns must not be nullable. docs/privacy/kd-tree.md.
 */
export interface SpacePartitionOptions {
  mechanism: 'space-partition';
  /** "kd-tree" (default): the adaptive KD-tree of Algorithms 2-3; "grid": the data-independent grid of Algorithm 1. */
  partition?: 'kd-tree' | 'grid';
  /** Grid: cells along each numeric axis (default from Theorem 3 and the noisy record count). */
  gridCells?: number;
  /** KD-tree: boxes are halved without looking at the data while their largest edge (unit scale) exceeds this (s1). */
  maxEdge?: number;
  /** KD-tree: boxes whose largest edge is below this (s2) are never split. */
  minEdge?: number;
  /** KD-tree: a box splits iff its count exceeds tau + noise (default: Lemma 10 with delta 1e-6). */
  tau?: number;
  /** KD-tree: share of the bins' budget for the split decisions (default 0.5). */
  splitBudgetFraction?: number;
  /** A bin is released if its noisy count is at least this (default: at most 1/2 empty bin released in expectation). */
  threshold?: number;
  /** Share of epsilon spent on the record count (default 0.05). */
  countBudgetFraction?: number;
  /** Number k of synthetic records (default: the noisy record count). */
  syntheticRows?: number;
}

/**
 * Options of the private samplers (Tasnim et al., "Differentially private sampling via
 * Reveal-or-Obscure"): `samples` records drawn from the joint alphabet of the chosen columns (every
 * combination of their categories, bins and missing levels, at most 2^24) without perturbing the
 * data's distribution. Pure epsilon-DP for REPLACE-ONE neighbours: the number of records is public
 * and the receipt states it. docs/privacy/samplers.md.
 */
export interface SamplerOptions {
  mechanism: 'sampler';
  /**
   * "ds-roo" (default): a uniform symbol with a probability that depends only on the smallest count;
   * "roo": with gamma = k / (k + n (e^eps - 1)); "subsampled-rr": a random record through k-ary
   * randomized response (the same law as ROO); "laplace-histogram": one noisy histogram, every sample
   * drawn from it (post-processing, so N samples cost epsilon once).
   */
  sampler?: 'ds-roo' | 'roo' | 'subsampled-rr' | 'laplace-histogram';
  /** N, the records to draw (default 1). The reveal-or-obscure samplers spend epsilon / N on each. */
  samples?: number;
  /**
   * The reveal-or-obscure samplers refuse an N whose samples would be uniform noise with probability
   * above this (ROO's gamma at epsilon / N; default 0.5): the error names the largest N that passes.
   */
  maxObscuring?: number;
  /** Release nothing: only the report's comparison of the samplers on the data (for the data owner). */
  preview?: boolean;
}

export type MechanismOptions = ReducedSpaceLpOptions | MarginalLpOptions | SpacePartitionOptions | SamplerOptions;

export interface SynthesizeInput {
  /** The private table: CSV text with a header row, or a File/Blob holding it. */
  csv: string | Blob;
  /** Public schema: an object or its JSON text. */
  schema: Schema | string;
  onProgress?: (progress: Progress) => void;
  signal?: AbortSignal;
}

export type SynthesizeOptions = SynthesizeInput & CommonOptions & MechanismOptions;

/**
 * A release under basic composition (pure epsilon-DP, or (epsilon, delta)-DP when it has a delta):
 * Laplace noise states its L1 sensitivity and scale, an exponential mechanism its score
 * sensitivity; a reveal-or-obscure sample states its epsilon only.
 */
export interface LedgerEntry {
  release: string;
  mechanism: string;
  epsilon: number;
  delta?: number;
  l1Sensitivity?: number;
  noiseScale?: number;
  scoreSensitivity?: number;
}

/** A zCDP release (marginal-lp): a Gaussian measurement or an exponential-mechanism selection. */
export interface ZcdpLedgerEntry {
  release: string;
  mechanism: string;
  rho: number;
  l2Sensitivity?: number;
  noiseStd?: number;
  scoreSensitivity?: number;
  epsilon?: number;
}

/** What was released and how; safe to publish next to the synthetic data. */
export interface PrivacyReceipt {
  kind: 'privsynth privacy receipt';
  format: 1;
  software: { name: 'privsynth'; version: string; /** Present when the run solved a linear program. */ lpSolver?: string };
  private: boolean;
  notPrivateReasons: string[];
  privacy: {
    /**
     * The whole release's guarantee: with a privately discovered schema, the run and the discovery
     * together (basic composition); `thisRun` then holds the run's own figures.
     */
    definition: string;
    /** The neighbouring datasets in words ("add/remove one record", or replace-one with its public n). */
    neighbours: string;
    neighbourRelation: 'add-remove' | 'replace-one';
    /** "basic": epsilons (and deltas) add; "zcdp": rhos add, stated as (epsilon, delta). */
    accounting: 'basic' | 'zcdp';
    /** Replace-one only: the number of records, public under that relation. */
    publicRecords?: number;
    /** The run's own budget (the epsilon option); a discovery's cost is not part of it. */
    epsilonBudget: number;
    /** The whole release's epsilon and delta, a privately discovered schema's cost included. */
    epsilonSpent: number;
    delta: number;
    composition: string;
    /** Which tables the guarantee is about: a run refuses the others before anything is released. */
    tablesCovered?: string;
    /** zCDP mechanisms (marginal-lp): the rho budget and spend, and the conversion to (epsilon, delta). */
    rhoBudget?: number;
    rhoSpent?: number;
    conversion?: string;
    /**
     * With a schema from discoverSchema(): the discovery's part of the headline epsilon and delta
     * (under replace-one neighbours (2 epsilon, (1 + e^epsilon) delta) of its add/remove cost).
     */
    domainDiscovery?: { epsilon: number; delta: number; note: string };
    /** With a schema from discoverSchema(): this run's own part, and its own definition. */
    thisRun?: { epsilonSpent: number; delta: number; definition: string };
  };
  ledger: Array<LedgerEntry | ZcdpLedgerEntry>;
  mechanism: { name: string; title: string; paper: string; referenceMeasure?: string; privacyNote: string };
  parameters: Record<string, unknown>;
  released: Record<string, unknown>;
  randomness: string;
  schema: {
    name: string;
    source: string;
    provenance: string;
    outOfDomainPolicy: OutOfDomainPolicy;
    columns: Array<{ name: string; domain: string }>;
  };
  output: { rows: number; columns: number };
}

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
  rows: { real: number; synthetic: number };
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
  /** Kernel distances of runs whose columns are all numeric and output unbinned (space-partition, continuous space). */
  kernel?: KernelReport;
  /** The distributions behind the distances, for plots (absent when evaluate is false). */
  distributions?: DistributionReport;
  /** mechanism "sampler" only (unless evaluate is false without preview): every sampler compared on the data. */
  sampler?: SamplerReport;
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
  rocAuc: number;
  testLogLoss: number;
  trainRisk: number;
}

export interface MlReport {
  target: string;
  model: string;
  trainedOnSynthetic: MlModelReport;
  trainedOnReal: MlModelReport;
  /** L(w_synthetic; real train) - L(w_real; real train): the quantity Zhou et al. bound. */
  excessEmpiricalRisk: number;
  excessTestRisk: number;
  majorityClassAccuracy: number;
  rows: { synthetic: number; realTrain: number; realTest: number };
  /** Zhou et al.'s Theorem 3.2 at this run's parameters, next to the measured excess risk (null if no report). */
  excessRiskBound?: ExcessRiskBoundReport | null;
  /** Set instead of the numbers when a model could not be fitted. */
  error?: string;
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

/**
 * One column of the synthetic table, columnar: category codes (index into `labels`, -1 = missing)
 * or numbers (NaN = missing). In browsers the arrays are moved from the worker, not copied.
 */
export type SyntheticColumn =
  | { name: string; kind: 'categorical'; codes: Int32Array; labels: string[] }
  | { name: string; kind: 'numeric'; values: Float64Array };

/**
 * The bins space partitioning released (Kreačić et al.'s weighted-centre output, for kernel density
 * estimates and other weighted uses): each bin's centre in schema units — numeric centres are not
 * rounded, even in integer columns — with the bin's noisy count as its weight. Post-processing of
 * the same release as the synthetic table: no further privacy cost.
 */
export interface WeightedCentres {
  /** Number of released bins. */
  rows: number;
  columns: string[];
  /** The centres, one typed array per column. */
  table: SyntheticColumn[];
  /** Each bin's noisy count (>= the receipt's threshold). */
  weights: Float64Array;
  /** CSV text: the columns, then "weight" ("weight_" if a column already has that name). */
  csv: string;
}

export interface SynthesisResult {
  /** The synthetic table as CSV text (header + rows). */
  csv: string;
  rows: number;
  /** Column names, in the order of `table` and of the CSV. */
  columns: string[];
  /** The same table as typed arrays, one per column. */
  table: SyntheticColumn[];
  receipt: PrivacyReceipt;
  report: UtilityReport;
  /** mechanism "space-partition" only: the released bins as weighted centres. */
  weightedCentres?: WeightedCentres;
}

export interface SummarizeDataOptions {
  /** The private table: CSV text with a header row, or a File/Blob holding it. */
  csv: string | Blob;
  /** Public schema: an object or its JSON text. */
  schema: Schema | string;
  /** As in synthesize() (default "clamp"). */
  outOfDomain?: OutOfDomainPolicy;
}

/** The table against its schema, before any spend. FOR YOUR EYES ONLY: exact counts of the real data. */
export interface DataSummary {
  notice: string;
  outOfDomainPolicy: OutOfDomainPolicy;
  inputRows: number;
  keptRows: number;
  rejectedRows: number;
  /** CSV columns that the schema does not mention. */
  ignoredColumns: string[];
  columns: Array<{ name: string; missing: number; clamped: number; mappedToMissing: number; setToFirstLevel: number; rejectedRows: number }>;
}
