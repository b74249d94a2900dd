// Step 4: the mechanism, the privacy budget, what each mechanism preserves, the prediction target,
// and the advanced knobs (space partitioning's own are in space-partition/fields.ts, the sampler's in
// sampler/fields.ts with its comparison on the data in sampler/compare.ts). Each input is
// validated as it is typed; the error shows next to it and the Run button waits for valid values.
// Only the chosen mechanism's options are shown and sent: the core rejects an option that does not
// apply.
import type { OutOfDomainPolicy, ReducedSpaceLpOptions, ReferenceMeasure } from 'privsynth';

import { h, panel, replaceChildren, show } from '../ui/dom';
import { numberField, optionalPositiveNumber, optionalShare, optionalWholeNumber, positiveNumber, probability, selectField } from '../ui/fields';
import { FIT_LABELS, fitHint, type Fit } from '../mechanisms/mechanism-choice';
import { MECHANISMS, mechanismUi } from '../mechanisms/registry';
import { partitionFields } from '../mechanisms/space-partition/fields';
import { plannerView } from '../mechanisms/reduced-space-lp/planner-view';
import { recommendMechanism } from '../mechanisms/recommendation';
import { budgetSplit, continuousPossible, DEFAULT_REFERENCE_FRACTION, REFERENCE_LABELS, resolveReference } from '../mechanisms/reduced-space-lp/reference-choice';
import { samplerCompare } from '../mechanisms/sampler/compare';
import { samplerFields } from '../mechanisms/sampler/fields';
import { statedRowsField } from './stated-rows';
import {
  isReducedSpaceLp,
  type AppState,
  type MarginalLpRun,
  type Mechanism,
  type ReducedSpaceLpRun,
  type RunParameters,
  type SamplerRun,
  type SpacePartitionRun,
  type Store,
} from '../store';
import { targetField } from './target-field';

/** Options every mechanism takes, read from the fields they share. */
type SharedParameters = Pick<ReducedSpaceLpRun, 'epsilon' | 'outOfDomain' | 'mlTarget' | 'syntheticRows'>;

/** The LP's settings: every one of the reduced-space LP's runs, and the marginal LP's with the LP fit. */
type LpSettings = Pick<ReducedSpaceLpOptions, 'reducedSpaceSize' | 'lpTimeLimitSeconds' | 'lpIterationLimit' | 'lpSolver'>;

const choicesOf = <K extends string>(labels: Record<K, string>): Array<[K, string]> => Object.entries(labels) as Array<[K, string]>;

const round = (x: number) => Number(x.toPrecision(3));

/** The mechanisms that may solve a linear program. */
type LpMechanism = Extract<Mechanism, 'reduced-space-lp' | 'marginal-lp'>;

const LP_SOLVER_HINTS: Record<LpMechanism, string> = {
  'reduced-space-lp': 'How the fit is computed; all three stop within 1% of the best possible max error, and the receipt states the certified bound.',
  'marginal-lp':
    'How the LP is solved; both stop within 1% of the best possible total error, and the receipt states the certified bound. ' +
    'Mirror-prox minimizes the max error only, so the marginal LP cannot use it.',
};

export function paramsPanel(store: Store): HTMLElement {
  const update = () => store.set({ parameters: collect() });
  const chosenMechanism = () => mechanism.select.value as Mechanism;
  const chosenFit = () => fit.select.value as Fit;

  const mechanism = selectField({
    id: 'mechanism',
    label: 'Mechanism',
    choices: MECHANISMS.map((ui) => [ui.id, ui.label]),
    value: store.get().mechanism,
    hint: mechanismUi(store.get().mechanism).hint,
    onChange: () => {
      renderMechanism();
      store.set({ mechanism: chosenMechanism(), parameters: collect() });
    },
  });
  // The recommended mechanism for the chosen columns, ε and the n stated as public, with a button to
  // switch to it: public inputs only, since "Use it" makes it an option of the run.
  const useRecommended = h('button', { type: 'button', class: 'link-button', 'data-testid': 'use-recommendation', hidden: true }, 'Use it');
  const recommendationText = h('span', { 'data-testid': 'recommendation-text' });
  const recommendation = h('p', { class: 'hint recommendation', 'data-testid': 'recommendation', 'aria-live': 'polite' }, recommendationText, ' ', useRecommended);
  const renderRecommendation = (state: AppState) => {
    if (!state.schema || state.columns.length === 0) {
      recommendation.hidden = true;
      return;
    }
    const e = epsilon.read();
    const advice = recommendMechanism(state.schema.schema, state.columns, e.error ? null : e.value!, state.statedRows, target.read());
    const current = advice.mechanism === chosenMechanism();
    const name = current ? 'this mechanism' : h('strong', {}, mechanismUi(advice.mechanism).shortLabel);
    replaceChildren(recommendationText, mechanismUi(chosenMechanism()).recommendationLead ?? 'Recommended here: ', name, ` — ${advice.reason}`);
    useRecommended.hidden = current;
    useRecommended.onclick = () => {
      mechanism.select.value = advice.mechanism;
      mechanism.select.dispatchEvent(new Event('change'));
    };
    recommendation.hidden = false;
  };
  const epsilon = numberField({
    id: 'epsilon',
    label: 'Privacy budget ε (epsilon)',
    hint: 'Smaller is more private and noisier. ε = 1 is a common choice.',
    value: '1',
    step: '0.1',
    parse: positiveNumber,
    onInput: update,
  });
  const delta = numberField({
    id: 'delta',
    label: 'δ (delta)',
    hint: 'The small probability with which the ε guarantee may fail; keep it far below 1 / (number of rows). Default 1e-9.',
    value: '1e-9',
    parse: probability,
    onInput: update,
  });
  const fit = selectField({
    id: 'fit',
    label: 'Fit: how the rows are made',
    choices: choicesOf(FIT_LABELS),
    value: 'auto',
    hint: fitHint('auto'),
    onChange: () => {
      renderMechanism();
      update();
    },
  });
  const target = targetField(update);

  const degree = selectField({
    id: 'degree',
    label: 'Degree: marginals preserved',
    choices: [
      ['1', '1: each column on its own'],
      ['2', '2: every pair of columns'],
      ['3', '3: every triple of columns'],
    ],
    value: '2',
    hint: 'The synthetic table keeps the joint distributions of up to this many columns.',
    onChange: () => store.set({ degree: Number(degree.select.value) as 1 | 2 | 3, parameters: collect() }),
  });
  const reference = selectField({ id: 'reference-measure', label: 'Reference measure', choices: choicesOf(REFERENCE_LABELS), value: 'auto', onChange: update });
  const referenceShare = numberField({
    id: 'reference-budget',
    label: 'Share of ε for the reference measure',
    hint: 'A private reference measure is estimated from the data with this part of ε; the LP gets the rest. Blank: the default.',
    placeholder: 'default',
    step: '0.05',
    parse: optionalShare,
    onInput: update,
  });
  const statedRows = statedRowsField(store);
  const split = h('p', { class: 'estimate', 'data-testid': 'budget-split', 'aria-live': 'polite' });
  const planner = plannerView(store);
  const partition = partitionFields(store, update);
  const sampler = samplerFields(store, update);
  const comparison = samplerCompare(store, (choice) => sampler.choose(choice));

  /** The KDE is offered only when every chosen column is numeric; the split is shown before running. */
  const renderReference = ({ schema, columns, parameters }: AppState) => {
    const kde = reference.select.querySelector<HTMLOptionElement>('option[value="bernstein-kde"]')!;
    const numeric = schema ? continuousPossible(schema.schema, columns) : false;
    kde.disabled = !numeric;
    if (!numeric && reference.select.value === 'bernstein-kde') {
      reference.select.value = 'auto';
      update();
      return;
    }
    if (!schema || !parameters || !isReducedSpaceLp(parameters)) {
      split.textContent = '';
      return;
    }
    const choice = parameters.referenceMeasure ?? 'auto';
    const resolved = resolveReference(choice, schema.schema, columns);
    reference.hint.textContent =
      `Where the LP's candidate records come from (Bojkovic & Loh). ` +
      (numeric ? 'All chosen columns are numeric, so the private kernel density is available. ' : 'The kernel density needs numeric columns only. ') +
      (choice === 'auto' ? `Automatic picks “${resolved}” for these columns.` : '');
    const budget = budgetSplit(parameters.epsilon, choice, parameters.referenceBudgetFraction, schema.schema, columns);
    replaceChildren(
      split,
      'Budget: ',
      h('strong', {}, `ε = ${round(budget.referenceEpsilon)}`),
      ` for the reference measure (${budget.reference}) + `,
      h('strong', {}, `ε = ${round(budget.lpEpsilon)}`),
      ` for the LP's measurements = ε = ${round(parameters.epsilon)} in total (basic composition).`,
    );
    referenceShare.input.placeholder = budget.reference === 'uniform' ? 'not used' : `default ${DEFAULT_REFERENCE_FRACTION[budget.reference]}`;
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
  const lpSolver = selectField({
    id: 'lp-solver',
    label: 'LP solver',
    choices: [
      ['row-generation', 'row generation (fast, exact)'],
      ['simplex', 'whole LP at once (slow reference)'],
      ['mirror-prox', 'mirror-prox (first-order, dense weights; can take minutes)'],
    ],
    value: 'row-generation',
    hint: LP_SOLVER_HINTS['reduced-space-lp'],
    onChange: update,
  });
  const lpSettingsNote = h('p', { class: 'hint', 'data-testid': 'lp-settings-note', hidden: true });
  const outOfDomain = selectField({
    id: 'out-of-domain',
    label: 'Values outside the schema',
    choices: [
      ['clamp', 'clamp numbers / map categories to missing'],
      ['reject', 'reject the row'],
      ['error', 'stop with an error'],
    ],
    value: 'clamp',
    hint: 'Every such value is counted in the utility report.',
    onChange: update,
  });

  /** Shows the chosen mechanism's fields only (and the LP's settings only where an LP runs). */
  function renderMechanism(): void {
    const chosen = chosenMechanism();
    const reducedSpace = chosen === 'reduced-space-lp';
    const marginal = chosen === 'marginal-lp';
    const lpRuns = reducedSpace || (marginal && chosenFit() === 'lp');
    // The planner's theorems are the reduced-space LP's: hidden for the other mechanisms.
    for (const element of [degree.element, reference.element, referenceShare.element, split, planner]) show(element, reducedSpace);
    for (const element of [delta.element, fit.element]) show(element, marginal);
    partition.setVisible(chosen === 'space-partition');
    sampler.setVisible(chosen === 'sampler');
    // The sampler draws N = "samples" records; the core rejects syntheticRows with it.
    show(syntheticRows.element, chosen !== 'sampler');
    for (const element of [reducedSpaceSize.element, lpTimeLimit.element, lpIterationLimit.element, lpSolver.element]) show(element, lpRuns);
    show(lpSettingsNote, !lpRuns);
    lpSettingsNote.textContent = marginal
      ? 'The LP settings (reduced space size, limits, solver) apply to the LP fit only: choose “LP” as the fit to set them.'
      : chosen === 'sampler'
        ? 'The sampler solves no linear program: the LP settings do not apply. Its own settings are the sampler and N above and, here, the largest obscuring probability.'
        : 'Space partitioning solves no linear program: the LP settings do not apply. Its own settings are the partition above and, here, the grid’s cells and the release threshold.';
    mechanism.hint.textContent = mechanismUi(chosen).hint;
    fit.hint.textContent = fitHint(chosenFit());
    if (chosen === 'reduced-space-lp' || chosen === 'marginal-lp') lpSolver.hint.textContent = LP_SOLVER_HINTS[chosen];
    lpSolver.select.querySelector<HTMLOptionElement>('option[value="mirror-prox"]')!.disabled = marginal;
    if (marginal && lpSolver.select.value === 'mirror-prox') lpSolver.select.value = 'row-generation';
  }

  // Blank optional fields are left out, so that the library's defaults apply.
  function readShared(): SharedParameters | null {
    const e = epsilon.read();
    // The sampler takes no syntheticRows (its N is "samples"): the hidden field is neither read nor sent.
    const k = chosenMechanism() === 'sampler' ? { value: undefined } : syntheticRows.read();
    if (e.error || k.error) return null;
    const shared: SharedParameters = { epsilon: e.value!, outOfDomain: outOfDomain.select.value as OutOfDomainPolicy };
    if (k.value !== undefined) shared.syntheticRows = k.value;
    const mlTarget = target.read();
    if (mlTarget !== undefined) shared.mlTarget = mlTarget;
    return shared;
  }

  function readLpSettings(): LpSettings | null {
    const m = reducedSpaceSize.read();
    const time = lpTimeLimit.read();
    const iterations = lpIterationLimit.read();
    if ([m, time, iterations].some((field) => field.error)) return null;
    const settings: LpSettings = {};
    if (m.value !== undefined) settings.reducedSpaceSize = m.value;
    if (time.value !== undefined) settings.lpTimeLimitSeconds = time.value;
    if (iterations.value !== undefined) settings.lpIterationLimit = iterations.value;
    if (lpSolver.select.value !== 'row-generation') settings.lpSolver = lpSolver.select.value as LpSettings['lpSolver'];
    return settings;
  }

  function collectReducedSpaceLp(shared: SharedParameters): ReducedSpaceLpRun | null {
    const lp = readLpSettings();
    const share = referenceShare.read();
    if (!lp || share.error) return null;
    const parameters: ReducedSpaceLpRun = { ...shared, degree: Number(degree.select.value) as 1 | 2 | 3, ...lp };
    const choice = reference.select.value as ReferenceMeasure;
    if (choice !== 'auto') parameters.referenceMeasure = choice;
    // A share means nothing for the free uniform measure; the library would reject it.
    const state = store.get();
    const resolved = state.schema ? resolveReference(choice, state.schema.schema, state.columns) : 'uniform';
    if (share.value !== undefined && resolved !== 'uniform') parameters.referenceBudgetFraction = share.value;
    return parameters;
  }

  /** The LP's settings go along only with the LP fit: with "auto" they would switch the fit to the LP. */
  function collectMarginalLp(shared: SharedParameters): MarginalLpRun | null {
    const d = delta.read();
    const lp = chosenFit() === 'lp' ? readLpSettings() : {};
    if (!lp || d.error) return null;
    return { mechanism: 'marginal-lp', ...shared, delta: d.value!, fit: chosenFit(), ...lp };
  }

  function collectSpacePartition(shared: SharedParameters): SpacePartitionRun | null {
    const options = partition.read();
    return options ? { ...shared, ...options } : null;
  }

  function collectSampler({ syntheticRows: _none, ...shared }: SharedParameters): SamplerRun | null {
    const options = sampler.read();
    return options ? { ...shared, ...options } : null;
  }

  function collect(): RunParameters | null {
    const shared = readShared();
    if (!shared) return null;
    const chosen = chosenMechanism();
    if (chosen === 'marginal-lp') return collectMarginalLp(shared);
    if (chosen === 'space-partition') return collectSpacePartition(shared);
    if (chosen === 'sampler') return collectSampler(shared);
    return collectReducedSpaceLp(shared);
  }

  const element = panel(
    '4. Parameters',
    'params-panel',
    mechanism.element,
    partition.nullableNotice,
    recommendation,
    epsilon.element,
    statedRows,
    delta.element,
    degree.element,
    fit.element,
    partition.partition,
    ...sampler.main,
    sampler.refusalNotice,
    comparison,
    reference.element,
    referenceShare.element,
    split,
    target.element,
    planner,
    h(
      'details',
      { class: 'advanced', 'data-testid': 'advanced' },
      h('summary', {}, 'Advanced'),
      lpSettingsNote,
      h(
        'div',
        { class: 'advanced__grid' },
        reducedSpaceSize.element,
        syntheticRows.element,
        lpTimeLimit.element,
        lpIterationLimit.element,
        lpSolver.element,
        ...partition.advanced,
        ...sampler.advanced,
        outOfDomain.element,
      ),
    ),
  );
  renderMechanism();
  // A prediction target that is no longer among the chosen columns becomes none.
  store.watch((state) => [state.schema, state.columns], (state) => {
    target.refresh(state.schema?.schema, state.columns);
    update();
  });
  store.watch((state) => [state.schema, state.columns, state.parameters], renderReference);
  store.watch((state) => [state.schema, state.columns, state.parameters, state.mechanism, state.statedRows], renderRecommendation);
  update();
  return element;
}
