// Step 5: the Run button, the progress of the running synthesis, and Cancel (AbortController:
// the library then rejects with a CancelledError).
import { synthesize } from 'privsynth';

import { engineSettled } from '../engine/engine-queue';
import { failureOf, type Store } from '../store';
import { h, panel, replaceChildren, show } from '../ui/dom';
import { formatSeconds } from '../ui/format';
import { recordRun } from '../privacy-ledger/ledger';
import { PhaseClock } from './phases';
import { progressView } from './progress-view';
import { runBlockers } from './run-blockers';

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
    if (state.running || runBlockers(state).length > 0) return;
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
      const reasons = runBlockers(state);
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
