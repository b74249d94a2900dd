// GENERATED from the core's mechanism catalogue by scripts/contract/generate-options.mjs: do not edit.
// Change an option where the core reads it, then: bash scripts/build.sh wasm lib && npm run contract:options
// The options only the library reads (csv, schema, callbacks, ...) are in ../options-types.ts.

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
 * What the option `mechanism` takes. The mechanism by id, or "auto": the one recommended for the
 * chosen columns, epsilon, mlTarget and publicRows (public inputs only), named with its reason in
 * the receipt's mechanismChoice.
 */
export type MechanismChoice = Mechanism | 'auto';

/** The values of `outOfDomain`. */
export const OUT_OF_DOMAIN_POLICIES = ['clamp', 'reject', 'error'] as const;
/** A value of `outOfDomain`. */
export type OutOfDomainPolicy = (typeof OUT_OF_DOMAIN_POLICIES)[number];
/** The values of `schemaProvenance`. */
export const SCHEMA_PROVENANCES = ['public', 'inferred-from-data'] as const;
/** A value of `schemaProvenance`. */
export type SchemaProvenance = (typeof SCHEMA_PROVENANCES)[number];
/** The values of `inputSource`. */
export const INPUT_SOURCES = ['csv', 'parquet', 'duckdb-csv', 'duckdb-parquet', 'count-tables'] as const;
/** A value of `inputSource`. */
export type InputSource = (typeof INPUT_SOURCES)[number];
/** The values of `degree` (reduced-space-lp, marginal-lp). */
export const DEGREES = [1, 2, 3] as const;
/** A value of `degree` (reduced-space-lp, marginal-lp). */
export type Degree = (typeof DEGREES)[number];
/** The values of `syntheticRowsFrom` (reduced-space-lp, marginal-lp). */
export const SYNTHETIC_ROWS_FROM = ['rounding', 'sampling'] as const;
/** A value of `syntheticRowsFrom` (reduced-space-lp, marginal-lp). */
export type SyntheticRowsFrom = (typeof SYNTHETIC_ROWS_FROM)[number];
/** The values of `lpMethod` (reduced-space-lp, marginal-lp). */
export const LP_METHODS = ['primal', 'dual'] as const;
/** A value of `lpMethod` (reduced-space-lp, marginal-lp). */
export type LpMethod = (typeof LP_METHODS)[number];
/** The values of `lpObjective` (reduced-space-lp, marginal-lp). */
export const LP_OBJECTIVES = ['max-error', 'sum-error', 'max-marginal-error'] as const;
/** A value of `lpObjective` (reduced-space-lp, marginal-lp). */
export type LpObjective = (typeof LP_OBJECTIVES)[number];
/** The values of `lpSolver` (reduced-space-lp, marginal-lp). */
export const LP_SOLVERS = ['row-generation', 'simplex', 'mirror-prox'] as const;
/** A value of `lpSolver` (reduced-space-lp, marginal-lp). */
export type LpSolver = (typeof LP_SOLVERS)[number];
/** The values of `lpStage2` (reduced-space-lp, marginal-lp). */
export const LP_STAGE2 = ['none', 'max-entropy'] as const;
/** A value of `lpStage2` (reduced-space-lp, marginal-lp). */
export type LpStage2 = (typeof LP_STAGE2)[number];
/** The values of `referenceMeasure` (reduced-space-lp). */
export const REFERENCE_MEASURES = ['auto', 'uniform', 'histogram', 'tree', 'bernstein-kde', 'kd-tree'] as const;
/** A value of `referenceMeasure` (reduced-space-lp). */
export type ReferenceMeasure = (typeof REFERENCE_MEASURES)[number];
/** The values of `space` (reduced-space-lp). */
export const SPACES = ['encoded', 'continuous'] as const;
/** A value of `space` (reduced-space-lp). */
export type Space = (typeof SPACES)[number];
/** The values of `moments` (reduced-space-lp). */
export const MOMENT_ORDERS = [0, 1, 2] as const;
/** A value of `moments` (reduced-space-lp). */
export type MomentOrder = (typeof MOMENT_ORDERS)[number];
/** The values of `workload` (marginal-lp). */
export const WORKLOADS = ['mst', 'all'] as const;
/** A value of `workload` (marginal-lp). */
export type Workload = (typeof WORKLOADS)[number];
/** The values of `fit` (marginal-lp). */
export const FITS = ['auto', 'lp', 'tree'] as const;
/** A value of `fit` (marginal-lp). */
export type Fit = (typeof FITS)[number];
/** The values of `workload` (adaptive-marginals). */
export const ADAPTIVE_WORKLOADS = ['all-2-way', 'all-3-way', 'up-to-4-way', 'listed'] as const;
/** A value of `workload` (adaptive-marginals). */
export type AdaptiveWorkload = (typeof ADAPTIVE_WORKLOADS)[number];
/** The values of `partition` (space-partition). */
export const PARTITIONS = ['kd-tree', 'grid'] as const;
/** A value of `partition` (space-partition). */
export type Partition = (typeof PARTITIONS)[number];
/** The values of `sampler` (sampler). */
export const SAMPLERS = ['ds-roo', 'roo', 'subsampled-rr', 'laplace-histogram'] as const;
/** A value of `sampler` (sampler). */
export type Sampler = (typeof SAMPLERS)[number];

/** A marginal of a listed workload: its columns by name, alone (weight 1) or with a weight. */
export type WorkloadMarginal = string[] | { columns: string[]; weight?: number };

/** The options every mechanism reads (`mechanism` aside: see MechanismOptions). */
export interface CommonOptions {
  /**
   * The privacy budget, > 0. Without a schema it is the whole release's, the schema's private
   * discovery included.
   *
   * A number greater than 0.
   */
  epsilon: number;
  /**
   * A number of records you state as public, never read from the data: only "mechanism": "auto"
   * uses it, to choose, and the receipt states it.
   *
   * A number from 1 to 1,000,000,000,000.
   */
  publicRows?: number;
  /** The columns to synthesize; every column of the schema when absent. */
  columns?: string[];
  /**
   * What a value outside the schema's domain becomes: clamped into it (a number) or missing (an
   * unknown category of a nullable column), its record dropped, or an error naming the cell. The
   * report counts each case.
   *
   * @defaultValue `"clamp"`
   */
  outOfDomain?: OutOfDomainPolicy;
  /**
   * "inferred-from-data" marks a schema read from the data without privacy: the output is then not
   * private.
   *
   * @defaultValue `"public"`
   */
  schemaProvenance?: SchemaProvenance;
  /**
   * Tests only: seeded randomness in place of the platform's secure generator. The output is not
   * private.
   *
   * A whole number from 0 to 9,007,199,254,740,991.
   */
  testSeed?: number;
  /**
   * Compute the utility report on the real data (for the data owner only).
   *
   * @defaultValue `true`
   */
  evaluate?: boolean;
  /**
   * A categorical column of 2 to 32 levels to predict: a random share of the records is held out,
   * and the report compares a model trained on the synthetic table with one trained on the real
   * rows. Mechanisms that can favour a target favour this one.
   */
  mlTarget?: string;
  /**
   * With mlTarget: the probability with which each record is held out for the test.
   *
   * A number from 0.01 to 0.5.
   *
   * @defaultValue `0.2`
   */
  mlTestFraction?: number;
  /**
   * With mlTarget: more columns to predict from the same synthetic table, each reported as mlTarget
   * is.
   */
  mlExtraTargets?: string[];
  /**
   * With mlTarget: also train each target's logistic regression directly under DP, all of them on
   * the run's (epsilon, delta); the models are a separate release with their own receipt.
   *
   * @defaultValue `true`
   */
  mlDirectDp?: boolean;
  /**
   * Where the data come from, stated in the receipt's input. The library sets it from the input it
   * reads; count tables are "count-tables" unless stated.
   */
  inputSource?: InputSource;
  /**
   * With the schema's privacyUnit: the most rows each person keeps, drawn at random (the rest are
   * left out); the noise grows with it. Absent: chosen privately near a quantile of rows per person
   * (rowsPerPersonQuantile), with a share of the budget.
   *
   * A whole number from 1 to 1000.
   */
  rowsPerPerson?: number;
  /**
   * With the schema's privacyUnit and no rowsPerPerson: the share of persons whose rows the
   * privately chosen k keeps whole (a quantile of rows per person).
   *
   * A number from 0.5 to 0.99.
   *
   * @defaultValue `0.75`
   */
  rowsPerPersonQuantile?: number;
  /**
   * Every option chosen by looking at the real data without privacy, each named in a few words:
   * each makes the output not private and is listed in the receipt's notPrivateReasons.
   */
  choicesFromData?: string[];
}

/**
 * Options of `mechanism: "reduced-space-lp"`: Reduced-space LP; pure epsilon-DP, add/remove one
 * record.
 */
export interface ReducedSpaceLpOptions {
  mechanism: 'reduced-space-lp';
  /**
   * Preserve every marginal up to this degree.
   *
   * @defaultValue `2`
   */
  degree?: Degree;
  /**
   * The share of epsilon spent on the record count; by default 1 / (1 + sqrt(number of marginals)).
   *
   * A number from 0 to 1.
   */
  countBudgetFraction?: number;
  /**
   * A fixed size m of the reduced space. By default it grows from twice the number of statistics
   * (at least 1,000) until the LP's error reaches the noise level.
   *
   * A whole number from 1 to 2,000,000.
   */
  reducedSpaceSize?: number;
  /**
   * The cap on the reduced space's automatic growth; by default 32 times the number of statistics,
   * at most 100,000.
   *
   * A whole number from 1 to 2,000,000.
   */
  maxReducedSpaceSize?: number;
  /**
   * The number k of synthetic records; by default the noisy record count.
   *
   * A whole number from 1 to 20,000,000.
   */
  syntheticRows?: number;
  /**
   * How the k records come from the LP's weights h*: "rounding" gives counts within one of k h* (no
   * sampling error), "sampling" makes k independent draws.
   *
   * @defaultValue `"rounding"`
   */
  syntheticRowsFrom?: SyntheticRowsFrom;
  /**
   * Stop the LP solver after this many seconds (the run fails with LP_LIMIT_REACHED); no limit when
   * absent.
   *
   * A number from 0 to 2,000,000.
   */
  lpTimeLimitSeconds?: number;
  /**
   * Stop the LP solver after this many simplex (or first-order) iterations; no limit when absent.
   *
   * A whole number from 0 to 2,000,000,000.
   */
  lpIterationLimit?: number;
  /**
   * The GLPK simplex variant of the first solve; later solves choose by what changed.
   *
   * @defaultValue `"primal"`
   */
  lpMethod?: LpMethod;
  /**
   * What the LP minimizes over the statistics' errors: the largest (Boedihardjo et al.), their sum
   * (a lower mean error, slower), or the largest L1 error of one marginal (Zhou et al.).
   * Mirror-prox takes only "max-error".
   *
   * @defaultValue `"max-error"`
   */
  lpObjective?: LpObjective;
  /**
   * How the reweighting LP is solved: row generation on the statistics and points that matter
   * (fast, with certified bounds), the whole LP at once (the slow reference), or mirror-prox, a
   * first-order method with dense weights.
   *
   * @defaultValue `"row-generation"`
   */
  lpSolver?: LpSolver;
  /**
   * Stop once the LP's error is within this fraction of a certified lower bound on the optimum; 0
   * asks for the exact optimum (not with mirror-prox).
   *
   * A number from 0 to 0.5.
   *
   * @defaultValue `0.01`
   */
  lpRelativeGap?: number;
  /**
   * The LP's second stage: "max-entropy" takes, among the solutions within (1 + lpStage2Slack)
   * times the first stage's error on every statistic, the one closest to the reference measure
   * (dense weights); "none" keeps the first stage's solution.
   *
   * @defaultValue `"max-entropy"`
   */
  lpStage2?: LpStage2;
  /**
   * The second stage's tolerance: (1 + slack) times the first stage's largest error.
   *
   * A number from 0 to 10.
   *
   * @defaultValue `1`
   */
  lpStage2Slack?: number;
  /**
   * The second stage's weight on the sum of the statistics' errors, in units of 1 / tolerance; 0 is
   * pure maximum entropy.
   *
   * A number from 0 to 100.
   *
   * @defaultValue `0.1`
   */
  lpStage2ErrorWeight?: number;
  /**
   * The measure mu the reduced space is drawn from (Bojkovic & Loh): "uniform" is free; "histogram"
   * (small domains), "tree" (wide tables), "bernstein-kde" and "kd-tree" (continuous space) spend a
   * share of epsilon on the data. "auto" picks one from the domain (adviseRun() states which).
   *
   * @defaultValue `"auto"`
   */
  referenceMeasure?: ReferenceMeasure;
  /**
   * "encoded": records are codes (categories and bins); "continuous": every column numeric, records
   * are points of [0,1]^p scaled by the public bounds, output unbinned. By default continuous with
   * the "bernstein-kde" and "kd-tree" references, else encoded.
   */
  space?: Space;
  /**
   * Continuous space with a uniform or KD-tree mu: draw each row's point again inside its cell, so
   * that every row is its own point; false keeps the reduced space's points.
   *
   * @defaultValue `true`
   */
  redrawWithinCells?: boolean;
  /**
   * Continuous space: also preserve the means (1) or the means and second moments (2, the default
   * there).
   */
  moments?: MomentOrder;
  /**
   * The share of epsilon spent on a private mu, the LP getting the rest; by default 0.5 for the
   * histogram and the KDE, 0.3 for the tree and the KD-tree.
   *
   * A number from 0 to 1.
   */
  referenceBudgetFraction?: number;
  /**
   * The largest full domain, in cells, that the histogram reference accepts; a larger one is
   * refused before anything is spent.
   *
   * A whole number from 1 to 134,217,728.
   *
   * @defaultValue `4194304`
   */
  histogramCellLimit?: number;
  /**
   * The Bernstein lattice resolution k (the lattice \{0, 1/k, ..., 1\}^p); by default from n, p and
   * epsilon.
   *
   * A whole number from 1 to 1000.
   */
  bernsteinLattice?: number;
  /**
   * The iterated Bernstein order h; 2 unless given.
   *
   * A whole number from 1 to 8.
   */
  bernsteinOrder?: number;
  /**
   * The KDE's bandwidth in units of the scaled [0, 1] range; by default C (ln n / n)^(1/p) with the
   * noisy count n.
   *
   * A number from 0 to 1.
   */
  kdeBandwidth?: number;
  /**
   * The constant C of the default KDE bandwidth (Bojkovic & Loh, Theorem IV.1).
   *
   * A number greater than 0.
   *
   * @defaultValue `1`
   */
  kdeBandwidthConstant?: number;
}

/**
 * Options of `mechanism: "marginal-lp"`: Marginal-preserving synthesis (MST-style); (epsilon,
 * delta)-DP accounted as rho-zCDP, add/remove one record.
 */
export interface MarginalLpOptions {
  mechanism: 'marginal-lp';
  /**
   * delta of (epsilon, delta)-DP; the budget is rho = cdp_rho(epsilon, delta).
   *
   * A number from 0 to 1.
   *
   * @defaultValue `1e-9`
   */
  delta?: number;
  /**
   * "mst": the 1-way marginals and a spanning tree of 2-way marginals chosen privately; "all":
   * every marginal up to degree (Zhou et al.'s Mechanism 1, small tables).
   *
   * @defaultValue `"mst"`
   */
  workload?: Workload;
  /**
   * With workload "all": the largest marginal degree.
   *
   * @defaultValue `2`
   */
  degree?: Degree;
  /**
   * The LP fit works over every cell of the (compressed) domain up to this many cells, else over a
   * reduced space drawn from the tree.
   *
   * A whole number from 0 to 2,000,000.
   *
   * @defaultValue `100000`
   */
  fullDomainLimit?: number;
  /**
   * MST's merging of the values whose noisy 1-way count is below 3 noise standard deviations.
   *
   * @defaultValue `true`
   */
  compressDomain?: boolean;
  /**
   * How rows are made from the noisy marginals (post-processing): "tree" rounds them from the tree
   * of the marginals' estimate (target-augmented with mlTarget), "lp" solves Zhou et al.'s
   * reweighting LP, "auto" the tree unless an LP option is given.
   *
   * @defaultValue `"auto"`
   */
  fit?: Fit;
  /**
   * A fixed size m of the reduced space. By default it grows from twice the number of statistics
   * (at least 1,000) until the LP's error reaches the noise level.
   *
   * A whole number from 1 to 2,000,000.
   */
  reducedSpaceSize?: number;
  /**
   * The cap on the reduced space's automatic growth; by default 32 times the number of statistics,
   * at most 100,000.
   *
   * A whole number from 1 to 2,000,000.
   */
  maxReducedSpaceSize?: number;
  /**
   * The number k of synthetic records; by default the noisy record count.
   *
   * A whole number from 1 to 20,000,000.
   */
  syntheticRows?: number;
  /**
   * How the k records come from the LP's weights h*: "rounding" gives counts within one of k h* (no
   * sampling error), "sampling" makes k independent draws.
   *
   * @defaultValue `"rounding"`
   */
  syntheticRowsFrom?: SyntheticRowsFrom;
  /**
   * Stop the LP solver after this many seconds (the run fails with LP_LIMIT_REACHED); no limit when
   * absent.
   *
   * A number from 0 to 2,000,000.
   */
  lpTimeLimitSeconds?: number;
  /**
   * Stop the LP solver after this many simplex (or first-order) iterations; no limit when absent.
   *
   * A whole number from 0 to 2,000,000,000.
   */
  lpIterationLimit?: number;
  /**
   * The GLPK simplex variant of the first solve; later solves choose by what changed.
   *
   * @defaultValue `"primal"`
   */
  lpMethod?: LpMethod;
  /**
   * What the LP minimizes over the statistics' errors: the largest (Boedihardjo et al.), their sum
   * (a lower mean error, slower), or the largest L1 error of one marginal (Zhou et al.).
   * Mirror-prox takes only "max-error".
   *
   * @defaultValue `"sum-error"`
   */
  lpObjective?: LpObjective;
  /**
   * How the reweighting LP is solved: row generation on the statistics and points that matter
   * (fast, with certified bounds), the whole LP at once (the slow reference), or mirror-prox, a
   * first-order method with dense weights.
   *
   * @defaultValue `"row-generation"`
   */
  lpSolver?: LpSolver;
  /**
   * Stop once the LP's error is within this fraction of a certified lower bound on the optimum; 0
   * asks for the exact optimum (not with mirror-prox).
   *
   * A number from 0 to 0.5.
   *
   * @defaultValue `0.01`
   */
  lpRelativeGap?: number;
  /**
   * The LP's second stage: "max-entropy" takes, among the solutions within (1 + lpStage2Slack)
   * times the first stage's error on every statistic, the one closest to the reference measure
   * (dense weights); "none" keeps the first stage's solution.
   *
   * @defaultValue `"none"`
   */
  lpStage2?: LpStage2;
  /**
   * The second stage's tolerance: (1 + slack) times the first stage's largest error.
   *
   * A number from 0 to 10.
   *
   * @defaultValue `1`
   */
  lpStage2Slack?: number;
  /**
   * The second stage's weight on the sum of the statistics' errors, in units of 1 / tolerance; 0 is
   * pure maximum entropy.
   *
   * A number from 0 to 100.
   *
   * @defaultValue `0.1`
   */
  lpStage2ErrorWeight?: number;
}

/**
 * Options of `mechanism: "adaptive-marginals"`: Adaptive marginals (AIM); (epsilon, delta)-DP
 * accounted as rho-zCDP, add/remove one record.
 */
export interface AdaptiveMarginalsOptions {
  mechanism: 'adaptive-marginals';
  /**
   * delta of (epsilon, delta)-DP; the budget is rho = cdp_rho(epsilon, delta).
   *
   * A number from 0 to 1.
   *
   * @defaultValue `1e-9`
   */
  delta?: number;
  /**
   * The marginals to preserve: all 2-way, all 3-way, all up to 4-way, or "listed" in
   * workloadMarginals. The rounds choose among them and their subsets.
   *
   * @defaultValue `"all-2-way"`
   */
  workload?: AdaptiveWorkload;
  /**
   * A listed workload (implies workload "listed"): column sets by name, each an array of names or
   * \{ columns, weight \}.
   */
  workloadMarginals?: WorkloadMarginal[];
  /**
   * With mlTarget: the weight of the workload marginals that hold the target.
   *
   * A number from 1 to 1000.
   *
   * @defaultValue `2`
   */
  targetWeight?: number;
  /**
   * T, the rounds the budget is first split into; by default 4 times the number of columns.
   *
   * A whole number from 1 to 100,000.
   */
  rounds?: number;
  /**
   * The most cells the graphical model may hold (the 1-way marginals are always allowed).
   *
   * A number from 1000 to 50,000,000.
   *
   * @defaultValue `100000`
   */
  maxModelCells?: number;
  /**
   * Mirror-descent steps of each round's warm-started fit.
   *
   * A whole number from 1 to 100,000.
   *
   * @defaultValue `100`
   */
  roundIterations?: number;
  /**
   * Mirror-descent steps of the last fit, from which the records are drawn.
   *
   * A whole number from 1 to 100,000.
   *
   * @defaultValue `300`
   */
  finalIterations?: number;
  /**
   * MST's merging of the values whose noisy 1-way count is below 3 noise standard deviations: true
   * every column, false none; by default the columns with a schema hierarchy, within its groups.
   */
  compressDomain?: boolean;
  /**
   * Columns with more levels than this (and no hierarchy) also get coarse candidates of 12 groups
   * of adjacent levels; 0: none.
   *
   * A whole number from 0 to 1,000,000.
   *
   * @defaultValue `16`
   */
  coarsenAbove?: number;
  /**
   * Scores of marginals that no clique of the model holds are counted in this many times n records
   * drawn from the model; 0 counts them exactly (slower).
   *
   * A number from 0 to 100.
   *
   * @defaultValue `2`
   */
  scoringSampleFactor?: number;
  /**
   * The number k of synthetic records; by default the noisy record count.
   *
   * A whole number from 1 to 100,000,000.
   */
  syntheticRows?: number;
}

/**
 * Options of `mechanism: "space-partition"`: Space partitioning (KD-tree or grid); pure epsilon-DP,
 * add/remove one record.
 */
export interface SpacePartitionOptions {
  mechanism: 'space-partition';
  /**
   * "kd-tree": the adaptive KD-tree, whose boxes split on noisy decisions; "grid": the
   * data-independent grid.
   *
   * @defaultValue `"kd-tree"`
   */
  partition?: Partition;
  /**
   * KD-tree: the share of the bins' budget spent on the split decisions.
   *
   * A number from 0.05 to 0.95.
   *
   * @defaultValue `0.5`
   */
  splitBudgetFraction?: number;
  /**
   * KD-tree: boxes are halved without looking at the data while their largest edge (a fraction of
   * the public range) exceeds this; by default the grid's cell width rounded up to a power of two.
   *
   * A number from 8.881784197001252e-16 to 1.
   */
  maxEdge?: number;
  /**
   * KD-tree: boxes whose largest edge is below this are never split; by default a few halvings of
   * every numeric axis below maxEdge.
   *
   * A number from 8.881784197001252e-16 to 1.
   */
  minEdge?: number;
  /**
   * KD-tree: a box splits when its count exceeds tau plus noise; by default at most half the empty
   * boxes of the first decided level split in expectation. Any tau keeps the privacy exact.
   *
   * A number from -1,000,000,000,000 to 1,000,000,000,000.
   */
  tau?: number;
  /**
   * KD-tree: tau from the paper's Lemma 10 (delta 1e-6, n the noisy count) instead of the default.
   *
   * @defaultValue `false`
   */
  tauLemma10?: boolean;
  /**
   * The share of epsilon spent on the noisy record count.
   *
   * A number from 0.001 to 0.5.
   *
   * @defaultValue `0.05`
   */
  countBudgetFraction?: number;
  /**
   * Grid: the cells along each numeric axis; by default from Theorem 3 with the noisy record count.
   *
   * A whole number from 1 to 1,048,576.
   */
  gridCells?: number;
  /**
   * A bin is released when its noisy count reaches this; by default the smallest that releases at
   * most half an empty bin in expectation.
   *
   * A whole number from 1 to 1,000,000,000.
   */
  threshold?: number;
  /**
   * The number k of synthetic records; by default the noisy record count.
   *
   * A whole number from 1 to 10,000,000.
   */
  syntheticRows?: number;
}

/**
 * Options of `mechanism: "sampler"`: Private sampler (Reveal-or-Obscure); pure epsilon-DP, replace
 * one record (the number of records is public).
 */
export interface SamplerOptions {
  mechanism: 'sampler';
  /**
   * "ds-roo" and "roo" reveal a random record's symbol or obscure it with a uniform one;
   * "subsampled-rr" is k-ary randomized response with ROO's law; "laplace-histogram" draws every
   * sample from one noisy histogram.
   *
   * @defaultValue `"ds-roo"`
   */
  sampler?: Sampler;
  /**
   * N, the records to draw; the reveal-or-obscure samplers spend epsilon / N on each.
   *
   * A whole number from 1 to 10,000,000.
   *
   * @defaultValue `1`
   */
  samples?: number;
  /**
   * The reveal-or-obscure samplers refuse an N whose samples would be uniform noise with a
   * probability above this; the error names the largest N that passes.
   *
   * A number from 0.01 to 1.
   *
   * @defaultValue `0.5`
   */
  maxObscuring?: number;
  /**
   * Release nothing: only the owner-only report's comparison of the samplers on the data.
   *
   * @defaultValue `false`
   */
  preview?: boolean;
}

/** Each mechanism's options interface, by id. */
export interface OptionsByMechanism {
  'reduced-space-lp': ReducedSpaceLpOptions;
  'marginal-lp': MarginalLpOptions;
  'adaptive-marginals': AdaptiveMarginalsOptions;
  'space-partition': SpacePartitionOptions;
  sampler: SamplerOptions;
}

/** The options every mechanism shares (the core reads `mechanism` with them). */
export const COMMON_OPTION_NAMES = [
  'epsilon',
  'publicRows',
  'columns',
  'outOfDomain',
  'schemaProvenance',
  'testSeed',
  'evaluate',
  'mlTarget',
  'mlTestFraction',
  'mlExtraTargets',
  'mlDirectDp',
  'inputSource',
  'rowsPerPerson',
  'rowsPerPersonQuantile',
  'choicesFromData',
] as const;
/** The options of reduced-space-lp, besides the common ones. */
export const REDUCED_SPACE_LP_OPTION_NAMES = [
  'degree',
  'countBudgetFraction',
  'reducedSpaceSize',
  'maxReducedSpaceSize',
  'syntheticRows',
  'syntheticRowsFrom',
  'lpTimeLimitSeconds',
  'lpIterationLimit',
  'lpMethod',
  'lpObjective',
  'lpSolver',
  'lpRelativeGap',
  'lpStage2',
  'lpStage2Slack',
  'lpStage2ErrorWeight',
  'referenceMeasure',
  'space',
  'redrawWithinCells',
  'moments',
  'referenceBudgetFraction',
  'histogramCellLimit',
  'bernsteinLattice',
  'bernsteinOrder',
  'kdeBandwidth',
  'kdeBandwidthConstant',
] as const;
/** The options of marginal-lp, besides the common ones. */
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
  'lpTimeLimitSeconds',
  'lpIterationLimit',
  'lpMethod',
  'lpObjective',
  'lpSolver',
  'lpRelativeGap',
  'lpStage2',
  'lpStage2Slack',
  'lpStage2ErrorWeight',
] as const;
/** The options of adaptive-marginals, besides the common ones. */
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
] as const;
/** The options of space-partition, besides the common ones. */
export const SPACE_PARTITION_OPTION_NAMES = [
  'partition',
  'splitBudgetFraction',
  'maxEdge',
  'minEdge',
  'tau',
  'tauLemma10',
  'countBudgetFraction',
  'gridCells',
  'threshold',
  'syntheticRows',
] as const;
/** The options of sampler, besides the common ones. */
export const SAMPLER_OPTION_NAMES = ['sampler', 'samples', 'maxObscuring', 'preview'] as const;
/** Each mechanism's own option names, by id. */
export const MECHANISM_OPTION_NAMES = {
  'reduced-space-lp': REDUCED_SPACE_LP_OPTION_NAMES,
  'marginal-lp': MARGINAL_LP_OPTION_NAMES,
  'adaptive-marginals': ADAPTIVE_MARGINALS_OPTION_NAMES,
  'space-partition': SPACE_PARTITION_OPTION_NAMES,
  sampler: SAMPLER_OPTION_NAMES,
} as const;

/** An option as the core's catalogue states it: its type, bounds, default and values. */
export interface OptionSpec {
  type: 'integer' | 'number' | 'boolean' | 'choice' | 'text' | 'text-list' | 'column-sets';
  minimum?: number;
  maximum?: number;
  /** The minimum itself is not allowed. */
  minimumExcluded?: boolean;
  default?: string | number | boolean;
  /** The core computes the default from the data or the other options. */
  defaultComputed?: boolean;
  /** The values it takes, when it takes a fixed set (a choice, or a small whole-number range). */
  values?: readonly (string | number)[];
  doc: string;
}
/**
 * Every option the library takes, as the core's catalogue states it (test switches left out):
 * `common`, then each mechanism's own, by name. Synchronous, for forms; mechanismCatalogue() is the
 * same from the core.
 */
export const OPTION_CATALOGUE = {
  common: {
    epsilon: {
      type: 'number',
      minimum: 0,
      minimumExcluded: true,
      doc: "The privacy budget, > 0. Without a schema it is the whole release's, the schema's private discovery included.",
    },
    publicRows: {
      type: 'number',
      minimum: 1,
      maximum: 1000000000000,
      doc: 'A number of records you state as public, never read from the data: only "mechanism": "auto" uses it, to choose, and the receipt states it.',
    },
    columns: { type: 'text-list', doc: 'The columns to synthesize; every column of the schema when absent.' },
    outOfDomain: {
      type: 'choice',
      default: 'clamp',
      values: ['clamp', 'reject', 'error'],
      doc: "What a value outside the schema's domain becomes: clamped into it (a number) or missing (an unknown category of a nullable column), its record dropped, or an error naming the cell. The report counts each case.",
    },
    schemaProvenance: {
      type: 'choice',
      default: 'public',
      values: ['public', 'inferred-from-data'],
      doc: '"inferred-from-data" marks a schema read from the data without privacy: the output is then not private.',
    },
    testSeed: {
      type: 'integer',
      minimum: 0,
      maximum: 9007199254740991,
      doc: "Tests only: seeded randomness in place of the platform's secure generator. The output is not private.",
    },
    evaluate: {
      type: 'boolean',
      default: true,
      doc: 'Compute the utility report on the real data (for the data owner only).',
    },
    mlTarget: {
      type: 'text',
      doc: 'A categorical column of 2 to 32 levels to predict: a random share of the records is held out, and the report compares a model trained on the synthetic table with one trained on the real rows. Mechanisms that can favour a target favour this one.',
    },
    mlTestFraction: {
      type: 'number',
      minimum: 0.01,
      maximum: 0.5,
      default: 0.2,
      doc: 'With mlTarget: the probability with which each record is held out for the test.',
    },
    mlExtraTargets: {
      type: 'text-list',
      doc: 'With mlTarget: more columns to predict from the same synthetic table, each reported as mlTarget is.',
    },
    mlDirectDp: {
      type: 'boolean',
      default: true,
      doc: "With mlTarget: also train each target's logistic regression directly under DP, all of them on the run's (epsilon, delta); the models are a separate release with their own receipt.",
    },
    inputSource: {
      type: 'choice',
      defaultComputed: true,
      values: ['csv', 'parquet', 'duckdb-csv', 'duckdb-parquet', 'count-tables'],
      doc: 'Where the data come from, stated in the receipt\'s input. The library sets it from the input it reads; count tables are "count-tables" unless stated.',
    },
    rowsPerPerson: {
      type: 'integer',
      minimum: 1,
      maximum: 1000,
      defaultComputed: true,
      doc: "With the schema's privacyUnit: the most rows each person keeps, drawn at random (the rest are left out); the noise grows with it. Absent: chosen privately near a quantile of rows per person (rowsPerPersonQuantile), with a share of the budget.",
    },
    rowsPerPersonQuantile: {
      type: 'number',
      minimum: 0.5,
      maximum: 0.99,
      default: 0.75,
      doc: "With the schema's privacyUnit and no rowsPerPerson: the share of persons whose rows the privately chosen k keeps whole (a quantile of rows per person).",
    },
    choicesFromData: {
      type: 'text-list',
      doc: "Every option chosen by looking at the real data without privacy, each named in a few words: each makes the output not private and is listed in the receipt's notPrivateReasons.",
    },
  },
  'reduced-space-lp': {
    degree: {
      type: 'integer',
      minimum: 1,
      maximum: 3,
      default: 2,
      values: [1, 2, 3],
      doc: 'Preserve every marginal up to this degree.',
    },
    countBudgetFraction: {
      type: 'number',
      minimum: 0,
      maximum: 1,
      defaultComputed: true,
      doc: 'The share of epsilon spent on the record count; by default 1 / (1 + sqrt(number of marginals)).',
    },
    reducedSpaceSize: {
      type: 'integer',
      minimum: 1,
      maximum: 2000000,
      defaultComputed: true,
      doc: "A fixed size m of the reduced space. By default it grows from twice the number of statistics (at least 1,000) until the LP's error reaches the noise level.",
    },
    maxReducedSpaceSize: {
      type: 'integer',
      minimum: 1,
      maximum: 2000000,
      defaultComputed: true,
      doc: "The cap on the reduced space's automatic growth; by default 32 times the number of statistics, at most 100,000.",
    },
    syntheticRows: {
      type: 'integer',
      minimum: 1,
      maximum: 20000000,
      defaultComputed: true,
      doc: 'The number k of synthetic records; by default the noisy record count.',
    },
    syntheticRowsFrom: {
      type: 'choice',
      default: 'rounding',
      values: ['rounding', 'sampling'],
      doc: 'How the k records come from the LP\'s weights h*: "rounding" gives counts within one of k h* (no sampling error), "sampling" makes k independent draws.',
    },
    lpTimeLimitSeconds: {
      type: 'number',
      minimum: 0,
      maximum: 2000000,
      doc: 'Stop the LP solver after this many seconds (the run fails with LP_LIMIT_REACHED); no limit when absent.',
    },
    lpIterationLimit: {
      type: 'integer',
      minimum: 0,
      maximum: 2000000000,
      doc: 'Stop the LP solver after this many simplex (or first-order) iterations; no limit when absent.',
    },
    lpMethod: {
      type: 'choice',
      default: 'primal',
      values: ['primal', 'dual'],
      doc: 'The GLPK simplex variant of the first solve; later solves choose by what changed.',
    },
    lpObjective: {
      type: 'choice',
      default: 'max-error',
      values: ['max-error', 'sum-error', 'max-marginal-error'],
      doc: 'What the LP minimizes over the statistics\' errors: the largest (Boedihardjo et al.), their sum (a lower mean error, slower), or the largest L1 error of one marginal (Zhou et al.). Mirror-prox takes only "max-error".',
    },
    lpSolver: {
      type: 'choice',
      default: 'row-generation',
      values: ['row-generation', 'simplex', 'mirror-prox'],
      doc: 'How the reweighting LP is solved: row generation on the statistics and points that matter (fast, with certified bounds), the whole LP at once (the slow reference), or mirror-prox, a first-order method with dense weights.',
    },
    lpRelativeGap: {
      type: 'number',
      minimum: 0,
      maximum: 0.5,
      default: 0.01,
      doc: "Stop once the LP's error is within this fraction of a certified lower bound on the optimum; 0 asks for the exact optimum (not with mirror-prox).",
    },
    lpStage2: {
      type: 'choice',
      default: 'max-entropy',
      values: ['none', 'max-entropy'],
      doc: 'The LP\'s second stage: "max-entropy" takes, among the solutions within (1 + lpStage2Slack) times the first stage\'s error on every statistic, the one closest to the reference measure (dense weights); "none" keeps the first stage\'s solution.',
    },
    lpStage2Slack: {
      type: 'number',
      minimum: 0,
      maximum: 10,
      default: 1,
      doc: "The second stage's tolerance: (1 + slack) times the first stage's largest error.",
    },
    lpStage2ErrorWeight: {
      type: 'number',
      minimum: 0,
      maximum: 100,
      default: 0.1,
      doc: "The second stage's weight on the sum of the statistics' errors, in units of 1 / tolerance; 0 is pure maximum entropy.",
    },
    referenceMeasure: {
      type: 'choice',
      default: 'auto',
      values: ['auto', 'uniform', 'histogram', 'tree', 'bernstein-kde', 'kd-tree'],
      doc: 'The measure mu the reduced space is drawn from (Bojkovic & Loh): "uniform" is free; "histogram" (small domains), "tree" (wide tables), "bernstein-kde" and "kd-tree" (continuous space) spend a share of epsilon on the data. "auto" picks one from the domain (adviseRun() states which).',
    },
    space: {
      type: 'choice',
      defaultComputed: true,
      values: ['encoded', 'continuous'],
      doc: '"encoded": records are codes (categories and bins); "continuous": every column numeric, records are points of [0,1]^p scaled by the public bounds, output unbinned. By default continuous with the "bernstein-kde" and "kd-tree" references, else encoded.',
    },
    redrawWithinCells: {
      type: 'boolean',
      default: true,
      doc: "Continuous space with a uniform or KD-tree mu: draw each row's point again inside its cell, so that every row is its own point; false keeps the reduced space's points.",
    },
    moments: {
      type: 'integer',
      minimum: 0,
      maximum: 2,
      defaultComputed: true,
      values: [0, 1, 2],
      doc: 'Continuous space: also preserve the means (1) or the means and second moments (2, the default there).',
    },
    referenceBudgetFraction: {
      type: 'number',
      minimum: 0,
      maximum: 1,
      defaultComputed: true,
      doc: 'The share of epsilon spent on a private mu, the LP getting the rest; by default 0.5 for the histogram and the KDE, 0.3 for the tree and the KD-tree.',
    },
    histogramCellLimit: {
      type: 'integer',
      minimum: 1,
      maximum: 134217728,
      default: 4194304,
      doc: 'The largest full domain, in cells, that the histogram reference accepts; a larger one is refused before anything is spent.',
    },
    bernsteinLattice: {
      type: 'integer',
      minimum: 1,
      maximum: 1000,
      defaultComputed: true,
      doc: 'The Bernstein lattice resolution k (the lattice {0, 1/k, ..., 1}^p); by default from n, p and epsilon.',
    },
    bernsteinOrder: {
      type: 'integer',
      minimum: 1,
      maximum: 8,
      defaultComputed: true,
      doc: 'The iterated Bernstein order h; 2 unless given.',
    },
    kdeBandwidth: {
      type: 'number',
      minimum: 0,
      maximum: 1,
      defaultComputed: true,
      doc: "The KDE's bandwidth in units of the scaled [0, 1] range; by default C (ln n / n)^(1/p) with the noisy count n.",
    },
    kdeBandwidthConstant: {
      type: 'number',
      minimum: 0,
      minimumExcluded: true,
      default: 1,
      doc: 'The constant C of the default KDE bandwidth (Bojkovic & Loh, Theorem IV.1).',
    },
  },
  'marginal-lp': {
    delta: {
      type: 'number',
      minimum: 0,
      maximum: 1,
      default: 1e-9,
      doc: 'delta of (epsilon, delta)-DP; the budget is rho = cdp_rho(epsilon, delta).',
    },
    workload: {
      type: 'choice',
      default: 'mst',
      values: ['mst', 'all'],
      doc: '"mst": the 1-way marginals and a spanning tree of 2-way marginals chosen privately; "all": every marginal up to degree (Zhou et al.\'s Mechanism 1, small tables).',
    },
    degree: {
      type: 'integer',
      minimum: 1,
      maximum: 3,
      default: 2,
      values: [1, 2, 3],
      doc: 'With workload "all": the largest marginal degree.',
    },
    fullDomainLimit: {
      type: 'integer',
      minimum: 0,
      maximum: 2000000,
      default: 100000,
      doc: 'The LP fit works over every cell of the (compressed) domain up to this many cells, else over a reduced space drawn from the tree.',
    },
    compressDomain: {
      type: 'boolean',
      default: true,
      doc: "MST's merging of the values whose noisy 1-way count is below 3 noise standard deviations.",
    },
    fit: {
      type: 'choice',
      default: 'auto',
      values: ['auto', 'lp', 'tree'],
      doc: 'How rows are made from the noisy marginals (post-processing): "tree" rounds them from the tree of the marginals\' estimate (target-augmented with mlTarget), "lp" solves Zhou et al.\'s reweighting LP, "auto" the tree unless an LP option is given.',
    },
    reducedSpaceSize: {
      type: 'integer',
      minimum: 1,
      maximum: 2000000,
      defaultComputed: true,
      doc: "A fixed size m of the reduced space. By default it grows from twice the number of statistics (at least 1,000) until the LP's error reaches the noise level.",
    },
    maxReducedSpaceSize: {
      type: 'integer',
      minimum: 1,
      maximum: 2000000,
      defaultComputed: true,
      doc: "The cap on the reduced space's automatic growth; by default 32 times the number of statistics, at most 100,000.",
    },
    syntheticRows: {
      type: 'integer',
      minimum: 1,
      maximum: 20000000,
      defaultComputed: true,
      doc: 'The number k of synthetic records; by default the noisy record count.',
    },
    syntheticRowsFrom: {
      type: 'choice',
      default: 'rounding',
      values: ['rounding', 'sampling'],
      doc: 'How the k records come from the LP\'s weights h*: "rounding" gives counts within one of k h* (no sampling error), "sampling" makes k independent draws.',
    },
    lpTimeLimitSeconds: {
      type: 'number',
      minimum: 0,
      maximum: 2000000,
      doc: 'Stop the LP solver after this many seconds (the run fails with LP_LIMIT_REACHED); no limit when absent.',
    },
    lpIterationLimit: {
      type: 'integer',
      minimum: 0,
      maximum: 2000000000,
      doc: 'Stop the LP solver after this many simplex (or first-order) iterations; no limit when absent.',
    },
    lpMethod: {
      type: 'choice',
      default: 'primal',
      values: ['primal', 'dual'],
      doc: 'The GLPK simplex variant of the first solve; later solves choose by what changed.',
    },
    lpObjective: {
      type: 'choice',
      default: 'sum-error',
      values: ['max-error', 'sum-error', 'max-marginal-error'],
      doc: 'What the LP minimizes over the statistics\' errors: the largest (Boedihardjo et al.), their sum (a lower mean error, slower), or the largest L1 error of one marginal (Zhou et al.). Mirror-prox takes only "max-error".',
    },
    lpSolver: {
      type: 'choice',
      default: 'row-generation',
      values: ['row-generation', 'simplex', 'mirror-prox'],
      doc: 'How the reweighting LP is solved: row generation on the statistics and points that matter (fast, with certified bounds), the whole LP at once (the slow reference), or mirror-prox, a first-order method with dense weights.',
    },
    lpRelativeGap: {
      type: 'number',
      minimum: 0,
      maximum: 0.5,
      default: 0.01,
      doc: "Stop once the LP's error is within this fraction of a certified lower bound on the optimum; 0 asks for the exact optimum (not with mirror-prox).",
    },
    lpStage2: {
      type: 'choice',
      default: 'none',
      values: ['none', 'max-entropy'],
      doc: 'The LP\'s second stage: "max-entropy" takes, among the solutions within (1 + lpStage2Slack) times the first stage\'s error on every statistic, the one closest to the reference measure (dense weights); "none" keeps the first stage\'s solution.',
    },
    lpStage2Slack: {
      type: 'number',
      minimum: 0,
      maximum: 10,
      default: 1,
      doc: "The second stage's tolerance: (1 + slack) times the first stage's largest error.",
    },
    lpStage2ErrorWeight: {
      type: 'number',
      minimum: 0,
      maximum: 100,
      default: 0.1,
      doc: "The second stage's weight on the sum of the statistics' errors, in units of 1 / tolerance; 0 is pure maximum entropy.",
    },
  },
  'adaptive-marginals': {
    delta: {
      type: 'number',
      minimum: 0,
      maximum: 1,
      default: 1e-9,
      doc: 'delta of (epsilon, delta)-DP; the budget is rho = cdp_rho(epsilon, delta).',
    },
    workload: {
      type: 'choice',
      default: 'all-2-way',
      values: ['all-2-way', 'all-3-way', 'up-to-4-way', 'listed'],
      doc: 'The marginals to preserve: all 2-way, all 3-way, all up to 4-way, or "listed" in workloadMarginals. The rounds choose among them and their subsets.',
    },
    workloadMarginals: {
      type: 'column-sets',
      doc: 'A listed workload (implies workload "listed"): column sets by name, each an array of names or { columns, weight }.',
    },
    targetWeight: {
      type: 'number',
      minimum: 1,
      maximum: 1000,
      default: 2,
      doc: 'With mlTarget: the weight of the workload marginals that hold the target.',
    },
    rounds: {
      type: 'integer',
      minimum: 1,
      maximum: 100000,
      defaultComputed: true,
      doc: 'T, the rounds the budget is first split into; by default 4 times the number of columns.',
    },
    maxModelCells: {
      type: 'number',
      minimum: 1000,
      maximum: 50000000,
      default: 100000,
      doc: 'The most cells the graphical model may hold (the 1-way marginals are always allowed).',
    },
    roundIterations: {
      type: 'integer',
      minimum: 1,
      maximum: 100000,
      default: 100,
      doc: "Mirror-descent steps of each round's warm-started fit.",
    },
    finalIterations: {
      type: 'integer',
      minimum: 1,
      maximum: 100000,
      default: 300,
      doc: 'Mirror-descent steps of the last fit, from which the records are drawn.',
    },
    compressDomain: {
      type: 'boolean',
      defaultComputed: true,
      doc: "MST's merging of the values whose noisy 1-way count is below 3 noise standard deviations: true every column, false none; by default the columns with a schema hierarchy, within its groups.",
    },
    coarsenAbove: {
      type: 'integer',
      minimum: 0,
      maximum: 1000000,
      default: 16,
      doc: 'Columns with more levels than this (and no hierarchy) also get coarse candidates of 12 groups of adjacent levels; 0: none.',
    },
    scoringSampleFactor: {
      type: 'number',
      minimum: 0,
      maximum: 100,
      default: 2,
      doc: 'Scores of marginals that no clique of the model holds are counted in this many times n records drawn from the model; 0 counts them exactly (slower).',
    },
    syntheticRows: {
      type: 'integer',
      minimum: 1,
      maximum: 100000000,
      defaultComputed: true,
      doc: 'The number k of synthetic records; by default the noisy record count.',
    },
  },
  'space-partition': {
    partition: {
      type: 'choice',
      default: 'kd-tree',
      values: ['kd-tree', 'grid'],
      doc: '"kd-tree": the adaptive KD-tree, whose boxes split on noisy decisions; "grid": the data-independent grid.',
    },
    splitBudgetFraction: {
      type: 'number',
      minimum: 0.05,
      maximum: 0.95,
      default: 0.5,
      doc: "KD-tree: the share of the bins' budget spent on the split decisions.",
    },
    maxEdge: {
      type: 'number',
      minimum: 8.881784197001252e-16,
      maximum: 1,
      defaultComputed: true,
      doc: "KD-tree: boxes are halved without looking at the data while their largest edge (a fraction of the public range) exceeds this; by default the grid's cell width rounded up to a power of two.",
    },
    minEdge: {
      type: 'number',
      minimum: 8.881784197001252e-16,
      maximum: 1,
      defaultComputed: true,
      doc: 'KD-tree: boxes whose largest edge is below this are never split; by default a few halvings of every numeric axis below maxEdge.',
    },
    tau: {
      type: 'number',
      minimum: -1000000000000,
      maximum: 1000000000000,
      defaultComputed: true,
      doc: 'KD-tree: a box splits when its count exceeds tau plus noise; by default at most half the empty boxes of the first decided level split in expectation. Any tau keeps the privacy exact.',
    },
    tauLemma10: {
      type: 'boolean',
      default: false,
      doc: "KD-tree: tau from the paper's Lemma 10 (delta 1e-6, n the noisy count) instead of the default.",
    },
    countBudgetFraction: {
      type: 'number',
      minimum: 0.001,
      maximum: 0.5,
      default: 0.05,
      doc: 'The share of epsilon spent on the noisy record count.',
    },
    gridCells: {
      type: 'integer',
      minimum: 1,
      maximum: 1048576,
      defaultComputed: true,
      doc: 'Grid: the cells along each numeric axis; by default from Theorem 3 with the noisy record count.',
    },
    threshold: {
      type: 'integer',
      minimum: 1,
      maximum: 1000000000,
      defaultComputed: true,
      doc: 'A bin is released when its noisy count reaches this; by default the smallest that releases at most half an empty bin in expectation.',
    },
    syntheticRows: {
      type: 'integer',
      minimum: 1,
      maximum: 10000000,
      defaultComputed: true,
      doc: 'The number k of synthetic records; by default the noisy record count.',
    },
  },
  sampler: {
    sampler: {
      type: 'choice',
      default: 'ds-roo',
      values: ['ds-roo', 'roo', 'subsampled-rr', 'laplace-histogram'],
      doc: '"ds-roo" and "roo" reveal a random record\'s symbol or obscure it with a uniform one; "subsampled-rr" is k-ary randomized response with ROO\'s law; "laplace-histogram" draws every sample from one noisy histogram.',
    },
    samples: {
      type: 'integer',
      minimum: 1,
      maximum: 10000000,
      default: 1,
      doc: 'N, the records to draw; the reveal-or-obscure samplers spend epsilon / N on each.',
    },
    maxObscuring: {
      type: 'number',
      minimum: 0.01,
      maximum: 1,
      default: 0.5,
      doc: 'The reveal-or-obscure samplers refuse an N whose samples would be uniform noise with a probability above this; the error names the largest N that passes.',
    },
    preview: {
      type: 'boolean',
      default: false,
      doc: "Release nothing: only the owner-only report's comparison of the samplers on the data.",
    },
  },
} as const satisfies Record<Mechanism | 'common', Record<string, OptionSpec>>;
