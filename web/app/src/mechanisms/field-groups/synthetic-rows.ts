// The number of synthetic rows k, under "Advanced", for the mechanisms that make a synthetic table
// (one instance per panel, FieldContext.shared: a value typed for one is kept for the others).
// Blank: the library's default, the noisy record count.
import { show } from '../../ui/dom';
import { numberField, optionalWholeNumber } from '../../ui/fields';
import type { FieldContext } from '../mechanism-ui';

export interface SyntheticRowsField {
  element: HTMLElement;
  show(visible: boolean): void;
  /** { syntheticRows } when given, {} when blank, null while invalid. */
  read(): { syntheticRows?: number } | null;
}

export function syntheticRowsField({ changed }: FieldContext): SyntheticRowsField {
  const field = numberField({
    id: 'synthetic-rows',
    label: 'Synthetic rows',
    hint: 'Blank: the noisy record count.',
    placeholder: 'noisy record count',
    step: '1',
    parse: optionalWholeNumber,
    onInput: changed,
  });
  return {
    element: field.element,
    show: (visible) => show(field.element, visible),
    read() {
      const k = field.read();
      if (k.error) return null;
      return k.value === undefined ? {} : { syntheticRows: k.value };
    },
  };
}
