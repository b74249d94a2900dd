// Starts the engine at load (worker + WebAssembly compilation) and shows when it is ready.
// Tests wait for body[data-ready="true"].
import { preload } from 'privsynth';

import { failureOf, type Store } from '../store';

export function startEngine(store: Store): void {
  const indicator = document.querySelector<HTMLElement>('[data-testid="engine-status"]');
  const text = indicator?.querySelector('.engine-status__text');
  preload().then(
    () => {
      document.body.dataset.ready = 'true';
      indicator?.classList.add('engine-status--ready');
      if (text) text.textContent = 'Engine ready';
      store.set({ engineReady: true });
    },
    (error: unknown) => {
      const failure = failureOf(error);
      indicator?.classList.add('engine-status--failed');
      if (text) text.textContent = `Engine failed to start (${failure.code})`;
      store.set({ failure });
    },
  );
}
