// Step 5: the Run button, the progress of the running synthesis, and Cancel (AbortController:
// the library then rejects with a CancelledError).
import { synthesize } from 'privsynth';

import { engineSettled } from '../engine/engine-queue';
import { mechanismUi } from '../mechanisms/registry';
import { failureOf, type AppState, type Store } from '../store';
import { h, panel, replaceChildren, show } from '../ui/dom';
import { formatSeconds } from '../ui/format';
import { PhaseClock } from './phases';
import { progressView } from './progress-view';

/** Why a run cannot start yet (empty when it can). */
function blockers(state: AppState): string[] {
  const reasons: string[] = [];
  const ui = mechanismUi(state.mechanism);
  const needed = state.columnsNeeded;
  if (!state.input) reasons.push('load a CSV (step 1)');
  if (state.schemaBusy) reasons.push('wait for the schema check');
  else if (!state.schema) reasons.push('choose a valid schema (step 2)');
  if (state.schema && state.columns.length === 0) reasons.push('select at least one column (step 3)');
  else if (state.schema && state.columns.length < needed.count)
    reasons.push(`select at least ${needed.count} columns for ${needed.reason}`);
  // The core would refuse them (the forecast shows its error too); say which columns, before any run.
  const refused = state.schema ? ui.refusedColumns?.(state.schema.schema, state.columns) : null;
  if (refused) reasons.push(refused.blocker);
  // The mechanism's own (e.g. a setting the forecast, the run's own check, says the core refuses).
  reasons.push(...(ui.blockers?.(state) ?? []));
  if (!state.parameters) reasons.push('fix the parameters marked in step 4');
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
        schema: schema!.text,
        columns,
        ...(schema!.kind === 'inferred' ? { schemaProvenance: 'inferred-from-data' as const } : {}),
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
      store.set({ running: false, result, resultBaseName: input!.baseName });
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
      state.columns,
      state.mechanism,
      state.columnsNeeded,
      state.parameters,
      state.forecast,
      state.fileRows,
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

  return panel('5. Run', 'run-panel', h('div', { class: 'run-row' }, runButton, hint), progress.element, summary);
}
