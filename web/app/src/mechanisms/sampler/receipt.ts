// The private sampler in the receipt: which sampler, N, ε per sample, the public n, γ and DS-ROO's
// table or the histogram's scale, and what was released.
import type { PrivacyReceipt } from 'privsynth';

import { formatInteger } from '../../ui/format';
import type { Row } from '../mechanism-ui';
import { asSamplerParameters, samplerReceiptRows } from './text';

const count = (value: unknown) => (typeof value === 'number' ? formatInteger(value) : undefined);

export function samplerReceiptParameterRows(receipt: PrivacyReceipt): Row[] {
  const sampler = asSamplerParameters(receipt.parameters);
  if (!sampler) return [];
  const rows: Row[] = samplerReceiptRows(sampler);
  const released = 'samples' in receipt.released ? receipt.released : undefined;
  if (!released) return rows;
  if (released.noisyCounts)
    rows.push([
      'Released',
      `${formatInteger(released.noisyCounts.length)} noisy symbol counts, and ${count(released.samples) ?? 'the'} samples drawn from them`,
    ]);
  else if (count(released.samples)) rows.push(['Released', `${count(released.samples)} samples`]);
  return rows;
}
