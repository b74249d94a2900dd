// The options of synthesize() and of the other functions that take a run's options. What the core
// reads (CommonOptions, each mechanism's options, their lists of values and names) is generated from
// the core's mechanism catalogue into generated/options.ts, re-exported here; this file adds what
// only the library knows: the input (csv, schema, discovery), the callbacks, "auto"'s options, and
// the count-table and DuckDB inputs.
import type { Progress } from './types.js';
import type { Schema } from './schema-types.js';
import type { CommonOptions, Mechanism, OptionsByMechanism } from './generated/options.js';

export * from './generated/options.js';

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

/** "auto"'s options, or one mechanism's. */
export type MechanismOptions = AutoOptions | OptionsByMechanism[Mechanism];

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
  /**
   * Without a schema: the column that identifies a person, when a person can have several rows
   * (a patient's visits). The schema found privately names it as its `privacyUnit`, and the whole
   * release protects one person with all their rows (docs/privacy/privacy-unit.md). With a schema,
   * name it there instead.
   */
  privacyUnit?: string;
  /** Without a schema, with `privacyUnit`: the columns that hold one value per person (sex, birth year). */
  perPerson?: string[];
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
  /**
   * With the schema's privacyUnit (docs/privacy/privacy-unit.md): [records, persons] pairs, the
   * number of persons who kept each number of records (1 .. rowsPerPerson), as countTables()'s
   * rowsPerPersonSql computes them; the tables then count only each person's kept records.
   */
  rowsPerPerson?: Array<[number, number]>;
}

/** synthesizeFromCounts()'s argument: synthesize()'s, with the count tables in place of the CSV. */
/** synthesize()'s input where a public schema is required (no private discovery): count tables, DuckDB. */
export type InputWithPublicSchema = Omit<
  SynthesizeInput,
  'csv' | 'schema' | 'discoveryShare' | 'discoveryBins' | 'privacyUnit' | 'perPerson'
> & {
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
  /**
   * With a privacy unit: a secret random text of the run that orders each person's records the same
   * way in every pass, so that passes keep the same records (without it, the engine's random(): one
   * pass only). Never publish it.
   */
  drawKey?: string;
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
  /** With the schema's privacyUnit: the most records each person keeps (the tables count only those). */
  rowsPerPerson?: number;
  /**
   * With a privacy unit and a `query` target: the query of the persons' numbers of kept records
   * (columns `privsynth_rows`, `privsynth_persons`), the count tables' `rowsPerPerson`. AS SENSITIVE
   * AS THE ROWS.
   */
  rowsPerPersonSql?: string;
}
