// Train on synthetic, test on real, per target: a logistic regression trained on the synthetic rows
// next to one trained on the real training rows and one trained directly under DP at the run's ε
// (Zhou et al.'s Fig. 4), all tested on real rows held out from the mechanism, and, for a binary
// target, Zhou et al.'s Theorem 3.2 at the run's parameters. Computed on the real data: NOT private.
import type { DirectDpScores, ExcessRiskBoundReport, ExcessRiskBoundTerms, MlComparison, MlReport } from 'privsynth';

import { definitionList, h, table } from '../ui/dom';
import { formatDecimal, formatInteger, formatPercent } from '../ui/format';

/** A figure that a multi-class target or a failed fit lacks: "–". */
const maybe = (value: number | null | undefined, format: (value: number) => string) =>
  value === null || value === undefined ? '–' : format(value);
const decimal = (value: number | null | undefined) => maybe(value, (v) => formatDecimal(v, 3));

function modelTable(ml: MlComparison, id: (name: string) => string): HTMLElement {
  const { trainedOnSynthetic: synthetic, trainedOnReal: real } = ml;
  const direct: DirectDpScores | undefined = ml.directDp && !('error' in ml.directDp) ? ml.directDp : undefined;
  const cell = (testId: string, text: string) => h('span', { 'data-testid': id(testId) }, text);
  const rows = [
    [
      'Accuracy',
      cell('accuracy-synthetic', formatPercent(synthetic.accuracy)),
      cell('accuracy-real', formatPercent(real.accuracy)),
      ...(direct ? [cell('accuracy-direct-dp', formatPercent(direct.accuracy))] : []),
    ],
    [
      ml.classes > 2 ? 'ROC-AUC (mean over classes)' : 'ROC-AUC',
      decimal(synthetic.rocAuc),
      decimal(real.rocAuc),
      ...(direct ? [decimal(direct.rocAuc)] : []),
    ],
  ];
  if (ml.classes === 2) {
    rows.push([
      'Test log-loss',
      decimal(synthetic.testLogLoss),
      decimal(real.testLogLoss),
      ...(direct ? [decimal(direct.testLogLoss)] : []),
    ]);
  }
  return table(
    `All models tested on the same ${formatInteger(ml.rows.realTest)} held-out real rows`,
    [
      '',
      'Trained on synthetic',
      'Trained on real',
      ...(direct ? [`Trained directly under DP (ε = ${formatDecimal(direct.epsilon, 3)})`] : []),
    ],
    rows,
  );
}

/** What the directly trained model means for the owner's choice, or why there is none. */
function directDpNote(ml: MlComparison, id: (name: string) => string): HTMLElement | null {
  const direct = ml.directDp;
  if (!direct) return null;
  if ('error' in direct) {
    return h(
      'p',
      { class: 'notice notice--warning', 'data-testid': id('direct-dp-error') },
      `No directly trained model: ${direct.error}.`,
    );
  }
  const gap = direct.accuracy - ml.trainedOnSynthetic.accuracy;
  const better =
    Math.abs(gap) < 0.005
      ? 'about as accurate as the one trained on the synthetic table'
      : gap > 0
        ? `${formatDecimal(100 * gap, 2)} points more accurate than the one trained on the synthetic table`
        : `${formatDecimal(-100 * gap, 2)} points less accurate than the one trained on the synthetic table`;
  return h(
    'p',
    { class: 'hint', 'data-testid': id('direct-dp') },
    `A model trained directly under DP at the same ε = ${formatDecimal(direct.epsilon, 3)} (δ = ${direct.delta}, ` +
      `${formatInteger(direct.steps)} gradient steps${direct.targetsSharing > 1 ? `; its budget shared by the ${direct.targetsSharing} targets` : ''}) would be ${better}. `,
    h('strong', {}, 'It is a separate release: '),
    'downloading it (“Download DP model”) and publishing it with the synthetic table costs the total shown beside the download buttons. ' +
      'The synthetic table serves any model and question; the direct model serves this one.',
  );
}

/** "2,661", or "overflow" where the expression did not fit in a double. */
const boundValue = (value: number | null) => (value === null ? 'overflow' : formatDecimal(value, 4));

function boundTotal(terms: ExcessRiskBoundTerms): string {
  return `${boundValue(terms.total)}${terms.vacuous ? ' — vacuous' : ''} (approximation ${boundValue(terms.approximation)} + marginal ${boundValue(terms.marginal)})`;
}

function boundSection(bound: ExcessRiskBoundReport): HTMLElement {
  if ('error' in bound) return h('div', { 'data-testid': 'ml-bound' }, h('p', { class: 'field-error' }, bound.error));
  const { explicit } = bound;
  return h(
    'div',
    { 'data-testid': 'ml-bound' },
    h('h5', {}, `${bound.theorem}`),
    definitionList([
      [
        'Explicit bound (every constant of the proofs)',
        h('span', { 'data-testid': 'ml-bound-explicit' }, boundTotal(explicit)),
      ],
      ['Trivial bound 2τ‖x‖ (no excess risk exceeds it)', formatDecimal(explicit.trivial, 4)],
      ['Stated bound (the O(·) with constant 1)', boundTotal(bound.stated)],
      ['Measured excess empirical risk', formatDecimal(bound.measuredExcessEmpiricalRisk, 3)],
      [
        'At',
        `degree d = ${bound.degree}, one-hot dimension m = ${formatInteger(bound.dimension)}, τ = ${formatDecimal(bound.tau, 3)}, ` +
          `n = ${formatInteger(bound.records)} records, largest marginal L1 distance ν/n = ${formatDecimal(bound.normalizedMarginalL1, 3)}`,
      ],
    ]),
    h(
      'p',
      { class: 'hint' },
      explicit.vacuous
        ? 'Vacuous: the explicit bound is at or above the trivial one, so it says nothing here. The theorem is asymptotic: its terms shrink only ' +
            'when the records far outnumber what the dimension and degree ask for, and at this dimension it does not bind.'
        : 'The explicit bound is below the trivial one, so it limits the excess risk of this run.',
    ),
  );
}

function mlNumbers(ml: MlComparison, id: (name: string) => string): Array<HTMLElement | null> {
  const gap = ml.trainedOnReal.accuracy - ml.trainedOnSynthetic.accuracy;
  const facts: Array<[string, HTMLElement | string]> = [
    [
      'Accuracy gap (real − synthetic)',
      h('span', { 'data-testid': id('accuracy-gap') }, `${formatDecimal(100 * gap, 2)} percentage points`),
    ],
    ['Majority-class baseline', `${formatPercent(ml.majorityClassAccuracy)} (always predicting the most common class)`],
  ];
  if (ml.excessEmpiricalRisk !== undefined) {
    facts.push([
      'Excess empirical risk',
      `${formatDecimal(ml.excessEmpiricalRisk, 3)} (the synthetic model’s logistic loss on the real training rows minus the real model’s)`,
    ]);
  }
  if (ml.excessTestRisk !== undefined) facts.push(['Excess test risk', formatDecimal(ml.excessTestRisk, 3)]);
  facts.push([
    'Rows',
    `${formatInteger(ml.rows.synthetic)} synthetic · ${formatInteger(ml.rows.realTrain)} real for training · ${formatInteger(ml.rows.realTest)} real held out`,
  ]);
  return [
    modelTable(ml, id),
    directDpNote(ml, id),
    definitionList(facts),
    ml.excessRiskBound ? boundSection(ml.excessRiskBound) : null,
  ];
}

/**
 * One target's section. The first target's test ids are "ml-…"; a further target's carry its
 * position, "ml-extra-1-…" for the first of mlExtraTargets.
 */
export function mlReportView(ml: MlReport, extraIndex?: number): HTMLElement {
  const prefix = extraIndex === undefined ? 'ml' : `ml-extra-${extraIndex}`;
  const id = (name: string) => `${prefix}-${name}`;
  const titleId = id('report-title');
  return h(
    'section',
    { class: 'ml-report', 'data-testid': id('report'), 'aria-labelledby': titleId },
    h('h4', { id: titleId, 'data-testid': titleId }, `Train on synthetic, test on real: “${ml.target}”`),
    h(
      'p',
      { class: 'hint' },
      // An ML report with an error names no model.
      `Predicting “${ml.target}”${'model' in ml ? ` with ${ml.model}` : ''}. The held-out rows were never seen by the mechanism. `,
      h('strong', {}, 'These figures use your real rows: for your eyes only.'),
    ),
    ...('error' in ml
      ? [h('p', { class: 'notice notice--warning', 'data-testid': id('error') }, `No model comparison: ${ml.error}.`)]
      : mlNumbers(ml, id)),
  );
}
