// Why the demo's Run is blocked (web/app/src/run/run-blockers.ts): the exact reasons the hint beside
// Run shows, for a state built from the page's initial one.
import { describe, expect, it } from 'vitest';
import type { Schema } from 'privsynth';

import { runBlockers } from '../../web/app/src/run/run-blockers';
import { initialState, type AppState, type DataInput } from '../../web/app/src/store';

const schema: Schema = {
  version: 1,
  columns: [
    { name: 'sex', type: 'categorical', categories: ['Female', 'Male'] },
    { name: 'age', type: 'numeric', min: 17, max: 90, integer: true },
    { name: 'id', type: 'id' },
    { name: 'notes', type: 'text' },
  ],
};

const input: DataInput = {
  label: 'people.csv',
  baseName: 'people',
  csv: 'sex,age,id,notes\nMale,40,1,\n',
  bytes: 27,
  rows: 1,
  header: ['sex', 'age', 'id', 'notes'],
  sample: null,
  key: 'people.csv',
};

/** Everything set for a run of "sex" and "age" at ε 1; `patch` changes one part. */
function ready(patch: Partial<AppState> = {}): AppState {
  return {
    ...initialState('reduced-space-lp'),
    input,
    schema: { kind: 'uploaded', id: 'uploaded', label: 'people.schema.json', schema, text: JSON.stringify(schema) },
    columns: ['sex', 'age'],
    parameters: { epsilon: 1 },
    ...patch,
  };
}

describe('the reasons a run cannot start', () => {
  it('are none when everything is set', () => {
    expect(runBlockers(ready())).toEqual([]);
  });

  it('ask for a table, a schema and valid parameters on a fresh page', () => {
    expect(runBlockers(initialState('reduced-space-lp'))).toEqual([
      'load a table (step 1)',
      'choose a valid schema (step 2)',
      'fix the parameters marked in step 2',
    ]);
    expect(runBlockers(ready({ input: null }))).toEqual(['load a table (step 1)']);
  });

  it('name the schema columns the file lacks, five at most', () => {
    expect(runBlockers(ready({ input: { ...input, header: ['sex', 'notes'] } }))).toEqual([
      'the schema does not match your file: it has no column "age" and "id". ' +
        'Choose the schema made for this file, or find one privately (step 2)',
    ]);
    const many: Schema = {
      version: 1,
      columns: ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'sex'].map((name) => ({
        name,
        type: 'numeric' as const,
        min: 0,
        max: 1,
      })),
    };
    const state = ready({ schema: { ...ready().schema!, schema: many }, columns: ['sex'] });
    expect(runBlockers(state)).toEqual([
      'the schema does not match your file: it has no column "a", "b", "c", "d" and "e" and 2 more. ' +
        'Choose the schema made for this file, or find one privately (step 2)',
    ]);
  });

  it('refuse a file without data rows, counted upfront or by the data summary', () => {
    const reason = 'your file has no data rows: choose a file with data (step 1)';
    expect(runBlockers(ready({ input: { ...input, rows: 0 } }))).toEqual([reason]);
    const file = { ...input, rows: null };
    expect(runBlockers(ready({ input: file, fileRows: { input: file, rows: 0, keptRows: 0, schema: '' } }))).toEqual([
      reason,
    ]);
    // Counted for another input: not known for this one.
    expect(runBlockers(ready({ input: file, fileRows: { input, rows: 0, keptRows: 0, schema: '' } }))).toEqual([]);
  });

  it('refuse a run whose schema keeps no row of the file, as the data summary of that schema says', () => {
    const file = { ...input, rows: null };
    const state = ready({ input: file });
    const schemaText = state.schema!.text;
    expect(runBlockers({ ...state, fileRows: { input: file, rows: 2, keptRows: 0, schema: schemaText } })).toEqual([
      'no row of your file fits the schema (the check of your data above says why): choose the schema made for this file, or keep rows with values outside it (step 2, Advanced)',
    ]);
    // A summary of another schema says nothing of this one.
    expect(runBlockers({ ...state, fileRows: { input: file, rows: 2, keptRows: 0, schema: '{}' } })).toEqual([]);
  });

  it('want a measured column among the chosen ones', () => {
    expect(runBlockers(ready({ columns: ['id', 'notes'] }))).toEqual([
      'choose at least one column that is measured (identifiers and free text are not) (step 2)',
    ]);
  });

  it('want consent to pass the total the user allows for the file', () => {
    const reason = 'confirm that you want to spend more than you allow for this file, or lower ε (step 2)';
    // Until the user sets it, the allowance is one run at the ε set: a first run passes at any ε.
    expect(runBlockers(ready({ parameters: { epsilon: 2 } }))).toEqual([]);
    const set = { fileLimit: 1, fileLimitSet: true };
    expect(runBlockers(ready({ parameters: { epsilon: 2 }, ...set }))).toEqual([reason]);
    expect(runBlockers(ready({ parameters: { epsilon: 2 }, ...set, overLimitAccepted: true }))).toEqual([]);
    expect(runBlockers(ready({ parameters: { epsilon: 2 }, fileLimit: 3, fileLimitSet: true }))).toEqual([]);
  });
});
