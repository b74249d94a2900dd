// The reduced-space LP (Boedihardjo, Strohmer & Vershynin; reference measures of Bojkovic & Loh):
// pure ε-DP, Laplace noise on every marginal up to the degree, rows reweighted by a linear program.
import type { MechanismUiOf } from '../mechanism-ui';
import { reducedSpaceLpFields } from './fields';
import { reducedSpaceLpForecast } from './forecast';

export const reducedSpaceLp: MechanismUiOf<'reduced-space-lp'> = {
  id: 'reduced-space-lp',
  label: 'Reduced-space LP (few columns)',
  shortLabel: 'Reduced-space LP',
  hint:
    'Measures every marginal up to the chosen degree with Laplace noise and reweights a sample of candidate records with a linear program. ' +
    'Pure ε-DP; accurate and fast on a handful of columns with few levels.',
  columnsNote:
    'Every marginal (joint distribution) of up to “degree” columns is measured with noise and refitted. ' +
    'The reduced-space LP with a uniform reference measure is accurate and fast only on a handful of columns with few levels (about six).',
  neighbours: 'add-remove',
  inSentence: 'the reduced-space LP',
  fields: reducedSpaceLpFields,
  forecast: reducedSpaceLpForecast,
};
