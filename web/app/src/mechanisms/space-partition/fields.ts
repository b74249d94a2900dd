// Step 2's fields of space partitioning: the partition (KD-tree or grid), and under Advanced the
// number of synthetic rows, the grid's cells per numeric axis (with the grid only) and the release
// threshold t. Blank fields leave the library's defaults, which follow the noisy record count (the
// forecast shows the values a run will use).
import type { MechanismFields } from '../mechanism-ui';
import { SYNTHETIC_ROWS } from '../shared-fields';
import { PARTITION_HINTS, PARTITION_LABELS, type Partition } from './choice';

export const spacePartitionFields: MechanismFields<'space-partition'> = {
  main: [
    {
      id: 'partition',
      option: 'partition',
      label: 'Partition: how the space is cut into bins',
      choices: PARTITION_LABELS,
      hint: (text) => PARTITION_HINTS[text('partition') as Partition],
    },
  ],
  advanced: [
    SYNTHETIC_ROWS,
    {
      id: 'grid-cells',
      option: 'gridCells',
      label: 'Grid cells per numeric axis',
      hint: 'The grid’s cells along each numeric column (w = 1 / cells of its range). Blank: Theorem 3’s choice for the noisy record count.',
      when: (text) => text('partition') === 'grid',
    },
    {
      id: 'partition-threshold',
      option: 'threshold',
      label: 'Release threshold t',
      hint: 'A bin is released when its noisy count is at least t. Blank: the smallest t that releases at most half an empty bin in expectation.',
    },
  ],
  columnsNeeded: () => ({ count: 1, reason: 'space partitioning' }),
  advancedNote: () =>
    'Space partitioning solves no linear program: the LP settings do not apply. Its own settings are the partition above and, here, the grid’s cells and the release threshold.',
};
