// Who is a person, read from the raw text of step 2's fields (person-fields.ts) by pure functions:
// the column whose equal values are one person (the privacy unit) and the columns that hold one
// value per person, and the schema a run then uses. Until the user changes them, the fields show
// the chosen schema's own privacyUnit and perPerson columns. docs/privacy/privacy-unit.md says what
// the core does with them.
import type { Schema, SchemaColumn } from 'privsynth';

import type { AppState, SchemaChoice } from '../store';
import { PER_PERSON, PERSON_COLUMN } from './person-fields';

/** Who is a person in the run. */
export interface PersonChoice {
  /** The column whose equal values are one person (the privacy unit); null: each row is a different person. */
  column: string | null;
  /** The columns marked as holding one value per person, in the table's order (empty without a column). */
  perPerson: string[];
}

export const EACH_ROW_A_PERSON: PersonChoice = { column: null, perPerson: [] };

export type PersonInput = Pick<AppState, 'fields' | 'schema' | 'schemaInRun' | 'input'>;

/** An id or free-text column: output, never measured, so it cannot hold a value per person. */
const unmeasured = (column: SchemaColumn) => column.type === 'id' || column.type === 'text';

/** The columns a person column may be: the schema's that the file has, or (no schema) the file's header. */
export function personColumnsOffered({ schema, schemaInRun, input }: Omit<PersonInput, 'fields'>): string[] {
  const header = input?.header ?? null;
  if (schema) {
    const names = schema.schema.columns.map((column) => column.name);
    return header ? names.filter((name) => header.includes(name)) : names;
  }
  return schemaInRun && header ? [...header] : [];
}

/**
 * The columns that may be marked as one value per person, given the person column: the measured
 * ones (with no schema, every other column of the file: their kinds are found in the run).
 */
export function perPersonOffered(state: Omit<PersonInput, 'fields'>, column: string): string[] {
  const measured = state.schema
    ? new Set(state.schema.schema.columns.filter((c) => !unmeasured(c)).map((c) => c.name))
    : null;
  return personColumnsOffered(state).filter((name) => name !== column && (measured?.has(name) ?? true));
}

const schemaPerPerson = (schema: Schema | undefined) =>
  (schema?.columns ?? []).filter((column) => !unmeasured(column) && column.perPerson).map((column) => column.name);

/**
 * The choice as the fields say, or as the chosen schema names it while they are untouched. A column
 * the table does not have counts as none. A column marked per person stays marked when it becomes
 * the person column (run-blockers.ts then asks to untick it).
 */
export function readPersonChoice(state: PersonInput): PersonChoice {
  const given = state.schema?.schema;
  const offered = personColumnsOffered(state);
  const columnText = state.fields[PERSON_COLUMN] ?? given?.privacyUnit ?? '';
  if (!offered.includes(columnText)) return EACH_ROW_A_PERSON;
  const perText = state.fields[PER_PERSON];
  const marked = perText === undefined ? schemaPerPerson(given) : perText.split('\n');
  const allowed = new Set([columnText, ...perPersonOffered(state, columnText)]);
  return { column: columnText, perPerson: offered.filter((name) => allowed.has(name) && marked.includes(name)) };
}

/** `column` with its perPerson flag as `wanted` (the same object when it already is). */
function withPerPerson(column: SchemaColumn, wanted: boolean): SchemaColumn {
  if (unmeasured(column) || Boolean(column.perPerson) === wanted) return column;
  const { perPerson: _dropped, ...rest } = column;
  return wanted ? { ...rest, perPerson: true } : rest;
}

/**
 * The schema a run uses: `choice` written into `schema` as its privacyUnit and perPerson flags. A
 * person column the schema declares as data becomes an "id" column in this copy: a person's
 * identifier is never measured, and the synthetic table holds fresh person numbers in it. The same
 * SchemaChoice when it changes nothing; the copy's text is the schema's JSON.
 */
export function runSchemaOf(schema: SchemaChoice | null, choice: PersonChoice): SchemaChoice | null {
  if (!schema) return null;
  const given = schema.schema;
  const unit = choice.column;
  const columns = given.columns.map((column): SchemaColumn => {
    if (column.name !== unit) return withPerPerson(column, unit !== null && choice.perPerson.includes(column.name));
    if (column.type === 'id') return column;
    return { name: column.name, type: 'id', ...(column.description ? { description: column.description } : {}) };
  });
  if ((given.privacyUnit ?? null) === unit && columns.every((column, i) => column === given.columns[i])) return schema;
  const { privacyUnit: _dropped, ...rest } = given;
  const copy: Schema = { ...rest, ...(unit === null ? {} : { privacyUnit: unit }), columns };
  return { ...schema, schema: copy, text: JSON.stringify(copy, null, 1) };
}

/** The person column of the schema the run would use differs from the one its domains were found privately for. */
export function discoveredForAnotherUnit(state: Pick<AppState, 'schema' | 'persons'>): boolean {
  const given = state.schema?.schema;
  return given?.provenance === 'dp-discovered' && (given.privacyUnit ?? null) !== state.persons.column;
}

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * What the store derives from the person fields: `persons` and `runSchema`, the same objects while
 * they do not change. A newly chosen schema that names its own privacyUnit shows it (the fields are
 * cleared); one that names none keeps the choice shown so far (the fields are pinned to it).
 */
export function withPersons(next: AppState, previous: AppState | null): Partial<AppState> {
  const keys = ['fields', 'schema', 'schemaInRun', 'input'] as const;
  if (previous && keys.every((key) => next[key] === previous[key])) return {};
  let fields = next.fields;
  if (previous && next.schema !== previous.schema) {
    const { [PERSON_COLUMN]: _column, [PER_PERSON]: _perPerson, ...others } = fields;
    const shown = previous.persons;
    fields =
      next.schema?.schema.privacyUnit !== undefined || shown.column === null
        ? others
        : { ...others, [PERSON_COLUMN]: shown.column, [PER_PERSON]: shown.perPerson.join('\n') };
  }
  const read = readPersonChoice({ ...next, fields });
  const persons = sameJson(read, next.persons) ? next.persons : read;
  const made = runSchemaOf(next.schema, persons);
  // A copy with the same text as the last one, of the same schema, is kept: views compare identities.
  const sameCopy = made !== next.schema && next.schema === previous?.schema && made?.text === next.runSchema?.text;
  const runSchema = sameCopy ? next.runSchema : made;
  return { ...(fields === next.fields ? {} : { fields }), persons, runSchema };
}
