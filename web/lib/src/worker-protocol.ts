// Messages between the page (browser.ts) and the Web Worker (worker.ts). Plain data only.
import type { MechanismCatalogue } from './catalogue-types.js';
import type { SerializedError } from './errors.js';
import type { DiscoveredSchema, Schema } from './schema-types.js';
import type { RunForecast } from './forecast-types.js';
import type { RunAdvice } from './advice-types.js';
import type { PlannerReport } from './planner-types.js';
import type { DataSummary, Progress, SynthesisResult } from './types.js';
import type { CountTablesRequest } from './options-types.js';
import type { RunRequest } from './pipeline.js';

export type WorkerRequest =
  | ({ id: number; kind: 'run' } & RunRequest)
  | { id: number; kind: 'validate'; schemaJson: string }
  | { id: number; kind: 'discover'; csv: string | Blob; requestJson: string }
  | { id: number; kind: 'summarize'; csv: string | Blob; schemaJson: string; policy: string }
  | { id: number; kind: 'version' }
  | { id: number; kind: 'catalogue' }
  | { id: number; kind: 'plan'; inputsJson: string }
  | { id: number; kind: 'forecast'; schemaJson: string; optionsJson: string; rows: number | null }
  | { id: number; kind: 'advise'; schemaJson: string; requestJson: string }
  | { id: number; kind: 'fromCounts'; schemaJson: string; countsJson: string; coreOptions: Record<string, unknown> }
  | { id: number; kind: 'countTables'; schemaJson: string; optionsJson: string; queryJson: string }
  | { id: number; kind: 'load' };

export type WorkerReply =
  | { id: number; kind: 'progress'; progress: Progress }
  | {
      id: number;
      kind: 'done';
      value:
        | SynthesisResult
        | Schema
        | DiscoveredSchema
        | DataSummary
        | PlannerReport
        | RunForecast
        | RunAdvice
        | MechanismCatalogue
        | CountTablesRequest
        | string
        | null;
    }
  | { id: number; kind: 'failed'; error: SerializedError };
