// The prediction target of the train-on-synthetic, test-on-real report: none, or a chosen column
// that can be one, as the core says (state.schemaAdvice: categorical with exactly two levels, since
// the classifier is binary; a nullable column has a third, missing level, and the core rejects it).
import type { RunAdvice } from 'privsynth';

import { h, replaceChildren } from '../ui/dom';
import { selectField } from '../ui/fields';

const NONE = '';

/** The chosen columns a binary classifier can predict, in schema order (none before the core's advice is in). */
export function binaryTargets(schemaAdvice: RunAdvice | null, columns: string[]): string[] {
  return (schemaAdvice?.columns ?? [])
    .filter((column) => columns.includes(column.name) && column.mlTargetPossible)
    .map((column) => column.name);
}

export interface TargetField {
  element: HTMLElement;
  /** The chosen target, or undefined for none. */
  read(): string | undefined;
  /** Offers the binary columns among `columns`; a target that is no longer chosen becomes none. */
  refresh(schemaAdvice: RunAdvice | null, columns: string[]): void;
}

export function targetField(onChange: () => void): TargetField {
  const field = selectField({
    id: 'ml-target',
    label: 'Prediction target',
    choices: [[NONE, 'none']],
    value: NONE,
    hint:
      'A column with two categories to predict. 20% of the rows, chosen at random, are then held out from the mechanism, and the report ' +
      'compares a logistic regression trained on the synthetic rows with one trained on the real rows, both tested on the held-out rows.',
    onChange,
  });
  const { select } = field;
  return {
    element: field.element,
    read: () => (select.value === NONE ? undefined : select.value),
    refresh(schemaAdvice, columns) {
      const previous = select.value;
      const targets = binaryTargets(schemaAdvice, columns);
      replaceChildren(
        select,
        h('option', { value: NONE }, 'none'),
        ...targets.map((name) => h('option', { value: name }, name)),
      );
      select.value = targets.includes(previous) ? previous : NONE;
    },
  };
}
