// The library's functions of public inputs, written once for both entries: each checks its
// arguments, puts them as the core takes them and calls the core by name (core-calls.ts). They
// read no data and spend no budget.
import { callCore } from './core-calls.js';
import { errorFromCode } from './errors.js';
import { coreOptionsOf, schemaJsonOf } from './pipeline.js';
import type { MechanismCatalogue, PlannerReport, RunAdvice, RunForecast, Schema } from './generated/contract-types.js';
import type { ForecastOptions } from './forecast-types.js';
import type { RunAdviceRequest } from './advice-types.js';
import type { PlannerInputs } from './planner-types.js';
import type { CountTablesOptions, CountTablesRequest } from './options-types.js';

/** Validates a schema and returns it normalized (defaults filled in); rejects with a SchemaError. */
export async function validateSchema(schema: Schema | string): Promise<Schema> {
  return callCore('validateSchema', [schemaJsonOf(schema)]);
}

/**
 * What the theorems behind the reduced-space LP ask of n, k and m for these public inputs, and
 * which conditions hold (docs/planner.md). Pure: reads no data and spends no budget.
 */
export async function planSynthesis(inputs: PlannerInputs): Promise<PlannerReport> {
  return callCore('plan', [JSON.stringify(inputs)]);
}

/**
 * What a run with these options will release and how noisy each release is, from the schema and
 * the options alone: noise scale, budget share and expected error per measured marginal, memory
 * and a runtime estimate (docs/forecast.md). Reads no data and spends no budget; `rows` is your
 * own estimate of the number of records. A "csv" among the options is ignored, never read.
 */
export async function forecastRun(options: ForecastOptions): Promise<RunForecast> {
  if (options === null || typeof options !== 'object')
    throw errorFromCode('INVALID_ARGUMENT', 'forecastRun() needs an options object');
  const { schema, rows, ...rest } = options as ForecastOptions & Record<string, unknown>;
  if (rows !== undefined && typeof rows !== 'number')
    throw errorFromCode('INVALID_ARGUMENT', '"rows" must be a number');
  return callCore('forecast', [schemaJsonOf(schema), JSON.stringify(coreOptionsOf(rest)), rows ?? null]);
}

/**
 * Every mechanism with its label, its kind of privacy and the options it reads (with the values of
 * those that take a fixed set), from the core's own options readers (docs/api.md).
 */
export async function mechanismCatalogue(): Promise<MechanismCatalogue> {
  return callCore('mechanismCatalogue', []);
}

/**
 * The rules a run applies, from public inputs only, before choosing its options: each column's
 * levels, the encoded domain's cells, whether the continuous space can take the columns, which
 * reference measure "auto" picks and how epsilon is split, and the mechanism recommended for
 * these inputs with its reason (docs/api.md). Reads no data and spends no budget; `rows` is a
 * number of records you state as public. Rejects what a run would reject in the same inputs.
 */
export async function adviseRun(schema: Schema | string, request?: RunAdviceRequest): Promise<RunAdvice> {
  if (request !== undefined && (request === null || typeof request !== 'object' || Array.isArray(request))) {
    throw errorFromCode('INVALID_ARGUMENT', 'adviseRun() takes its request as an object');
  }
  return callCore('advise', [schemaJsonOf(schema), JSON.stringify(request ?? {})]);
}

/**
 * The count tables a run with these options reads (each table's column names), from the schema and
 * the options alone: what the SQL engine must compute for synthesizeFromCounts(). Reads no data.
 */
export async function countTables(options: CountTablesOptions): Promise<CountTablesRequest> {
  if (options === null || typeof options !== 'object') {
    throw errorFromCode('INVALID_ARGUMENT', 'countTables() needs an options object');
  }
  const coreOptions = coreOptionsOf(options as unknown as Record<string, unknown>);
  const queryJson = options.query === undefined ? '' : JSON.stringify(options.query);
  return callCore('countTables', [schemaJsonOf(options.schema), JSON.stringify(coreOptions), queryJson]);
}

/** The core's version (matches the package version). */
export async function coreVersion(): Promise<string> {
  return callCore('version', []);
}
