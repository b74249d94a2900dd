// The marginal LP's fits: how its rows are made from the noisy marginals (post-processing, so every
// fit has the same privacy), with their labels and hints.
import type { MarginalLpOptions } from 'privsynth';

export type Fit = NonNullable<MarginalLpOptions['fit']>;

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
