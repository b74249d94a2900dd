import type { OutOfDomainPolicy } from './options-types.js';
import type { DirectDpModels, PrivacyReceipt, Schema, UtilityReport } from './generated/contract-types.js';

/**
 * Phases of a run, in order. "parse" reads the CSV in chunks and encodes each into the schema's
 * domains as it arrives (its fraction is the share of the input read); "encode" is reported only
 * by whole-table runs of the core (native tools), never by the library.
 */
export type Phase = 'discover' | 'parse' | 'encode' | 'measure' | 'lp' | 'fit' | 'sample' | 'evaluate' | 'write';

export interface Progress {
  phase: Phase;
  /** Fraction of the phase done, in [0, 1]; -1 when unknown (e.g. simplex iterations). */
  fraction: number;
  /** Short human-readable note, e.g. "1,200 simplex iterations, max error t = 0.004". */
  detail: string;
}

/**
 * One column of the synthetic table, columnar: category codes (index into `labels`, -1 = missing)
 * or numbers (NaN = missing). In browsers the arrays are moved from the worker, not copied.
 */
export type SyntheticColumn =
  | { name: string; kind: 'categorical'; codes: Int32Array; labels: string[] }
  /** A number per row (NaN: missing); for a date or datetime column, whole steps of its granularity since 1970-01-01T00:00. */
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
  /**
   * With no schema (or a partial one and discoveryShare): the schema found privately in the data,
   * as the first part of this release (its cost is in the receipt). Save it to reuse the domains.
   */
  discoveredSchema?: Schema;
  /** mechanism "space-partition" only: the released bins as weighted centres. */
  weightedCentres?: WeightedCentres;
  /**
   * With mlTarget (and mlDirectDp, on by default): per target, a logistic regression trained directly
   * under DP on the real training rows, all of them on one budget (the run's epsilon). A SEPARATE
   * RELEASE with one receipt: publishing it with the synthetic table costs what
   * receipt.privacy.tableAndDpModels states. Publish it only if you mean to.
   */
  directModels?: DirectDpModels;
}

export interface SummarizeDataOptions {
  /**
   * The private table: CSV text with a header row, or a File/Blob holding CSV or Parquet (a Parquet
   * file is recognised by its magic bytes; its nulls are missing values, its dates and timestamps ISO text).
   */
  csv: string | Blob;
  /** Public schema: an object or its JSON text. */
  schema: Schema | string;
  /** As in synthesize() (default "clamp"). */
  outOfDomain?: OutOfDomainPolicy;
}

export type * from './options-types.js';
export type * from './generated/contract-types.js';
