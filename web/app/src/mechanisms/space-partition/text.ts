// Space partitioning's public choices in plain words (Kreačić et al.): the grid's cells, w and t, or
// the KD-tree's s1, s2, h, L, τ and t. The forecast (fit.parameters) and the receipt (parameters)
// state them with the same keys; every number comes from the core, nothing is recomputed here.
import type { PartitionParameters, PrivacyReceipt } from 'privsynth';

import { h } from '../../ui/dom';
import { formatDecimal, formatInteger } from '../../ui/format';

export type PartitionRow = [string, HTMLElement];

/** A symbol and its value, e.g. "s1 = 0.0625", marked for tests (data-testid partition-s1). */
function symbol(name: string, testId: string, value: number, digits = 3): HTMLElement {
  return h(
    'strong',
    { 'data-testid': `partition-${testId}`, 'data-value': String(value) },
    `${name} = ${formatDecimal(value, digits)}`,
  );
}

const sentence = (...parts: Array<Node | string>) => h('span', {}, ...parts);

function gridRows(p: Extract<PartitionParameters, { partition: 'grid' }>): PartitionRow[] {
  return [
    [
      'Grid',
      sentence(
        `${formatInteger(p.cellsPerNumericAxis)} equal cells along each numeric column: each cell is `,
        symbol('w', 'w', p.cellWidth),
        ' of the column’s public range wide.',
      ),
    ],
    [
      'Cells',
      sentence(`${formatInteger(p.cells)} in all (numeric cells times the categories); empty cells are never listed.`),
    ],
    [
      'Release threshold',
      sentence(
        'A cell is released when its noisy count is at least ',
        symbol('t', 't', p.threshold),
        ` (${p.thresholdNote}).`,
      ),
    ],
  ];
}

function kdTreeRows(p: Extract<PartitionParameters, { partition: 'kd-tree' }>): PartitionRow[] {
  return [
    [
      'Splits without the data',
      sentence(
        'Boxes are halved while an edge is longer than ',
        symbol('s1', 's1', p.maxEdge),
        ` of its column’s range: h = ${p.dataIndependentLevels} levels.`,
      ),
    ],
    [
      'Noisy split decisions',
      sentence(
        'Then a box is halved only where its count plus noise exceeds ',
        symbol('τ', 'tau', p.tau),
        ` (${p.tauNote}); at most L = ${p.decisionLevels} decisions on any root-to-leaf path.`,
      ),
    ],
    [
      'Smallest edge',
      sentence(
        'No box is split once its longest edge is below ',
        symbol('s2', 's2', p.minEdge),
        ' of its column’s range.',
      ),
    ],
    [
      'Release threshold',
      sentence(
        'A leaf is released when its noisy count is at least ',
        symbol('t', 't', p.threshold),
        ` (${p.thresholdNote}).`,
      ),
    ],
  ];
}

/** The partition's parameters as label / sentence pairs for a definition list. */
export function partitionRows(p: PartitionParameters): PartitionRow[] {
  return p.partition === 'grid' ? gridRows(p) : kdTreeRows(p);
}

/** The receipt's parameters as a partition's, when they are one. */
export function asPartitionParameters(parameters: PrivacyReceipt['parameters']): PartitionParameters | null {
  return 'partition' in parameters ? parameters : null;
}
