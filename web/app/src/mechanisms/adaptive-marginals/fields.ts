// Step 4's settings of adaptive marginals: δ (shared with the marginal LP) and the workload, and
// under Advanced the number of synthetic rows (a group shared with other mechanisms) and the model's size limit. Blank fields
// leave the library's defaults.
import type { AdaptiveMarginalsOptions, AdaptiveWorkload } from 'privsynth';

import { show } from '../../ui/dom';
import { numberField, optionalWholeNumber, selectField } from '../../ui/fields';
import type { FieldContext, MechanismFields } from '../mechanism-ui';
import { deltaField } from '../field-groups/delta';
import { syntheticRowsField } from '../field-groups/synthetic-rows';

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

export function adaptiveMarginalsFields(context: FieldContext): MechanismFields<'adaptive-marginals'> {
  const { changed } = context;
  const rows = context.shared(syntheticRowsField);
  const delta = context.shared(deltaField);
  let visible = false;
  const chosenWorkload = () => workload.select.value as ChoosableWorkload;
  const workload = selectField({
    id: 'adaptive-workload',
    label: 'Marginals to preserve',
    choices: Object.entries(WORKLOAD_LABELS) as Array<[ChoosableWorkload, string]>,
    value: 'all-2-way',
    hint: WORKLOAD_HINTS['all-2-way'],
    onChange: () => {
      render();
      changed();
    },
  });
  const modelCells = numberField({
    id: 'adaptive-model-cells',
    label: 'Largest model (cells)',
    hint: 'The graphical model grows with the budget spent, up to this many cells. Blank: 100,000, a few seconds in a browser.',
    placeholder: '100,000',
    step: '1',
    parse: optionalWholeNumber,
    onInput: changed,
  });

  function render(): void {
    delta.show(visible);
    show(workload.element, visible);
    show(modelCells.element, visible);
    workload.hint.textContent = WORKLOAD_HINTS[chosenWorkload()];
    rows.show(visible);
  }

  render();
  return {
    slots: { main: [delta.element, workload.element], advanced: [rows.element, modelCells.element] },
    setVisible(next) {
      visible = next;
      render();
    },
    read() {
      const d = delta.read();
      const k = rows.read();
      const cells = modelCells.read();
      if (!k || d.error || cells.error) return null;
      const options: AdaptiveMarginalsOptions = {
        mechanism: 'adaptive-marginals',
        ...k,
        delta: d.value!,
        workload: chosenWorkload(),
      };
      if (cells.value !== undefined) options.maxModelCells = cells.value;
      return options;
    },
    columnsNeeded: () => ({ count: 1, reason: 'adaptive marginals' }),
    advancedNote: () =>
      'Adaptive marginals solve no linear program: the LP settings do not apply. Their own settings are the number of rows and the model’s size limit.',
  };
}
