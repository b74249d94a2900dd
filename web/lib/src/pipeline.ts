// The synthesis run shared by the Web Worker (browsers) and the in-process path (Node): parse the
// CSV, hand the cells to the core, turn its columns back into CSV text.
import { errorFromCode } from './errors.js';
import { packCells, parseCsv, writeCsv } from './csv.js';
import type { DiscoveredSchema, DiscoverSchemaOptions, Schema } from './schema-types.js';
import type { PlannerReport } from './planner-types.js';
import type { DataSummary, Phase, Progress, SummarizeDataOptions, SynthesisResult, SynthesizeOptions } from './types.js';
import { columnText } from './values.js';
import type { PrivsynthWasmModule } from './wasm-module.js';

/** Everything a run needs, as plain data (it crosses the worker boundary). */
export interface RunRequest {
  csvText: string;
  schemaJson: string;
  /** Options for the core (epsilon, mechanism, degree, ...), without the JS-only keys. */
  coreOptions: Record<string, unknown>;
}

/** Returns false to cancel. */
export type ProgressReporter = (progress: Progress) => boolean;

const JS_ONLY_KEYS = new Set(['csv', 'schema', 'onProgress', 'signal']);

/** The options the core reads: everything except the input and the callbacks. */
function coreOptionsOf(options: Record<string, unknown>): Record<string, unknown> {
  const core: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(options)) {
    if (!JS_ONLY_KEYS.has(key) && value !== undefined) core[key] = value;
  }
  return core;
}

export function schemaJsonOf(schema: Schema | string): string {
  if (typeof schema === 'string') return schema;
  if (schema === null || typeof schema !== 'object') {
    throw errorFromCode('INVALID_ARGUMENT', '"schema" must be a schema object or its JSON text');
  }
  return JSON.stringify(schema);
}

/** Checks that `call`'s argument is an object whose "csv" is CSV text or a File/Blob. */
function checkCsvOptions(options: { csv: unknown } | null, call: string): void {
  if (options === null || typeof options !== 'object') {
    throw errorFromCode('INVALID_ARGUMENT', `${call} needs an options object`);
  }
  const isBlob = typeof Blob !== 'undefined' && options.csv instanceof Blob;
  if (typeof options.csv !== 'string' && !isBlob) {
    throw errorFromCode('INVALID_ARGUMENT', '"csv" must be CSV text or a File/Blob');
  }
}

/** Checks synthesize()'s argument and splits it into the input and the core's options. */
export function splitOptions(options: SynthesizeOptions): { csv: string | Blob; schemaJson: string; coreOptions: Record<string, unknown> } {
  checkCsvOptions(options, 'synthesize()');
  return {
    csv: options.csv,
    schemaJson: schemaJsonOf(options.schema),
    coreOptions: coreOptionsOf(options as unknown as Record<string, unknown>),
  };
}

export function checkSchema(module: PrivsynthWasmModule, schemaJson: string): Schema {
  const checked = module.validateSchema(schemaJson);
  if (!checked.ok) throw errorFromCode(checked.code, checked.message);
  return JSON.parse(checked.normalizedJson) as Schema;
}

/** The core's discovery request: everything but the CSV. */
export function discoveryRequestOf(options: DiscoverSchemaOptions): { csv: string | Blob; requestJson: string } {
  checkCsvOptions(options, 'discoverSchema()');
  const { csv, ...request } = options;
  return { csv, requestJson: JSON.stringify(request) };
}

export function discoverWith(module: PrivsynthWasmModule, csvText: string, requestJson: string): DiscoveredSchema {
  const packed = packCells(parseCsv(csvText));
  const found = module.discoverSchema(requestJson, packed.bytes, packed.offsets, packed.rowCount, packed.columnCount);
  if (!found.ok) throw errorFromCode(found.code, found.message);
  return { schema: JSON.parse(found.schemaJson) as Schema, receipt: JSON.parse(found.receiptJson) as Record<string, unknown> };
}

/** summarizeData()'s argument as the core takes it. */
export function summaryRequestOf(options: SummarizeDataOptions): { csv: string | Blob; schemaJson: string; policy: string } {
  checkCsvOptions(options, 'summarizeData()');
  return { csv: options.csv, schemaJson: schemaJsonOf(options.schema), policy: options.outOfDomain ?? 'clamp' };
}

export function summarizeWith(module: PrivsynthWasmModule, csvText: string, schemaJson: string, policy: string): DataSummary {
  const packed = packCells(parseCsv(csvText));
  const summary = module.summarizeData(schemaJson, packed.bytes, packed.offsets, packed.rowCount, packed.columnCount, policy);
  if (!summary.ok) throw errorFromCode(summary.code, summary.message);
  return JSON.parse(summary.summaryJson) as DataSummary;
}

export function planWith(module: PrivsynthWasmModule, inputsJson: string): PlannerReport {
  const planned = module.plan(inputsJson);
  if (!planned.ok) throw errorFromCode(planned.code, planned.message);
  return JSON.parse(planned.reportJson) as PlannerReport;
}

export function runSynthesis(module: PrivsynthWasmModule, request: RunRequest, report: ProgressReporter): SynthesisResult {
  const step = (phase: Phase, fraction: number, detail = '') => {
    if (!report({ phase, fraction, detail })) throw errorFromCode('CANCELLED', `cancelled while in phase "${phase}"`);
  };
  const schema = checkSchema(module, request.schemaJson);
  step('parse', 0);
  const packed = packCells(parseCsv(request.csvText));
  step('parse', 1);
  const output = module.synthesize(
    request.schemaJson,
    packed.bytes,
    packed.offsets,
    packed.rowCount,
    packed.columnCount,
    JSON.stringify(request.coreOptions),
    (phase, fraction, detail) => {
      try {
        return report({ phase: phase as Phase, fraction, detail });
      } catch {
        return false;  // an exception must never unwind through WebAssembly frames
      }
    },
  );
  if (!output.ok) throw errorFromCode(output.code, output.message);
  step('write', 0);
  const header = output.columns.map((column) => column.name);
  const csv = writeCsv(header, output.columns.map((column) => columnText(schema, column)), output.rows);
  step('write', 1);
  return {
    csv,
    rows: output.rows,
    columns: header,
    receipt: JSON.parse(output.receiptJson),
    report: JSON.parse(output.reportJson),
  };
}
