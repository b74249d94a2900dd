// The marginal LP (Zhou et al.'s Mechanism 1 with MST-style selection, McKenna et al.): (ε, δ)-DP
// accounted in zCDP; 1-way marginals and a privately chosen tree of 2-way marginals, rows from a
// tree fit or Zhou et al.'s reweighting LP.
import type { MechanismUiOf } from '../mechanism-ui';
import { marginalLpFields } from './fields';
import { marginalLpForecast } from './forecast';

export const marginalLp: MechanismUiOf<'marginal-lp'> = {
  id: 'marginal-lp',
  label: 'Marginal-preserving (MST-style)',
  shortLabel: 'Marginal-preserving, MST-style',
  hint:
    'Measures every 1-way marginal, privately selects a spanning tree of 2-way marginals with the exponential mechanism and measures those ' +
    '(as MST, McKenna et al. 2021), then builds the rows from Private-PGM’s graphical-model estimate of these marginals. ' +
    '(ε, δ)-DP, accounted in zCDP. Fast, and no less faithful than MST.',
  columnsNote:
    'Every column’s 1-way marginal is measured with noise, and so is a tree of 2-way marginals chosen privately among all pairs. ' +
    'The tree fit scales to wide tables; the forecast states the time for your columns.',
  neighbours: 'add-remove',
  inSentence: 'the marginal LP',
  fields: marginalLpFields,
  forecast: marginalLpForecast,
};
