// The four mechanisms the demo offers and the marginal LP's fits: labels, hints, and what each
// needs before a run can start (space partitioning's own choices: space-partition/choice.ts; the
// sampler's: sampler/choice.ts).
import type { MarginalLpOptions } from 'privsynth';

import type { AppState, Mechanism } from '../store';

export type Fit = NonNullable<MarginalLpOptions['fit']>;

export const MECHANISM_LABELS: Record<Mechanism, string> = {
  'reduced-space-lp': 'Reduced-space LP — pure ε-DP (Boedihardjo, Strohmer & Vershynin)',
  'marginal-lp': 'Marginal-preserving, MST-style — (ε, δ)-DP (Zhou et al.; McKenna et al.)',
  'space-partition': 'Space partitioning (KD-tree or grid) — pure ε-DP (Kreačić et al.)',
  sampler: 'Private sampler (Reveal-or-Obscure) — pure ε-DP, replace-one (Tasnim et al.)',
};

export const MECHANISM_HINTS: Record<Mechanism, string> = {
  'reduced-space-lp':
    'Measures every marginal up to the chosen degree with Laplace noise and reweights a sample of candidate records with a linear program. ' +
    'Pure ε-DP; accurate and fast on a handful of columns with few levels.',
  'marginal-lp':
    'Measures every 1-way marginal, privately selects a spanning tree of 2-way marginals with the exponential mechanism and measures those ' +
    '(as MST, McKenna et al. 2021), then builds the rows from consistent estimates of these marginals. ' +
    '(ε, δ)-DP, accounted in zCDP. On Adult at ε = 1 it matches MST’s error in well under a second.',
  'space-partition':
    'Cuts the space of the chosen columns into bins (numbers by their public range, each category its own bin), adds discrete Laplace ' +
    'noise to each bin’s count, releases the bins whose noisy count reaches a threshold and draws the records inside them. ' +
    'Pure ε-DP, no δ. Made for numeric columns, many of them too, with a few categorical ones: numbers come out unbinned. ' +
    'Every combination of categories is its own bin, so many categorical columns leave most records in bins too small to release ' +
    '(Adult’s 16 columns at ε = 1: mean 2-way TV 0.53; its 6 demo columns: 0.065). Numeric columns must not be nullable.',
  sampler:
    'Draws N records from the data’s own distribution over the chosen columns, without perturbing it: every combination of their ' +
    'categories, numeric bins and missing levels is one symbol, and each sample is the symbol of a random record or, with the ' +
    'obscuring probability γ, a uniformly random symbol. Each of the N samples costs ε/N, so γ grows with N: good for a few samples ' +
    'from a categorical column or a small column group. For many samples one Laplace histogram at the whole ε is better; the forecast ' +
    'says which for this N. Pure ε-DP for replace-one neighbours: the number of records is public and the receipt states it. ' +
    'It releases N records, not a synthetic copy of the table.',
};

export const FIT_LABELS: Record<Fit, string> = {
  auto: 'automatic (the tree)',
  tree: 'tree: rows from the tree of marginals (fast)',
  lp: 'LP: Zhou et al.’s reweighting LP (slower)',
};

const FIT_HINTS: Record<Fit, string> = {
  auto: 'The tree fit, since no LP setting is given here (with a single column: the LP).',
  tree:
    'Whole rows rounded from the tree of consistent marginal estimates; with a prediction target, a target-augmented tree ' +
    'in which each feature is drawn given the target and one other feature. Needs at least two columns.',
  lp:
    'Zhou et al.’s LP reweights candidate records to match the noisy marginals (with a prediction target, also every pair of ' +
    'the target and a feature). Slower; the LP settings under Advanced apply.',
};

/** The fit's hint; every fit is post-processing of the same noisy marginals, so the privacy is the same. */
export function fitHint(fit: Fit): string {
  return `${FIT_HINTS[fit]} Post-processing: the privacy does not depend on the fit.`;
}

/** The fewest columns a run needs, and why (the degree, or the tree fit's one pair). */
export function columnsNeeded(state: AppState): { count: number; reason: string } {
  if (state.mechanism === 'reduced-space-lp') return { count: state.degree, reason: `degree ${state.degree}` };
  if (state.mechanism === 'space-partition') return { count: 1, reason: 'space partitioning' };
  if (state.mechanism === 'sampler') return { count: 1, reason: 'the sampler' };
  const tree = state.parameters?.mechanism === 'marginal-lp' && state.parameters.fit === 'tree';
  return tree ? { count: 2, reason: 'the tree fit' } : { count: 1, reason: 'the marginal LP' };
}
