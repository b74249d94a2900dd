// The run itself, without its view: the library call for the page's state, and what a finished run
// changes in that state (the result, how to make it again, the file's ledger).
import { synthesize, type Progress, type SynthesisResult } from 'privsynth';

import { engineSettled } from '../engine/engine-queue';
import { failedRunEntry, recordEntry, recordRun } from '../privacy-ledger/ledger';
import type { AppState } from '../store';

/**
 * Who is a person, as the library's options of a run without a schema: the schema it finds then
 * names the person column as its privacyUnit (with a schema, the run's schema names it).
 */
export function personOptions({ runSchema, persons }: Pick<AppState, 'runSchema' | 'persons'>): {
  privacyUnit?: string;
  perPerson?: string[];
} {
  if (runSchema || persons.column === null) return {};
  return { privacyUnit: persons.column, ...(persons.perPerson.length ? { perPerson: persons.perPerson } : {}) };
}

/** Synthesizes the table of `state` (which has no run blocker). */
export async function synthesizeState(
  state: AppState,
  signal: AbortSignal,
  onProgress: (progress: Progress) => void,
): Promise<SynthesisResult> {
  const { input, runSchema: schema, columns, parameters } = state;
  // The planner's and the data summary's calls first: the run then gets the one warm worker.
  await engineSettled();
  return synthesize({
    ...parameters!,
    csv: input!.csv,
    // No schema: the library finds the columns' kinds privately, as the first part of the release.
    ...(schema ? { schema: schema.text } : personOptions(state)),
    columns,
    ...(schema?.kind === 'inferred' ? { schemaProvenance: 'inferred-from-data' as const } : {}),
    signal,
    onProgress,
  });
}

/** The state's change when the run of `started` (the state it started from) gave `result`. */
export function finishedRun(
  started: AppState,
  ledgers: AppState['ledgers'],
  result: SynthesisResult,
): Partial<AppState> {
  const { runSchema: schema, columns, parameters } = started;
  const input = started.input!;
  return {
    running: false,
    result,
    resultBaseName: input.baseName,
    resultRun: {
      request: {
        fileName: input.csv instanceof File ? input.csv.name : `${input.baseName}.csv`,
        schemaFileName: schema ? `${input.baseName}.schema.json` : null,
        columns,
        options: { ...parameters!, ...personOptions(started) } as Record<string, unknown>,
        baseName: input.baseName,
      },
      schemaText: schema?.text ?? null,
    },
    // Every release adds to the file's ledger; a schema found privately in step 2 is there already.
    ledgers: recordRun(
      ledgers,
      input.key,
      input.label,
      result,
      schema?.schema ?? null,
      schema?.discoveredHere === true,
    ),
    overLimitAccepted: false,
  };
}

/** The state's change when the run of `started` stopped with `code`: a failure after spending goes on the ledger. */
export function failedRun(started: AppState, ledgers: AppState['ledgers'], code: string): Partial<AppState> {
  const { input, parameters, forecast, schemaInRun } = started;
  if (!input || !parameters) return {};
  // δ as set, or as the forecast of these settings states it (the library's default for "auto").
  const own = 'delta' in parameters ? parameters.delta : undefined;
  const delta = own ?? (forecast.kind === 'ready' ? (forecast.report.delta ?? 0) : 0);
  const entry = failedRunEntry(code, schemaInRun, { epsilon: parameters.epsilon, delta });
  return entry ? { ledgers: recordEntry(ledgers, input.key, input.label, entry), overLimitAccepted: false } : {};
}
