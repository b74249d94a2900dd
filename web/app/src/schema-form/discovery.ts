// The "Discover privately" part of the schema form: the discovery's budget (ε, and δ for
// categories) with its split over the columns, the button, and what the discovery found and cost,
// with its own receipt. The form runs the discovery; this box only shows it.
import type { DiscoveryReceipt, SchemaColumn } from 'privsynth';

import { definitionList, h, replaceChildren, show } from '../ui/dom';
import { numberField, positiveNumber, probability } from '../ui/fields';
import type { FailureInfo } from '../store';
import { type Cost, describeCost, describeDomain, formatCost, isFree } from './build-schema';

export interface DiscoveryBudget {
  epsilon: number;
  delta: number;
}

export interface DiscoveryOutcome {
  cost: Cost;
  found: SchemaColumn[];
  receipt: DiscoveryReceipt;
}

export interface DiscoveryBox {
  element: HTMLElement;
  /** The budget, or null while a field is invalid (its error shows at the field). */
  read(): DiscoveryBudget | null;
  /** Shows how the budget splits over `columns` discovered columns, `categorical` of them categorical. */
  plan(columns: number, categorical: number): void;
  setBusy(busy: boolean): void;
  /** What the form has spent on discovery so far (recorded in every schema it makes). */
  setSpent(spent: Cost): void;
  showOutcome(outcome: DiscoveryOutcome): void;
  /** A failed discovery; `charged` when it released something (and so spent its budget). */
  showFailure(failure: FailureInfo, charged: Cost | null): void;
  clear(): void;
}

const FAILURE_HINTS: Record<string, string> = {
  EMPTY_DATA: 'Type that column’s categories instead, or raise ε.',
  INVALID_ARGUMENT: 'Check the budget and the columns marked for discovery.',
  INVALID_DATA: 'Check that the CSV holds the column.',
};

export function discoveryBox(onDiscover: () => void, onBudgetChange: () => void): DiscoveryBox {
  const epsilon = numberField({
    id: 'sf-epsilon',
    label: 'Budget of the discovery ε',
    hint: 'Spent once, and added to the ε of every run with the schema (its receipt states the sum).',
    value: '0.5',
    step: '0.1',
    parse: positiveNumber,
    onInput: onBudgetChange,
  });
  const delta = numberField({
    id: 'sf-delta',
    label: 'δ of the discovery',
    hint: 'Needed when categories are discovered: the chance that a rare value slips through.',
    value: '1e-6',
    parse: probability,
    onInput: onBudgetChange,
  });
  const split = h('p', { class: 'hint sf-split', 'data-testid': 'sf-split', 'aria-live': 'polite' });
  const button = h(
    'button',
    { type: 'button', class: 'button', 'data-testid': 'sf-discover', 'aria-describedby': 'sf-discovery-status' },
    'Discover privately',
  );
  button.addEventListener('click', onDiscover);
  const status = h('p', {
    id: 'sf-discovery-status',
    class: 'hint',
    'data-testid': 'sf-discovery-status',
    role: 'status',
  });
  const failureBox = h('div', {
    class: 'notice notice--error',
    'data-testid': 'sf-discovery-error',
    role: 'alert',
    hidden: true,
  });
  const spentLine = h('p', { class: 'sf-spent', 'data-testid': 'sf-spent' });
  const result = h('div', { class: 'sf-result', 'data-testid': 'sf-discovery-result', hidden: true });

  const read = (): DiscoveryBudget | null => {
    const e = epsilon.read();
    const d = delta.read();
    return e.value !== undefined && d.value !== undefined ? { epsilon: e.value, delta: d.value } : null;
  };

  const element = h(
    'fieldset',
    { class: 'sf-discovery', 'data-testid': 'sf-discovery' },
    h('legend', {}, 'Discover privately'),
    h(
      'p',
      { class: 'hint' },
      'The columns marked “discover” are estimated from your data with differential privacy: numeric bounds are the 0.5% and 99.5% quantiles inside the public rough range, categories the values frequent enough to be released. This spends privacy budget.',
    ),
    h('div', { class: 'sf-grid sf-grid--wide' }, epsilon.element, delta.element),
    split,
    h('div', { class: 'button-row' }, button),
    status,
    failureBox,
    spentLine,
    result,
  );

  return {
    element,
    read,
    plan(columns, categorical) {
      const budget = read();
      if (columns === 0) {
        split.textContent =
          'Split: ε/p per column, δ/c per categorical column. Tick “Discover … privately” on a column to discover it.';
        return;
      }
      const each = (total: number, parts: number) => (budget ? ` = ${formatCost(total / parts)} each` : '');
      split.textContent =
        `Split: ε/p per column (p = ${columns}: ε/${columns}${each(budget?.epsilon ?? 0, columns)}), ` +
        (categorical
          ? `δ/c per categorical column (c = ${categorical}: δ/${categorical}${each(budget?.delta ?? 0, categorical)}).`
          : 'δ/c per categorical column (none here, so δ is not used).');
    },
    setBusy(busy) {
      button.disabled = busy;
      element.setAttribute('aria-busy', String(busy));
      if (busy) {
        status.textContent = 'Discovering privately…';
        show(failureBox, false);
      }
    },
    setSpent(spent) {
      spentLine.textContent = isFree(spent)
        ? 'No discovery so far: a schema made here is public knowledge only.'
        : `Discovery behind a schema made here: ${describeCost(spent)}. The schema records this cost, and every run with it adds the cost to its own: ` +
          'the ε and δ at the head of the run’s receipt are the sum, and it states the run’s own part (privacy.thisRun) and the discovery’s (privacy.domainDiscovery). Starting the form again keeps it.';
    },
    showOutcome({ cost, found, receipt }) {
      status.textContent = `Found the domains of ${found.length} column${found.length === 1 ? '' : 's'} at ${describeCost(cost)}.`;
      replaceChildren(
        result,
        h('h3', { class: 'sf-result__title' }, 'Found privately'),
        h(
          'div',
          { 'data-testid': 'sf-found' },
          definitionList(found.map((column) => [column.name, describeDomain(column)])),
        ),
        h('p', { 'data-testid': 'sf-discovery-cost' }, `This discovery cost ${describeCost(cost)}.`),
        h(
          'details',
          { class: 'raw' },
          h('summary', {}, 'The discovery’s receipt (JSON)'),
          h('pre', { 'data-testid': 'sf-discovery-receipt', tabindex: 0 }, JSON.stringify(receipt, null, 2)),
        ),
      );
      show(result, true);
    },
    showFailure(failure, charged) {
      status.textContent = 'The discovery failed.';
      replaceChildren(
        failureBox,
        h('strong', {}, 'Nothing was found. '),
        h('code', { class: 'error-code', 'data-testid': 'sf-discovery-error-code' }, failure.code),
        ' ',
        failure.message,
        FAILURE_HINTS[failure.code] ? h('p', { class: 'hint' }, FAILURE_HINTS[failure.code]) : null,
        charged
          ? h(
              'p',
              {},
              `This attempt still counts as spent (${describeCost(charged)}): that nothing was frequent enough is itself an answer from the data.`,
            )
          : null,
      );
      show(failureBox, true);
    },
    clear() {
      status.textContent = '';
      show(failureBox, false);
      replaceChildren(result);
      show(result, false);
    },
  };
}
