// The prediction targets of the train-on-synthetic, test-on-real report: none, or a chosen column
// that can be one, as the core says (state.schemaAdvice: categorical with 2 to 32 levels; a nullable
// column counts its missing level), and then more targets predicted from the same synthetic table
// (Zhou et al.'s Fig. 5). Mechanisms that favour a target favour the first.
import type { RunAdvice } from 'privsynth';

import { h, replaceChildren, show } from '../ui/dom';
import { selectField } from '../ui/fields';

const NONE = '';

/** The chosen columns a classifier can predict, in schema order (none before the core's advice is in). */
export function predictableTargets(schemaAdvice: RunAdvice | null, columns: string[]): string[] {
  return (schemaAdvice?.columns ?? [])
    .filter((column) => columns.includes(column.name) && column.mlTargetPossible)
    .map((column) => column.name);
}

export interface TargetField {
  element: HTMLElement;
  /** The chosen target, or undefined for none. */
  read(): string | undefined;
  /** The further targets (none without a first one). */
  readExtra(): string[];
  /** Offers the predictable columns among `columns`; a target that is no longer chosen becomes none. */
  refresh(schemaAdvice: RunAdvice | null, columns: string[]): void;
}

export function targetField(onChange: () => void): TargetField {
  const field = selectField({
    id: 'ml-target',
    label: 'Prediction target',
    choices: [[NONE, 'none']],
    value: NONE,
    hint:
      'A column with 2 to 32 categories to predict. 20% of the rows, chosen at random, are then held out from the mechanism, and the report ' +
      'compares a logistic regression trained on the synthetic rows with one trained on the real rows and one trained directly under ' +
      'differential privacy at the same ε, all tested on the held-out rows.',
    onChange: () => {
      renderExtra();
      onChange();
    },
  });
  const { select } = field;
  const extraSelect = h('select', {
    id: 'ml-extra-targets',
    'data-testid': 'ml-extra-targets',
    multiple: true,
    size: 4,
    'aria-describedby': 'ml-extra-targets-hint',
  });
  extraSelect.addEventListener('change', onChange);
  const extraField = h(
    'div',
    { class: 'field', 'data-testid': 'ml-extra-targets-field' },
    h('label', { for: 'ml-extra-targets' }, 'More targets (optional)'),
    extraSelect,
    h(
      'p',
      { class: 'hint', id: 'ml-extra-targets-hint' },
      'Other columns to predict from the same synthetic table, each reported like the first (Ctrl- or ⌘-click to choose several).',
    ),
  );
  let offered: string[] = [];

  function renderExtra(): void {
    const chosen = new Set(Array.from(extraSelect.selectedOptions, (option) => option.value));
    const others = offered.filter((name) => name !== select.value);
    replaceChildren(
      extraSelect,
      ...others.map((name) => h('option', { value: name, selected: chosen.has(name) }, name)),
    );
    show(extraField, select.value !== NONE && others.length > 0);
  }

  return {
    element: h('div', { class: 'target-fields' }, field.element, extraField),
    read: () => (select.value === NONE ? undefined : select.value),
    readExtra: () =>
      select.value === NONE || extraField.hidden
        ? []
        : Array.from(extraSelect.selectedOptions, (option) => option.value),
    refresh(schemaAdvice, columns) {
      const previous = select.value;
      offered = predictableTargets(schemaAdvice, columns);
      replaceChildren(
        select,
        h('option', { value: NONE }, 'none'),
        ...offered.map((name) => h('option', { value: name }, name)),
      );
      select.value = offered.includes(previous) ? previous : NONE;
      renderExtra();
    },
  };
}
