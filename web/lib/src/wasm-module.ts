// Hand-written types of the Embind module built from wasm/bindings.cpp (Emscripten 3.1.6 has no
// --emit-tsd). tests/js/module-types.test.ts checks them against the real module.
import createPrivsynthModule from '../wasm/privsynth_wasm.mjs';

export type WasmFailure = { ok: false; code: string; message: string };

export type WasmColumn =
  | { name: string; kind: 'categorical'; categories: Int32Array }
  | { name: string; kind: 'numeric'; numbers: Float64Array };

/** Released bins' centres (numeric centres not rounded) and their noisy counts: space-partition only. */
export type WasmWeightedCentres = { rows: number; columns: WasmColumn[]; weights: Float64Array };

/** A run's outputs. */
export interface WasmSynthesisOutput {
  ok: true;
  rows: number;
  columns: WasmColumn[];
  receiptJson: string;
  reportJson: string;
  /** With mlTarget and mlDirectDp: the directly trained DP models (a JSON array). */
  directModelsJson?: string;
  weightedCentres?: WasmWeightedCentres;
  /** A streamed release's records (synthesizeFromCounts with streamRecords); delete() it when done. */
  records?: WasmRecordStream;
}

/** The records of a streamed release, drawn and decoded a chunk at a time. */
export interface WasmRecordStream {
  next(maxRows: number): { ok: true; columns: WasmColumn[] } | WasmFailure;
  remaining(): number;
  delete(): void;
}

/** A run's outputs, or its failure. */
export type WasmSynthesis = WasmSynthesisOutput | WasmFailure;

/** Returning false from the progress callback asks the core to stop (CANCELLED). */
export type WasmProgressCallback = (phase: string, fraction: number, detail: string) => boolean;

export type WasmOk = { ok: true };

/** A table fed chunk by chunk: data rows packed as by packRows (web/lib/src/csv.ts), copied once. */
export interface WasmRowSink {
  addRows(cellBytes: Uint8Array, cellOffsets: Uint32Array, rows: number, columns: number): WasmOk | WasmFailure;
  /** Frees the core's session (Embind object): call it exactly once, also after a failure. */
  delete(): void;
}

/** A synthesis run (core SynthesisSession): options checked at start, rows added, then finish(). */
export interface WasmSynthesisStream extends WasmRowSink {
  finish(onProgress: WasmProgressCallback): WasmSynthesis;
}

/** The data summary (core DataSummarySession). */
export interface WasmSummaryStream extends WasmRowSink {
  finish(): { ok: true; summaryJson: string };
}

export interface PrivsynthWasmModule {
  /** Checks the schema and options (no data read yet) and opens a run for a CSV with this header. */
  startSynthesis(
    schemaJson: string,
    optionsJson: string,
    header: string[],
  ): { ok: true; stream: WasmSynthesisStream } | WasmFailure;
  /** Opens the data summary (core/include/privsynth/data_summary.hpp) for a CSV with this header. */
  startSummary(
    schemaJson: string,
    policy: string,
    header: string[],
  ): { ok: true; stream: WasmSummaryStream } | WasmFailure;
  /**
   * The core's functions of public inputs by name, arguments as a JSON array, the answer as JSON
   * text (core/include/privsynth/json_functions.hpp; typed per name in core-calls.ts).
   */
  callJson(name: string, argumentsJson: string): { ok: true; json: string } | WasmFailure;
  /** Runs the solvers on a small made-up LP so that V8 compiles their hot code before a real run. */
  warmUp(): { ok: true } | WasmFailure;
  /** A schema discovered with differential privacy (core/include/privsynth/schema_discovery.hpp). */
  discoverSchema(
    requestJson: string,
    cellBytes: Uint8Array,
    cellOffsets: Uint32Array,
    rows: number,
    columns: number,
  ): { ok: true; schemaJson: string; receiptJson: string } | WasmFailure;
  /** A release from exact count tables instead of rows (core/include/privsynth/synthesis.hpp). */
  synthesizeFromCounts(
    schemaJson: string,
    countsJson: string,
    optionsJson: string,
    onProgress: WasmProgressCallback,
    streamRecords: boolean,
  ): WasmSynthesis;
}

/** The names above, for the runtime check; the type below fails to compile if they drift apart. */
export const WASM_FUNCTIONS = [
  'startSynthesis',
  'startSummary',
  'discoverSchema',
  'callJson',
  'warmUp',
  'synthesizeFromCounts',
] as const;
type Unlisted = Exclude<keyof PrivsynthWasmModule, (typeof WASM_FUNCTIONS)[number]>;
const everyFunctionListed: [Unlisted] extends [never] ? true : never = true;
void everyFunctionListed;

let modulePromise: Promise<PrivsynthWasmModule> | undefined;

/** Instantiates the module once per realm (the wasm binary is embedded: no request is made). */
export function loadWasmModule(): Promise<PrivsynthWasmModule> {
  modulePromise ??= createPrivsynthModule() as Promise<PrivsynthWasmModule>;
  return modulePromise;
}

let warmed = false;

/**
 * Loads the module and warms its solvers up once per realm (about 0.25 s, while the page is idle):
 * V8 runs new WebAssembly code from its baseline compiler and switches a function to optimized
 * code on a later call, which otherwise slows the first real LP solve by 1.5-2.5x.
 */
export async function loadWarmWasmModule(): Promise<PrivsynthWasmModule> {
  const module = await loadWasmModule();
  if (!warmed) {
    warmed = true;
    module.warmUp(); // a failure here only costs speed; the real run reports its own errors
  }
  return module;
}
