// Failures of a run (PrivsynthError code + message, or anything unexpected), with a hint on what to
// try next. The form stays usable: a new run clears this panel.
import { useId } from 'preact/hooks';

import type { Store } from '../store';

const HINTS: Record<string, string> = {
  CANCELLED: 'You stopped the run. Nothing was produced; you can change the settings and run again.',
  LP_LIMIT_REACHED:
    'The solver stopped at a limit. Clear or raise the LP limits under Parameters → Advanced, or choose fewer columns.',
  LP_INFEASIBLE: 'The linear program has no solution. Try a larger reduced space or fewer columns.',
  LP_FAILED: 'The solver failed. Try fewer columns or a lower degree.',
  DOMAIN_TOO_LARGE: 'The workload is too large for this device. Choose fewer columns, a lower degree, or fewer bins.',
  INVALID_CSV: 'The file is not valid CSV. Check its quoting and that every row has as many fields as the header.',
  INVALID_DATA:
    'The table does not fit the schema. Check that the CSV holds every schema column and that values fit their domains.',
  EMPTY_DATA:
    'No rows to synthesize, or (with no schema) no column whose values repeat often enough to be found privately at this ε. Raise ε, describe the columns yourself (step 2, Other ways), or use a larger table. A search that found nothing has spent its budget: it is on the ledger.',
  INVALID_SCHEMA: 'The schema is invalid; the message names the column to fix.',
  INVALID_ARGUMENT: 'An option is out of range; see the message.',
  BUDGET_EXCEEDED: 'The release would exceed the privacy budget.',
  WORKER_FAILED: 'The engine stopped unexpectedly (often: out of memory). Try fewer columns or a smaller file.',
};

export function ErrorView({ store }: { store: Store }) {
  const { failure } = store.state.value;
  const titleId = useId();
  const cancelled = failure?.code === 'CANCELLED';
  return (
    <section
      class={`error-panel${cancelled ? ' error-panel--info' : ''}`}
      data-testid="error"
      role="alert"
      hidden={!failure}
      aria-labelledby={titleId}
    >
      {failure ? (
        <>
          <h3 id={titleId} class="error-panel__title">
            {cancelled ? 'Run cancelled' : 'The run failed'}
          </h3>
          <p>
            <code class="error-code" data-testid="error-code">
              {failure.code}
            </code>{' '}
            <span data-testid="error-message">{failure.message}</span>
          </p>
          {HINTS[failure.code] ? <p class="hint">{HINTS[failure.code]}</p> : null}
          <button
            type="button"
            class="button button--small"
            data-testid="error-dismiss"
            onClick={() => store.set({ failure: null })}
          >
            Dismiss
          </button>
        </>
      ) : null}
    </section>
  );
}
