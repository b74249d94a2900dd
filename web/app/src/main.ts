// Wires the demo together: the store, the panels in the order of the workflow, and the engine.
import './style.css';

import { columnsPanel } from './columns-panel';
import { dataSummaryView } from './data-summary-view';
import { h } from './dom';
import { startEngine } from './engine-status';
import { errorPanel } from './error-panel';
import { forecastView } from './forecast-view';
import { inputPanel } from './input-panel';
import { notPrivateBanner } from './not-private-banner';
import { paramsPanel } from './params-panel';
import { resultsPanel } from './results-panel';
import { runPanel } from './run-panel';
import { schemaPanel } from './schema-panel';
import { initialState, Store } from './store';

const store = new Store(initialState());
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
