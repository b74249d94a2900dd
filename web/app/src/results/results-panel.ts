// Step 6: the outputs of a run. Downloads first (with the mechanism's own files, if any), then the
// privacy receipt (publishable), the utility report (private: computed on the real data) and a
// preview of the synthetic rows.
import type { SynthesisResult } from 'privsynth';

import { findMechanismUi } from '../mechanisms/registry';
import type { AppState, Store } from '../store';
import { h, replaceChildren, show } from '../ui/dom';
import { downloadButton } from '../ui/download';
import { formatInteger } from '../ui/format';
import { previewView } from './preview-view';
import { receiptView } from './receipt-view';
import { reportHtml } from './report-export';
import { reportView } from './report-view';

/** The run's input as the user knows it (its label while it is still the chosen input). */
function inputName({ input, resultBaseName }: AppState): string {
  return input?.baseName === resultBaseName ? input.label : resultBaseName;
}

function downloads(result: SynthesisResult, baseName: string, reportFile: () => string): HTMLElement {
  const own = findMechanismUi(result.receipt.mechanism.name)?.downloads?.(result, baseName) ?? [];
  return h(
    'div',
    { class: 'downloads' },
    downloadButton({
      testId: 'download-csv',
      label: 'Download synthetic CSV',
      primary: true,
      fileName: `${baseName}-synthetic.csv`,
      mimeType: 'text/csv;charset=utf-8',
      text: () => result.csv,
    }),
    downloadButton({
      testId: 'download-receipt',
      label: 'Download receipt (JSON)',
      fileName: `${baseName}-receipt.json`,
      mimeType: 'application/json',
      text: () => `${JSON.stringify(result.receipt, null, 2)}\n`,
    }),
    downloadButton({
      testId: 'download-report',
      label: 'Download report (HTML)',
      fileName: `${baseName}-report.html`,
      mimeType: 'text/html;charset=utf-8',
      text: reportFile,
    }),
    ...own.map(({ file }) => downloadButton(file)),
    ...(result.directModels
      ? [
          downloadButton({
            testId: 'download-dp-model',
            label: 'Download DP model (separate release, JSON)',
            fileName: `${baseName}-dp-model.json`,
            mimeType: 'application/json',
            text: () => `${JSON.stringify(result.directModels, null, 2)}\n`,
          }),
        ]
      : []),
    h(
      'p',
      { class: 'hint' },
      `${formatInteger(result.rows)} rows × ${result.columns.length} columns. Files are saved from this page's memory. ` +
        'The receipt may be published; the report (computed on your real data) is for your eyes only.',
    ),
    ...own.map(({ note }) => note),
    result.directModels
      ? h(
          'p',
          { class: 'hint', 'data-testid': 'dp-model-note' },
          `The DP model (logistic regression for ${result.directModels.map((m) => `“${m.target}”`).join(', ')}, trained directly under DP) ` +
            'is a separate release with its own receipt inside the file: publishing it as well as the synthetic table costs both ε added.',
        )
      : null,
  );
}

export function resultsPanel(store: Store): HTMLElement {
  const heading = h('h2', { id: 'results-title', class: 'panel__title', tabindex: -1 }, '6. Results');
  const body = h('div', { class: 'results__body' });
  const element = h(
    'section',
    { class: 'panel results', 'data-testid': 'results', 'aria-labelledby': 'results-title', hidden: true },
    heading,
    body,
  );

  store.watch(
    (state) => [state.result],
    (state) => {
      const { result, resultBaseName } = state;
      if (!result) {
        show(element, false);
        replaceChildren(body);
        return;
      }
      const report = reportView(result.report, result.receipt.mechanism.name);
      const exported = { result, reportElement: report, inputName: inputName(state), finishedAt: new Date() };
      replaceChildren(
        body,
        downloads(result, resultBaseName, () => reportHtml(exported)),
        h('div', { class: 'results__grid' }, receiptView(result.receipt), report),
        previewView(result),
      );
      show(element, true);
      heading.focus();
    },
  );
  return element;
}
