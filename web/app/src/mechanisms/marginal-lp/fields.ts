// Step 4's settings of the marginal LP: δ, the fit, and under Advanced the number of synthetic rows
// and, with the LP fit only, the LP's settings (groups shared with other mechanisms). The LP's
// settings go along only with the LP fit: with "auto" they would switch the fit to the LP.
import type { MarginalLpOptions } from 'privsynth';

import { show } from '../../ui/dom';
import { selectField } from '../../ui/fields';
import type { FieldContext, MechanismFields } from '../mechanism-ui';
import { deltaField } from '../field-groups/delta';
import { lpSettingsFields } from '../field-groups/lp-settings';
import { syntheticRowsField } from '../field-groups/synthetic-rows';
import { FIT_LABELS, fitHint, type Fit } from './fit';

const LP_SOLVER_HINT =
  'How the LP is solved; both stop within 1% of the best possible total error, and the receipt states the certified bound. ' +
  'Mirror-prox minimizes the max error only, so the marginal LP cannot use it.';

export function marginalLpFields(context: FieldContext): MechanismFields<'marginal-lp'> {
  const { changed } = context;
  const lp = context.shared(lpSettingsFields);
  const rows = context.shared(syntheticRowsField);
  const delta = context.shared(deltaField);
  let visible = false;
  const chosenFit = () => fit.select.value as Fit;
  const fit = selectField({
    id: 'fit',
    label: 'Fit: how the rows are made',
    choices: Object.entries(FIT_LABELS) as Array<[Fit, string]>,
    value: 'auto',
    hint: fitHint('auto'),
    onChange: () => {
      render();
      changed();
    },
  });

  /** The LP's settings are shown with the LP fit only. */
  function render(): void {
    delta.show(visible);
    show(fit.element, visible);
    fit.hint.textContent = fitHint(chosenFit());
    rows.show(visible);
    lp.show(visible && chosenFit() === 'lp');
    if (visible) lp.configure({ solverHint: LP_SOLVER_HINT, mirrorProx: false });
  }

  render();
  return {
    slots: {
      main: [delta.element, fit.element],
      advanced: [lp.size, rows.element, lp.timeLimit, lp.iterationLimit, lp.solver],
    },
    setVisible(next) {
      visible = next;
      render();
    },
    read() {
      const d = delta.read();
      const k = rows.read();
      const settings = chosenFit() === 'lp' ? lp.read() : {};
      if (!settings || !k || d.error) return null;
      const options: MarginalLpOptions = {
        mechanism: 'marginal-lp',
        ...k,
        delta: d.value!,
        fit: chosenFit(),
        ...settings,
      };
      return options;
    },
    // The tree fit needs one pair of columns.
    columnsNeeded: (parameters) =>
      parameters?.mechanism === 'marginal-lp' && parameters.fit === 'tree'
        ? { count: 2, reason: 'the tree fit' }
        : { count: 1, reason: 'the marginal LP' },
    advancedNote: () =>
      chosenFit() === 'lp'
        ? null
        : 'The LP settings (reduced space size, limits, solver) apply to the LP fit only: choose “LP” as the fit to set them.',
  };
}
