// The Web Worker that owns the WebAssembly core in browsers, so that the page stays responsive.
// Cancellation is done by the page terminating this worker; there is no partial result to clean up.
import { serializeError } from './errors.js';
import { callCoreWith } from './core-calls.js';
import { discoverWith, runFromCounts, runSynthesis, summarizeWith } from './pipeline.js';
import { resultBuffers } from './synthetic-table.js';
import type { WorkerReply, WorkerRequest } from './worker-protocol.js';
import { loadWarmWasmModule, loadWasmModule } from './wasm-module.js';

const scope = self as unknown as {
  postMessage(message: WorkerReply, transfer?: Transferable[]): void;
  onmessage: ((event: MessageEvent<WorkerRequest>) => void) | null;
};

/** A reply and the buffers it moves to the page instead of copying (the synthetic table's columns). */
type Outgoing = { reply: WorkerReply; transfer: Transferable[] };

const done = (id: number, value: Extract<WorkerReply, { kind: 'done' }>['value']): Outgoing => ({
  reply: { id, kind: 'done', value },
  transfer: [],
});

async function handle(request: WorkerRequest): Promise<Outgoing> {
  if (request.kind === 'load') {
    // preload: the page is idle, so warm the solvers up too
    await loadWarmWasmModule();
    return done(request.id, null);
  }
  const module = await loadWasmModule();
  switch (request.kind) {
    case 'core':
      return done(request.id, callCoreWith(module, request.name, request.args));
    case 'fromCounts': {
      const result = runFromCounts(module, request, (progress) => {
        scope.postMessage({ id: request.id, kind: 'progress', progress });
        return true;
      });
      return { reply: { id: request.id, kind: 'done', value: result }, transfer: resultBuffers(result) };
    }
    case 'summarize':
      return done(request.id, await summarizeWith(module, request.csv, request.schemaJson, request.policy));
    case 'discover':
      return done(request.id, await discoverWith(module, request.csv, request.requestJson));
    case 'run': {
      const result = await runSynthesis(
        module,
        {
          csv: request.csv,
          schemaJson: request.schemaJson,
          coreOptions: request.coreOptions,
          discoveryJson: request.discoveryJson,
        },
        (progress) => {
          scope.postMessage({ id: request.id, kind: 'progress', progress });
          return true;
        },
      );
      return { reply: { id: request.id, kind: 'done', value: result }, transfer: resultBuffers(result) };
    }
  }
}

scope.onmessage = (event) => {
  const request = event.data;
  handle(request).then(
    ({ reply, transfer }) => scope.postMessage(reply, transfer),
    (error: unknown) => scope.postMessage({ id: request.id, kind: 'failed', error: serializeError(error) }),
  );
};
