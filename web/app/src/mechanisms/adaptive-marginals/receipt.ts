// Adaptive marginals in the receipt: the rounds run and the marginals they measured, in order.
import type { PrivacyReceipt } from 'privsynth';

import type { Row } from '../mechanism-ui';

interface SelectedRound {
  columns: string[];
  coarse: boolean;
  /** How a coarse round grouped the cells ("job_code by occupation"). */
  grouping?: string;
  annealed: boolean;
}

export function adaptiveMarginalsReceiptRows(receipt: PrivacyReceipt): Row[] {
  const parameters = receipt.parameters as { rounds?: number; selected?: SelectedRound[]; modelCells?: number };
  const selected = parameters.selected ?? [];
  const list = selected
    .map((round) => round.columns.join(' × ') + (round.coarse ? ` (${round.grouping ?? 'coarse'})` : ''))
    .join(', ');
  return [
    ['Rounds', String(parameters.rounds ?? selected.length)],
    ['Marginals measured in the rounds', list || 'none'],
    ['Model size', `${parameters.modelCells?.toLocaleString('en-US') ?? '?'} cells`],
  ];
}
