// The label of everything computed on the real data (the report, its plots, a mechanism's own
// sections): for the data owner's eyes only.
import { h } from './dom';

export function eyesOnly(testId: string, detail: string): HTMLElement {
  return h(
    'p',
    { class: 'eyes-only', 'data-testid': testId },
    h('strong', {}, 'Computed on your real data: for your eyes only. '),
    detail,
  );
}
