// What both entries (browser and Node) export besides synthesize().
export * from './errors.js';
export type * from './schema-types.js';
export type * from './types.js';
export type * from './planner-types.js';
export type * from './forecast-types.js';
// The lists of values and option names, generated from the core's catalogue.
export * from './generated/options.js';
export { DEFAULT_DISCOVERY_SHARE } from './options-types.js';
export type * from './advice-types.js';
export { inferSchema, inferSchemaFromFile, NOT_PRIVATE_WARNING } from './schema-inference.js';
export { parquetColumnNames } from './parquet-stream.js';
export type { InferSchemaOptions } from './schema-inference.js';
export { parseCsv } from './csv.js';
export { checkNothingLeftOut, countsFromQueryResult } from './count-query-result.js';
export type { CountQueryCounts, CountQueryRow } from './count-query-result.js';
export type { ParsedCsv } from './csv.js';
