// Adaptive marginals (AIM, McKenna et al. 2022, on Private-PGM's graphical model): (ε, δ)-DP
// accounted in zCDP; 1-way marginals, then rounds that measure the marginal the model gets most
// wrong, and records drawn from the fitted model.
import type { MechanismUiOf } from '../mechanism-ui';
import { adaptiveMarginalsFields } from './fields';
import { adaptiveMarginalsForecast } from './forecast';
import { adaptiveMarginalsReceiptRows } from './receipt';

export const adaptiveMarginals: MechanismUiOf<'adaptive-marginals'> = {
  id: 'adaptive-marginals',
  label: 'Adaptive marginals (AIM)',
  shortLabel: 'Adaptive marginals (AIM)',
  hint:
    'Measures every 1-way marginal, then, round by round, the 2-way marginal (or a coarsened one) that a graphical model of the ' +
    'measurements so far gets most wrong, chosen privately by the exponential mechanism, and refits the model; the rows are drawn ' +
    'from the final model. (ε, δ)-DP, accounted in zCDP. The most faithful mechanism here on categorical and mixed tables, in every ' +
    'measurement of the README.',
  columnsNote:
    'Every column’s 1-way marginal is measured, then the rounds choose among all pairs of the chosen columns. ' +
    'Many-level columns also get coarse pairs (12 groups of adjacent levels), which capture their relations cheaply. ' +
    'Time grows about as the cube of the number of columns; the forecast states it for your columns.',
  neighbours: 'add-remove',
  inSentence: 'adaptive marginals',
  fields: adaptiveMarginalsFields,
  forecast: adaptiveMarginalsForecast,
  receiptRows: adaptiveMarginalsReceiptRows,
};
