// Starts the demo: the store, the engine, the run advice, and the page (app.tsx).
import './style.css';

import { h, render } from 'preact';

import { App, makePanels } from './app';
import { derivePage } from './derive';
import { startEngine } from './engine/engine-status';
import { watchSchemaAdvice } from './engine/run-advice';
import { DEFAULT_MECHANISM } from './mechanisms/registry';
import { initialState, Store } from './store';

const store = new Store(initialState(DEFAULT_MECHANISM), derivePage);
// First, so that it clears the previous schema's advice before any panel reads it.
watchSchemaAdvice(store);
const panels = makePanels(store);
render(h(App, { store, panels }), document.getElementById('main')!);
startEngine(store);
