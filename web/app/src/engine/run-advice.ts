// The core's run advice (adviseRun, docs/api.md) for the page: each column's levels, which columns
// can be a prediction target, whether the continuous space can take the chosen columns, the
// reference measure "auto" picks with the budget split, and the recommended mechanism. The app
// shows these rules; it does not compute them again. Public inputs only: the schema, the chosen
// columns, ε, the prediction target and the number of records the user states as public (never the
// file's own count). Calls wait on the engine's idle worker (engine-queue.ts), as the forecast's and
// the planner's do, and only a caller's latest request is answered.
import { adviseRun, type RunAdvice, type RunAdviceRequest, type Schema } from 'privsynth';

import type { AppState, Store } from '../store';
import { LatestRequest, SUPERSEDED } from './latest-request';

/** adviseRun() for one caller: resolves to the advice of its latest request, null for one a later request superseded. */
export type AdviceRequester = (schema: Schema, request: RunAdviceRequest) => Promise<RunAdvice | null>;

export function adviceRequester(): AdviceRequester {
  const requests = new LatestRequest();
  return async (schema, request) => {
    const advice = await requests.ask(() => adviseRun(schema, request));
    return advice === SUPERSEDED ? null : advice;
  };
}

/** Whether the engine can take a call now: loaded, and not running (a call during a run would start a second worker). */
export const engineIdle = (state: AppState): boolean => state.engineReady && !state.running;

/** Keeps `schemaAdvice` (the advice on every column of the schema) for the schema chosen. */
export function watchSchemaAdvice(store: Store): void {
  const advise = adviceRequester();
  let shownFor: Schema | null = null; // the schema whose advice is in the store
  let askedFor: Schema | null = null; // the schema of the request on its way
  store.watch(
    (state) => [state.engineReady, state.running, state.runSchema],
    async (state) => {
      // The schema as the run gets it, with who is a person written in (persons/person-choice.ts).
      const schema = state.runSchema?.schema ?? null;
      if (schema !== shownFor && state.schemaAdvice !== null) {
        shownFor = null;
        store.set({ schemaAdvice: null });
      }
      if (!schema || !engineIdle(state) || schema === shownFor || schema === askedFor) return;
      askedFor = schema;
      try {
        const advice = await advise(schema, {});
        if (!advice || store.get().runSchema?.schema !== schema) return;
        shownFor = schema;
        store.set({ schemaAdvice: advice });
      } catch {
        // A schema that validated always has an advice; were there none, columns show no levels.
      } finally {
        if (askedFor === schema) askedFor = null;
      }
    },
  );
}
