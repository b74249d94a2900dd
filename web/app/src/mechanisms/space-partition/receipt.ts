// Space partitioning in the receipt: its bins in plain words, how many it made and released, and
// whose bounds.
import type { PrivacyReceipt } from 'privsynth';

import { h } from '../../ui/dom';
import { formatInteger } from '../../ui/format';
import type { Row } from '../mechanism-ui';
import { asPartitionParameters, partitionRows } from './text';

const count = (value: unknown) => (typeof value === 'number' ? formatInteger(value) : undefined);

export function spacePartitionReceiptRows(receipt: PrivacyReceipt): Row[] {
  const partition = asPartitionParameters(receipt.parameters);
  if (!partition) return [];
  const released = 'releasedBins' in receipt.released ? receipt.released : undefined;
  const rows: Row[] = partitionRows(partition);
  const made = partition.partition === 'grid' ? count(partition.cells) : count(partition.leaves);
  const bins = count(released?.releasedBins);
  if (released && bins) {
    const weight = count(released.releasedWeight);
    rows.push([
      'Released bins',
      h(
        'span',
        { 'data-testid': 'receipt-released-bins' },
        `${bins}${made ? ` of ${made} ${partition.partition === 'grid' ? 'cells' : 'leaves'}` : ''}${weight ? `, total weight ${weight}` : ''}`,
      ),
    ]);
  }
  const noisyCount = count(released?.noisyCount);
  if (noisyCount) rows.push(['Noisy record count', noisyCount]);
  if (partition.bounds) rows.push(['Bounds', partition.bounds]);
  return rows;
}
