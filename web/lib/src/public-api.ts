// What both entries (browser and Node) export besides synthesize().
export * from './errors.js';
export type * from './schema-types.js';
export type * from './types.js';
export type * from './planner-types.js';
export type * from './forecast-types.js';
export {
  MECHANISMS,
  OUT_OF_DOMAIN_POLICIES,
  SCHEMA_PROVENANCES,
  INPUT_SOURCES,
  DEGREES,
  SYNTHETIC_ROWS_FROM,
  LP_SOLVERS,
  LP_METHODS,
  LP_OBJECTIVES,
  LP_STAGE2,
  REFERENCE_MEASURES,
  SPACES,
  MOMENT_ORDERS,
  WORKLOADS,
  FITS,
  ADAPTIVE_WORKLOADS,
  PARTITIONS,
  SAMPLERS,
  COMMON_OPTION_NAMES,
  REDUCED_SPACE_LP_OPTION_NAMES,
  MARGINAL_LP_OPTION_NAMES,
  ADAPTIVE_MARGINALS_OPTION_NAMES,
  SPACE_PARTITION_OPTION_NAMES,
  SAMPLER_OPTION_NAMES,
  MECHANISM_OPTION_NAMES,
  DEFAULT_DISCOVERY_SHARE,
} from './options-types.js';
export type * from './advice-types.js';
export { inferSchema, inferSchemaFromFile, NOT_PRIVATE_WARNING } from './schema-inference.js';
export { parquetColumnNames } from './parquet-stream.js';
export type { InferSchemaOptions } from './schema-inference.js';
export { parseCsv } from './csv.js';
export { checkNothingLeftOut, countsFromQueryResult } from './count-query-result.js';
export type { CountQueryCounts, CountQueryRow } from './count-query-result.js';
export type { ParsedCsv } from './csv.js';
