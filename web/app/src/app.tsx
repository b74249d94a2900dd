// The page: three steps in the order a data owner goes — their data, the columns and the privacy
// they choose, then the run and its results. Step 2's older panels (built without Preact) are made
// once and placed with Mount; they follow the store themselves.
import { columnsPanel } from './panels/columns-panel';
import { dataSummaryView } from './panels/data-summary-view';
import { forecastView } from './forecast/forecast-view';
import { notPrivateBanner } from './panels/not-private-banner';
import { schemaPanel } from './panels/schema-panel';
import { ParamsPanel } from './method-fields/params-panel';
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
  const { input, schema, result } = store.state.value;
  return (
    <>
      <Mount element={panels.banner} />
      <DataStep store={store} />
      <Step
        number={2}
        title="Columns and privacy"
        testId="privacy-step"
        done={input !== null && schema !== null}
        lead="Choose what to keep and how private the synthetic table must be. Nothing is spent until you run."
      >
        <div class="setup-grid">
          <Mount element={panels.schema} />
          <Mount element={panels.dataSummary} />
          <Mount element={panels.columns} />
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
