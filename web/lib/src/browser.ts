// Browser entry: the core runs in a Web Worker (inlined into this bundle with its WebAssembly, so
// creating one makes no network request), called through Comlink as the API worker.ts exposes.
// Cancelling terminates the worker at once and warms a new one in the background for the next call.
import { proxy, wrap, type Remote } from 'comlink';

import PrivsynthWorker from './worker?worker&inline';

import { errorFromCode, serializeError, type PrivsynthError, type SerializedError } from './errors.js';
import { setCoreCaller, type CoreCalls } from './core-calls.js';
import { countsRequestOf, discoveryRequestOf, splitOptions, summaryRequestOf } from './pipeline.js';
import type { DiscoveredSchema, DiscoverInReleaseOptions, DiscoverSchemaOptions } from './schema-types.js';
import type { DataSummary, Progress, SummarizeDataOptions, SynthesisResult, SynthesizeOptions } from './types.js';
import type { WorkerApi } from './worker.js';
import type { SynthesizeFromCountsOptions } from './options-types.js';

export * from './public-api.js';
export * from './core-functions.js';

/** A worker and its API (worker.ts) as Comlink's proxy sees it. */
interface EngineWorker {
  worker: Worker;
  api: Remote<WorkerApi>;
}

/** The page's side of worker.ts's ProgressPort: a callback wrapped in Comlink.proxy. */
type ProgressArgument = Parameters<Remote<WorkerApi>['run']>[1];

const idleWorkers: EngineWorker[] = [];

function startWorker(): EngineWorker {
  const worker = new PrivsynthWorker({ name: 'privsynth' });
  return { worker, api: wrap<WorkerApi>(worker) };
}

function acquireWorker(): EngineWorker {
  return idleWorkers.pop() ?? startWorker();
}

/** After a cancel, start the next worker at once so that the next run does not wait for it. */
function warmSpareWorker(): void {
  if (idleWorkers.length > 0) return;
  const spare = startWorker();
  spare.api.preload().catch(() => undefined); // not awaited: a call made meanwhile waits for the module
  idleWorkers.push(spare);
}

function releaseWorker(engine: EngineWorker): void {
  if (idleWorkers.length === 0) idleWorkers.push(engine);
  else engine.worker.terminate();
}

const isSerializedError = (value: unknown): value is SerializedError =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as SerializedError).code === 'string' &&
  typeof (value as SerializedError).message === 'string';

/** The PrivsynthError of what a call threw: the worker's SerializedError, or Comlink's own failure. */
function rebuiltError(thrown: unknown): PrivsynthError {
  const { code, message } = isSerializedError(thrown) ? thrown : serializeError(thrown);
  return errorFromCode(code, message);
}

/**
 * Makes one call on an idle worker (or a new one). `onProgress` reaches the worker as a Comlink
 * proxy and is never called once the call has settled; aborting `signal` terminates the worker.
 */
function call<T>(
  invoke: (api: Remote<WorkerApi>, progress: ProgressArgument) => Promise<T>,
  onProgress?: (progress: Progress) => void,
  signal?: AbortSignal,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    if (signal?.aborted) {
      reject(errorFromCode('CANCELLED', 'cancelled'));
      return;
    }
    const engine = acquireWorker();
    let settled = false;
    const finish = (settle: () => void, reuse: boolean) => {
      if (settled) return;
      settled = true;
      engine.worker.removeEventListener('error', onError);
      signal?.removeEventListener('abort', onAbort);
      if (reuse) releaseWorker(engine);
      else engine.worker.terminate();
      settle();
    };
    const progress =
      onProgress &&
      proxy((report: Progress) => {
        if (settled) return;
        try {
          onProgress(report);
        } catch {
          // a throwing progress callback must not break the run
        }
      });
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
    engine.worker.addEventListener('error', onError);
    signal?.addEventListener('abort', onAbort, { once: true });
    invoke(engine.api, progress).then(
      (value) => finish(() => resolve(value), true),
      (error: unknown) => finish(() => reject(rebuiltError(error)), true),
    );
  });
}

// The core's functions of public inputs (core-functions.ts) run in the worker like the rest.
setCoreCaller((name, args) => call((api) => api.core(name, args) as Promise<CoreCalls[typeof name]['answer']>));

export function synthesize(options: SynthesizeOptions): Promise<SynthesisResult> {
  let request: ReturnType<typeof splitOptions>;
  try {
    request = splitOptions(options);
  } catch (error) {
    return Promise.reject(error);
  }
  return call((api, progress) => api.run(request, progress), options.onProgress, options.signal);
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
    const request = countsRequestOf(options);
    return call((api, progress) => api.fromCounts(request, progress), options.onProgress, options.signal);
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
    const request = discoveryRequestOf(options);
    return call((api) => api.discover(request));
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
    const request = summaryRequestOf(options);
    return call((api) => api.summarize(request));
  } catch (error) {
    return Promise.reject(error);
  }
}

/** Starts a worker, instantiates the WebAssembly module and warms its solvers up, so that the first run starts at once and at full speed. */
export async function preload(): Promise<void> {
  await call((api) => api.preload());
}
