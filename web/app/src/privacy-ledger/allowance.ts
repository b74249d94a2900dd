// Whether the next run would take a file's total past what the user allows for it: a pure function
// of the page's state, read by the ledger's view (its warning) and by the run's blockers.
import type { AppState } from '../store';
import { ledgerTotal, plannedCost } from './ledger';

/** The run's ε as set in step 2 (null while the field is invalid). */
export const plannedEpsilon = (state: AppState): number | null => state.parameters?.epsilon ?? null;

/** The total the user allows for the file: as typed, or until then one run at the ε set. */
export function allowance(state: AppState): number {
  return state.fileLimitSet ? state.fileLimit : (plannedEpsilon(state) ?? state.fileLimit);
}

/** The file's total after the planned run, when it passes what the user allows. */
export function overLimit(state: AppState): { after: number } | null {
  const planned = plannedEpsilon(state);
  if (!state.input || planned === null) return null;
  const ledger = state.ledgers[state.input.key];
  const after = ledgerTotal(ledger).epsilon + plannedCost(ledger, state.schema?.schema ?? null, planned);
  return after > allowance(state) + 1e-9 ? { after } : null;
}
