// Step 4's number of records n, as the user states it: n for the forecast, the planner and the
// recommended mechanism. Empty at first and never filled in from the data: the exact number of
// records is private (add/remove neighbours protect it, and a run releases only a noisy count), so
// a choice made from the file's own count would depend on the data without privacy. A number that
// is public (from the data's documentation, or a round estimate) does not. A mechanism whose
// neighbours replace one record is the exception: its n is public, and its forecast states its own
// (ForecastUi.rows).
import { numberField, optionalWholeNumber } from '../ui/fields';
import type { Store } from '../store';

export function statedRowsField(store: Store): HTMLElement {
  const field = numberField({
    id: 'stated-rows',
    label: 'Number of records n, if it is public (optional)',
    hint:
      'For the forecast, the planner and the recommendation. State only a number that is public, from the data’s documentation or a round estimate; ' +
      'your file’s own row count is never used for them, since it is private. Blank: they go without n.',
    placeholder: 'not stated',
    step: '1',
    parse: optionalWholeNumber,
    onInput: () => {
      const n = field.read();
      store.set({ statedRows: n.error ? null : (n.value ?? null) });
    },
  });
  return field.element;
}
