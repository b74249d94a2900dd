// The Web Worker that owns the WebAssembly core in browsers, so that the page stays responsive.
// Cancellation is done by the page terminating this worker; there is no partial result to clean up.
import { readCsvText } from './csv.js';
import { serializeError } from './errors.js';
import { checkSchema, discoverWith, planWith, runSynthesis, summarizeWith } from './pipeline.js';
import type { WorkerReply, WorkerRequest } from './worker-protocol.js';
import { loadWarmWasmModule, loadWasmModule } from './wasm-module.js';

const scope = self as unknown as {
  postMessage(message: WorkerReply): void;
  onmessage: ((event: MessageEvent<WorkerRequest>) => void) | null;
};

async function handle(request: WorkerRequest): Promise<WorkerReply> {
  if (request.kind === 'load') {  // preload: the page is idle, so warm the solvers up too
    await loadWarmWasmModule();
    return { id: request.id, kind: 'done', value: null };
  }
  const module = await loadWasmModule();
  switch (request.kind) {
    case 'version':
      return { id: request.id, kind: 'done', value: module.version() };
    case 'plan':
      return { id: request.id, kind: 'done', value: planWith(module, request.inputsJson) };
    case 'validate':
      return { id: request.id, kind: 'done', value: checkSchema(module, request.schemaJson) };
    case 'summarize':
      return { id: request.id, kind: 'done', value: summarizeWith(module, await readCsvText(request.csv), request.schemaJson, request.policy) };
    case 'discover':
      return { id: request.id, kind: 'done', value: discoverWith(module, await readCsvText(request.csv), request.requestJson) };
    case 'run': {
      const csvText = await readCsvText(request.csv);
      const result = runSynthesis(
        module,
        { csvText, schemaJson: request.schemaJson, coreOptions: request.coreOptions },
        (progress) => {
          scope.postMessage({ id: request.id, kind: 'progress', progress });
          return true;
        },
      );
      return { id: request.id, kind: 'done', value: result };
    }
  }
}

scope.onmessage = (event) => {
  const request = event.data;
  handle(request).then(
    (reply) => scope.postMessage(reply),
    (error: unknown) => scope.postMessage({ id: request.id, kind: 'failed', error: serializeError(error) }),
  );
};
