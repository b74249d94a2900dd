// δ of the (ε, δ)-DP mechanisms (the marginal LP, adaptive marginals), one instance per panel
// (FieldContext.shared: a value typed for one is kept for the other).
import { show } from '../../ui/dom';
import { numberField, probability } from '../../ui/fields';
import type { FieldContext } from '../mechanism-ui';

export interface DeltaField {
  element: HTMLElement;
  show(visible: boolean): void;
  /** { value } (1e-9 unless typed), or { error } while invalid. */
  read(): { value?: number; error?: string };
}

export function deltaField({ changed }: FieldContext): DeltaField {
  const field = numberField({
    id: 'delta',
    label: 'δ (delta)',
    hint: 'The small probability with which the ε guarantee may fail; keep it far below 1 / (number of rows). Default 1e-9.',
    value: '1e-9',
    parse: probability,
    onInput: changed,
  });
  return {
    element: field.element,
    show: (visible) => show(field.element, visible),
    read: () => field.read(),
  };
}
