// Browser entry: the core runs in a Web Worker (inlined into this bundle with its WebAssembly, so
// creating one makes no network request). Cancelling terminates the worker at once and warms a new
// one in the background for the next call.
import PrivsynthWorker from './worker?worker&inline';

import { errorFromCode } from './errors.js';
import {
  adviceRequestOf,
  countsRequestOf,
  countTablesRequestOf,
  discoveryRequestOf,
  forecastRequestOf,
  schemaJsonOf,
  splitOptions,
  summaryRequestOf,
} from './pipeline.js';
import type { DiscoveredSchema, DiscoverInReleaseOptions, DiscoverSchemaOptions, Schema } from './schema-types.js';
import type { MechanismCatalogue } from './catalogue-types.js';
import type { ForecastOptions, RunForecast } from './forecast-types.js';
import type { RunAdvice, RunAdviceRequest } from './advice-types.js';
import type { PlannerInputs, PlannerReport } from './planner-types.js';
import type { DataSummary, Progress, SummarizeDataOptions, SynthesisResult, SynthesizeOptions } from './types.js';
import type { WorkerReply, WorkerRequest } from './worker-protocol.js';
import type { CountTablesOptions, CountTablesRequest, SynthesizeFromCountsOptions } from './options-types.js';

export * from './public-api.js';

type RequestBody = WorkerRequest extends infer R ? (R extends { id: number } ? Omit<R, 'id'> : never) : never;

let nextId = 1;
const idleWorkers: Worker[] = [];

function acquireWorker(): Worker {
  return idleWorkers.pop() ?? new PrivsynthWorker({ name: 'privsynth' });
}

/** After a cancel, start the next worker at once so that the next run does not wait for it. */
function warmSpareWorker(): void {
  if (idleWorkers.length > 0) return;
  const worker = new PrivsynthWorker({ name: 'privsynth' });
  worker.postMessage({ id: nextId++, kind: 'load' } satisfies WorkerRequest); // its reply is not awaited
  idleWorkers.push(worker);
}

function releaseWorker(worker: Worker): void {
  if (idleWorkers.length === 0) idleWorkers.push(worker);
  else worker.terminate();
}

function call<T>(body: RequestBody, onProgress?: (progress: Progress) => void, signal?: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    if (signal?.aborted) {
      reject(errorFromCode('CANCELLED', 'cancelled'));
      return;
    }
    const worker = acquireWorker();
    const id = nextId++;
    const finish = (settle: () => void, reuse: boolean) => {
      worker.removeEventListener('message', onMessage);
      worker.removeEventListener('error', onError);
      signal?.removeEventListener('abort', onAbort);
      if (reuse) releaseWorker(worker);
      else worker.terminate();
      settle();
    };
    const onMessage = (event: MessageEvent<WorkerReply>) => {
      const reply = event.data;
      if (reply.id !== id) return;
      if (reply.kind === 'progress') {
        try {
          onProgress?.(reply.progress);
        } catch {
          // a throwing progress callback must not break the run
        }
      } else if (reply.kind === 'done') {
        finish(() => resolve(reply.value as T), true);
      } else {
        finish(() => reject(errorFromCode(reply.error.code, reply.error.message)), true);
      }
    };
    const onError = (event: ErrorEvent) => {
      event.preventDefault();
      finish(
        () =>
          reject(errorFromCode('WORKER_FAILED', `the privsynth worker failed: ${event.message || 'unknown error'}`)),
        false,
      );
    };
    const onAbort = () => {
      finish(() => reject(errorFromCode('CANCELLED', 'cancelled')), false);
      warmSpareWorker();
    };
    worker.addEventListener('message', onMessage);
    worker.addEventListener('error', onError);
    signal?.addEventListener('abort', onAbort, { once: true });
    worker.postMessage({ ...body, id } as WorkerRequest);
  });
}

export function synthesize(options: SynthesizeOptions): Promise<SynthesisResult> {
  let request: ReturnType<typeof splitOptions>;
  try {
    request = splitOptions(options);
  } catch (error) {
    return Promise.reject(error);
  }
  return call<SynthesisResult>({ kind: 'run', ...request }, options.onProgress, options.signal);
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
  try {
    return call<SynthesisResult>(
      { kind: 'fromCounts', ...countsRequestOf(options) },
      options.onProgress,
      options.signal,
    );
  } catch (error) {
    return Promise.reject(error);
  }
}

/**
 * The count tables a run with these options reads (each table's column names), from the schema and
 * the options alone: what the SQL engine must compute for synthesizeFromCounts(). Reads no data.
 */
export function countTables(options: CountTablesOptions): Promise<CountTablesRequest> {
  try {
    const { schemaJson, coreOptions, queryJson } = countTablesRequestOf(options);
    return call<CountTablesRequest>({
      kind: 'countTables',
      schemaJson,
      optionsJson: JSON.stringify(coreOptions),
      queryJson,
    });
  } catch (error) {
    return Promise.reject(error);
  }
}

/**
 * A schema discovered from the data with differential privacy (docs/privacy/domain-discovery.md),
 * in the worker. Spends `epsilon` (and `delta` with categorical columns); every later run with the
 * schema adds that cost to its receipt. With `share` (DiscoverInReleaseOptions) nothing is described:
 * every column's kind and domain is found with that share of one release's budget, and a run with
 * the schema at the same epsilon spends the rest.
 */
export function discoverSchema(options: DiscoverSchemaOptions | DiscoverInReleaseOptions): Promise<DiscoveredSchema> {
  try {
    return call<DiscoveredSchema>({ kind: 'discover', ...discoveryRequestOf(options) });
  } catch (error) {
    return Promise.reject(error);
  }
}

/**
 * The table against its schema before anything is spent: rows kept and rejected, and per column
 * the missing values and the values outside the domain. For the data owner's eyes only.
 */
export function summarizeData(options: SummarizeDataOptions): Promise<DataSummary> {
  try {
    return call<DataSummary>({ kind: 'summarize', ...summaryRequestOf(options) });
  } catch (error) {
    return Promise.reject(error);
  }
}

/** Validates a schema and returns it normalized (defaults filled in); rejects with a SchemaError. */
export function validateSchema(schema: Schema | string): Promise<Schema> {
  try {
    return call<Schema>({ kind: 'validate', schemaJson: schemaJsonOf(schema) });
  } catch (error) {
    return Promise.reject(error);
  }
}

/**
 * What the theorems behind the reduced-space LP ask of n, k and m for these public inputs, and
 * which conditions hold (docs/planner.md). Pure: reads no data and spends no budget.
 */
export function planSynthesis(inputs: PlannerInputs): Promise<PlannerReport> {
  return call<PlannerReport>({ kind: 'plan', inputsJson: JSON.stringify(inputs) });
}

/**
 * What a run with these options will release and how noisy each release is, from the schema and
 * the options alone: noise scale, budget share and expected error per measured marginal, memory
 * and a runtime estimate (docs/forecast.md). Reads no data and spends no budget; `rows` is your
 * own estimate of the number of records.
 */
export function forecastRun(options: ForecastOptions): Promise<RunForecast> {
  try {
    return call<RunForecast>({ kind: 'forecast', ...forecastRequestOf(options) });
  } catch (error) {
    return Promise.reject(error);
  }
}

/**
 * Every mechanism with its label, its kind of privacy and the options it reads (with the values of
 * those that take a fixed set), from the core's own options readers (docs/api.md).
 */
export function mechanismCatalogue(): Promise<MechanismCatalogue> {
  return call<MechanismCatalogue>({ kind: 'catalogue' });
}

/**
 * The rules a run applies, from public inputs only, before choosing its options: each column's
 * levels, the encoded domain's cells, whether the continuous space can take the columns, which
 * reference measure "auto" picks and how epsilon is split, and the mechanism recommended for
 * these inputs with its reason (docs/api.md). Reads no data and spends no budget; `rows` is a
 * number of records you state as public. Rejects what a run would reject in the same inputs.
 */
export function adviseRun(schema: Schema | string, request?: RunAdviceRequest): Promise<RunAdvice> {
  try {
    return call<RunAdvice>({ kind: 'advise', ...adviceRequestOf(schema, request) });
  } catch (error) {
    return Promise.reject(error);
  }
}

/** The core's version (matches the package version). */
export function coreVersion(): Promise<string> {
  return call<string>({ kind: 'version' });
}

/** Starts a worker, instantiates the WebAssembly module and warms its solvers up, so that the first run starts at once and at full speed. */
export async function preload(): Promise<void> {
  await call<null>({ kind: 'load' });
}
