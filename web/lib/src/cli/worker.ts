// The worker side of runner.ts: runs synthesize() on the request and posts progress and the outcome.
import { openAsBlob } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';

import { serializeError, synthesize, synthesizeWithDuckDb } from '../node.js';
import type { Progress, SynthesizeOptions, SynthesizeWithDuckDbOptions } from '../node.js';
import type { WorkerMessage, WorkerRequest } from './runner.js';

export async function runWorker(): Promise<void> {
  const post = (message: WorkerMessage) => parentPort!.postMessage(message);
  try {
    const { csvPath, engine, csvFile, ...options } = workerData as WorkerRequest;
    const onProgress = (progress: Progress) => post({ kind: 'progress', progress });
    const result =
      engine === 'duckdb'
        ? await synthesizeWithDuckDb({ ...options, file: csvPath, csvFile, onProgress } as SynthesizeWithDuckDbOptions)
        : await synthesize({ ...options, csv: await openAsBlob(csvPath), onProgress } as SynthesizeOptions);
    // The columns' buffers move to the main thread instead of being copied.
    const buffers = result.table.map(
      (column) => (column.kind === 'categorical' ? column.codes : column.values).buffer as ArrayBuffer,
    );
    parentPort!.postMessage({ kind: 'result', result } satisfies WorkerMessage, buffers);
  } catch (error) {
    post({ kind: 'error', error: serializeError(error) });
  }
}
