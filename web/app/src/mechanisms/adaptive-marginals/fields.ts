// Step 2's fields of adaptive marginals: δ and the workload, and under Advanced the number of
// synthetic rows and the model's size limit. Blank fields leave the library's defaults.
import type { AdaptiveWorkload } from 'privsynth';

import type { MechanismFields } from '../mechanism-ui';
import { DELTA, SYNTHETIC_ROWS } from '../shared-fields';

/** The workloads offered ("listed" needs marginals listed by name, which the page does not ask for). */
type ChoosableWorkload = Exclude<AdaptiveWorkload, 'listed'>;

const WORKLOAD_LABELS: Record<ChoosableWorkload, string> = {
  'all-2-way': 'Every 2-way marginal',
  'all-3-way': 'Every 3-way marginal',
  'up-to-4-way': 'Every marginal of up to 4 columns',
};

const WORKLOAD_HINTS: Record<ChoosableWorkload, string> = {
  'all-2-way':
    'The rounds choose among all pairs of the chosen columns (and their coarse versions): the relations most analyses use.',
  'all-3-way': 'The rounds may also measure triples: slower, and each measurement has more cells to share the noise.',
  'up-to-4-way': 'As Zhou et al. evaluate AIM: up to 4 columns at a time. Slowest; for few columns.',
};

export const adaptiveMarginalsFields: MechanismFields<'adaptive-marginals'> = {
  main: [
    DELTA,
    {
      id: 'adaptive-workload',
      option: 'workload',
      label: 'Marginals to preserve',
      choices: WORKLOAD_LABELS,
      hint: (text) => WORKLOAD_HINTS[text('adaptive-workload') as ChoosableWorkload],
    },
  ],
  advanced: [
    SYNTHETIC_ROWS,
    {
      id: 'adaptive-model-cells',
      option: 'maxModelCells',
      label: 'Largest model (cells)',
      hint: 'The graphical model grows with the budget spent, up to this many cells. Blank: 100,000, a few seconds in a browser.',
      placeholder: '100,000',
      step: '1',
    },
  ],
  columnsNeeded: () => ({ count: 1, reason: 'adaptive marginals' }),
  advancedNote: () =>
    'Adaptive marginals solve no linear program: the LP settings do not apply. Their own settings are the number of rows and the model’s size limit.',
};
