// Space partitioning's own file of a run: the released bins as weighted centres.
import type { SynthesisResult, WeightedCentres } from 'privsynth';

import { h } from '../../ui/dom';
import { formatInteger } from '../../ui/format';
import type { ExtraDownload } from '../mechanism-ui';

/** What the weighted centres are: the partition's release itself, before any record is drawn. */
function centresNote(centres: WeightedCentres): HTMLElement {
  return h(
    'p',
    { class: 'hint', 'data-testid': 'centres-note' },
    `Weighted centres: one row per released bin (${formatInteger(centres.rows)}), its centre with its noisy count as a “weight” column, ` +
      'for kernel density estimates and other weighted uses. They are the release the synthetic rows are drawn from, so they cost no extra privacy and may be published like the rows.',
  );
}

export function spacePartitionDownloads(result: SynthesisResult, baseName: string): ExtraDownload[] {
  const centres = result.weightedCentres;
  if (!centres) return [];
  return [
    {
      file: {
        testId: 'download-centres',
        label: 'Download weighted centres (CSV)',
        fileName: `${baseName}-centres.csv`,
        mimeType: 'text/csv;charset=utf-8',
        text: () => centres.csv,
      },
      note: centresNote(centres),
    },
  ];
}
