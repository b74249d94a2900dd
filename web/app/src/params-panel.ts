// Step 4: privacy budget, degree, and the advanced knobs of the reduced-space LP. Each input is
// validated as it is typed; the error shows next to it and the Run button waits for valid values.
import type { OutOfDomainPolicy, ReferenceMeasure } from 'privsynth';

import { h, panel, replaceChildren, show, uid } from './dom';
import { plannerView } from './planner-view';
import { budgetSplit, continuousPossible, DEFAULT_REFERENCE_FRACTION, REFERENCE_LABELS, resolveReference } from './reference-choice';
import type { AppState, RunParameters, Store } from './store';

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

/** Blank means "the default share"; otherwise strictly between 0 and 1. */
const optionalShare: Parse<number | undefined> = (text) => {
  if (text.trim() === '') return { value: undefined };
  const value = Number(text);
  if (!Number.isFinite(value) || value <= 0 || value >= 1) return { error: 'Enter a share strictly between 0 and 1, or leave it blank.' };
  return { value };
};

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

  const reference = h(
    'select',
    { id: 'reference-measure', 'data-testid': 'reference-measure', 'aria-describedby': 'reference-measure-hint' },
    ...(Object.keys(REFERENCE_LABELS) as ReferenceMeasure[]).map((value) =>
      h('option', { value, selected: value === 'auto' }, REFERENCE_LABELS[value]),
    ),
  );
  reference.addEventListener('change', update);
  const referenceHint = h('p', { class: 'hint', id: 'reference-measure-hint', 'data-testid': 'reference-measure-hint' });
  const referenceShare = numberField({
    id: 'reference-budget',
    label: 'Share of ε for the reference measure',
    hint: 'A private reference measure is estimated from the data with this part of ε; the LP gets the rest. Blank: the default.',
    placeholder: 'default',
    step: '0.05',
    parse: optionalShare,
    onInput: update,
  });
  const split = h('p', { class: 'estimate', 'data-testid': 'budget-split', 'aria-live': 'polite' });

  /** The KDE is offered only when every chosen column is numeric; the split is shown before running. */
  const renderReference = ({ schema, columns, parameters }: AppState) => {
    const kde = reference.querySelector<HTMLOptionElement>('option[value="bernstein-kde"]')!;
    const numeric = schema ? continuousPossible(schema.schema, columns) : false;
    kde.disabled = !numeric;
    if (!numeric && reference.value === 'bernstein-kde') {
      reference.value = 'auto';
      update();
      return;
    }
    if (!schema || !parameters) {
      split.textContent = '';
      return;
    }
    const choice = (parameters.referenceMeasure ?? 'auto') as ReferenceMeasure;
    const resolved = resolveReference(choice, schema.schema, columns);
    referenceHint.textContent =
      `Where the LP's candidate records come from (Bojkovic & Loh). ` +
      (numeric ? 'All chosen columns are numeric, so the private kernel density is available. ' : 'The kernel density needs numeric columns only. ') +
      (choice === 'auto' ? `Automatic picks “${resolved}” for these columns.` : '');
    const budget = budgetSplit(parameters.epsilon, choice, parameters.referenceBudgetFraction, schema.schema, columns);
    const round = (x: number) => Number(x.toPrecision(3));
    replaceChildren(
      split,
      'Budget: ',
      h('strong', {}, `ε = ${round(budget.referenceEpsilon)}`),
      ` for the reference measure (${budget.reference}) + `,
      h('strong', {}, `ε = ${round(budget.lpEpsilon)}`),
      ` for the LP's measurements = ε = ${round(parameters.epsilon)} in total (basic composition).`,
    );
    (referenceShare.element.querySelector('input') as HTMLInputElement).placeholder =
      budget.reference === 'uniform' ? 'not used' : `default ${DEFAULT_REFERENCE_FRACTION[budget.reference]}`;
  };

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
    const share = referenceShare.read();
    if ([e, m, k, time, iterations, share].some((field) => field.error)) return null;
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
    if (reference.value !== 'auto') parameters.referenceMeasure = reference.value as ReferenceMeasure;
    // A share means nothing for the free uniform measure; the library would reject it.
    const state = store.get();
    const resolved = state.schema ? resolveReference(reference.value as ReferenceMeasure, state.schema.schema, state.columns) : 'uniform';
    if (share.value !== undefined && resolved !== 'uniform') parameters.referenceBudgetFraction = share.value;
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
      'div',
      { class: 'field' },
      h('label', { for: 'reference-measure' }, 'Reference measure'),
      reference,
      referenceHint,
    ),
    referenceShare.element,
    split,
    plannerView(store),
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
  store.watch((state) => [state.schema, state.columns], update);
  store.watch((state) => [state.schema, state.columns, state.parameters], renderReference);
  update();
  return element;
}
