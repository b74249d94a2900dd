// Step 2's fields of the reduced-space LP: the degree of the marginals it preserves, the reference
// measure its candidate records come from and its share of ε (with the split shown before running),
// the planner's conditions after the prediction target, and under Advanced the LP's settings and
// the number of synthetic rows.
import type { ReferenceMeasure, RunAdvice } from 'privsynth';
import { useEffect, useMemo, useState } from 'preact/hooks';

import { adviceRequester, engineIdle } from '../../engine/run-advice';
import { OptionField, setField } from '../../method-fields/option-field';
import type { Store } from '../../store';
import { Mount } from '../../ui/mount';
import type { FieldSpec, MechanismFields } from '../mechanism-ui';
import { lpFields, SYNTHETIC_ROWS } from '../shared-fields';
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

const REFERENCE: FieldSpec = {
  id: 'reference-measure',
  option: 'referenceMeasure',
  label: 'Reference measure',
  choices: REFERENCE_LABELS,
  omitDefault: true,
  drawnBy: 'part',
};

const REFERENCE_SHARE: FieldSpec = {
  id: 'reference-budget',
  option: 'referenceBudgetFraction',
  label: 'Share of ε for the reference measure',
  hint: 'A private reference measure is estimated from the data with this part of ε; the LP gets the rest. Blank: the default.',
  placeholder: 'default',
  step: '0.05',
  drawnBy: 'part',
};

const lp = lpFields({
  solverHint:
    'How the fit is computed; all three stop within 1% of the best possible max error, and the receipt states the certified bound.',
  mirrorProx: true,
});

const round = (x: number) => Number(x.toPrecision(3));

/** What the core's run advice says of the reference measure for the current settings. */
interface ReferenceAdvice {
  numeric: boolean;
  /** The split of ε, or null when the run's options are not known (a field invalid). */
  budget: RunAdvice['reference'] | null;
}

/**
 * The reference measure and its share of ε. The KDE and the KD-tree are offered only when the core
 * says the continuous space can take the chosen columns; the split is the core's, shown before
 * running (the last one stays while the next is on its way). A continuous measure on columns it
 * cannot take goes back to "auto".
 */
function ReferenceFields({ store }: { store: Store }) {
  const state = store.state.value;
  const { runSchema: schema, columns, parameters, engineReady, running } = state;
  const advise = useMemo(() => adviceRequester(), []);
  const [advice, setAdvice] = useState<ReferenceAdvice | null>(null);
  const chosen = (state.fields[REFERENCE.id] ?? 'auto') as ReferenceMeasure;
  useEffect(() => {
    const backToAuto = () => {
      if (CONTINUOUS_MEASURES.includes(store.get().fields[REFERENCE.id] ?? '')) setField(store, REFERENCE.id, 'auto');
    };
    if (!schema || columns.length === 0) {
      setAdvice(null);
      backToAuto();
      return;
    }
    if (!engineIdle(store.get())) return;
    const run = parameters && isReducedSpaceLp(parameters) ? parameters : null;
    advise(schema.schema, run ? referenceRequest(columns, run) : { columns }).then(
      (answer) => {
        if (!answer) return;
        if (!answer.continuousSpacePossible) backToAuto();
        setAdvice({ numeric: answer.continuousSpacePossible, budget: run ? answer.reference : null });
      },
      () => {
        // The run would refuse these options, and the forecast says why.
        backToAuto();
        setAdvice((last) => (last ? { ...last, budget: null } : null));
      },
    );
  }, [store, advise, schema, columns, parameters, engineReady, running]);

  const numeric = advice?.numeric ?? false;
  const budget = advice?.budget ?? null;
  const run = parameters && isReducedSpaceLp(parameters) ? parameters : null;
  const hint =
    budget === null
      ? undefined
      : `Where the LP's candidate records come from (Bojkovic & Loh). ` +
        (numeric
          ? 'All chosen columns are numeric, so the private kernel density and KD-tree are available. '
          : 'The kernel density and the KD-tree need numeric columns only. ') +
        (chosen === 'auto' ? `Automatic picks “${budget.measure}” for these columns.` : '');
  return (
    <>
      <OptionField
        store={store}
        mechanism="reduced-space-lp"
        field={REFERENCE}
        hint={hint}
        disabled={numeric ? [] : CONTINUOUS_MEASURES}
      />
      <OptionField
        store={store}
        mechanism="reduced-space-lp"
        field={REFERENCE_SHARE}
        placeholder={
          budget === null
            ? undefined
            : budget.measure === 'uniform'
              ? 'not used'
              : `default ${budget.defaultBudgetFraction}`
        }
      />
      <p class="estimate" data-testid="budget-split" aria-live="polite">
        {budget && run ? (
          <>
            Budget: <strong>ε = {round(budget.epsilon ?? 0)}</strong> for the reference measure ({budget.measure}) +{' '}
            <strong>ε = {round(budget.lpEpsilon ?? run.epsilon)}</strong> for the LP's measurements = ε ={' '}
            {round(run.epsilon)} in total (basic composition).
          </>
        ) : null}
      </p>
    </>
  );
}

/** The planner, made once for the page's store (it follows the store itself). */
const planners = new WeakMap<Store, HTMLElement>();
function Planner({ store }: { store: Store }) {
  if (!planners.has(store)) planners.set(store, plannerView(store));
  return <Mount element={planners.get(store)!} />;
}

export const reducedSpaceLpFields: MechanismFields<'reduced-space-lp'> = {
  main: [
    {
      id: 'degree',
      option: 'degree',
      label: 'Degree: marginals preserved',
      choices: { 1: '1: each column on its own', 2: '2: every pair of columns', 3: '3: every triple of columns' },
      hint: 'The synthetic table keeps the joint distributions of up to this many columns.',
    },
    REFERENCE,
    REFERENCE_SHARE,
    ReferenceFields,
  ],
  // The planner's theorems are the reduced-space LP's.
  afterTarget: [Planner],
  advanced: [lp.size, SYNTHETIC_ROWS, lp.timeLimit, lp.iterationLimit, lp.solver],
  // A share means nothing for the free uniform measure, and the library rejects it there; with
  // "auto" the core drops it when auto picks the uniform measure.
  finish(options) {
    if (options.referenceMeasure === 'uniform') delete options.referenceBudgetFraction;
  },
  columnsNeeded: (text) => ({ count: Number(text('degree')), reason: `degree ${text('degree')}` }),
  // The LP always runs: every setting under Advanced applies.
  advancedNote: () => null,
};
