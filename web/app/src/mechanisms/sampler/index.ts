// The private samplers (Tasnim et al., Reveal-or-Obscure): pure ε-DP for replace-one neighbours;
// N records drawn from the data's own distribution over the chosen columns, or from one Laplace
// histogram. Not a synthetic copy of the table, so never recommended for one.
import './sampler.css';

import type { MechanismUiOf } from '../mechanism-ui';
import { refusalText, samplerRefusal } from './choice';
import { samplerFields } from './fields';
import { samplerForecast } from './forecast';
import { samplerReceiptParameterRows } from './receipt';
import { samplerReport } from './report';

export const sampler: MechanismUiOf<'sampler'> = {
  id: 'sampler',
  label: 'Private sampler (a few records)',
  shortLabel: 'Private sampler (Reveal-or-Obscure)',
  hint:
    'Draws N records from the data’s own distribution over the chosen columns, without perturbing it: every combination of their ' +
    'categories, numeric bins and missing levels is one symbol, and each sample is the symbol of a random record or, with the ' +
    'obscuring probability γ, a uniformly random symbol. Each of the N samples costs ε/N, so γ grows with N: good for a few samples ' +
    'from a categorical column or a small column group. For many samples one Laplace histogram at the whole ε is better; the forecast ' +
    'says which for this N. Pure ε-DP for replace-one neighbours: the number of records is public and the receipt states it. ' +
    'It releases N records, not a synthetic copy of the table.',
  columnsNote:
    'The chosen columns form one alphabet: every combination of their categories, numeric bins (as listed here) and missing levels is a symbol ' +
    '(Adult’s sex × race: 10 symbols), and each sample is one symbol, written as a record of these columns. ' +
    'Few columns with few levels keep the alphabet small, which keeps the obscuring probability γ low; at most 16,777,216 symbols.',
  neighbours: 'replace-one',
  inSentence: 'the sampler',
  // It answers another question (N records, not a synthetic table) and is never recommended itself.
  recommendationLead: 'For a whole synthetic table instead of N samples, recommended here: ',
  fields: samplerFields,
  // The core refuses an N whose samples would be mostly noise (the forecast runs the run's own check).
  blockers(state) {
    const refusal = samplerRefusal(state);
    return refusal
      ? [refusalText(refusal, state.parameters?.mechanism === 'sampler' ? state.parameters.samples : undefined)]
      : [];
  },
  forecast: samplerForecast,
  receiptRows: samplerReceiptParameterRows,
  report: samplerReport,
};
