// Space partitioning (Kreačić et al.): pure ε-DP; the chosen columns' space cut into the bins of a
// KD-tree or a grid, the bins whose noisy count reaches a threshold released, records drawn inside.
import type { MechanismUiOf } from '../mechanism-ui';
import { spacePartitionDownloads } from './downloads';
import { spacePartitionFields } from './fields';
import { spacePartitionForecast } from './forecast';
import { spacePartitionReceiptRows } from './receipt';

export const spacePartition: MechanismUiOf<'space-partition'> = {
  id: 'space-partition',
  label: 'Space partitioning (numbers)',
  shortLabel: 'Space partitioning (KD-tree or grid)',
  hint:
    'Cuts the space of the chosen columns into bins (numbers by their public range, each category its own bin), adds discrete Laplace ' +
    'noise to each bin’s count, releases the bins whose noisy count reaches a threshold and draws the records inside them. ' +
    'Pure ε-DP, no δ. Made for numeric columns, many of them too, with a few categorical ones: numbers come out unbinned. ' +
    'Every combination of categories is its own bin, so many categorical columns leave most records in bins too small to release ' +
    '(on a wide table of categories most records are lost this way). A nullable numeric column gets a presence bin: missing values are a bin of their own.',
  columnsNote:
    'The chosen columns span the space that is cut into bins: each numeric column along its public range (not into the levels listed here; ' +
    'its synthetic numbers come out unbinned), each category as its own bin. Each record counts in one bin only and empty bins are never listed, ' +
    'so wide numeric tables are fine; each categorical column multiplies the bins by its levels, so keep few of them. ' +
    'A nullable column’s missing values are a bin of their own (for a numeric column, a presence axis beside its range).',
  neighbours: 'add-remove',
  inSentence: 'space partitioning',
  fields: spacePartitionFields,
  forecast: spacePartitionForecast,
  receiptRows: spacePartitionReceiptRows,
  downloads: spacePartitionDownloads,
};
