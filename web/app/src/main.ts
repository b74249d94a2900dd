// Wires the demo together: the store, the panels in the order of the workflow, and the engine.
import './style.css';

import { columnsPanel } from './panels/columns-panel';
import { dataSummaryView } from './panels/data-summary-view';
import { h } from './ui/dom';
import { startEngine } from './engine/engine-status';
import { watchSchemaAdvice } from './engine/run-advice';
import { errorPanel } from './run/error-panel';
import { forecastView } from './forecast/forecast-view';
import { inputPanel } from './panels/input-panel';
import { notPrivateBanner } from './panels/not-private-banner';
import { paramsPanel } from './panels/params-panel';
import { resultsPanel } from './results/results-panel';
import { runPanel } from './run/run-panel';
import { schemaPanel } from './panels/schema-panel';
import { DEFAULT_MECHANISM } from './mechanisms/registry';
import { initialState, Store } from './store';

const store = new Store(initialState(DEFAULT_MECHANISM));
// First, so that it clears the previous schema's advice before any panel reads it.
watchSchemaAdvice(store);
const schema = schemaPanel(store);

// Loading a bundled sample selects its bundled schema.
store.watch(
  (state) => [state.input],
  ({ input }) => {
    if (input?.sample) schema.selectBundled(input.sample);
  },
);

const main = document.getElementById('main')!;
main.append(
  notPrivateBanner(store),
  h(
    'div',
    { class: 'setup-grid' },
    inputPanel(store),
    schema.element,
    // The data against the schema, across the grid's width, before the columns are chosen.
    dataSummaryView(store),
    columnsPanel(store),
    paramsPanel(store),
    // What the run will release and cost, across the grid's width, right before Run.
    forecastView(store),
  ),
  runPanel(store),
  errorPanel(store),
  resultsPanel(store),
);

startEngine(store);
