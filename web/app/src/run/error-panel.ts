// Failures of a run (PrivsynthError code + message, or anything unexpected), with a hint on what to
// try next. The form stays usable: a new run clears this panel.
import { h, replaceChildren, show } from '../ui/dom';
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
  EMPTY_DATA: 'The table has no data rows.',
  INVALID_SCHEMA: 'The schema is invalid; the message names the column to fix.',
  INVALID_ARGUMENT: 'An option is out of range; see the message.',
  BUDGET_EXCEEDED: 'The release would exceed the privacy budget.',
  WORKER_FAILED: 'The engine stopped unexpectedly (often: out of memory). Try fewer columns or a smaller file.',
};

export function errorPanel(store: Store): HTMLElement {
  const element = h('section', {
    class: 'error-panel',
    'data-testid': 'error',
    role: 'alert',
    hidden: true,
    'aria-labelledby': 'error-title',
  });
  const dismiss = h(
    'button',
    {
      type: 'button',
      class: 'button button--small',
      'data-testid': 'error-dismiss',
      onclick: () => store.set({ failure: null }),
    },
    'Dismiss',
  );

  store.watch(
    (state) => [state.failure],
    ({ failure }) => {
      if (!failure) {
        show(element, false);
        replaceChildren(element);
        return;
      }
      const cancelled = failure.code === 'CANCELLED';
      element.classList.toggle('error-panel--info', cancelled);
      replaceChildren(
        element,
        h('h3', { id: 'error-title', class: 'error-panel__title' }, cancelled ? 'Run cancelled' : 'The run failed'),
        h(
          'p',
          {},
          h('code', { class: 'error-code', 'data-testid': 'error-code' }, failure.code),
          ' ',
          h('span', { 'data-testid': 'error-message' }, failure.message),
        ),
        HINTS[failure.code] ? h('p', { class: 'hint' }, HINTS[failure.code]) : null,
        dismiss,
      );
      show(element, true);
    },
  );
  return element;
}
