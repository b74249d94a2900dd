// Step 6: the outputs of a run. Downloads first (with space partitioning also its weighted centres),
// then the privacy receipt (publishable), the utility report (private: computed on the real data)
// and a preview of the synthetic rows.
import type { SynthesisResult, WeightedCentres } from 'privsynth';

import { downloadText } from '../ui/download';
import { h, replaceChildren, show } from '../ui/dom';
import { formatInteger } from '../ui/format';
import { previewView } from './preview-view';
import { receiptView } from './receipt-view';
import { reportHtml } from './report-export';
import { reportView } from './report-view';
import type { AppState, Store } from '../store';

interface DownloadChoice {
  testId: string;
  label: string;
  primary?: boolean;
  fileName: string;
  mimeType: string;
  /** The file's text, made when the button is pressed. */
  text: () => string;
}

function downloadButton({ testId, label, primary, fileName, mimeType, text }: DownloadChoice): HTMLElement {
  return h(
    'button',
    { type: 'button', class: `button ${primary ? 'button--primary' : 'button--secondary'}`, 'data-testid': testId, onclick: () => downloadText(fileName, text(), mimeType) },
    label,
  );
}

/** The run's input as the user knows it (its label while it is still the chosen input). */
function inputName({ input, resultBaseName }: AppState): string {
  return input?.baseName === resultBaseName ? input.label : resultBaseName;
}

function downloads(result: SynthesisResult, baseName: string, reportFile: () => string): HTMLElement {
  const centres = result.weightedCentres;
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
    downloadButton({ testId: 'download-report', label: 'Download report (HTML)', fileName: `${baseName}-report.html`, mimeType: 'text/html;charset=utf-8', text: reportFile }),
    centres
      ? downloadButton({
          testId: 'download-centres',
          label: 'Download weighted centres (CSV)',
          fileName: `${baseName}-centres.csv`,
          mimeType: 'text/csv;charset=utf-8',
          text: () => centres.csv,
        })
      : null,
    h(
      'p',
      { class: 'hint' },
      `${formatInteger(result.rows)} rows × ${result.columns.length} columns. Files are saved from this page's memory. ` +
        'The receipt may be published; the report (computed on your real data) is for your eyes only.',
    ),
    centres ? centresNote(centres) : null,
  );
}

/** What the weighted centres are: the partition's release itself, before any record is drawn. */
function centresNote(centres: WeightedCentres): HTMLElement {
  return h(
    'p',
    { class: 'hint', 'data-testid': 'centres-note' },
    `Weighted centres: one row per released bin (${formatInteger(centres.rows)}), its centre with its noisy count as a “weight” column, ` +
      'for kernel density estimates and other weighted uses. They are the release the synthetic rows are drawn from, so they cost no extra privacy and may be published like the rows.',
  );
}

export function resultsPanel(store: Store): HTMLElement {
  const heading = h('h2', { id: 'results-title', class: 'panel__title', tabindex: -1 }, '6. Results');
  const body = h('div', { class: 'results__body' });
  const element = h('section', { class: 'panel results', 'data-testid': 'results', 'aria-labelledby': 'results-title', hidden: true }, heading, body);

  store.watch(
    (state) => [state.result],
    (state) => {
      const { result, resultBaseName } = state;
      if (!result) {
        show(element, false);
        replaceChildren(body);
        return;
      }
      const report = reportView(result.report);
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
