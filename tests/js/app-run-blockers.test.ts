// Why the demo's Run is blocked (web/app/src/run/run-blockers.ts): the exact reasons the hint beside
// Run shows, for a state built from the page's initial one.
import { describe, expect, it } from 'vitest';
import type { Schema } from 'privsynth';

import { runBlockers } from '../../web/app/src/run/run-blockers';
import { initialState, type AppState, type DataInput, type SchemaChoice } from '../../web/app/src/store';

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

const uploaded: SchemaChoice = {
  kind: 'uploaded',
  id: 'uploaded',
  label: 'people.schema.json',
  schema,
  text: JSON.stringify(schema),
};

/**
 * Everything set for a run of "sex" and "age" at ε 1; `patch` changes one part. The run's schema
 * is the chosen one (no person column) unless the patch says otherwise.
 */
function ready(patch: Partial<AppState> = {}): AppState {
  const state: AppState = {
    ...initialState('reduced-space-lp'),
    input,
    schema: uploaded,
    columns: ['sex', 'age'],
    parameters: { epsilon: 1 },
    ...patch,
  };
  return 'runSchema' in patch ? state : { ...state, runSchema: state.schema };
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

describe('the reasons a run with a person column cannot start', () => {
  const visits: Schema = {
    version: 1,
    columns: [
      { name: 'patient_id', type: 'id' },
      { name: 'sex', type: 'categorical', categories: ['F', 'M'] },
      { name: 'ward', type: 'categorical', categories: ['a', 'b'] },
    ],
  };
  const visitsChoice: SchemaChoice = { ...uploaded, schema: visits, text: JSON.stringify(visits) };
  const visitsInput: DataInput = { ...input, header: ['patient_id', 'sex', 'ward'] };
  /** A run of every column of the visits, each patient one person; `patch` changes one part. */
  const persons = (patch: Partial<AppState> = {}) =>
    ready({
      input: visitsInput,
      schema: visitsChoice,
      columns: ['patient_id', 'sex', 'ward'],
      persons: { column: 'patient_id', perPerson: ['sex'] },
      parameters: { epsilon: 1, rowsPerPerson: 4 },
      ...patch,
    });

  it('are none when the person column is kept and nothing refuses it', () => {
    expect(runBlockers(persons())).toEqual([]);
  });

  it('stop the sampler, which cannot protect a person, and say why', () => {
    const reason =
      'the sampler cannot protect a person with several rows: it protects one row among a number of rows that is made public, ' +
      'while a person’s rows come and go together. Choose another method, or “Each row is a different person” (step 2)';
    const sampler = persons({ automatic: false, mechanism: 'sampler' });
    expect(runBlockers(sampler)).toContain(reason);
    // Under "auto" the sampler is never chosen; with each row a person it may run.
    expect(runBlockers({ ...sampler, automatic: true })).not.toContain(reason);
    expect(runBlockers({ ...sampler, persons: { column: null, perPerson: [] } })).not.toContain(reason);
  });

  it('want the person column neither marked the same for every row of a person, nor a target, and kept', () => {
    expect(runBlockers(persons({ persons: { column: 'patient_id', perPerson: ['patient_id', 'sex'] } }))).toEqual([
      '“patient_id” says who is a person, so it cannot also be marked the same in every row of a person: untick it (step 2, Who is a person?)',
    ]);
    expect(runBlockers(persons({ parameters: { epsilon: 1, mlTarget: 'patient_id' } }))).toEqual([
      '“patient_id” says who is a person, so it cannot be a prediction target: choose another (step 2)',
    ]);
    expect(runBlockers(persons({ columns: ['sex', 'ward'] }))).toEqual([
      'keep the column “patient_id” (step 2): the synthetic table says in it whose rows are whose',
    ]);
  });

  it('stop a schema found privately for another choice of who is a person', () => {
    const reason =
      'the column kinds were found privately for another choice of who is a person: find them again with “Find the schema privately”, or choose “Found privately in the run” (step 2)';
    const discovered: Schema = { ...visits, provenance: 'dp-discovered', discovery: { epsilon: 0.3, delta: 1e-9 } };
    const found: SchemaChoice = { ...visitsChoice, kind: 'found-privately', schema: discovered };
    // Found reading every row, run per person: its ε protects rows, not persons.
    expect(runBlockers(persons({ schema: found }))).toEqual([reason]);
    // Found per person, run per person: fine; run per row: the discovery was not made for it.
    const perPerson: SchemaChoice = { ...found, schema: { ...discovered, privacyUnit: 'patient_id' } };
    expect(runBlockers(persons({ schema: perPerson }))).toEqual([]);
    expect(
      runBlockers(persons({ schema: perPerson, persons: { column: null, perPerson: [] }, parameters: { epsilon: 1 } })),
    ).toEqual([reason]);
  });
});
