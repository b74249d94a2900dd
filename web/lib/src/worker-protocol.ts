// Messages between the page (browser.ts) and the Web Worker (worker.ts). Plain data only.
import type { CoreCallName, CoreCalls } from './core-calls.js';
import type { SerializedError } from './errors.js';
import type { DiscoveredSchema } from './schema-types.js';
import type { DataSummary, Progress, SynthesisResult } from './types.js';
import type { RunRequest } from './pipeline.js';

export type WorkerRequest =
  | ({ id: number; kind: 'run' } & RunRequest)
  | { id: number; kind: 'discover'; csv: string | Blob; requestJson: string }
  | { id: number; kind: 'summarize'; csv: string | Blob; schemaJson: string; policy: string }
  | { id: number; kind: 'core'; name: CoreCallName; args: CoreCalls[CoreCallName]['args'] }
  | { id: number; kind: 'fromCounts'; schemaJson: string; countsJson: string; coreOptions: Record<string, unknown> }
  | { id: number; kind: 'load' };

export type WorkerReply =
  | { id: number; kind: 'progress'; progress: Progress }
  | {
      id: number;
      kind: 'done';
      value: SynthesisResult | DiscoveredSchema | DataSummary | CoreCalls[CoreCallName]['answer'] | null;
    }
  | { id: number; kind: 'failed'; error: SerializedError };
