// Node entry: runs the WebAssembly core in-process. The run is synchronous inside the returned
// promise; `signal` is checked at every progress event (thousands per run), so an abort issued
// from onProgress, or before the call, stops it. A timer cannot fire while the core computes: to
// cancel from a timer, run in a worker_threads Worker.
import { errorFromCode } from './errors.js';
import { callCoreWith, setCoreCaller } from './core-calls.js';
import { countTables } from './core-functions.js';
import {
  countsRequestOf,
  discoverWith,
  discoveryRequestOf,
  runFromCounts,
  runSynthesis,
  splitOptions,
  summarizeWith,
  summaryRequestOf,
} from './pipeline.js';
import type { DiscoveredSchema, DiscoverInReleaseOptions, DiscoverSchemaOptions } from './schema-types.js';
import type { DataSummary, SummarizeDataOptions, SynthesisResult, SynthesizeOptions } from './types.js';
import type { SynthesizeFromCountsOptions, SynthesizeWithDuckDbOptions } from './options-types.js';
import { countWithDuckDb, fileFormatOf } from './duckdb-counts.js';
import { writingCsvTo } from './csv-file.js';

export { fileFormatOf };
export type { DuckDbFileFormat } from './duckdb-counts.js';
import { loadWarmWasmModule, loadWasmModule } from './wasm-module.js';

export * from './public-api.js';
export * from './core-functions.js';

// The core's functions of public inputs (core-functions.ts) run in-process.
setCoreCaller(async (name, args) => callCoreWith(await loadWasmModule(), name, args));

export async function synthesize(options: SynthesizeOptions): Promise<SynthesisResult> {
  const request = splitOptions(options);
  const { signal, onProgress } = options;
  const abortIfNeeded = () => {
    if (signal?.aborted) throw errorFromCode('CANCELLED', 'cancelled');
  };
  abortIfNeeded();
  const module = await loadWasmModule();
  abortIfNeeded();
  return runSynthesis(module, request, (progress) => {
    onProgress?.(progress);
    return !signal?.aborted;
  });
}

/**
 * A schema discovered from the data with differential privacy (docs/privacy/domain-discovery.md):
 * categories above a noisy threshold, numeric bounds by private quantiles inside public rough
 * ranges. Spends `epsilon` (and `delta` with categorical columns); every later run with the
 * schema adds that cost to its receipt. With `share` (DiscoverInReleaseOptions) nothing is described:
 * every column's kind and domain is found with that share of one release's budget, and a run with
 * the schema at the same epsilon spends the rest.
 */
export async function discoverSchema(
  options: DiscoverSchemaOptions | DiscoverInReleaseOptions,
): Promise<DiscoveredSchema> {
  const { csv, requestJson } = discoveryRequestOf(options);
  return discoverWith(await loadWasmModule(), csv, requestJson);
}

/**
 * The table against its schema before anything is spent: rows kept and rejected, and per column
 * the missing values and the values outside the domain. For the data owner's eyes only.
 */
export async function summarizeData(options: SummarizeDataOptions): Promise<DataSummary> {
  const { csv, schemaJson, policy } = summaryRequestOf(options);
  return summarizeWith(await loadWasmModule(), csv, schemaJson, policy);
}

/**
 * A release from exact marginal count tables computed outside privsynth -- an SQL engine inside the
 * data owner's perimeter measured a table too large to bring here (docs/scale.md) -- instead of the
 * rows. The tables are AS SENSITIVE AS THE ROWS. adaptive-marginals, marginal-lp and reduced-space-lp (encoded space) read their data only through
 * count tables (countTables() lists which); for the same testSeed the release equals the one from
 * the rows the tables were counted from, but for the receipt's "input". No mlTarget, and no utility
 * report (it compares rows).
 */
export function synthesizeFromCounts(options: SynthesizeFromCountsOptions): Promise<SynthesisResult> {
  return releaseFromCounts(options);
}

/** synthesizeFromCounts(), its records streamed to `write` when given (runFromCounts). */
async function releaseFromCounts(
  options: SynthesizeFromCountsOptions,
  write?: (text: string) => void,
): Promise<SynthesisResult> {
  const request = countsRequestOf(options);
  const { signal, onProgress } = options;
  if (signal?.aborted) throw errorFromCode('CANCELLED', 'cancelled');
  const module = await loadWasmModule();
  return runFromCounts(
    module,
    request,
    (progress) => {
      onProgress?.(progress);
      return !signal?.aborted;
    },
    write,
  );
}

/**
 * A release from a CSV or Parquet file of any size (docs/scale.md): DuckDB counts it out of core (a
 * CSV's records read by the library's own reader, as synthesize() reads them; a Parquet file by
 * DuckDB) and computes the run's exact count tables with the schema's encoding in SQL, then
 * synthesizeFromCounts() releases from them. For the same testSeed the release equals synthesize()'s
 * on the same file, but for the receipt's "input" (and privacy.tablesCovered, which follows from
 * it). Progress reports reading and counting as "parse". `counted` is FOR THE OWNER'S EYES ONLY.
 */
export async function synthesizeWithDuckDb(options: SynthesizeWithDuckDbOptions): Promise<DuckDbSynthesisResult> {
  const { file, format, memoryLimit, csvFile, onProgress, signal, ...run } = options;
  const fileFormat = format ?? fileFormatOf(file);
  const counted = await countWithDuckDb({
    file,
    format: fileFormat,
    run,
    countTables,
    onProgress,
    signal,
    memoryLimit,
  });
  const inputSource = fileFormat === 'parquet' ? ('duckdb-parquet' as const) : ('duckdb-csv' as const);
  const countsOptions = { ...run, inputSource, counts: counted.counts, onProgress, signal };
  const result =
    csvFile === undefined
      ? await synthesizeFromCounts(countsOptions)
      : await writingCsvTo(csvFile, (write) => releaseFromCounts(countsOptions, write));
  const { inputRows, keptRows, leftOutRows, beyondLimitRows, withoutPersonRows } = counted;
  const persons = beyondLimitRows === undefined ? {} : { beyondLimitRows, withoutPersonRows };
  return { ...result, counted: { inputRows, keptRows, leftOutRows, ...persons } };
}

/**
 * synthesizeWithDuckDb()'s answer: the release, and what DuckDB counted. `counted` holds exact
 * counts of the private table: FOR THE DATA OWNER'S EYES ONLY, like the report (never publish it).
 */
export type DuckDbSynthesisResult = SynthesisResult & {
  counted: {
    inputRows: number;
    keptRows: number;
    leftOutRows: number;
    /** With a privacy unit: records beyond their person's rowsPerPerson, and records without an identifier. */
    beyondLimitRows?: number;
    withoutPersonRows?: number;
  };
};

/** Loads the WebAssembly module and warms its solvers up now, so that the first synthesize() runs at full speed. */
export async function preload(): Promise<void> {
  await loadWarmWasmModule();
}
