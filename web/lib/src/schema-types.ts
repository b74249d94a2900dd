// The requests of discoverSchema(), and what it answers. Schema JSON v1 itself (Schema and its
// columns) is generated from the core's schema (generated/contract-types.ts); the core validates
// every schema, and the types only help authors of schema objects.
import type { DiscoveryReceipt, Schema } from './generated/contract-types.js';

/** Schema JSON v1, for the modules that import it from here. */
export type { Schema };

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
  /** A partial public schema: its columns are used as given. It may not name a privacyUnit (give the option instead). */
  schema?: Schema;
  name?: string;
  /** Cell texts that mean "missing" (default [""]). */
  missing?: string[];
  /** TESTS ONLY: a seeded generator; the result is NOT private. */
  testSeed?: number;
  /**
   * The column that identifies a person, when a person can have several rows (a patient's visits):
   * the discovery reads one row of each person, drawn at random, and never the identifiers, so its
   * guarantee is for one person with all their rows. The schema names it as its `privacyUnit`
   * (docs/privacy/privacy-unit.md).
   */
  privacyUnit?: string;
  /** With `privacyUnit`: the columns that hold one value per person (sex, birth year), marked `perPerson` in the schema. */
  perPerson?: string[];
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
  /**
   * The column that identifies a person, when a person can have several rows (a patient's visits):
   * the discovery reads one row of each person, drawn at random, and never the identifiers, so its
   * guarantee is for one person with all their rows. The schema names it as its `privacyUnit`, an
   * "id" column (no need to describe it in `columns`; docs/privacy/privacy-unit.md).
   */
  privacyUnit?: string;
  /** With `privacyUnit`: described columns that hold one value per person (sex, birth year), marked `perPerson` in the schema. */
  perPerson?: string[];
}

export interface DiscoveredSchema {
  /** Schema v1 with provenance "dp-discovered" and its cost. */
  schema: Schema;
  /** The discovery's own privacy receipt (ledger per column). */
  receipt: DiscoveryReceipt;
}
