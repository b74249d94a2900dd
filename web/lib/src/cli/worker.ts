// The worker side of runner.ts: runs synthesize() on the request and posts progress and the outcome.
import { parentPort, workerData } from 'node:worker_threads';

import { serializeError, synthesize } from '../node.js';
import type { WorkerMessage, WorkerRequest } from './runner.js';

export async function runWorker(): Promise<void> {
  const post = (message: WorkerMessage) => parentPort!.postMessage(message);
  try {
    const request = workerData as WorkerRequest;
    const result = await synthesize({ ...request, onProgress: (progress) => post({ kind: 'progress', progress }) });
    post({ kind: 'result', result });
  } catch (error) {
    post({ kind: 'error', error: serializeError(error) });
  }
}
