// Step 4's settings of space partitioning: the partition (KD-tree or grid), and under Advanced the number of
// synthetic rows (a group shared with other mechanisms), the grid's cells per numeric axis and the
// release threshold t. Blank fields leave the library's defaults, which follow the noisy record
// count (the forecast shows the values a run will use).
import type { SpacePartitionOptions } from 'privsynth';

import { show } from '../../ui/dom';
import { numberField, optionalWholeNumber, selectField } from '../../ui/fields';
import type { FieldContext, MechanismFields } from '../mechanism-ui';
import { syntheticRowsField } from '../field-groups/synthetic-rows';
import { PARTITION_HINTS, PARTITION_LABELS, type Partition } from './choice';

export function spacePartitionFields(context: FieldContext): MechanismFields<'space-partition'> {
  const { changed } = context;
  const rows = context.shared(syntheticRowsField);
  let visible = false;
  const chosenPartition = () => partition.select.value as Partition;

  const partition = selectField({
    id: 'partition',
    label: 'Partition: how the space is cut into bins',
    choices: Object.entries(PARTITION_LABELS) as Array<[Partition, string]>,
    value: 'kd-tree',
    hint: PARTITION_HINTS['kd-tree'],
    onChange: () => {
      render();
      changed();
    },
  });
  const gridCells = numberField({
    id: 'grid-cells',
    label: 'Grid cells per numeric axis',
    hint: 'The grid’s cells along each numeric column (w = 1 / cells of its range). Blank: Theorem 3’s choice for the noisy record count.',
    placeholder: 'automatic',
    step: '1',
    parse: optionalWholeNumber,
    onInput: changed,
  });
  const threshold = numberField({
    id: 'partition-threshold',
    label: 'Release threshold t',
    hint: 'A bin is released when its noisy count is at least t. Blank: the smallest t that releases at most half an empty bin in expectation.',
    placeholder: 'automatic',
    step: '1',
    parse: optionalWholeNumber,
    onInput: changed,
  });
  function render(): void {
    partition.hint.textContent = PARTITION_HINTS[chosenPartition()];
    show(partition.element, visible);
    show(threshold.element, visible);
    show(gridCells.element, visible && chosenPartition() === 'grid');
    rows.show(visible);
  }

  render();
  return {
    slots: {
      main: [partition.element],
      advanced: [rows.element, gridCells.element, threshold.element],
    },
    setVisible(next) {
      visible = next;
      render();
    },
    read() {
      const grid = chosenPartition() === 'grid';
      const k = rows.read();
      const cells = gridCells.read();
      const t = threshold.read();
      if (!k || (grid && cells.error) || t.error) return null;
      const options: SpacePartitionOptions = { mechanism: 'space-partition', ...k, partition: chosenPartition() };
      if (grid && cells.value !== undefined) options.gridCells = cells.value;
      if (t.value !== undefined) options.threshold = t.value;
      return options;
    },
    columnsNeeded: () => ({ count: 1, reason: 'space partitioning' }),
    advancedNote: () =>
      'Space partitioning solves no linear program: the LP settings do not apply. Its own settings are the partition above and, here, the grid’s cells and the release threshold.',
  };
}
