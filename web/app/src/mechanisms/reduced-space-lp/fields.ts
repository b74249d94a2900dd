// Step 4's settings of the reduced-space LP: the degree of the marginals it preserves, the
// reference measure its candidate records come from and its share of ε (with the split shown
// before running), the planner's conditions after the prediction target, and under Advanced the
// LP's settings and the number of synthetic rows (groups shared with other mechanisms).
import type { ReducedSpaceLpOptions, ReferenceMeasure, RunAdvice } from 'privsynth';

import { adviceRequester, engineIdle } from '../../engine/run-advice';
import type { AppState } from '../../store';
import { h, replaceChildren, show } from '../../ui/dom';
import { numberField, optionalShare, selectField } from '../../ui/fields';
import type { FieldContext, MechanismFields } from '../mechanism-ui';
import { lpSettingsFields } from '../field-groups/lp-settings';
import { syntheticRowsField } from '../field-groups/synthetic-rows';
import { isReducedSpaceLp } from './options';
import { plannerView } from './planner-view';
import { referenceRequest } from './reference-choice';

const REFERENCE_LABELS: Record<ReferenceMeasure, string> = {
  auto: 'automatic (uniform for small domains, tree for wide tables)',
  uniform: 'uniform (free, ignores the data)',
  histogram: 'perturbed histogram of the whole domain (small domains)',
  tree: 'Chow–Liu tree of noisy pairs (wide tables)',
  'bernstein-kde': 'private kernel density, Bernstein mechanism (numeric columns, unbinned output)',
  'kd-tree': 'private KD-tree density (numeric columns, unbinned output)',
};
/** The measures that live in the continuous space: offered only when every chosen column is numeric. */
const CONTINUOUS_MEASURES = ['bernstein-kde', 'kd-tree'];

const LP_SOLVER_HINT =
  'How the fit is computed; all three stop within 1% of the best possible max error, and the receipt states the certified bound.';

type Degree = NonNullable<ReducedSpaceLpOptions['degree']>;

const round = (x: number) => Number(x.toPrecision(3));

export function reducedSpaceLpFields(context: FieldContext): MechanismFields<'reduced-space-lp'> {
  const { store, changed } = context;
  const lp = context.shared(lpSettingsFields);
  const rows = context.shared(syntheticRowsField);
  const chosenDegree = () => Number(degree.select.value) as Degree;

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
    onChange: changed,
  });
  const reference = selectField({
    id: 'reference-measure',
    label: 'Reference measure',
    choices: Object.entries(REFERENCE_LABELS) as Array<[ReferenceMeasure, string]>,
    value: 'auto',
    onChange: changed,
  });
  const referenceShare = numberField({
    id: 'reference-budget',
    label: 'Share of ε for the reference measure',
    hint: 'A private reference measure is estimated from the data with this part of ε; the LP gets the rest. Blank: the default.',
    placeholder: 'default',
    step: '0.05',
    parse: optionalShare,
    onInput: changed,
  });
  const split = h('p', { class: 'estimate', 'data-testid': 'budget-split', 'aria-live': 'polite' });
  const planner = plannerView(store);

  /**
   * The KDE and the KD-tree are offered only when the core says the continuous space can take the
   * chosen columns; the split is the core's, shown before running (the last one stays while the next
   * is on its way).
   */
  const advise = adviceRequester();
  const continuousOptions = CONTINUOUS_MEASURES.map((measure) =>
    reference.select.querySelector<HTMLOptionElement>(`option[value="${measure}"]`)!,
  );
  const offerContinuous = (offered: boolean) => continuousOptions.forEach((option) => (option.disabled = !offered));
  const continuousChosen = () => CONTINUOUS_MEASURES.includes(reference.select.value);
  offerContinuous(false);
  const backToAuto = () => {
    reference.select.value = 'auto';
    changed();
  };
  const renderReference = async (state: AppState) => {
    const { schema, columns, parameters } = state;
    if (!schema || columns.length === 0) {
      offerContinuous(false);
      split.textContent = '';
      if (continuousChosen()) backToAuto();
      return;
    }
    if (!engineIdle(state)) return;
    const run = parameters && isReducedSpaceLp(parameters) ? parameters : null;
    let advice: RunAdvice | null;
    try {
      advice = await advise(schema.schema, run ? referenceRequest(columns, run) : { columns });
    } catch {
      // The run would refuse these options, and the forecast says why. A continuous measure on
      // columns it cannot take goes back to "auto".
      if (continuousChosen()) backToAuto();
      else split.textContent = '';
      return;
    }
    if (!advice) return;
    const numeric = advice.continuousSpacePossible;
    offerContinuous(numeric);
    if (!numeric && continuousChosen()) {
      backToAuto();
      return;
    }
    if (!run) {
      split.textContent = '';
      return;
    }
    const choice = run.referenceMeasure ?? 'auto';
    const budget = advice.reference;
    reference.hint.textContent =
      `Where the LP's candidate records come from (Bojkovic & Loh). ` +
      (numeric
        ? 'All chosen columns are numeric, so the private kernel density and KD-tree are available. '
        : 'The kernel density and the KD-tree need numeric columns only. ') +
      (choice === 'auto' ? `Automatic picks “${budget.measure}” for these columns.` : '');
    replaceChildren(
      split,
      'Budget: ',
      h('strong', {}, `ε = ${round(budget.epsilon ?? 0)}`),
      ` for the reference measure (${budget.measure}) + `,
      h('strong', {}, `ε = ${round(budget.lpEpsilon ?? run.epsilon)}`),
      ` for the LP's measurements = ε = ${round(run.epsilon)} in total (basic composition).`,
    );
    referenceShare.input.placeholder =
      budget.measure === 'uniform' ? 'not used' : `default ${budget.defaultBudgetFraction}`;
  };
  store.watch(
    (state) => [state.engineReady, state.running, state.schema, state.columns, state.parameters],
    (state) => void renderReference(state),
  );

  return {
    slots: {
      main: [degree.element, reference.element, referenceShare.element, split],
      // The planner's theorems are the reduced-space LP's.
      afterTarget: [planner],
      advanced: [lp.size, rows.element, lp.timeLimit, lp.iterationLimit, lp.solver],
    },
    setVisible(visible) {
      for (const element of [degree.element, reference.element, referenceShare.element, split, planner])
        show(element, visible);
      rows.show(visible);
      lp.show(visible);
      if (visible) lp.configure({ solverHint: LP_SOLVER_HINT, mirrorProx: true });
    },
    read() {
      const settings = lp.read();
      const k = rows.read();
      const share = referenceShare.read();
      if (!settings || !k || share.error) return null;
      const options: ReducedSpaceLpOptions = {
        mechanism: 'reduced-space-lp',
        ...k,
        degree: chosenDegree(),
        ...settings,
      };
      const choice = reference.select.value as ReferenceMeasure;
      if (choice !== 'auto') options.referenceMeasure = choice;
      // A share means nothing for the free uniform measure, and the library rejects it there; with
      // "auto" the core drops it when auto picks the uniform measure.
      if (share.value !== undefined && choice !== 'uniform') options.referenceBudgetFraction = share.value;
      return options;
    },
    columnsNeeded: () => ({ count: chosenDegree(), reason: `degree ${chosenDegree()}` }),
    // The LP always runs: every setting under Advanced applies.
    advancedNote: () => null,
  };
}
