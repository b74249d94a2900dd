// What both entries (browser and Node) export besides synthesize().
export * from './errors';
export type * from './schema-types';
export type * from './types';
export type * from './planner-types';
export { inferSchema, NOT_PRIVATE_WARNING } from './schema-inference';
export type { InferSchemaOptions } from './schema-inference';
export { parseCsv } from './csv';
