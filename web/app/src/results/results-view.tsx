// Step 3's results: the verdict first (is the table good enough, and why), then the downloads (with
// the mechanism's own files, if any) and how to make the run again, the utility report with its
// plots (private: computed on the real data), the privacy receipt (publishable) and a preview of
// the synthetic rows. After a run, the results' heading takes the focus.
import { useEffect, useId, useMemo, useRef } from 'preact/hooks';
import type { SynthesisResult } from 'privsynth';

import type { AppState, Store } from '../store';
import { Mount } from '../ui/mount';
import { DownloadsView } from './downloads-view';
import { PreviewView } from './preview-view';
import { receiptView } from './receipt-view';
import { reportHtml } from './report-export';
import { reportView } from './report-view';
import { ReproduceView } from './reproduce-view';
import { VerdictView } from './verdict-view';

/** The run's input as the user knows it (its label while it is still the chosen input). */
function inputName({ input, resultBaseName }: AppState): string {
  return input?.baseName === resultBaseName ? input.label : resultBaseName;
}

function ResultBody({ state, result }: { state: AppState; result: SynthesisResult }) {
  // The report and the receipt are built without Preact, once per result. The HTML report file is
  // made from the report element on the page (its plots as drawn, their selectors' choice).
  const views = useMemo(() => {
    const report = reportView(result.report, result.receipt.mechanism.name);
    const exported = { result, reportElement: report, inputName: inputName(state), finishedAt: new Date() };
    return { report, receipt: receiptView(result.receipt), reportFile: () => reportHtml(exported) };
  }, [result]);
  const { resultRun } = state;
  return (
    <>
      {/* The verdict first: whether the table is good enough to use, and why (owner-only). */}
      <VerdictView report={result.report} />
      <DownloadsView result={result} baseName={state.resultBaseName} reportFile={views.reportFile} />
      {resultRun ? <ReproduceView run={resultRun.request} schemaText={resultRun.schemaText} /> : null}
      <div class="results__grid">
        <Mount element={views.report} />
        <Mount element={views.receipt} />
      </div>
      <PreviewView result={result} />
    </>
  );
}

export function ResultsView({ store }: { store: Store }) {
  const state = store.state.value;
  const { result } = state;
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (result) heading.current?.focus();
  }, [result]);
  return (
    <section class="panel results" data-testid="results" aria-labelledby={headingId} hidden={!result}>
      <h3 ref={heading} id={headingId} class="panel__title" tabIndex={-1}>
        Results
      </h3>
      <div class="results__body">{result ? <ResultBody state={state} result={result} /> : null}</div>
    </section>
  );
}
