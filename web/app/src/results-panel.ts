// Step 6: the outputs of a run. Downloads first, then the privacy receipt (publishable), the
// utility report (private: computed on the real data) and a preview of the synthetic rows.
import type { SynthesisResult } from 'privsynth';

import { downloadText } from './download';
import { h, replaceChildren, show } from './dom';
import { formatInteger } from './format';
import { previewView } from './preview-view';
import { receiptView } from './receipt-view';
import { reportView } from './report-view';
import type { Store } from './store';

function downloads(result: SynthesisResult, baseName: string): HTMLElement {
  return h(
    'div',
    { class: 'downloads' },
    h(
      'button',
      {
        type: 'button',
        class: 'button button--primary',
        'data-testid': 'download-csv',
        onclick: () => downloadText(`${baseName}-synthetic.csv`, result.csv, 'text/csv;charset=utf-8'),
      },
      'Download synthetic CSV',
    ),
    h(
      'button',
      {
        type: 'button',
        class: 'button button--secondary',
        'data-testid': 'download-receipt',
        onclick: () => downloadText(`${baseName}-receipt.json`, `${JSON.stringify(result.receipt, null, 2)}\n`, 'application/json'),
      },
      'Download receipt (JSON)',
    ),
    h('p', { class: 'hint' }, `${formatInteger(result.rows)} rows × ${result.columns.length} columns. Files are saved from this page's memory.`),
  );
}

export function resultsPanel(store: Store): HTMLElement {
  const heading = h('h2', { id: 'results-title', class: 'panel__title', tabindex: -1 }, '6. Results');
  const body = h('div', { class: 'results__body' });
  const element = h('section', { class: 'panel results', 'data-testid': 'results', 'aria-labelledby': 'results-title', hidden: true }, heading, body);

  store.watch(
    (state) => [state.result],
    ({ result, resultBaseName }) => {
      if (!result) {
        show(element, false);
        replaceChildren(body);
        return;
      }
      replaceChildren(
        body,
        downloads(result, resultBaseName),
        h('div', { class: 'results__grid' }, receiptView(result.receipt), reportView(result.report)),
        previewView(result),
      );
      show(element, true);
      heading.focus();
    },
  );
  return element;
}
