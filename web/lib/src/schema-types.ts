// Schema JSON v1 (docs/architecture.md §2), as TypeScript types. The core validates every schema; these types
// only help authors of schema objects.

export interface CategoricalColumn {
  name: string;
  type: 'categorical';
  /** Category labels; a numeric category matches every token that parses to the same number. */
  categories: Array<string | number>;
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
  nullable?: boolean;
  description?: string;
}

export type SchemaColumn = CategoricalColumn | NumericColumn;

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
  discovery?: { epsilon: number; delta: number; notPrivateReasons?: string[] };
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
    };

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
