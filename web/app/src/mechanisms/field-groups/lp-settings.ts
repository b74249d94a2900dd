// The linear program's settings, under "Advanced": the reduced space size m, the time and
// iteration limits and the solver. The reduced-space LP always solves an LP, the marginal LP only
// with its LP fit; both take these same fields (one instance per panel, FieldContext.shared), so a
// value typed for one is kept for the other. Blank fields leave the library's defaults.
import type { LpSolver, ReducedSpaceLpOptions } from 'privsynth';

import { numberField, optionalPositiveNumber, optionalWholeNumber, selectField } from '../../ui/fields';
import { show } from '../../ui/dom';
import type { FieldContext } from '../mechanism-ui';

export type LpSettings = Pick<
  ReducedSpaceLpOptions,
  'reducedSpaceSize' | 'lpTimeLimitSeconds' | 'lpIterationLimit' | 'lpSolver'
>;

/** Every solver the core takes (the library's LpSolver, generated from its catalogue) has a label. */
const SOLVER_LABELS: Record<LpSolver, string> = {
  'row-generation': 'row generation (fast, exact)',
  simplex: 'whole LP at once (slow reference)',
  'mirror-prox': 'mirror-prox (first-order, dense weights; can take minutes)',
};

export interface LpSettingsFields {
  size: HTMLElement;
  timeLimit: HTMLElement;
  iterationLimit: HTMLElement;
  solver: HTMLElement;
  show(visible: boolean): void;
  /** The chosen mechanism's solver hint, and whether mirror-prox (max error only) may solve its LP. */
  configure(options: { solverHint: string; mirrorProx: boolean }): void;
  /** The settings given, or null while one is invalid. */
  read(): LpSettings | null;
}

export function lpSettingsFields({ changed }: FieldContext): LpSettingsFields {
  const reducedSpaceSize = numberField({
    id: 'reduced-space-size',
    label: 'Reduced space size m',
    hint: 'Points of the reference sample the LP reweights. Blank: grown automatically until the fit reaches the noise level.',
    placeholder: 'automatic',
    step: '1',
    parse: optionalWholeNumber,
    onInput: changed,
  });
  const lpTimeLimit = numberField({
    id: 'lp-time-limit',
    label: 'LP time limit (seconds)',
    hint: 'Stop the solver after this long (the run then fails with LP_LIMIT_REACHED). Blank: no limit.',
    placeholder: 'none',
    parse: optionalPositiveNumber,
    onInput: changed,
  });
  const lpIterationLimit = numberField({
    id: 'lp-iteration-limit',
    label: 'LP iteration limit',
    hint: 'Stop the solver after this many simplex iterations. Blank: no limit.',
    placeholder: 'none',
    step: '1',
    parse: optionalWholeNumber,
    onInput: changed,
  });
  const lpSolver = selectField({
    id: 'lp-solver',
    label: 'LP solver',
    choices: Object.entries(SOLVER_LABELS) as Array<[LpSolver, string]>,
    value: 'row-generation',
    onChange: changed,
  });
  const elements = [reducedSpaceSize.element, lpTimeLimit.element, lpIterationLimit.element, lpSolver.element];

  return {
    size: reducedSpaceSize.element,
    timeLimit: lpTimeLimit.element,
    iterationLimit: lpIterationLimit.element,
    solver: lpSolver.element,
    show(visible) {
      for (const element of elements) show(element, visible);
    },
    configure({ solverHint, mirrorProx }) {
      lpSolver.hint.textContent = solverHint;
      lpSolver.select.querySelector<HTMLOptionElement>('option[value="mirror-prox"]')!.disabled = !mirrorProx;
      if (!mirrorProx && lpSolver.select.value === 'mirror-prox') lpSolver.select.value = 'row-generation';
    },
    read() {
      const m = reducedSpaceSize.read();
      const time = lpTimeLimit.read();
      const iterations = lpIterationLimit.read();
      if ([m, time, iterations].some((field) => field.error)) return null;
      const settings: LpSettings = {};
      if (m.value !== undefined) settings.reducedSpaceSize = m.value;
      if (time.value !== undefined) settings.lpTimeLimitSeconds = time.value;
      if (iterations.value !== undefined) settings.lpIterationLimit = iterations.value;
      if (lpSolver.select.value !== 'row-generation')
        settings.lpSolver = lpSolver.select.value as LpSettings['lpSolver'];
      return settings;
    },
  };
}
