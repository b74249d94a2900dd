// What both entries (browser and Node) export besides synthesize().
export * from './errors.js';
export type * from './schema-types.js';
export type * from './types.js';
export type * from './planner-types.js';
export type * from './forecast-types.js';
export type * from './advice-types.js';
export { inferSchema, NOT_PRIVATE_WARNING } from './schema-inference.js';
export type { InferSchemaOptions } from './schema-inference.js';
export { parseCsv } from './csv.js';
export type { ParsedCsv } from './csv.js';
