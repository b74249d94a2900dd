// The Web Worker that owns the WebAssembly core in browsers, so that the page stays responsive. It
// exposes one object through Comlink, whose type (WorkerApi) browser.ts imports to wrap it.
// Cancellation is done by the page terminating this worker; there is no partial result to clean up.
import { expose, releaseProxy, transfer, type ProxyMarked, type Remote } from 'comlink';

import { callCoreWith, type CoreCallName, type CoreCalls } from './core-calls.js';
import { serializeError } from './errors.js';
import {
  discoverWith,
  runFromCounts,
  runSynthesis,
  summarizeWith,
  type CountsRequest,
  type DiscoveryRequest,
  type ProgressReporter,
  type RunRequest,
  type SummaryRequest,
} from './pipeline.js';
import { resultBuffers } from './synthetic-table.js';
import type { DiscoveredSchema } from './schema-types.js';
import type { DataSummary, Progress, SynthesisResult } from './types.js';
import { loadWarmWasmModule, loadWasmModule } from './wasm-module.js';

/** The page's progress callback, which the page wraps in Comlink.proxy: here each call is a message. */
type ProgressPort = Remote<((progress: Progress) => void) & ProxyMarked>;

/**
 * Runs `work`, throwing its failure as a plain SerializedError: Comlink would carry only an Error's
 * message and name, and the page rebuilds the PrivsynthError from the code.
 */
async function withErrorCode<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw serializeError(error);
  }
}

/**
 * Runs `work` with a reporter that sends progress to the page. The reports travel over the
 * callback's own port and the outcome over the worker's, in no set order between the two, so the
 * outcome waits until the page has taken the last report: no report comes after it.
 */
async function withProgress<T>(
  onProgress: ProgressPort | undefined,
  work: (report: ProgressReporter) => Promise<T> | T,
): Promise<T> {
  let lastReport: Promise<void> | undefined;
  try {
    return await work((progress) => {
      if (onProgress) lastReport = onProgress(progress);
      return true;
    });
  } finally {
    await lastReport?.catch(() => undefined);
    onProgress?.[releaseProxy]();
  }
}

/** A release, with its columns' buffers moved to the page instead of copied. */
const transferred = (result: SynthesisResult) => transfer(result, resultBuffers(result));

const api = {
  /** Instantiates the module and warms its solvers up (preload(): the page is idle). */
  preload: (): Promise<void> =>
    withErrorCode(async () => {
      await loadWarmWasmModule();
    }),

  /** One of the core's functions of public inputs (core-functions.ts), by name. */
  core: <N extends CoreCallName>(name: N, args: CoreCalls[N]['args']): Promise<CoreCalls[N]['answer']> =>
    withErrorCode(async () => callCoreWith(await loadWasmModule(), name, args)),

  discover: (request: DiscoveryRequest): Promise<DiscoveredSchema> =>
    withErrorCode(async () => discoverWith(await loadWasmModule(), request.csv, request.requestJson)),

  summarize: (request: SummaryRequest): Promise<DataSummary> =>
    withErrorCode(async () => summarizeWith(await loadWasmModule(), request.csv, request.schemaJson, request.policy)),

  run: (request: RunRequest, onProgress?: ProgressPort): Promise<SynthesisResult> =>
    withErrorCode(async () => {
      const module = await loadWasmModule();
      return transferred(await withProgress(onProgress, (report) => runSynthesis(module, request, report)));
    }),

  fromCounts: (request: CountsRequest, onProgress?: ProgressPort): Promise<SynthesisResult> =>
    withErrorCode(async () => {
      const module = await loadWasmModule();
      return transferred(await withProgress(onProgress, (report) => runFromCounts(module, request, report)));
    }),
};

/** What the worker offers the page; browser.ts calls it through Comlink.wrap<WorkerApi>. */
export type WorkerApi = typeof api;

expose(api);
