// Step 2's fields of the marginal LP: δ and the fit, and under Advanced the number of synthetic rows
// and, with the LP fit only, the LP's settings: with the fit "auto" they would switch it to the LP.
import type { MechanismFields } from '../mechanism-ui';
import { DELTA, lpFields, SYNTHETIC_ROWS } from '../shared-fields';
import { FIT_LABELS, fitHint, type Fit } from './fit';

const lp = lpFields({
  solverHint:
    'How the LP is solved; both stop within 1% of the best possible total error, and the receipt states the certified bound. ' +
    'Mirror-prox minimizes the max error only, so the marginal LP cannot use it.',
  mirrorProx: false,
  when: (text) => text('fit') === 'lp',
});

export const marginalLpFields: MechanismFields<'marginal-lp'> = {
  main: [
    DELTA,
    {
      id: 'fit',
      option: 'fit',
      label: 'Fit: how the rows are made',
      choices: FIT_LABELS,
      hint: (text) => fitHint(text('fit') as Fit),
    },
  ],
  advanced: [lp.size, SYNTHETIC_ROWS, lp.timeLimit, lp.iterationLimit, lp.solver],
  // The tree fit needs one pair of columns.
  columnsNeeded: (text) =>
    text('fit') === 'tree' ? { count: 2, reason: 'the tree fit' } : { count: 1, reason: 'the marginal LP' },
  advancedNote: (text) =>
    text('fit') === 'lp'
      ? null
      : 'The LP settings (reduced space size, limits, solver) apply to the LP fit only: choose “LP” as the fit to set them.',
};
