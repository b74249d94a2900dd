// "Who is a person?" in the demo (web/app/src/persons/person-choice.ts): the choice read from the
// raw text of its fields or from the chosen schema, the schema a run then uses, what the store
// derives from them, and k among the run's options only with a person column.
import { describe, expect, it } from 'vitest';
import type { Schema } from 'privsynth';

import { derivePage } from '../../web/app/src/derive';
import {
  EACH_ROW_A_PERSON,
  personColumnsOffered,
  readPersonChoice,
  runSchemaOf,
  type PersonInput,
} from '../../web/app/src/persons/person-choice';
import { PER_PERSON, PERSON_COLUMN, ROWS_PER_PERSON } from '../../web/app/src/persons/person-fields';
import { initialState, Store, type AppState, type DataInput, type SchemaChoice } from '../../web/app/src/store';

const visits: Schema = {
  version: 1,
  privacyUnit: 'patient_id',
  columns: [
    { name: 'patient_id', type: 'id', prefix: 'P' },
    { name: 'sex', type: 'categorical', categories: ['F', 'M'], perPerson: true },
    { name: 'ward', type: 'categorical', categories: ['a', 'b'] },
    { name: 'note', type: 'text' },
  ],
};

/** A schema of the same table that declares the patient's number as data and names no unit. */
const flat: Schema = {
  version: 1,
  columns: [
    { name: 'patient_id', type: 'categorical', categories: ['1', '2'], description: 'the patient' },
    { name: 'sex', type: 'categorical', categories: ['F', 'M'] },
    { name: 'ward', type: 'categorical', categories: ['a', 'b'] },
    { name: 'note', type: 'text' },
  ],
};

const choice = (schema: Schema, id = 'uploaded'): SchemaChoice => ({
  kind: 'uploaded',
  id,
  label: `${id}.schema.json`,
  schema,
  text: JSON.stringify(schema),
});

const file: DataInput = {
  label: 'visits.csv',
  baseName: 'visits',
  csv: 'patient_id,sex,ward,note\n1,F,a,\n',
  bytes: 30,
  rows: 1,
  header: ['patient_id', 'sex', 'ward', 'note'],
  sample: null,
  key: 'visits.csv',
};

const input = (patch: Partial<PersonInput>): PersonInput => ({
  fields: {},
  schema: null,
  schemaInRun: false,
  input: file,
  ...patch,
});

describe('who is a person, read from the fields or the schema', () => {
  it('offers the schema’s columns that the file has, or the file’s header without a schema', () => {
    expect(
      personColumnsOffered(input({ schema: choice(visits), input: { ...file, header: ['sex', 'patient_id'] } })),
    ).toEqual(['patient_id', 'sex']);
    expect(personColumnsOffered(input({ schemaInRun: true }))).toEqual(['patient_id', 'sex', 'ward', 'note']);
    expect(personColumnsOffered(input({}))).toEqual([]);
  });

  it('is each row a different person by default, and the schema’s own unit until the fields change', () => {
    expect(readPersonChoice(input({ schemaInRun: true }))).toEqual(EACH_ROW_A_PERSON);
    expect(readPersonChoice(input({ schema: choice(visits) }))).toEqual({ column: 'patient_id', perPerson: ['sex'] });
    expect(readPersonChoice(input({ schema: choice(visits), fields: { [PERSON_COLUMN]: '' } }))).toEqual(
      EACH_ROW_A_PERSON,
    );
  });

  it('reads the person column and the columns with one value per person from the fields', () => {
    const fields = { [PERSON_COLUMN]: 'patient_id', [PER_PERSON]: 'ward\nsex\nmissing' };
    expect(readPersonChoice(input({ schemaInRun: true, fields }))).toEqual({
      column: 'patient_id',
      perPerson: ['sex', 'ward'],
    });
    // A column the table lacks is none; an unmeasured column holds no value per person.
    expect(readPersonChoice(input({ schemaInRun: true, fields: { [PERSON_COLUMN]: 'nurse' } }))).toEqual(
      EACH_ROW_A_PERSON,
    );
    expect(
      readPersonChoice(input({ schema: choice(visits), fields: { [PER_PERSON]: 'note\nward' } })).perPerson,
    ).toEqual(['ward']);
    // The person column stays marked when it was, so that the run's blockers can ask to untick it.
    expect(
      readPersonChoice(input({ schemaInRun: true, fields: { [PERSON_COLUMN]: 'sex', [PER_PERSON]: 'sex\nward' } })),
    ).toEqual({ column: 'sex', perPerson: ['sex', 'ward'] });
  });
});

describe('the schema a run uses', () => {
  it('is the chosen schema itself when the choice is the schema’s own', () => {
    const given = choice(visits);
    expect(runSchemaOf(given, { column: 'patient_id', perPerson: ['sex'] })).toBe(given);
    expect(runSchemaOf(null, EACH_ROW_A_PERSON)).toBeNull();
  });

  it('names the person column as the unit, an id column, with the marked columns one value per person', () => {
    const run = runSchemaOf(choice(flat), { column: 'patient_id', perPerson: ['ward'] })!;
    expect(run.schema).toEqual({
      version: 1,
      privacyUnit: 'patient_id',
      columns: [
        { name: 'patient_id', type: 'id', description: 'the patient' },
        { name: 'sex', type: 'categorical', categories: ['F', 'M'] },
        { name: 'ward', type: 'categorical', categories: ['a', 'b'], perPerson: true },
        { name: 'note', type: 'text' },
      ],
    });
    expect(JSON.parse(run.text)).toEqual(run.schema);
    expect(run.kind).toBe('uploaded');
  });

  it('drops the unit and the marks when each row is a different person', () => {
    const run = runSchemaOf(choice(visits), EACH_ROW_A_PERSON)!;
    expect(run.schema.privacyUnit).toBeUndefined();
    expect(run.schema.columns.find((column) => column.name === 'sex')).toEqual({
      name: 'sex',
      type: 'categorical',
      categories: ['F', 'M'],
    });
  });
});

describe('what the store derives from the person fields', () => {
  const store = () => new Store(initialState('reduced-space-lp'), derivePage);
  const set = (s: Store, fields: Record<string, string>) => s.set({ fields: { ...s.get().fields, ...fields } });

  it('writes the choice into the run’s schema and keeps the same objects while it does not change', () => {
    const s = store();
    s.set({ input: file, schema: choice(flat) });
    expect(s.get().runSchema).toBe(s.get().schema);
    set(s, { [PERSON_COLUMN]: 'patient_id' });
    const { persons, runSchema } = s.get();
    expect(persons).toEqual({ column: 'patient_id', perPerson: [] });
    expect(runSchema!.schema.privacyUnit).toBe('patient_id');
    s.set({ fields: { ...s.get().fields, epsilon: '2' } });
    expect(s.get().persons).toBe(persons);
    expect(s.get().runSchema).toBe(runSchema);
  });

  it('shows a new schema’s own unit, and keeps the choice shown for a schema without one', () => {
    const s = store();
    s.set({ input: file, schemaInRun: true });
    set(s, { [PERSON_COLUMN]: 'patient_id', [PER_PERSON]: 'ward' });
    // A schema without a unit: the choice shown stays.
    s.set({ schema: choice(flat), schemaInRun: false });
    expect(s.get().persons).toEqual({ column: 'patient_id', perPerson: ['ward'] });
    // A schema with its own unit and marks: they are shown.
    s.set({ schema: choice(visits, 'visits') });
    expect(s.get().persons).toEqual({ column: 'patient_id', perPerson: ['sex'] });
    expect(s.get().runSchema).toBe(s.get().schema);
  });

  it('puts k among the run’s options only with a person column, checked against the catalogue', () => {
    const s = store();
    s.set({ input: file, schemaInRun: true });
    expect(s.get().parameters).toEqual({ epsilon: 1, outOfDomain: 'clamp', mechanism: 'auto' });
    // An invalid k holds nothing while each row is a person: the field is not shown.
    set(s, { [ROWS_PER_PERSON.id]: '0' });
    expect(s.get().parameters).not.toBeNull();
    // Blank: k is chosen privately at the run, so it is left out of the options.
    set(s, { [PERSON_COLUMN]: 'patient_id', [ROWS_PER_PERSON.id]: '' });
    expect(s.get().parameters).toEqual({ epsilon: 1, outOfDomain: 'clamp', mechanism: 'auto' });
    set(s, { [ROWS_PER_PERSON.id]: '4' });
    expect(s.get().parameters).toEqual({ epsilon: 1, outOfDomain: 'clamp', rowsPerPerson: 4, mechanism: 'auto' });
    set(s, { [ROWS_PER_PERSON.id]: '1001' });
    expect(s.get().parameters).toBeNull();
  });

  it('starts k blank, chosen privately at the run', () => {
    const s: AppState = store().get();
    expect(ROWS_PER_PERSON.initial).toBeUndefined();
    expect(ROWS_PER_PERSON.placeholder).toBe('chosen privately');
    expect(s.persons).toBe(EACH_ROW_A_PERSON);
  });
});
