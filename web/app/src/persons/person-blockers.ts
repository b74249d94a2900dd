// Why a run with a person column cannot start, in the words of the hint beside Run ("To run: …"):
// a pure function of the page's state, read by run/run-blockers.ts.
import { mechanismUi } from '../mechanisms/registry';
import type { AppState } from '../store';
import { discoveredForAnotherUnit } from './person-choice';

export type PersonBlockerInput = Pick<
  AppState,
  'persons' | 'schema' | 'columns' | 'automatic' | 'mechanism' | 'parameters'
>;

/** The reasons the person choice stops a run (empty when it does not). */
export function personBlockers(state: PersonBlockerInput): string[] {
  const reasons: string[] = [];
  const { column, perPerson } = state.persons;
  // A schema found privately protects what it was found for: its discovery's ε is per row, or per person.
  if (discoveredForAnotherUnit(state)) {
    reasons.push(
      'the column kinds were found privately for another choice of who is a person: find them again with “Find the schema privately”, or choose “Found privately in the run” (step 2)',
    );
  }
  if (column === null) return reasons;
  const ui = mechanismUi(state.mechanism);
  if (!state.automatic && ui.neighbours === 'replace-one') {
    reasons.push(
      `${ui.inSentence} cannot protect a person with several rows: it protects one row among a number of rows that is made public, ` +
        'while a person’s rows come and go together. Choose another method, or “Each row is a different person” (step 2)',
    );
  }
  if (perPerson.includes(column)) {
    reasons.push(
      `“${column}” says who is a person, so it cannot also be marked the same in every row of a person: untick it (step 2, Who is a person?)`,
    );
  }
  if (!state.columns.includes(column)) {
    reasons.push(`keep the column “${column}” (step 2): the synthetic table says in it whose rows are whose`);
  }
  const targets = [state.parameters?.mlTarget, ...(state.parameters?.mlExtraTargets ?? [])];
  if (targets.includes(column)) {
    reasons.push(`“${column}” says who is a person, so it cannot be a prediction target: choose another (step 2)`);
  }
  return reasons;
}
