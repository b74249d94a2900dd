// Browser entry: the core runs in a Web Worker (inlined into this bundle with its WebAssembly, so
// creating one makes no network request). Cancelling terminates the worker at once and warms a new
// one in the background for the next call.
import PrivsynthWorker from './worker?worker&inline';

import { errorFromCode } from './errors.js';
import { setCoreCaller } from './core-calls.js';
import { countsRequestOf, discoveryRequestOf, splitOptions, summaryRequestOf } from './pipeline.js';
import type { DiscoveredSchema, DiscoverInReleaseOptions, DiscoverSchemaOptions } from './schema-types.js';
import type { DataSummary, Progress, SummarizeDataOptions, SynthesisResult, SynthesizeOptions } from './types.js';
import type { WorkerReply, WorkerRequest } from './worker-protocol.js';
import type { SynthesizeFromCountsOptions } from './options-types.js';

export * from './public-api.js';
export * from './core-functions.js';

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

// The core's functions of public inputs (core-functions.ts) run in the worker like the rest.
setCoreCaller((name, args) => call({ kind: 'core', name, args }));

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

/** Starts a worker, instantiates the WebAssembly module and warms its solvers up, so that the first run starts at once and at full speed. */
export async function preload(): Promise<void> {
  await call<null>({ kind: 'load' });
}
