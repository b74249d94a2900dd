// Form fields built without Preact (the schema's private discovery, the plots' selects): number
// inputs validated as they are typed (the error shows next to the input and is linked with aria)
// and labelled selects with a hint.
import { h, show, uid } from './dom';

export type Parse<T> = (text: string) => { value?: T; error?: string };

export const positiveNumber: Parse<number> = (text) => {
  const value = Number(text);
  if (text.trim() === '' || !Number.isFinite(value)) return { error: 'Enter a number.' };
  if (value <= 0) return { error: 'Must be greater than 0.' };
  return { value };
};

const strictlyBetweenZeroAndOne = (value: number) => Number.isFinite(value) && value > 0 && value < 1;

/** A probability strictly between 0 and 1, such as δ (1e-9 is accepted). */
export const probability: Parse<number> = (text) => {
  const value = Number(text);
  if (text.trim() === '' || !strictlyBetweenZeroAndOne(value))
    return { error: 'Enter a number strictly between 0 and 1, e.g. 1e-9.' };
  return { value };
};

export interface NumberField<T> {
  element: HTMLElement;
  input: HTMLInputElement;
  read(): { value?: T; error?: string };
}

/** A labelled number input with a hint and an inline error (announced and linked with aria). */
export function numberField<T>(options: {
  id: string;
  label: string;
  hint: string;
  value?: string;
  placeholder?: string;
  step?: string;
  parse: Parse<T>;
  onInput: () => void;
}): NumberField<T> {
  const hintId = uid('hint');
  const errorId = `${options.id}-error`;
  const input = h('input', {
    type: 'number',
    id: options.id,
    name: options.id,
    'data-testid': options.id,
    inputmode: 'decimal',
    min: '0',
    step: options.step ?? 'any',
    value: options.value,
    placeholder: options.placeholder,
    'aria-describedby': `${hintId} ${errorId}`,
  });
  const error = h('p', {
    id: errorId,
    class: 'field-error',
    'data-testid': errorId,
    'aria-live': 'polite',
    hidden: true,
  });
  const read = () => options.parse(input.value);
  input.addEventListener('input', () => {
    const result = read();
    error.textContent = result.error ?? '';
    show(error, Boolean(result.error));
    input.setAttribute('aria-invalid', result.error ? 'true' : 'false');
    options.onInput();
  });
  const element = h(
    'div',
    { class: 'field' },
    h('label', { for: options.id }, options.label),
    input,
    h('p', { class: 'hint', id: hintId }, options.hint),
    error,
  );
  return { element, input, read };
}

export interface SelectField {
  element: HTMLElement;
  select: HTMLSelectElement;
  hint: HTMLParagraphElement;
}

/** A labelled select (id and data-testid `id`) whose hint is `${id}-hint`; `choices` are [value, label] pairs. */
export function selectField(options: {
  id: string;
  label: string;
  choices: Array<[string, string]>;
  value: string;
  hint?: string;
  onChange: () => void;
}): SelectField {
  const hintId = `${options.id}-hint`;
  const select = h(
    'select',
    { id: options.id, 'data-testid': options.id, 'aria-describedby': hintId },
    ...options.choices.map(([value, label]) => h('option', { value, selected: value === options.value }, label)),
  );
  select.addEventListener('change', options.onChange);
  const hint = h('p', { class: 'hint', id: hintId, 'data-testid': hintId }, options.hint ?? '');
  const element = h('div', { class: 'field' }, h('label', { for: options.id }, options.label), select, hint);
  return { element, select, hint };
}
