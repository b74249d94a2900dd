// The run: the Run button with why it is blocked, the progress of the running synthesis with Cancel
// (AbortController: the library then rejects with a CancelledError), and the time each phase took.
import { useSignal } from '@preact/signals';
import type { RefObject } from 'preact';
import { useEffect, useId, useRef } from 'preact/hooks';
import type { Phase, Progress } from 'privsynth';

import { failureOf, type Store } from '../store';
import { formatSeconds } from '../ui/format';
import { PhaseClock } from './phases';
import { ProgressView } from './progress-view';
import { runBlockers } from './run-blockers';
import { failedRun, finishedRun, synthesizeState } from './run-synthesis';

/** How long a finished run took, and each of its phases. */
interface Timings {
  total: number;
  phases: Array<[Phase, number]>;
}

type Ref = RefObject<HTMLButtonElement | null>;

/** Cancel takes the focus while a run goes; Run takes it back after, unless the results took it. */
function useRunFocus(running: boolean, run: Ref, cancel: Ref) {
  const wasRunning = useRef(false);
  useEffect(() => {
    if (running) cancel.current?.focus();
    else if (wasRunning.current) {
      const active = document.activeElement;
      if (!active || active === cancel.current || active === document.body) run.current?.focus();
    }
    wasRunning.current = running;
  }, [running]);
}

export function RunStep({ store }: { store: Store }) {
  const state = store.state.value;
  const { running } = state;
  const reasons = runBlockers(state);
  const progress = useSignal<Progress | null>(null);
  const elapsed = useSignal(0);
  const timings = useSignal<Timings | null>(null);
  const controller = useRef<AbortController | null>(null);
  const runButton = useRef<HTMLButtonElement>(null);
  const cancelButton = useRef<HTMLButtonElement>(null);
  const headingId = useId();
  const hintId = useId();
  useRunFocus(running, runButton, cancelButton);

  const run = async () => {
    const started = store.get();
    if (started.running || runBlockers(started).length > 0) return;
    controller.current = new AbortController();
    const clock = new PhaseClock();
    progress.value = null;
    elapsed.value = 0;
    timings.value = null;
    store.set({ running: true, failure: null, result: null });
    const ticker = setInterval(() => (elapsed.value = clock.elapsed()), 100);
    try {
      const result = await synthesizeState(started, controller.current.signal, (event) => {
        clock.enter(event.phase);
        progress.value = event;
      });
      const phases = clock.stop();
      timings.value = { total: clock.elapsed(), phases };
      store.set(finishedRun(started, store.get().ledgers, result));
    } catch (error) {
      store.set({
        running: false,
        failure: failureOf(error),
        ...failedRun(started, store.get().ledgers, failureOf(error).code),
      });
    } finally {
      clearInterval(ticker);
      controller.current = null;
    }
  };

  return (
    <section class="panel" aria-labelledby={headingId} data-testid="run-panel">
      <h3 id={headingId} class="panel__title">
        Make the synthetic table
      </h3>
      <div class="run-row">
        <button
          ref={runButton}
          type="button"
          class="button button--primary button--large"
          data-testid="run"
          aria-describedby={hintId}
          disabled={running || reasons.length > 0}
          onClick={() => void run()}
        >
          {running ? 'Running…' : 'Run'}
        </button>
        <p id={hintId} class="hint" data-testid="run-hint">
          {running
            ? 'The engine runs in a background worker; the page stays usable.'
            : reasons.length
              ? `To run: ${reasons.join('; ')}.`
              : 'Ready. Nothing leaves this device.'}
        </p>
      </div>
      <ProgressView progress={progress} elapsed={elapsed} hidden={!running}>
        <button
          ref={cancelButton}
          type="button"
          class="button button--secondary"
          data-testid="cancel"
          onClick={() => controller.current?.abort()}
        >
          Cancel
        </button>
      </ProgressView>
      <p class="run-summary" data-testid="run-summary" role="status" hidden={!timings.value}>
        {timings.value ? (
          <>
            Finished in {formatSeconds(timings.value.total)}:{' '}
            <span data-testid="run-timings">
              {timings.value.phases.map(([phase, ms]) => `${phase} ${formatSeconds(ms)}`).join(' · ')}
            </span>
          </>
        ) : null}
      </p>
    </section>
  );
}
