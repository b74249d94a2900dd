// Step 5: the Run button, the progress of the running synthesis, and Cancel (AbortController:
// the library then rejects with a CancelledError).
import { synthesize } from 'privsynth';

import { engineSettled } from '../engine/engine-queue';
import { mechanismUi } from '../mechanisms/registry';
import { failureOf, type AppState, type Store } from '../store';
import { h, panel, replaceChildren, show } from '../ui/dom';
import { formatList, formatSeconds } from '../ui/format';
import { recordRun } from '../privacy-ledger/ledger';
import { overLimit } from '../privacy-ledger/ledger-view';
import { PhaseClock } from './phases';
import { progressView } from './progress-view';

/** The schema's columns that the file does not have. */
function missingColumns({ input, schema }: AppState): string[] {
  if (!input?.header || !schema) return [];
  return schema.schema.columns.map((column) => column.name).filter((name) => !input.header!.includes(name));
}

/** The file's data rows, when they are known (the bundled samples, or counted by the data summary). */
function knownRows({ input, fileRows }: AppState): number | null {
  if (!input) return null;
  if (input.rows !== null) return input.rows;
  return fileRows?.input === input ? fileRows.rows : null;
}

/** Why the data does not fit a run, with the fix (these never start a run that would release nothing useful). */
function dataBlockers(state: AppState): string[] {
  const reasons: string[] = [];
  const missing = missingColumns(state);
  if (missing.length > 0) {
    reasons.push(
      `the schema does not match your file: it has no column ${formatList(missing.slice(0, 5).map((name) => `"${name}"`))}` +
        `${missing.length > 5 ? ` and ${missing.length - 5} more` : ''}. Choose the schema made for this file, or find one privately (step 2)`,
    );
  }
  if (knownRows(state) === 0) reasons.push('your file has no data rows: choose a file with data (step 1)');
  const measured = state.schema?.schema.columns.filter(
    (column) => state.columns.includes(column.name) && column.type !== 'id' && column.type !== 'text',
  );
  if (state.columns.length > 0 && measured?.length === 0) {
    reasons.push('choose at least one column that is measured (identifiers and free text are not) (step 2)');
  }
  if (overLimit(state) && !state.overLimitAccepted) {
    reasons.push('confirm that you want to spend more than you allow for this file, or lower ε (step 2)');
  }
  return reasons;
}

/** Why a run cannot start yet (empty when it can). */
function blockers(state: AppState): string[] {
  const reasons: string[] = [];
  const ui = mechanismUi(state.mechanism);
  const needed = state.columnsNeeded;
  if (!state.input) reasons.push('load a table (step 1)');
  if (state.schemaBusy) reasons.push('wait for the schema check');
  else if (!state.schema && !state.schemaInRun) reasons.push('choose a valid schema (step 2)');
  reasons.push(...dataBlockers(state));
  if (state.schema && state.columns.length === 0) reasons.push('select at least one column (step 2)');
  else if (state.schema && state.columns.length < needed.count)
    reasons.push(`select at least ${needed.count} columns for ${needed.reason}`);
  if (!state.automatic) {
    // The core would refuse them (the forecast shows its error too); say which columns, before any run.
    const refused = state.schema ? ui.refusedColumns?.(state.schema.schema, state.columns) : null;
    if (refused) reasons.push(refused.blocker);
    // The mechanism's own (e.g. a setting the forecast, the run's own check, says the core refuses).
    reasons.push(...(ui.blockers?.(state) ?? []));
  }
  if (!state.parameters) reasons.push('fix the parameters marked in step 2');
  return reasons;
}

export function runPanel(store: Store): HTMLElement {
  let controller: AbortController | null = null;

  const runButton = h(
    'button',
    {
      type: 'button',
      class: 'button button--primary button--large',
      'data-testid': 'run',
      'aria-describedby': 'run-hint',
    },
    'Run',
  );
  const cancelButton = h(
    'button',
    { type: 'button', class: 'button button--secondary', 'data-testid': 'cancel' },
    'Cancel',
  );
  const hint = h('p', { id: 'run-hint', class: 'hint', 'data-testid': 'run-hint' });
  const summary = h('p', { class: 'run-summary', 'data-testid': 'run-summary', role: 'status', hidden: true });
  const progress = progressView(cancelButton);

  cancelButton.addEventListener('click', () => controller?.abort());

  const run = async () => {
    const state = store.get();
    if (state.running || blockers(state).length > 0) return;
    const { input, schema, columns, parameters } = state;
    controller = new AbortController();
    const clock = new PhaseClock();
    progress.reset();
    show(summary, false);
    store.set({ running: true, failure: null, result: null });
    const ticker = setInterval(() => progress.setElapsed(clock.elapsed()), 100);
    cancelButton.focus();
    try {
      // The planner's and the data summary's calls first: the run then gets the one warm worker.
      await engineSettled();
      const result = await synthesize({
        ...parameters!,
        csv: input!.csv,
        // No schema: the library finds the columns' kinds privately, as the first part of the release.
        ...(schema ? { schema: schema.text } : {}),
        columns,
        ...(schema?.kind === 'inferred' ? { schemaProvenance: 'inferred-from-data' as const } : {}),
        signal: controller.signal,
        onProgress: (p) => {
          clock.enter(p.phase);
          progress.update(p);
        },
      });
      const phases = clock.stop();
      replaceChildren(
        summary,
        `Finished in ${formatSeconds(clock.elapsed())}: `,
        h(
          'span',
          { 'data-testid': 'run-timings' },
          phases.map(([phase, ms]) => `${phase} ${formatSeconds(ms)}`).join(' · '),
        ),
      );
      show(summary, true);
      // Every release adds to the file's ledger; a schema found privately in step 2 is there already.
      const ledgers = recordRun(
        store.get().ledgers,
        input!.key,
        input!.label,
        result,
        schema?.schema ?? null,
        schema?.discoveredHere === true,
      );
      store.set({
        running: false,
        result,
        resultBaseName: input!.baseName,
        resultRun: {
          request: {
            fileName: input!.csv instanceof File ? input!.csv.name : `${input!.baseName}.csv`,
            schemaFileName: schema ? `${input!.baseName}.schema.json` : null,
            columns,
            options: { ...parameters! } as Record<string, unknown>,
            baseName: input!.baseName,
          },
          schemaText: schema?.text ?? null,
        },
        ledgers,
        overLimitAccepted: false,
      });
    } catch (error) {
      store.set({ running: false, failure: failureOf(error) });
    } finally {
      clearInterval(ticker);
      controller = null;
      if (document.activeElement === cancelButton || document.activeElement === document.body) runButton.focus();
    }
  };
  runButton.addEventListener('click', () => void run());

  store.watch(
    (state) => [
      state.running,
      state.input,
      state.schema,
      state.schemaBusy,
      state.schemaInRun,
      state.columns,
      state.mechanism,
      state.columnsNeeded,
      state.parameters,
      state.forecast,
      state.fileRows,
      state.ledgers,
      state.fileLimit,
      state.overLimitAccepted,
      state.automatic,
    ],
    (state) => {
      const reasons = blockers(state);
      runButton.disabled = state.running || reasons.length > 0;
      runButton.textContent = state.running ? 'Running…' : 'Run';
      hint.textContent = state.running
        ? 'The engine runs in a background worker; the page stays usable.'
        : reasons.length
          ? `To run: ${reasons.join('; ')}.`
          : 'Ready. Nothing leaves this device.';
      show(progress.element, state.running);
    },
  );

  return panel('Run', 'run-panel', h('div', { class: 'run-row' }, runButton, hint), progress.element, summary);
}
