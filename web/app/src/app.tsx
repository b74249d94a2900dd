// The page: three steps in the order a data owner goes — their data, the columns and the privacy
// they choose, then the run and its results. Step 2's older panels (built without Preact) are made
// once and placed with Mount; they follow the store themselves.
import { useSignal } from '@preact/signals';
import { useEffect } from 'preact/hooks';

import { columnsPanel } from './panels/columns-panel';
import { dataSummaryView } from './panels/data-summary-view';
import { forecastView } from './forecast/forecast-view';
import { notPrivateBanner } from './panels/not-private-banner';
import { schemaPanel } from './panels/schema-panel';
import { ParamsPanel } from './method-fields/params-panel';
import { PersonPanel } from './persons/person-panel';
import { LedgerView } from './privacy-ledger/ledger-view';
import { ResultsView } from './results/results-view';
import { ErrorView } from './run/error-view';
import { RunStep } from './run/run-step';
import { DataStep } from './steps/data-step';
import { Step } from './steps/step';
import type { Store } from './store';
import { Mount } from './ui/mount';

/** The older panels, made once for the page's store. */
function makePanels(store: Store) {
  const schema = schemaPanel(store);
  // Loading a bundled sample selects its bundled schema.
  store.watch(
    (state) => [state.input],
    ({ input }) => {
      if (input?.sample) schema.selectBundled(input.sample);
    },
  );
  return {
    banner: notPrivateBanner(store),
    schema: schema.element,
    // The data against the schema, before the columns are chosen.
    dataSummary: dataSummaryView(store),
    columns: columnsPanel(store),
    // What the run will release and cost, right before Run.
    forecast: forecastView(store),
  };
}

export type Panels = ReturnType<typeof makePanels>;

export function App({ store, panels }: { store: Store; panels: Panels }) {
  const { input, schema, schemaBusy, schemaInRun, result } = store.state.value;
  // Step 2 waits, folded, for a table (or a schema chosen first); once open it stays open.
  const opened = useSignal(false);
  const open = opened.value || input !== null || schema !== null || schemaBusy || schemaInRun;
  useEffect(() => {
    if (open) opened.value = true;
  }, [open]);
  return (
    <>
      <Mount element={panels.banner} />
      <DataStep store={store} />
      <Step
        number={2}
        title="Columns and privacy"
        testId="privacy-step"
        done={input !== null && (schema !== null || schemaInRun)}
        lead="Choose what to keep and how private the synthetic table must be. Nothing is spent until you run, or find the columns’ kinds privately."
      >
        {open ? null : (
          <p class="step__waiting" data-testid="privacy-step-waiting">
            Load your table in step 1 first.{' '}
            <button
              type="button"
              class="link-button"
              data-testid="privacy-step-open"
              onClick={() => (opened.value = true)}
            >
              Or describe its columns first
            </button>
          </p>
        )}
        <div class="setup-grid" hidden={!open}>
          <Mount element={panels.schema} />
          <Mount element={panels.dataSummary} />
          <div class="setup-column">
            <PersonPanel store={store} />
            <Mount element={panels.columns} />
          </div>
          <div class="privacy-budget">
            <ParamsPanel store={store} />
            <LedgerView store={store} />
          </div>
          <Mount element={panels.forecast} />
        </div>
      </Step>
      <Step number={3} title="Run and results" testId="results-step" done={result !== null}>
        <RunStep store={store} />
        <ErrorView store={store} />
        <ResultsView store={store} />
      </Step>
    </>
  );
}

export { makePanels };
