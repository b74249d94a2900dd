// Step 3's results: the verdict first (is the table good enough, and why), then the downloads (with
// the mechanism's own files, if any) and how to make the run again, the utility report with its
// plots (private: computed on the real data), the privacy receipt (publishable) and a preview of
// the synthetic rows.
import type { SynthesisResult } from 'privsynth';

import { findMechanismUi } from '../mechanisms/registry';
import type { AppState, Store } from '../store';
import { h, replaceChildren, show } from '../ui/dom';
import { downloadButton } from '../ui/download';
import { formatDecimal, formatInteger, formatList } from '../ui/format';
import { createElement, render } from 'preact';

import { previewView } from './preview-view';
import { ReproduceView } from './reproduce-view';
import { VerdictView } from './verdict-view';
import { receiptView } from './receipt-view';
import { reportHtml } from './report-export';
import { reportView } from './report-view';

/** The run's input as the user knows it (its label while it is still the chosen input). */
function inputName({ input, resultBaseName }: AppState): string {
  return input?.baseName === resultBaseName ? input.label : resultBaseName;
}

/** "ε 1" or "ε 1.41, δ 2e-9": a cost as the receipts state it. */
function costText(epsilon: number, delta: number): string {
  return `ε ${formatDecimal(epsilon, 3)}${delta > 0 ? `, δ ${Number(delta.toPrecision(2))}` : ''}`;
}

/**
 * Beside a download: what publishing the file costs, alone and (with the DP models) together with
 * the run's other release, as both receipts state it (privacy.tableAndDpModels).
 */
function costNote(testId: string, alone: string, together: string | null, other: string): HTMLElement {
  return h(
    'span',
    { class: 'download-cost', 'data-testid': testId },
    together ? `${alone} alone; ${together} with the ${other} (published together)` : alone,
  );
}

function downloads(result: SynthesisResult, baseName: string, reportFile: () => string): HTMLElement {
  const own = findMechanismUi(result.receipt.mechanism.name)?.downloads?.(result, baseName) ?? [];
  const { privacy } = result.receipt;
  const models = result.directModels;
  const together = models?.receipt.privacy.tableAndDpModels;
  const bothCost = together ? costText(together.epsilon, together.delta) : null;
  return h(
    'div',
    { class: 'downloads' },
    h(
      'div',
      { class: 'download-with-cost' },
      downloadButton({
        testId: 'download-csv',
        label: 'Download synthetic CSV',
        primary: true,
        fileName: `${baseName}-synthetic.csv`,
        mimeType: 'text/csv;charset=utf-8',
        text: () => result.csv,
      }),
      costNote('csv-cost', costText(privacy.epsilonSpent, privacy.delta), bothCost, 'DP model'),
    ),
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
    ...(models
      ? [
          h(
            'div',
            { class: 'download-with-cost' },
            downloadButton({
              testId: 'download-dp-model',
              label: 'Download DP model (separate release, JSON)',
              fileName: `${baseName}-dp-model.json`,
              mimeType: 'application/json',
              text: () => `${JSON.stringify(models, null, 2)}\n`,
            }),
            costNote(
              'dp-model-cost',
              costText(models.receipt.privacy.epsilonSpent, models.receipt.privacy.delta),
              bothCost,
              'synthetic CSV',
            ),
          ),
        ]
      : []),
    h(
      'p',
      { class: 'hint' },
      `${formatInteger(result.rows)} rows × ${result.columns.length} columns. Files are saved from this page's memory. ` +
        'The receipt may be published; the report (computed on your real data) is for your eyes only.',
    ),
    ...own.map(({ note }) => note),
    models
      ? h(
          'p',
          { class: 'hint', 'data-testid': 'dp-model-note' },
          `The DP model (logistic regression for ${formatList(models.models.map((m) => `“${m.target}”`))}, trained ` +
            'directly under DP, all on one budget) is a separate release with its own receipt inside the file. ' +
            (bothCost
              ? `Publishing it as well as the synthetic table costs ${bothCost} in total.`
              : 'Publishing it as well as the synthetic table adds its cost to the table’s.'),
        )
      : null,
  );
}

export function resultsPanel(store: Store): HTMLElement {
  const heading = h('h3', { id: 'results-title', class: 'panel__title', tabindex: -1 }, 'Results');
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
      const reproduce = h('div', {});
      if (state.resultRun)
        render(
          createElement(ReproduceView, { run: state.resultRun.request, schemaText: state.resultRun.schemaText }),
          reproduce,
        );
      // The verdict first: whether the table is good enough to use, and why (owner-only).
      const verdict = h('div', {});
      render(createElement(VerdictView, { report: result.report }), verdict);
      replaceChildren(
        body,
        verdict,
        downloads(result, resultBaseName, () => reportHtml(exported)),
        reproduce,
        h('div', { class: 'results__grid' }, report, receiptView(result.receipt)),
        previewView(result),
      );
      show(element, true);
      heading.focus();
    },
  );
  return element;
}
