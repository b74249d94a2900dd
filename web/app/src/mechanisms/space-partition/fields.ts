// Step 4's settings of space partitioning: the partition (KD-tree or grid), a notice when a chosen
// numeric column is nullable (the core would refuse the run), and under Advanced the grid's cells
// per numeric axis and the release threshold t. Blank fields leave the library's defaults, which
// follow the noisy record count (the forecast shows the values a run will use).
import type { SpacePartitionOptions } from 'privsynth';

import { h, show } from '../../ui/dom';
import { numberField, optionalWholeNumber, selectField } from '../../ui/fields';
import { nullableNumericMessage, PARTITION_HINTS, PARTITION_LABELS, partitionRefuses, type Partition } from './choice';
import type { Store } from '../../store';

export interface PartitionFields {
  /** The partition select, shown next to the mechanism. */
  partition: HTMLElement;
  /** The notice about nullable numeric columns, shown under the mechanism while it applies. */
  nullableNotice: HTMLElement;
  /** The fields under Advanced. */
  advanced: HTMLElement[];
  /** Shows the fields while space partitioning is the chosen mechanism. */
  setVisible(visible: boolean): void;
  /** The mechanism's options, or null while a field is invalid. */
  read(): SpacePartitionOptions | null;
}

export function partitionFields(store: Store, onChange: () => void): PartitionFields {
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
      onChange();
    },
  });
  const gridCells = numberField({
    id: 'grid-cells',
    label: 'Grid cells per numeric axis',
    hint: 'The grid’s cells along each numeric column (w = 1 / cells of its range). Blank: Theorem 3’s choice for the noisy record count.',
    placeholder: 'automatic',
    step: '1',
    parse: optionalWholeNumber,
    onInput: onChange,
  });
  const threshold = numberField({
    id: 'partition-threshold',
    label: 'Release threshold t',
    hint: 'A bin is released when its noisy count is at least t. Blank: the smallest t that releases at most half an empty bin in expectation.',
    placeholder: 'automatic',
    step: '1',
    parse: optionalWholeNumber,
    onInput: onChange,
  });
  const nullableNotice = h('p', { class: 'notice notice--warning', 'data-testid': 'partition-nullable', 'aria-live': 'polite', hidden: true });

  function render(): void {
    partition.hint.textContent = PARTITION_HINTS[chosenPartition()];
    show(partition.element, visible);
    show(threshold.element, visible);
    show(gridCells.element, visible && chosenPartition() === 'grid');
  }

  store.watch(
    (state) => [state.schema, state.columns, state.mechanism],
    (state) => {
      const refused = partitionRefuses(state);
      nullableNotice.textContent = refused.length ? nullableNumericMessage(refused) : '';
      show(nullableNotice, refused.length > 0);
    },
  );

  render();
  return {
    partition: partition.element,
    nullableNotice,
    advanced: [gridCells.element, threshold.element],
    setVisible(next) {
      visible = next;
      render();
    },
    read() {
      const grid = chosenPartition() === 'grid';
      const cells = gridCells.read();
      const t = threshold.read();
      if ((grid && cells.error) || t.error) return null;
      const options: SpacePartitionOptions = { mechanism: 'space-partition', partition: chosenPartition() };
      if (grid && cells.value !== undefined) options.gridCells = cells.value;
      if (t.value !== undefined) options.threshold = t.value;
      return options;
    },
  };
}
