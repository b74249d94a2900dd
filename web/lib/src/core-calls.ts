// The core's functions of public inputs, called by name (core/include/privsynth/json_functions.hpp):
// each takes JSON texts (and numbers) and answers JSON text. One generic binding carries them all,
// so a new one is a line in CoreCalls below and one function in core-functions.ts; the entries
// (node.ts in-process, browser.ts through the worker) only say how to reach the core.
import { errorFromCode } from './errors.js';
import type { MechanismCatalogue, PlannerReport, RunAdvice, RunForecast, Schema } from './generated/contract-types.js';
import type { CountTablesRequest } from './options-types.js';
import type { PrivsynthWasmModule } from './wasm-module.js';

/** Each function's arguments, in the core's order, and the answer it parses to. */
export interface CoreCalls {
  plan: { args: [inputsJson: string]; answer: PlannerReport };
  forecast: { args: [schemaJson: string, optionsJson: string, rows: number | null]; answer: RunForecast };
  advise: { args: [schemaJson: string, requestJson: string]; answer: RunAdvice };
  mechanismCatalogue: { args: []; answer: MechanismCatalogue };
  countTables: { args: [schemaJson: string, optionsJson: string, queryJson: string]; answer: CountTablesRequest };
  validateSchema: { args: [schemaJson: string]; answer: Schema };
  version: { args: []; answer: string };
}
export type CoreCallName = keyof CoreCalls;

/** Calls the core's function `name` on a loaded module; throws the core's error as a PrivsynthError. */
export function callCoreWith<N extends CoreCallName>(
  module: PrivsynthWasmModule,
  name: N,
  args: CoreCalls[N]['args'],
): CoreCalls[N]['answer'] {
  const result = module.callJson(name, JSON.stringify(args));
  if (!result.ok) throw errorFromCode(result.code, result.message);
  return JSON.parse(result.json) as CoreCalls[N]['answer'];
}

/** How an entry reaches the core: in-process (Node) or through its worker (browsers). */
export type CoreCaller = <N extends CoreCallName>(
  name: N,
  args: CoreCalls[N]['args'],
) => Promise<CoreCalls[N]['answer']>;

let caller: CoreCaller | undefined;

/** Set once by the entry (node.ts, browser.ts) when it loads. */
export function setCoreCaller(entryCaller: CoreCaller): void {
  caller = entryCaller;
}

export function callCore<N extends CoreCallName>(name: N, args: CoreCalls[N]['args']): Promise<CoreCalls[N]['answer']> {
  if (caller === undefined) throw errorFromCode('INTERNAL', 'privsynth: no entry set how to reach the core');
  return caller(name, args);
}
