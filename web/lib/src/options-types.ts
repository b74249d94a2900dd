// The options of synthesize(): those every mechanism shares, then each mechanism's own. The
// values an option takes and the names of each mechanism's options are also lists at run time
// (MECHANISMS, LP_SOLVERS, ..., REDUCED_SPACE_LP_OPTION_NAMES, ...): the types are derived from
// them, the compiler checks each name list against its interface, and
// tests/js/mechanism-catalogue.test.ts checks them all against the core's mechanismCatalogue().
import type { Progress } from './types.js';
import type { Schema } from './schema-types.js';

/** Every mechanism, in the core's order. The option `mechanism` also takes "auto" (the default). */
export const MECHANISMS = [
  'reduced-space-lp',
  'marginal-lp',
  'adaptive-marginals',
  'space-partition',
  'sampler',
] as const;
/** A mechanism's id. */
export type Mechanism = (typeof MECHANISMS)[number];
/**
 * What the option `mechanism` takes: a mechanism, or "auto" (the default), which runs the one
 * the core recommends for the chosen columns, epsilon, mlTarget and publicRows (public inputs
 * only) and states its choice and reason in the receipt's `mechanismChoice`.
 */
export type MechanismChoice = Mechanism | 'auto';

/** The values of `outOfDomain`. */
export const OUT_OF_DOMAIN_POLICIES = ['clamp', 'reject', 'error'] as const;
export type OutOfDomainPolicy = (typeof OUT_OF_DOMAIN_POLICIES)[number];
/** The values of `schemaProvenance`. */
export const SCHEMA_PROVENANCES = ['public', 'inferred-from-data'] as const;
export type SchemaProvenance = (typeof SCHEMA_PROVENANCES)[number];

/** Where a release's data came from: a CSV or Parquet file read by privsynth, or counted by DuckDB, or count tables computed elsewhere. */
export const INPUT_SOURCES = ['csv', 'parquet', 'duckdb-csv', 'duckdb-parquet', 'count-tables'] as const;
export type InputSource = (typeof INPUT_SOURCES)[number];
/** The values of `degree` (reduced-space-lp; marginal-lp with workload "all"). */
export const DEGREES = [1, 2, 3] as const;
export type Degree = (typeof DEGREES)[number];
/** The values of `syntheticRowsFrom` (the LP fits). */
export const SYNTHETIC_ROWS_FROM = ['rounding', 'sampling'] as const;
export type SyntheticRowsFrom = (typeof SYNTHETIC_ROWS_FROM)[number];
/** The values of `lpSolver`. */
export const LP_SOLVERS = ['row-generation', 'simplex', 'mirror-prox'] as const;
export type LpSolver = (typeof LP_SOLVERS)[number];
/** The values of `lpMethod`. */
export const LP_METHODS = ['primal', 'dual'] as const;
export type LpMethod = (typeof LP_METHODS)[number];
/** The values of `lpObjective`. */
export const LP_OBJECTIVES = ['max-error', 'sum-error', 'max-marginal-error'] as const;
export type LpObjective = (typeof LP_OBJECTIVES)[number];
/** The values of `lpStage2`. */
export const LP_STAGE2 = ['none', 'max-entropy'] as const;
export type LpStage2 = (typeof LP_STAGE2)[number];
/** The values of `referenceMeasure` (reduced-space-lp). */
export const REFERENCE_MEASURES = ['auto', 'uniform', 'histogram', 'tree', 'bernstein-kde', 'kd-tree'] as const;
export type ReferenceMeasure = (typeof REFERENCE_MEASURES)[number];
/** The values of `space` (reduced-space-lp). */
export const SPACES = ['encoded', 'continuous'] as const;
export type Space = (typeof SPACES)[number];
/** The values of `moments` (reduced-space-lp, continuous space). */
export const MOMENT_ORDERS = [0, 1, 2] as const;
export type MomentOrder = (typeof MOMENT_ORDERS)[number];
/** The values of `workload` (marginal-lp). */
export const WORKLOADS = ['mst', 'all'] as const;
export type Workload = (typeof WORKLOADS)[number];
/** The values of `fit` (marginal-lp). */
export const FITS = ['auto', 'lp', 'tree'] as const;
export type Fit = (typeof FITS)[number];
/** The values of `partition` (space-partition). */
export const PARTITIONS = ['kd-tree', 'grid'] as const;
export type Partition = (typeof PARTITIONS)[number];
/** The values of `workload` (adaptive-marginals). */
export const ADAPTIVE_WORKLOADS = ['all-2-way', 'all-3-way', 'up-to-4-way', 'listed'] as const;
export type AdaptiveWorkload = (typeof ADAPTIVE_WORKLOADS)[number];
/** The values of `sampler` (sampler). */
export const SAMPLERS = ['ds-roo', 'roo', 'subsampled-rr', 'laplace-histogram'] as const;
export type Sampler = (typeof SAMPLERS)[number];

/** Options of the reduced-space LP mechanism (Boedihardjo, Strohmer & Vershynin, Algorithm 1). */
export interface ReducedSpaceLpOptions {
  mechanism: 'reduced-space-lp';
  /** Preserve every marginal up to this degree (1, 2 or 3; default 2). */
  degree?: Degree;
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
  syntheticRowsFrom?: SyntheticRowsFrom;
  /** Share of epsilon spent on the record count (default 1 / (1 + sqrt(#marginals))). */
  countBudgetFraction?: number;
  /**
   * How the reweighting LP is solved. "row-generation" (default): GLPK's simplex on the statistics
   * and points that matter, added until every statistic holds; certified bounds every round.
   * "simplex": the whole LP at once (the slow reference). "mirror-prox": a first-order method with
   * a certified gap and dense weights (slow to reach small gaps).
   */
  lpSolver?: LpSolver;
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
  lpMethod?: LpMethod;
  /**
   * What the LP minimizes over the statistics' errors: "max-error" (default; Boedihardjo et al.),
   * "sum-error" (the total L1 error over all marginals: lower mean TV, slower), or
   * "max-marginal-error" (the largest L1 error of one marginal; Zhou et al.). Mirror-prox: max-error only.
   */
  lpObjective?: LpObjective;
  /**
   * The LP's second stage. "max-entropy" (reduced-space-lp's default): among all densities within
   * (1 + lpStage2Slack) times the first stage's max error on every statistic (equally private,
   * covered by the papers' theorems at that error), the one closest to the reference measure in
   * KL divergence, with a weight on the errors: dense weights, the least extra structure.
   * "none" (marginal-lp's default): the first stage's (vertex) solution.
   */
  lpStage2?: LpStage2;
  /** The second stage's slack: its tolerance tau is (1 + slack) times the first stage's max error (default 1). */
  lpStage2Slack?: number;
  /**
   * The second stage minimizes KL(h || mu) + (weight / tau) * the sum of the statistics' absolute
   * errors: 0 is pure maximum entropy; the default 0.1 also follows the noisy targets inside the box.
   */
  lpStage2ErrorWeight?: number;
  /**
   * The measure mu the reduced space is drawn from (Bojkovic & Loh). "auto" (default): "uniform" while
   * the encoded domain has at most 1,000,000 cells, else "tree"; "kd-tree" in the continuous space.
   * "uniform": free, independent of the data. "histogram": Wasserman-Zhou perturbed histogram of the
   * full domain (small domains). "tree": Chow-Liu tree of noisy 2-way marginals (wide tables).
   * "bernstein-kde": private Gaussian KDE via the Bernstein mechanism (continuous space only).
   * "kd-tree": the released leaves of a private KD-tree, as space-partition makes them (continuous space only).
   */
  referenceMeasure?: ReferenceMeasure;
  /** Share of epsilon spent on a private mu (default 0.5 for histogram and KDE, 0.3 for the tree and the KD-tree). */
  referenceBudgetFraction?: number;
  /** Largest full domain the histogram reference accepts (cells; default 4,194,304). */
  histogramCellLimit?: number;
  /**
   * "encoded" (default): records are codes (categories and numeric bins). "continuous": every chosen
   * column numeric; records are points of [0,1]^p scaled by the public bounds and come out unbinned.
   * Default "continuous" with the "bernstein-kde" and "kd-tree" references.
   */
  space?: Space;
  /**
   * Continuous space with a uniform or KD-tree mu (default true): each row's point is drawn again,
   * uniformly inside its cell of the LP's bins and mu's box, so every row is its own point and every
   * binned statistic keeps its value. false: the reduced space's points themselves (the paper's step 4).
   */
  redrawWithinCells?: boolean;
  /** Continuous space: also preserve means (1) or means and second moments (2, default). */
  moments?: MomentOrder;
  /** Bernstein lattice resolution k ({0, 1/k, ..., 1}^p); default from n, p and epsilon. */
  bernsteinLattice?: number;
  /** Iterated Bernstein order h (default 2). */
  bernsteinOrder?: number;
  /** KDE bandwidth in units of the [0,1] range (default C (ln n / n)^(1/p) with the noisy n). */
  kdeBandwidth?: number;
  /** The constant C of the default bandwidth (default 1). */
  kdeBandwidthConstant?: number;
}

export interface CommonOptions {
  /** Privacy budget (pure epsilon-DP, add/remove-one neighbours). Required, > 0. */
  epsilon: number;
  /** Columns to synthesize (default: every schema column). */
  columns?: string[];
  /** What to do with values outside the schema's domain (default "clamp"); counts are in the report. */
  outOfDomain?: OutOfDomainPolicy;
  /** Set when the schema was read from the data (see inferSchema): the output is then NOT private. */
  schemaProvenance?: SchemaProvenance;
  /**
   * Every option chosen by looking at the real data without privacy (for example a sampler picked
   * from the owner-only comparison of the samplers on the data), named in a few words. Each makes
   * the output NOT private and is listed in the receipt's notPrivateReasons.
   */
  choicesFromData?: string[];
  /** Compute the utility report on the real data (default true). */
  evaluate?: boolean;
  /**
   * A categorical column to predict (2 to 32 levels): a random test split (mlTestFraction, default
   * 0.2) is held out from the mechanism, and the report compares logistic regression trained on the
   * synthetic table with one trained on the real training rows, both tested on the held-out rows (a
   * target with more than two levels: one model per class against the rest). Mechanisms that can
   * favour a target favour this one.
   */
  mlTarget?: string;
  /** Share of the rows held out for mlTarget's test (0.01-0.5, default 0.2). */
  mlTestFraction?: number;
  /** More columns to predict from the same synthetic table, each reported as mlTarget is (report.mlExtraTargets). */
  mlExtraTargets?: string[];
  /**
   * With mlTarget (default true): also train each target's model directly under DP, for the report's
   * comparison, all of them on one budget, the run's (epsilon, delta), split equally across the
   * targets; the models come back in SynthesisResult.directModels, a separate release with one receipt.
   */
  mlDirectDp?: boolean;
  /** TESTS ONLY: replaces the secure random generator by a seeded one. The output is NOT private. */
  testSeed?: number;
  /**
   * A number of records you state as public (never read from the data). Only "mechanism": "auto"
   * uses it, to choose; the receipt states it.
   */
  publicRows?: number;
  /**
   * Where the data come from, stated in the receipt (receipt.input): the library sets it (a CSV or
   * Parquet file read by synthesize(), or counted by DuckDB in synthesizeWithDuckDb();
   * synthesizeFromCounts() defaults to "count-tables"). Never read from the data.
   */
  inputSource?: InputSource;
}

/**
 * Options of the marginal LP (Zhou et al.'s Mechanism 1 with MST-style selection; (epsilon, delta)-DP
 * via zCDP). Shares reducedSpaceSize, maxReducedSpaceSize, syntheticRows, syntheticRowsFrom and the lp*
 * options with the reduced-space LP.
 */
export interface MarginalLpOptions extends Pick<
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
  | 'lpStage2'
  | 'lpStage2Slack'
  | 'lpStage2ErrorWeight'
> {
  mechanism: 'marginal-lp';
  /** delta of (epsilon, delta)-DP (default 1e-9). */
  delta?: number;
  /** "mst" (default): 1-way marginals plus a privately selected tree of 2-way marginals; "all": every marginal up to degree. */
  workload?: Workload;
  /** With workload "all": the largest marginal degree (default 2). */
  degree?: Degree;
  /** Fit over every cell of the (compressed) domain when it has at most this many cells (default 100,000). */
  fullDomainLimit?: number;
  /** MST's merging of values with tiny noisy counts (default true), within the groups of a column's hierarchy. */
  compressDomain?: boolean;
  /**
   * How rows are made from the noisy marginals (post-processing; the privacy is the same):
   * "tree": whole rows rounded from the tree of the consistent marginal estimates (workload "mst");
   * with mlTarget a target-augmented tree (each feature given the target and one feature), which the
   * receipt calls "target-tree". "lp": Zhou et al.'s reweighting LP (with mlTarget: the tree over all
   * columns plus every pair (target, x)). "auto" (default): the tree unless an lp* option is given.
   */
  fit?: Fit;
}

/**
 * Options of "mechanism": "auto" (the default): the core runs the mechanism it recommends for the
 * chosen columns, epsilon, mlTarget and publicRows, and the receipt's `mechanismChoice` states which
 * and why. Only the common options and `syntheticRows` go with it: name a mechanism to set its own.
 */
export interface AutoOptions {
  mechanism?: 'auto';
  /** Number k of synthetic records (default: the noisy record count). */
  syntheticRows?: number;
}

/** A marginal of an adaptive workload: its columns by name, alone (weight 1) or with a weight. */
export type WorkloadMarginal = string[] | { columns: string[]; weight?: number };

/**
 * Options of adaptive marginals (AIM: McKenna et al. 2022, on Private-PGM's graphical model):
 * (epsilon, delta)-DP through rho-zCDP, add/remove neighbours. One-way marginals first, then rounds
 * in which the exponential mechanism picks the marginal the model gets most wrong and it is
 * measured with Gaussian noise and the model refitted; records are drawn from the final model.
 * docs/privacy/adaptive-marginals.md.
 */
export interface AdaptiveMarginalsOptions {
  mechanism: 'adaptive-marginals';
  /** delta of (epsilon, delta)-DP (default 1e-9). */
  delta?: number;
  /**
   * The marginals to preserve: "all-2-way" (default), "all-3-way", "up-to-4-way" (as Zhou et al.), or
   * "listed" with `workloadMarginals`. The rounds choose among them and their subsets.
   */
  workload?: AdaptiveWorkload;
  /** The listed workload (implies workload "listed"): column sets by name, optionally weighted. */
  workloadMarginals?: WorkloadMarginal[];
  /** With mlTarget: the weight of the workload marginals that hold the target (default 2). */
  targetWeight?: number;
  /** T, the rounds the budget is first split into (default 4 x the number of columns). */
  rounds?: number;
  /** The most cells the model may hold (default 100,000; the 1-way marginals are always allowed). */
  maxModelCells?: number;
  /** Mirror-descent steps of each round's warm-started fit (default 100). */
  roundIterations?: number;
  /** Steps of the last fit, from which the records are drawn (default 300). */
  finalIterations?: number;
  /**
   * MST's merging of values whose noisy 1-way count is below 3 noise std: true every column, false
   * none; by default the columns with a schema hierarchy, one merged value per group.
   */
  compressDomain?: boolean;
  /**
   * Columns with more levels than this (and no hierarchy, whose levels serve instead) also get coarse
   * candidates of 12 groups of adjacent levels (default 16; 0: none).
   */
  coarsenAbove?: number;
  /** Scores of marginals no clique holds are counted in this many times n~ records drawn from the model (default 2; 0: exact). */
  scoringSampleFactor?: number;
  /** Number k of synthetic records (default: the noisy record count). */
  syntheticRows?: number;
}

/**
 * Options of space partitioning (Kreačić et al., "Differentially private synthetic data using
 * KD-trees"): numeric columns scaled to [0, 1] by their public bounds and categories as their own
 * bins; noisy counts of the bins above a threshold; records drawn uniformly inside the released bins.
 * Pure epsilon-DP. Numeric columns must not be nullable. docs/privacy/space-partition.md.
 */
export interface SpacePartitionOptions {
  mechanism: 'space-partition';
  /** "kd-tree" (default): the adaptive KD-tree of Algorithms 2-3; "grid": the data-independent grid of Algorithm 1. */
  partition?: Partition;
  /** Grid: cells along each numeric axis (default from Theorem 3 and the noisy record count). */
  gridCells?: number;
  /** KD-tree: boxes are halved without looking at the data while their largest edge (unit scale) exceeds this (s1). */
  maxEdge?: number;
  /** KD-tree: boxes whose largest edge is below this (s2) are never split. */
  minEdge?: number;
  /**
   * KD-tree: a box splits iff its count exceeds tau + noise (default b ln(boxes at level h), b the
   * decisions' noise scale: at most 1/2 of the empty level-h boxes split in expectation). Any tau
   * keeps the privacy exact.
   */
  tau?: number;
  /** KD-tree: tau from the paper's Lemma 10 (delta 1e-6, n the noisy count) instead of the default. */
  tauLemma10?: boolean;
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
 * and the receipt states it. docs/privacy/sampler.md.
 */
export interface SamplerOptions {
  mechanism: 'sampler';
  /**
   * "ds-roo" (default): a uniform symbol with a probability that depends only on the smallest count;
   * "roo": with gamma = k / (k + n (e^eps - 1)); "subsampled-rr": a random record through k-ary
   * randomized response (the same law as ROO); "laplace-histogram": one noisy histogram, every sample
   * drawn from it (post-processing, so N samples cost epsilon once).
   */
  sampler?: Sampler;
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

export type MechanismOptions =
  | AutoOptions
  | ReducedSpaceLpOptions
  | MarginalLpOptions
  | AdaptiveMarginalsOptions
  | SpacePartitionOptions
  | SamplerOptions;

// The names of each interface's options as lists: `satisfies` refuses a name that is not an
// option, and the check below refuses a list that leaves one out.

/** The options every mechanism shares (the core reads `mechanism` with them). */
export const COMMON_OPTION_NAMES = [
  'epsilon',
  'columns',
  'outOfDomain',
  'schemaProvenance',
  'choicesFromData',
  'evaluate',
  'mlTarget',
  'mlTestFraction',
  'mlExtraTargets',
  'mlDirectDp',
  'testSeed',
  'publicRows',
  'inputSource',
] as const satisfies readonly (keyof CommonOptions)[];
/** reduced-space-lp's own options. */
export const REDUCED_SPACE_LP_OPTION_NAMES = [
  'degree',
  'reducedSpaceSize',
  'maxReducedSpaceSize',
  'syntheticRows',
  'syntheticRowsFrom',
  'countBudgetFraction',
  'lpSolver',
  'lpRelativeGap',
  'lpTimeLimitSeconds',
  'lpIterationLimit',
  'lpMethod',
  'lpObjective',
  'lpStage2',
  'lpStage2Slack',
  'lpStage2ErrorWeight',
  'referenceMeasure',
  'referenceBudgetFraction',
  'histogramCellLimit',
  'space',
  'redrawWithinCells',
  'moments',
  'bernsteinLattice',
  'bernsteinOrder',
  'kdeBandwidth',
  'kdeBandwidthConstant',
] as const satisfies readonly OwnOption<ReducedSpaceLpOptions>[];
/** marginal-lp's own options. */
export const MARGINAL_LP_OPTION_NAMES = [
  'delta',
  'workload',
  'degree',
  'fullDomainLimit',
  'compressDomain',
  'fit',
  'reducedSpaceSize',
  'maxReducedSpaceSize',
  'syntheticRows',
  'syntheticRowsFrom',
  'lpSolver',
  'lpObjective',
  'lpRelativeGap',
  'lpTimeLimitSeconds',
  'lpIterationLimit',
  'lpMethod',
  'lpStage2',
  'lpStage2Slack',
  'lpStage2ErrorWeight',
] as const satisfies readonly OwnOption<MarginalLpOptions>[];
/** adaptive-marginals' own options. */
export const ADAPTIVE_MARGINALS_OPTION_NAMES = [
  'delta',
  'workload',
  'workloadMarginals',
  'targetWeight',
  'rounds',
  'maxModelCells',
  'roundIterations',
  'finalIterations',
  'compressDomain',
  'coarsenAbove',
  'scoringSampleFactor',
  'syntheticRows',
] as const satisfies readonly OwnOption<AdaptiveMarginalsOptions>[];
/** space-partition's own options. */
export const SPACE_PARTITION_OPTION_NAMES = [
  'partition',
  'gridCells',
  'maxEdge',
  'minEdge',
  'tau',
  'tauLemma10',
  'splitBudgetFraction',
  'threshold',
  'countBudgetFraction',
  'syntheticRows',
] as const satisfies readonly OwnOption<SpacePartitionOptions>[];
/** sampler's own options. */
export const SAMPLER_OPTION_NAMES = [
  'sampler',
  'samples',
  'maxObscuring',
  'preview',
] as const satisfies readonly OwnOption<SamplerOptions>[];

/** Each mechanism's own option names, by id. */
export const MECHANISM_OPTION_NAMES = {
  'reduced-space-lp': REDUCED_SPACE_LP_OPTION_NAMES,
  'marginal-lp': MARGINAL_LP_OPTION_NAMES,
  'adaptive-marginals': ADAPTIVE_MARGINALS_OPTION_NAMES,
  'space-partition': SPACE_PARTITION_OPTION_NAMES,
  sampler: SAMPLER_OPTION_NAMES,
} as const satisfies Record<Mechanism, readonly string[]>;

/** A mechanism's own option names: its interface's keys but `mechanism`. */
type OwnOption<T> = Exclude<keyof T, 'mechanism'>;
/** The names `L` leaves out of `Names` (never when it names them all). */
type Unnamed<Names extends PropertyKey, L extends readonly PropertyKey[]> = Exclude<Names, L[number]>;
/** Each mechanism's interface, by id. */
type OptionsOf<M extends Mechanism> = Extract<MechanismOptions, { mechanism?: M }>;
/** Every option some list leaves out: must be never (the error names them otherwise). */
type UnnamedOptions =
  | Unnamed<keyof CommonOptions, typeof COMMON_OPTION_NAMES>
  | Unnamed<Mechanism, NonNullable<MechanismOptions['mechanism']>[]>
  | { [M in Mechanism]: Unnamed<OwnOption<OptionsOf<M>>, (typeof MECHANISM_OPTION_NAMES)[M]> }[Mechanism];
const everyOptionNamed: [UnnamedOptions] extends [never] ? true : UnnamedOptions = true;
void everyOptionNamed;

export interface SynthesizeInput {
  /**
   * The private table: CSV text with a header row, or a File/Blob holding CSV or Parquet (a Parquet
   * file is recognised by its magic bytes; its nulls are missing values, its dates and timestamps ISO text).
   */
  csv: string | Blob;
  /**
   * Public schema: an object or its JSON text. Leave it out and the schema is found privately in the
   * data with a share of epsilon (`discoveryShare`); the receipt states the whole release. With
   * `discoveryShare` set, a partial schema's columns are used as given and the others are found.
   */
  schema?: Schema | string;
  /**
   * The share of epsilon (strictly between 0 and 1) spent finding the schema privately: default
   * 0.3 when there is no schema; with a schema, nothing is found unless this is set
   * (docs/privacy/domain-discovery.md).
   */
  discoveryShare?: number;
  /** Bins of each numeric column found privately, at private quantiles (default 16). */
  discoveryBins?: number;
  onProgress?: (progress: Progress) => void;
  signal?: AbortSignal;
}

export type SynthesizeOptions = SynthesizeInput & CommonOptions & MechanismOptions;

/**
 * The share of epsilon that finds a schema when none is given, chosen by measurement
 * (`npm run bench -- own-table`; the figures are in docs/privacy/domain-discovery.md).
 */
export const DEFAULT_DISCOVERY_SHARE = 0.3;

/**
 * Exact marginal count tables of the private table, computed outside privsynth (an SQL engine inside
 * the data owner's perimeter; docs/scale.md): per table its columns and each non-empty cell as its
 * codes (the columns' encoded levels: a category's position in the schema, a numeric column's bin or,
 * after its bins, its common value's level, a nullable column's last level for missing) then its
 * count. AS SENSITIVE AS THE ROWS.
 */
export interface CountTables {
  tables: Array<{ columns: string[]; cells: number[][] }>;
}

/** synthesizeFromCounts()'s argument: synthesize()'s, with the count tables in place of the CSV. */
/** synthesize()'s input where a public schema is required (no private discovery): count tables, DuckDB. */
export type InputWithPublicSchema = Omit<SynthesizeInput, 'csv' | 'schema' | 'discoveryShare' | 'discoveryBins'> & {
  /** Public schema: an object or its JSON text. */
  schema: Schema | string;
};

export type SynthesizeFromCountsOptions = InputWithPublicSchema & {
  /** The count tables, as an object or its JSON text. */
  counts: CountTables | string;
} & CommonOptions &
  MechanismOptions;

/**
 * Where an SQL engine reads the table, for the query that computes the count tables
 * (docs/scale.md).
 */
export interface CountQueryTarget {
  /** The engine's SQL dialect. */
  dialect: 'duckdb' | 'postgres' | 'spark';
  /** A table name or any table expression: `sales.visits`, `read_parquet('visits.parquet')`, `(SELECT ...)`. */
  from: string;
  /**
   * What an SQL NULL is: "missing" (default: a warehouse table, Parquet: the cell a CSV of the table
   * would hold, the schema's first missing token, or "" when it lists none), or "empty-text" (a CSV
   * read as text, where NULL stands for an empty cell, read as the token "" as privsynth reads it).
   */
  nulls?: 'missing' | 'empty-text';
  /** Numeric columns the engine holds as numbers: read directly, not through their text (a speed-up: the codes are the same). */
  typedColumns?: string[];
  /** One pass with GROUPING SETS (default), or a UNION ALL of one GROUP BY per table. */
  grouping?: 'grouping-sets' | 'union-all';
  /**
   * Only tables [firstTable, firstTable + tableCount) of `tables` (the totals with the first), for an
   * engine that computes them in several passes to stay within its memory. Default: all.
   */
  firstTable?: number;
  tableCount?: number;
}

/** synthesizeWithDuckDb()'s argument (Node): synthesize()'s, with a file DuckDB reads in place of the CSV. */
export type SynthesizeWithDuckDbOptions = InputWithPublicSchema & {
  /** A CSV or Parquet file of any size; DuckDB reads it out of core. */
  file: string;
  /** Default: Parquet when the file starts with Parquet's magic bytes, else CSV. */
  format?: 'csv' | 'parquet';
  /** DuckDB's memory limit (default "1GB"); it spills to a temporary directory beyond it. */
  memoryLimit?: string;
  /**
   * Write the synthetic CSV to this file as its records are drawn, a chunk at a time, instead of
   * returning it: memory then grows with neither the input nor the number of records. The result's
   * `csv` is then "" and its `table` empty. The file appears only when the whole run succeeded.
   */
  csvFile?: string;
} & CommonOptions &
  MechanismOptions;

/** countTables()'s argument: the schema and the run's options (no data). */
export type CountTablesOptions = {
  schema: Schema | string;
  /** With it, the answer also holds the SQL that computes the tables on that engine. */
  query?: CountQueryTarget;
} & CommonOptions &
  MechanismOptions;

/** countTables()'s answer: the tables a run reads, for the SQL engine to compute. */
export interface CountTablesRequest {
  kind: 'privsynth count tables request';
  /** Each table's column names. */
  tables: string[][];
  note: string;
  /**
   * With a `query` target: one query computing every table in one pass, the schema's encoding
   * applied in SQL. Its result (columns: the tables' columns holding codes, `privsynth_kept`,
   * `privsynth_count`) goes to countsFromQueryResult(). AS SENSITIVE AS THE ROWS.
   */
  sql?: string;
}
