// The fields several mechanisms take, in the same words: δ, the number of synthetic rows and the
// linear program's settings. A field's text is kept by its id (AppState.fields), so a value typed
// under one mechanism is kept for the others.
import type { LpSolver } from 'privsynth';

import type { FieldSpec, FieldText } from './mechanism-ui';

/** δ of the (ε, δ)-DP mechanisms: the catalogue allows 0 and 1, the page asks for a real probability. */
export const DELTA: FieldSpec = {
  id: 'delta',
  option: 'delta',
  label: 'δ (delta)',
  hint: 'The small probability with which the ε guarantee may fail; keep it far below 1 / (number of rows). Default 1e-9.',
  initial: '1e-9',
  required: true,
  step: 'any',
  parse: (text) => {
    const value = Number(text);
    if (!Number.isFinite(value) || value <= 0 || value >= 1)
      return { error: 'Enter a number strictly between 0 and 1, e.g. 1e-9.' };
    return { value };
  },
};

/** The number of synthetic rows k. Blank: the library's default, the noisy record count. */
export const SYNTHETIC_ROWS: FieldSpec = {
  id: 'synthetic-rows',
  option: 'syntheticRows',
  label: 'Synthetic rows',
  hint: 'Blank: the noisy record count.',
  placeholder: 'noisy record count',
};

const SOLVER_LABELS: Record<LpSolver, string> = {
  'row-generation': 'row generation (fast, exact)',
  simplex: 'whole LP at once (slow reference)',
  'mirror-prox': 'mirror-prox (first-order, dense weights; can take minutes)',
};

/**
 * The LP's settings under "Advanced": the reduced space size m, the limits and the solver, with the
 * mechanism's solver hint; mirror-prox minimizes the max error only. `when`: the LP runs.
 */
export function lpFields(options: {
  solverHint: string;
  mirrorProx: boolean;
  when?: (text: FieldText) => boolean;
}): Record<'size' | 'timeLimit' | 'iterationLimit' | 'solver', FieldSpec> {
  const { when } = options;
  return {
    size: {
      id: 'reduced-space-size',
      option: 'reducedSpaceSize',
      label: 'Reduced space size m',
      hint: 'Points of the reference sample the LP reweights. Blank: grown automatically until the fit reaches the noise level.',
      when,
    },
    timeLimit: {
      id: 'lp-time-limit',
      option: 'lpTimeLimitSeconds',
      label: 'LP time limit (seconds)',
      hint: 'Stop the solver after this long (the run then fails with LP_LIMIT_REACHED). Blank: no limit.',
      placeholder: 'none',
      when,
    },
    iterationLimit: {
      id: 'lp-iteration-limit',
      option: 'lpIterationLimit',
      label: 'LP iteration limit',
      hint: 'Stop the solver after this many simplex iterations. Blank: no limit.',
      placeholder: 'none',
      when,
    },
    solver: {
      id: 'lp-solver',
      option: 'lpSolver',
      label: 'LP solver',
      hint: options.solverHint,
      choices: SOLVER_LABELS,
      disabled: options.mirrorProx ? [] : ['mirror-prox'],
      omitDefault: true,
      when,
    },
  };
}
