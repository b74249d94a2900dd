// Why a run cannot start yet, in the words the hint beside Run shows ("To run: …"): a pure function
// of the page's state, so that the run step and its tests read the same reasons.
import { mechanismUi } from '../mechanisms/registry';
import { personBlockers } from '../persons/person-blockers';
import { overLimit } from '../privacy-ledger/allowance';
import type { AppState } from '../store';
import { formatList } from '../ui/format';

/** The schema's columns that the file does not have. */
function missingColumns({ input, schema }: AppState): string[] {
  if (!input?.header || !schema) return [];
  return schema.schema.columns.map((column) => column.name).filter((name) => !input.header!.includes(name));
}

/** The file's data rows, when they are known (the bundled samples, or counted by the data summary). */
function knownRows({ input, fileRows }: AppState): number | null {
  if (!input) return null;
  if (input.rows !== null) return input.rows;
  return fileRows?.input === input ? fileRows.rows : null;
}

/** The data summary of this file and of the run's schema says that the run would keep no row. */
function keptNone({ input, runSchema, fileRows }: AppState): boolean {
  return (
    fileRows !== null && fileRows.input === input && fileRows.schema === runSchema?.text && fileRows.keptRows === 0
  );
}

/** Why the data does not fit a run, with the fix (these never start a run that would release nothing useful). */
function dataBlockers(state: AppState): string[] {
  const reasons: string[] = [];
  const missing = missingColumns(state);
  if (missing.length > 0) {
    reasons.push(
      `the schema does not match your file: it has no column ${formatList(missing.slice(0, 5).map((name) => `"${name}"`))}` +
        `${missing.length > 5 ? ` and ${missing.length - 5} more` : ''}. Choose the schema made for this file, or find one privately (step 2)`,
    );
  }
  if (knownRows(state) === 0) reasons.push('your file has no data rows: choose a file with data (step 1)');
  else if (keptNone(state)) {
    reasons.push(
      'no row of your file fits the schema (the check of your data above says why): choose the schema made for this file, or keep rows with values outside it (step 2, Advanced)',
    );
  }
  // The run's schema: a person column is an identifier there, never measured.
  const measured = state.runSchema?.schema.columns.filter(
    (column) => state.columns.includes(column.name) && column.type !== 'id' && column.type !== 'text',
  );
  if (state.columns.length > 0 && measured?.length === 0) {
    reasons.push('choose at least one column that is measured (identifiers and free text are not) (step 2)');
  }
  if (overLimit(state) && !state.overLimitAccepted) {
    reasons.push('confirm that you want to spend more than you allow for this file, or lower ε (step 2)');
  }
  return reasons;
}

/** Why a run cannot start yet (empty when it can). */
export function runBlockers(state: AppState): string[] {
  const reasons: string[] = [];
  const ui = mechanismUi(state.mechanism);
  const needed = state.columnsNeeded;
  if (!state.input) reasons.push('load a table (step 1)');
  if (state.schemaBusy) reasons.push('wait for the schema check');
  else if (!state.schema && !state.schemaInRun) reasons.push('choose a valid schema (step 2)');
  reasons.push(...dataBlockers(state));
  if (state.schema && state.columns.length === 0) reasons.push('select at least one column (step 2)');
  else if (state.schema && state.columns.length < needed.count)
    reasons.push(`select at least ${needed.count} columns for ${needed.reason}`);
  if (!state.automatic) {
    // The core would refuse them (the forecast shows its error too); say which columns, before any run.
    const refused = state.runSchema ? ui.refusedColumns?.(state.runSchema.schema, state.columns) : null;
    if (refused) reasons.push(refused.blocker);
    // The mechanism's own (e.g. a setting the forecast, the run's own check, says the core refuses).
    reasons.push(...(ui.blockers?.(state) ?? []));
  }
  // Who is a person (step 2): what the core would refuse, and a schema found for another choice.
  reasons.push(...personBlockers(state));
  if (!state.parameters) reasons.push('fix the parameters marked in step 2');
  return reasons;
}
