// Train on synthetic, test on real: a logistic regression trained on the synthetic rows next to one
// trained on the real training rows, both tested on real rows held out from the mechanism, and
// Zhou et al.'s Theorem 3.2 at the run's parameters. Computed on the real data: NOT private.
import type { ExcessRiskBoundReport, ExcessRiskBoundTerms, MlReport } from 'privsynth';

import { definitionList, h, table } from '../ui/dom';
import { formatDecimal, formatInteger, formatPercent } from '../ui/format';

function modelTable(ml: MlReport): HTMLElement {
  const { trainedOnSynthetic: synthetic, trainedOnReal: real } = ml;
  const cell = (testId: string, text: string) => h('span', { 'data-testid': testId }, text);
  return table(
    `Both models tested on the same ${formatInteger(ml.rows.realTest)} held-out real rows`,
    ['', 'Trained on synthetic', 'Trained on real'],
    [
      [
        'Accuracy',
        cell('ml-accuracy-synthetic', formatPercent(synthetic.accuracy)),
        cell('ml-accuracy-real', formatPercent(real.accuracy)),
      ],
      ['ROC-AUC', formatDecimal(synthetic.rocAuc, 3), formatDecimal(real.rocAuc, 3)],
      ['Test log-loss', formatDecimal(synthetic.testLogLoss, 3), formatDecimal(real.testLogLoss, 3)],
    ],
  );
}

/** "2,661", or "overflow" where the expression did not fit in a double. */
const boundValue = (value: number | null) => (value === null ? 'overflow' : formatDecimal(value, 4));

function boundTotal(terms: ExcessRiskBoundTerms): string {
  return `${boundValue(terms.total)}${terms.vacuous ? ' — vacuous' : ''} (approximation ${boundValue(terms.approximation)} + marginal ${boundValue(terms.marginal)})`;
}

function boundSection(bound: ExcessRiskBoundReport): HTMLElement {
  const { explicit } = bound;
  return h(
    'div',
    { 'data-testid': 'ml-bound' },
    h('h5', {}, `${bound.theorem}`),
    bound.error
      ? h('p', { class: 'field-error' }, bound.error)
      : definitionList([
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
    bound.error
      ? null
      : h(
          'p',
          { class: 'hint' },
          explicit.vacuous
            ? 'Vacuous: the explicit bound is at or above the trivial one, so it says nothing here. The theorem is asymptotic: its terms shrink only ' +
                'when the records far outnumber what the dimension and degree ask for, and at this dimension it does not bind.'
            : 'The explicit bound is below the trivial one, so it limits the excess risk of this run.',
        ),
  );
}

function mlNumbers(ml: MlReport): Array<HTMLElement | null> {
  const gap = ml.trainedOnReal.accuracy - ml.trainedOnSynthetic.accuracy;
  return [
    modelTable(ml),
    definitionList([
      [
        'Accuracy gap (real − synthetic)',
        h('span', { 'data-testid': 'ml-accuracy-gap' }, `${formatDecimal(100 * gap, 2)} percentage points`),
      ],
      [
        'Majority-class baseline',
        `${formatPercent(ml.majorityClassAccuracy)} (always predicting the most common class)`,
      ],
      [
        'Excess empirical risk',
        `${formatDecimal(ml.excessEmpiricalRisk, 3)} (the synthetic model’s logistic loss on the real training rows minus the real model’s)`,
      ],
      ['Excess test risk', formatDecimal(ml.excessTestRisk, 3)],
      [
        'Rows',
        `${formatInteger(ml.rows.synthetic)} synthetic · ${formatInteger(ml.rows.realTrain)} real for training · ${formatInteger(ml.rows.realTest)} real held out`,
      ],
    ]),
    ml.excessRiskBound ? boundSection(ml.excessRiskBound) : null,
  ];
}

export function mlReportView(ml: MlReport): HTMLElement {
  return h(
    'section',
    { class: 'ml-report', 'data-testid': 'ml-report', 'aria-labelledby': 'ml-report-title' },
    h('h4', { id: 'ml-report-title' }, 'Train on synthetic, test on real'),
    h(
      'p',
      { class: 'hint' },
      // An ML report with an error names no model.
      `Predicting “${ml.target}”${ml.model ? ` with ${ml.model}` : ''}. The held-out rows were never seen by the mechanism. `,
      h('strong', {}, 'These figures use your real rows: for your eyes only.'),
    ),
    ...(ml.error
      ? [h('p', { class: 'notice notice--warning', 'data-testid': 'ml-error' }, `No model comparison: ${ml.error}.`)]
      : mlNumbers(ml)),
  );
}
