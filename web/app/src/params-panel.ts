// Step 4: privacy budget, degree, and the advanced knobs of the reduced-space LP. Each input is
// validated as it is typed; the error shows next to it and the Run button waits for valid values.
import type { OutOfDomainPolicy } from 'privsynth';

import { h, panel, show, uid } from './dom';
import type { RunParameters, Store } from './store';

type Parse<T> = (text: string) => { value?: T; error?: string };

const positiveNumber: Parse<number> = (text) => {
  const value = Number(text);
  if (text.trim() === '' || !Number.isFinite(value)) return { error: 'Enter a number.' };
  if (value <= 0) return { error: 'Must be greater than 0.' };
  return { value };
};

/** Blank means "not set"; otherwise a whole number >= 1. */
const optionalWholeNumber: Parse<number | undefined> = (text) => {
  if (text.trim() === '') return { value: undefined };
  const value = Number(text);
  if (!Number.isInteger(value) || value < 1) return { error: 'Enter a whole number of at least 1, or leave it blank.' };
  return { value };
};

const optionalPositiveNumber: Parse<number | undefined> = (text) => (text.trim() === '' ? { value: undefined } : positiveNumber(text));

interface NumberField<T> {
  element: HTMLElement;
  read(): { value?: T; error?: string };
}

/** A labelled number input with a hint and an inline error (announced and linked with aria). */
function numberField<T>(options: {
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
  const error = h('p', { id: errorId, class: 'field-error', 'data-testid': errorId, 'aria-live': 'polite', hidden: true });
  const read = () => options.parse(input.value);
  input.addEventListener('input', () => {
    const result = read();
    error.textContent = result.error ?? '';
    show(error, Boolean(result.error));
    input.setAttribute('aria-invalid', result.error ? 'true' : 'false');
    options.onInput();
  });
  const element = h('div', { class: 'field' }, h('label', { for: options.id }, options.label), input, h('p', { class: 'hint', id: hintId }, options.hint), error);
  return { element, read };
}

export function paramsPanel(store: Store): HTMLElement {
  const update = () => store.set({ parameters: collect() });

  const epsilon = numberField({
    id: 'epsilon',
    label: 'Privacy budget ε (epsilon)',
    hint: 'Smaller is more private and noisier. ε = 1 is a common choice.',
    value: '1',
    step: '0.1',
    parse: positiveNumber,
    onInput: update,
  });
  const degree = h(
    'select',
    { id: 'degree', 'data-testid': 'degree', 'aria-describedby': 'degree-hint' },
    h('option', { value: '1' }, '1: each column on its own'),
    h('option', { value: '2', selected: true }, '2: every pair of columns'),
    h('option', { value: '3' }, '3: every triple of columns'),
  );
  degree.addEventListener('change', () => store.set({ degree: Number(degree.value) as 1 | 2 | 3, parameters: collect() }));

  const reducedSpaceSize = numberField({
    id: 'reduced-space-size',
    label: 'Reduced space size m',
    hint: 'Points of the reference sample the LP reweights. Blank: grown automatically until the fit reaches the noise level.',
    placeholder: 'automatic',
    step: '1',
    parse: optionalWholeNumber,
    onInput: update,
  });
  const syntheticRows = numberField({
    id: 'synthetic-rows',
    label: 'Synthetic rows',
    hint: 'Blank: the noisy record count.',
    placeholder: 'noisy record count',
    step: '1',
    parse: optionalWholeNumber,
    onInput: update,
  });
  const lpTimeLimit = numberField({
    id: 'lp-time-limit',
    label: 'LP time limit (seconds)',
    hint: 'Stop the solver after this long (the run then fails with LP_LIMIT_REACHED). Blank: no limit.',
    placeholder: 'none',
    parse: optionalPositiveNumber,
    onInput: update,
  });
  const lpIterationLimit = numberField({
    id: 'lp-iteration-limit',
    label: 'LP iteration limit',
    hint: 'Stop the solver after this many simplex iterations. Blank: no limit.',
    placeholder: 'none',
    step: '1',
    parse: optionalWholeNumber,
    onInput: update,
  });
  const lpSolver = h(
    'select',
    { id: 'lp-solver', 'data-testid': 'lp-solver', 'aria-describedby': 'lp-solver-hint' },
    h('option', { value: 'row-generation', selected: true }, 'row generation (fast, exact)'),
    h('option', { value: 'simplex' }, 'whole LP at once (slow reference)'),
    h('option', { value: 'mirror-prox' }, 'mirror-prox (first-order, dense weights; can take minutes)'),
  );
  lpSolver.addEventListener('change', update);
  const outOfDomain = h(
    'select',
    { id: 'out-of-domain', 'data-testid': 'out-of-domain', 'aria-describedby': 'out-of-domain-hint' },
    h('option', { value: 'clamp', selected: true }, 'clamp numbers / map categories to missing'),
    h('option', { value: 'reject' }, 'reject the row'),
    h('option', { value: 'error' }, 'stop with an error'),
  );
  outOfDomain.addEventListener('change', update);

  function collect(): RunParameters | null {
    const e = epsilon.read();
    const m = reducedSpaceSize.read();
    const k = syntheticRows.read();
    const time = lpTimeLimit.read();
    const iterations = lpIterationLimit.read();
    if ([e, m, k, time, iterations].some((field) => field.error)) return null;
    const parameters: RunParameters = {
      epsilon: e.value!,
      degree: Number(degree.value) as 1 | 2 | 3,
      outOfDomain: outOfDomain.value as OutOfDomainPolicy,
    };
    // Blank advanced fields are left out, so that the library's defaults apply.
    if (m.value !== undefined) parameters.reducedSpaceSize = m.value;
    if (k.value !== undefined) parameters.syntheticRows = k.value;
    if (time.value !== undefined) parameters.lpTimeLimitSeconds = time.value;
    if (iterations.value !== undefined) parameters.lpIterationLimit = iterations.value;
    if (lpSolver.value !== 'row-generation') parameters.lpSolver = lpSolver.value as RunParameters['lpSolver'];
    return parameters;
  }

  const element = panel(
    '4. Parameters',
    'params-panel',
    epsilon.element,
    h(
      'div',
      { class: 'field' },
      h('label', { for: 'degree' }, 'Degree: marginals preserved'),
      degree,
      h('p', { class: 'hint', id: 'degree-hint' }, 'The synthetic table keeps the joint distributions of up to this many columns.'),
    ),
    h(
      'details',
      { class: 'advanced', 'data-testid': 'advanced' },
      h('summary', {}, 'Advanced'),
      h(
        'div',
        { class: 'advanced__grid' },
        reducedSpaceSize.element,
        syntheticRows.element,
        lpTimeLimit.element,
        lpIterationLimit.element,
        h(
          'div',
          { class: 'field' },
          h('label', { for: 'lp-solver' }, 'LP solver'),
          lpSolver,
          h(
            'p',
            { class: 'hint', id: 'lp-solver-hint' },
            'How the fit is computed; all three stop within 1% of the best possible max error, and the receipt states the certified bound.',
          ),
        ),
        h(
          'div',
          { class: 'field' },
          h('label', { for: 'out-of-domain' }, 'Values outside the schema'),
          outOfDomain,
          h('p', { class: 'hint', id: 'out-of-domain-hint' }, 'Every such value is counted in the utility report.'),
        ),
      ),
    ),
  );
  update();
  return element;
}
