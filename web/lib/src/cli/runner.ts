// synthesize() in a worker thread. In-process the core computes synchronously, so no signal
// handler and no AbortSignal set from one can run before the end of the run (the library checks its
// signal only at progress events, from the same thread). A worker can be terminated at once.
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';

import { errorFromCode } from '../node.js';
import type { DuckDbSynthesisResult, Progress, SerializedError, SynthesisResult, SynthesizeOptions } from '../node.js';

/**
 * synthesize()'s options without the callbacks (they cannot cross to the worker), and the CSV as a
 * path: the worker reads the file in chunks itself (a file-backed Blob cannot be posted).
 */
export type WorkerRequest = Omit<SynthesizeOptions, 'onProgress' | 'signal' | 'csv'> & {
  csvPath: string;
  /** rows: synthesize() on the CSV; duckdb: synthesizeWithDuckDb() on the CSV or Parquet file. */
  engine: 'rows' | 'duckdb';
  /** duckdb: the file the synthetic CSV is streamed to (the result then has no csv text). */
  csvFile?: string;
};

export type WorkerMessage =
  | { kind: 'progress'; progress: Progress }
  | { kind: 'result'; result: SynthesisResult | DuckDbSynthesisResult }
  | { kind: 'error'; error: SerializedError };

/** Runs the request in a worker; aborting `signal` terminates it and rejects with CANCELLED. */
export function synthesizeInWorker(
  request: WorkerRequest,
  onProgress: (progress: Progress) => void,
  signal: AbortSignal,
): Promise<SynthesisResult | DuckDbSynthesisResult> {
  return new Promise((resolve, reject) => {
    // The CLI is one bundle: its entry (main.ts) runs the worker side when not on the main thread.
    const worker = new Worker(fileURLToPath(import.meta.url), { workerData: request });
    let settled = false;
    const settle = (finish: () => void) => {
      if (settled) return;
      settled = true;
      signal.removeEventListener('abort', abort);
      void worker.terminate();
      finish();
    };
    const abort = () => settle(() => reject(errorFromCode('CANCELLED', 'cancelled')));
    signal.addEventListener('abort', abort, { once: true });
    if (signal.aborted) abort();
    worker.on('message', (message: WorkerMessage) => {
      if (message.kind === 'progress') onProgress(message.progress);
      else if (message.kind === 'result') settle(() => resolve(message.result));
      else settle(() => reject(errorFromCode(message.error.code, message.error.message)));
    });
    worker.on('error', (error) =>
      settle(() => reject(errorFromCode('WORKER_FAILED', `the worker thread failed: ${error.message}`))),
    );
    worker.on('exit', (code) =>
      settle(() => reject(errorFromCode('WORKER_FAILED', `the worker thread stopped (exit code ${code})`))),
    );
  });
}
