// Schema JSON v1 (docs/architecture.md §2), as TypeScript types. The core validates every schema; these types
// only help authors of schema objects.

/**
 * A level of a categorical column's public hierarchy (docs/schema.md): each label of the level
 * below (the categories, for the first level) in exactly one of its groups.
 */
export interface HierarchyLevel {
  /** The level's name ("county", "occupation"). */
  name: string;
  /** Group label: its members, labels of the level below. */
  groups: Record<string, Array<string | number>>;
}

export interface CategoricalColumn {
  name: string;
  type: 'categorical';
  /** Category labels; a numeric category matches every token that parses to the same number. */
  categories: Array<string | number>;
  /**
   * Coarser levels, finest first (ZIP code → county → state): the marginal mechanisms may measure
   * the column by them, and merge its rare categories within their groups.
   */
  hierarchy?: HierarchyLevel[];
  nullable?: boolean;
  description?: string;
}

export interface NumericColumn {
  name: string;
  type: 'numeric';
  /** Public lower bound (from documentation, not from the data). */
  min: number;
  /** Public upper bound. */
  max: number;
  integer?: boolean;
  /** Equal-width bins of [min, max] for discrete mechanisms (default 16, or one per whole number). */
  bins?: number;
  /**
   * Explicit public bin edges instead of equal-width bins: from min to max, strictly increasing
   * (whole numbers in an integer column); bin i is [edge i, edge i+1), the last one closed.
   */
  binEdges?: number[];
  /**
   * Public values that get a level each after the bins (40 hours a week, a capital gain of 0): a
   * spike of the data is then kept exactly instead of spread over its bin. In [min, max], distinct,
   * whole in an integer column; at most 1,000.
   */
  commonValues?: number[];
  nullable?: boolean;
  description?: string;
}

/** The steps a date or date-time column counts in. */
export type TimeGranularity = 'year' | 'month' | 'day' | 'hour' | 'minute' | 'second';

/**
 * A date column (docs/schema.md): numeric for every mechanism, in whole days (or months, years)
 * since 1970-01-01, its cells read and written as text in its format.
 */
export interface DateColumn {
  name: string;
  type: 'date';
  /** Public first date, ISO 8601 ("2019-01-01"; "2019-01" or "2019" at a coarser granularity). */
  min: string;
  /** Public last date, ISO 8601. */
  max: string;
  /** Default "day". */
  granularity?: 'year' | 'month' | 'day';
  /** A pattern of YYYY, MM, DD and literal text ("DD/MM/YYYY"); default ISO 8601 ("2019-01-31"). */
  format?: string;
  /** Equal-width bins of [min, max] (default 16, or one per step when fewer). */
  bins?: number;
  /** Explicit public bin edges, ISO 8601 texts from min to max (see NumericColumn.binEdges). */
  binEdges?: string[];
  nullable?: boolean;
  description?: string;
}

/** A date-time column: as a date column, in whole hours, minutes or seconds since 1970-01-01T00:00. */
export interface DateTimeColumn {
  name: string;
  type: 'datetime';
  /** Public first instant, ISO 8601 ("2019-01-01T00:00:00"; with "Z" or an offset if "utc"). */
  min: string;
  /** Public last instant, ISO 8601. */
  max: string;
  /** Default "second". */
  granularity?: 'hour' | 'minute' | 'second';
  /**
   * "naive" (default): no time zone, and a cell that names one is not a valid value; "utc": a
   * cell's offset ("Z", "+02:00") is applied, a cell without one is UTC, and output ends in "Z".
   */
  timezone?: 'naive' | 'utc';
  /** A pattern of YYYY, MM, DD, HH, mm, ss and literal text; default ISO 8601 ("2019-01-31T08:30:00"). */
  format?: string;
  bins?: number;
  nullable?: boolean;
  description?: string;
}

/**
 * A column of identifiers (docs/schema.md): nothing is read or measured from it; the synthetic
 * table gets fresh ones, prefix + 1, 2, 3, ... in row order. The receipt lists it.
 */
export interface IdColumn {
  name: string;
  type: 'id';
  /** Written before each identifier ("P-" gives P-1, P-2, ...); default none. */
  prefix?: string;
  description?: string;
}

/**
 * A column of free text (docs/schema.md): nothing is read or measured from it; every synthetic row
 * gets the placeholder (default: an empty cell). The receipt lists it.
 */
export interface TextColumn {
  name: string;
  type: 'text';
  placeholder?: string;
  description?: string;
}

export type SchemaColumn = CategoricalColumn | NumericColumn | DateColumn | DateTimeColumn | IdColumn | TextColumn;

export interface Schema {
  version: 1;
  name?: string;
  source?: string;
  description?: string;
  /**
   * "inferred-from-data" marks a schema read from the private data: outputs are NOT private.
   * "dp-discovered" marks one made by discoverSchema(): its cost is in `discovery`, and every
   * receipt of a run with it adds that cost (receipt.privacy.total).
   */
  provenance?: 'public' | 'inferred-from-data' | 'dp-discovered';
  /**
   * What discovering the domains cost (with provenance "dp-discovered"), and why that discovery
   * was not private if it was not (a test seed): every receipt of a run with this schema is then
   * not private either.
   */
  discovery?: {
    epsilon: number;
    delta: number;
    notPrivateReasons?: string[];
    /**
     * Found as the first part of one release (a share of its budget): its zCDP cost and the delta of
     * its partition selections. A run with this schema then takes epsilon and delta as the whole
     * release's and spends what the discovery left.
     */
    rho?: number;
    selectionDelta?: number;
  };
  columns: SchemaColumn[];
  /** Cell texts that mean "missing" (default [""]). */
  missing?: string[];
}

/** One column to discover privately: its kind is public; numbers need a public rough range. */
export type DiscoveryColumn =
  | { name: string; type: 'categorical'; nullable?: boolean }
  | {
      name: string;
      type: 'numeric';
      /** What anyone could say about the column, e.g. [0, 150] for an age; the bounds are found inside it. */
      range: [number, number];
      integer?: boolean;
      /** Equal-width bins of the discovered [min, max] (default 16). */
      bins?: number;
      nullable?: boolean;
    }
  | {
      name: string;
      type: 'date';
      /** What anyone could say about the column, in ISO 8601, e.g. ["2000-01-01", "2030-12-31"]; the bounds are found inside it. */
      range: [string, string];
      granularity?: 'year' | 'month' | 'day';
      format?: string;
      bins?: number;
      nullable?: boolean;
    }
  | {
      name: string;
      type: 'datetime';
      /** The public rough range in ISO 8601, e.g. ["2000-01-01T00:00", "2030-12-31T23:59"]. */
      range: [string, string];
      granularity?: 'hour' | 'minute' | 'second';
      timezone?: 'naive' | 'utc';
      format?: string;
      bins?: number;
      nullable?: boolean;
    };

/**
 * discoverSchema() with no column described: every column's kind and domain found privately, as
 * the first part of one release (docs/privacy/domain-discovery.md, "One release, no schema").
 */
export interface DiscoverInReleaseOptions {
  /** The private table, as for DiscoverSchemaOptions. */
  csv: string | Blob;
  /** The whole release's epsilon: the discovery spends `share` of it, a run with the schema the rest. */
  epsilon: number;
  /** The whole release's delta (default 1e-9): half converts zCDP, half bounds the partition selections. */
  delta?: number;
  /** The discovery's share of the release's budget, strictly between 0 and 1 (synthesize()'s default: 0.15). */
  share: number;
  /** Bins of each numeric column, at private quantiles (default 16). */
  bins?: number;
  /** A partial public schema: its columns are used as given. */
  schema?: Schema;
  name?: string;
  /** Cell texts that mean "missing" (default [""]). */
  missing?: string[];
  /** TESTS ONLY: a seeded generator; the result is NOT private. */
  testSeed?: number;
}

export interface DiscoverSchemaOptions {
  /**
   * The private table: CSV text with a header row, or a File/Blob holding CSV or Parquet (a Parquet
   * file is recognised by its magic bytes; its nulls are missing values, its dates and timestamps ISO text).
   */
  csv: string | Blob;
  /** Budget of the discovery, split equally over the columns; it adds to every later run's. */
  epsilon: number;
  /** Needed with categorical columns (e.g. 1e-6), split equally over them. */
  delta?: number;
  columns: DiscoveryColumn[];
  name?: string;
  /** Cell texts that mean "missing" (default [""]). */
  missing?: string[];
  /** TESTS ONLY: a seeded generator; the result is NOT private. */
  testSeed?: number;
}

export interface DiscoveredSchema {
  /** Schema v1 with provenance "dp-discovered" and its cost. */
  schema: Schema;
  /** The discovery's own privacy receipt (ledger per column). */
  receipt: Record<string, unknown>;
}
