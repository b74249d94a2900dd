// Step 2's fields as data: the raw text of every field is in the store (AppState.fields, by field
// id), and the run's options are read from it here, by one pure function. A number is checked
// against the catalogue's bounds (OPTION_CATALOGUE); a blank optional field is left out, so that
// the library's default applies. Only the chosen mechanism's shown fields are read: the core
// rejects an option that does not apply.
import { OPTION_CATALOGUE, type OptionSpec } from 'privsynth';

import type { FieldPart, FieldSpec, FieldText, MechanismUi } from '../mechanisms/mechanism-ui';
import { mechanismUi } from '../mechanisms/registry';
import { ROWS_PER_PERSON } from '../persons/person-fields';
import type { AppState, ColumnsNeeded, Mechanism, RunParameters } from '../store';
import { formatInteger } from '../ui/format';

/** Where a field's option is in the catalogue: the common options, or a mechanism's. */
export type OptionSection = Mechanism | 'common';

/** The method select's value for the library's own choice ("mechanism": "auto"). */
export const AUTOMATIC = 'auto';

export const EPSILON: FieldSpec = {
  id: 'epsilon',
  option: 'epsilon',
  label: 'Privacy budget ε (epsilon)',
  hint: 'Smaller is more private and noisier. ε = 1 is a common choice.',
  initial: '1',
  required: true,
  step: '0.1',
};

/**
 * n as the user states it: for the forecast, the planner and the recommendation. Blank at first and
 * never filled in from the data, whose exact number of records is private.
 */
export const STATED_ROWS: FieldSpec = {
  id: 'stated-rows',
  option: 'publicRows',
  label: 'Number of records n, if it is public (optional)',
  hint:
    'For the forecast, the planner and the recommendation. State only a number that is public, from the data’s documentation or a round estimate; ' +
    'your file’s own row count is never used for them, since it is private. Blank: they go without n.',
  placeholder: 'not stated',
  step: '1',
  parse: (text) => {
    const value = Number(text);
    if (!Number.isInteger(value) || value < 1)
      return { error: 'Enter a whole number of at least 1, or leave it blank.' };
    return { value };
  },
};

export const OUT_OF_DOMAIN: FieldSpec = {
  id: 'out-of-domain',
  option: 'outOfDomain',
  label: 'Values outside the schema',
  hint: 'A value outside a column’s range or categories: keep the row with the value clamped to the range (or marked missing), leave the row out, or stop. Every such value is counted in the utility report.',
  choices: {
    clamp: 'Keep the row, fix the value',
    reject: 'Leave the row out',
    error: 'Stop with an error',
  },
};

/** The prediction target's field ('' for none), and the further targets' (one column name a line). */
export const ML_TARGET = 'ml-target';
export const ML_EXTRA_TARGETS = 'ml-extra-targets';

export const isFieldSpec = (part: FieldPart): part is FieldSpec => typeof part === 'object';

export function optionSpec(section: OptionSection, option: string): OptionSpec {
  const spec = (OPTION_CATALOGUE[section] as Record<string, OptionSpec>)[option];
  if (!spec) throw new Error(`the catalogue has no option "${option}" in ${section}`);
  return spec;
}

/** A select's values, in the catalogue's order (only the labelled ones, when labels are given). */
export function choicesOf(field: FieldSpec, section: OptionSection): string[] | null {
  const spec = optionSpec(section, field.option);
  if (spec.type === 'boolean') return null;
  if (!spec.values) return field.choices ? Object.keys(field.choices) : null;
  const values = spec.values.map(String);
  return field.choices ? values.filter((value) => value in field.choices!) : values;
}

export function initialText(field: FieldSpec, section: OptionSection): string {
  if (field.initial !== undefined) return field.initial;
  const spec = optionSpec(section, field.option);
  if (spec.type === 'boolean') return String(spec.default ?? false);
  const choices = choicesOf(field, section);
  if (choices) return spec.default !== undefined ? String(spec.default) : choices[0];
  return '';
}

/** A field's text as it counts: the typed text, its initial text, or the initial one for a disabled value. */
export function fieldText(fields: Record<string, string>, field: FieldSpec, section: OptionSection): string {
  const text = fields[field.id] ?? initialText(field, section);
  return field.disabled?.includes(text) ? initialText(field, section) : text;
}

const numberText = (n: number) => (Math.abs(n) >= 10000 ? formatInteger(n) : String(n));

/** "a whole number from 1 to 2,000,000", "a number greater than 0": the catalogue's range in words. */
export function rangeWords(spec: OptionSpec): string {
  const what = spec.type === 'integer' ? 'a whole number' : 'a number';
  if (spec.minimum !== undefined && spec.minimumExcluded) return `${what} greater than ${numberText(spec.minimum)}`;
  if (spec.minimum !== undefined && spec.maximum !== undefined)
    return `${what} from ${numberText(spec.minimum)} to ${numberText(spec.maximum)}`;
  if (spec.minimum !== undefined) return `${what} of at least ${numberText(spec.minimum)}`;
  return what;
}

export interface Parsed {
  value?: string | number | boolean;
  error?: string;
}

/** A field's value (undefined: blank, the library's default), or the error shown next to it. */
export function parseField(field: FieldSpec, section: OptionSection, text: string): Parsed {
  const spec = optionSpec(section, field.option);
  if (spec.type === 'boolean') return { value: text === 'true' };
  const choices = choicesOf(field, section);
  if (choices) {
    const value = choices.includes(text) ? text : initialText(field, section);
    return { value: spec.type === 'integer' ? Number(value) : value };
  }
  const blank = text.trim() === '';
  const orBlank = field.required ? '' : ', or leave it blank';
  if (blank) return field.required ? { error: `Enter ${rangeWords(spec)}.` } : {};
  if (field.parse) return field.parse(text);
  const value = Number(text);
  const inRange =
    Number.isFinite(value) &&
    (spec.type !== 'integer' || Number.isInteger(value)) &&
    (spec.minimum === undefined || (spec.minimumExcluded ? value > spec.minimum : value >= spec.minimum)) &&
    (spec.maximum === undefined || value <= spec.maximum);
  return inRange ? { value } : { error: `Enter ${rangeWords(spec)}${orBlank}.` };
}

/** The chosen columns a classifier can predict, in schema order (none before the core's advice is in). */
export function predictableTargets(state: Pick<AppState, 'schemaAdvice' | 'columns'>): string[] {
  return (state.schemaAdvice?.columns ?? [])
    .filter((column) => state.columns.includes(column.name) && column.mlTargetPossible)
    .map((column) => column.name);
}

/** The further targets offered with `target`: the other predictable columns. */
export function extraTargetsOffered(state: Pick<AppState, 'schemaAdvice' | 'columns'>, target: string): string[] {
  return target === '' ? [] : predictableTargets(state).filter((name) => name !== target);
}

/** The mechanism's fields that are shown with these texts, main and Advanced, in order. */
export function shownFields(ui: MechanismUi, text: FieldText): FieldSpec[] {
  const { main, afterTarget = [], advanced } = ui.fields;
  return [...main, ...afterTarget, ...advanced].filter(isFieldSpec).filter((field) => field.when?.(text) ?? true);
}

/** The reader of the chosen mechanism's field texts (a common field's too). */
export function textReader(fields: Record<string, string>, ui: MechanismUi): FieldText {
  const all = [EPSILON, STATED_ROWS, OUT_OF_DOMAIN];
  const { main, afterTarget = [], advanced } = ui.fields;
  const own = [...main, ...afterTarget, ...advanced].filter(isFieldSpec);
  return (id) => {
    const field = own.find((f) => f.id === id);
    if (field) return fieldText(fields, field, ui.id);
    const common = all.find((f) => f.id === id);
    return common ? fieldText(fields, common, 'common') : (fields[id] ?? '');
  };
}

export type ParametersInput = Pick<
  AppState,
  'fields' | 'automatic' | 'mechanism' | 'columns' | 'schemaAdvice' | 'input' | 'comparedData' | 'persons'
>;

export interface ReadParameters {
  /** The run's options, or null while a field is invalid. */
  parameters: RunParameters | null;
  columnsNeeded: ColumnsNeeded;
  /** n as stated in step 2, or null (blank or invalid). */
  statedRows: number | null;
  /** The error of every invalid field shown, by field id. */
  errors: Record<string, string>;
}

/** The run's options from the raw text of step 2's fields, and what they need of the columns. */
export function readParameters(state: ParametersInput): ReadParameters {
  const errors: Record<string, string> = {};
  const read = (field: FieldSpec, section: OptionSection, text: string) => {
    const parsed = parseField(field, section, text);
    if (parsed.error) errors[field.id] = parsed.error;
    return parsed.value;
  };
  const commonText = (field: FieldSpec) => fieldText(state.fields, field, 'common');
  const epsilon = read(EPSILON, 'common', commonText(EPSILON)) as number | undefined;
  // An invalid n is shown but does not hold the run: the run does not take it.
  const stated = parseField(STATED_ROWS, 'common', commonText(STATED_ROWS));
  const statedRows = stated.error ? null : ((stated.value as number | undefined) ?? null);
  const withStated = () => (stated.error ? { ...errors, [STATED_ROWS.id]: stated.error } : errors);
  const common: Record<string, unknown> = {
    epsilon,
    outOfDomain: read(OUT_OF_DOMAIN, 'common', commonText(OUT_OF_DOMAIN)),
  };
  // k only with a person column: the core refuses rowsPerPerson without a privacy unit.
  if (state.persons.column !== null)
    common.rowsPerPerson = read(ROWS_PER_PERSON, 'common', commonText(ROWS_PER_PERSON));
  const target = state.fields[ML_TARGET] ?? '';
  if (predictableTargets(state).includes(target)) {
    common.mlTarget = target;
    const offered = extraTargetsOffered(state, target);
    const extra = (state.fields[ML_EXTRA_TARGETS] ?? '').split('\n').filter((name) => offered.includes(name));
    if (extra.length) common.mlExtraTargets = extra;
  }
  const valid = () => Object.keys(errors).length === 0;
  if (state.automatic) {
    // "auto" takes the common options only; the core rejects another mechanism's.
    const parameters = valid() ? ({ ...common, mechanism: AUTOMATIC } as RunParameters) : null;
    return {
      parameters,
      columnsNeeded: { count: 1, reason: 'the automatic choice' },
      statedRows,
      errors: withStated(),
    };
  }
  const ui = mechanismUi(state.mechanism);
  const text = textReader(state.fields, ui);
  const options: Record<string, unknown> = { mechanism: ui.id };
  for (const field of shownFields(ui, text)) {
    const value = read(field, ui.id, text(field.id));
    if (value === undefined) continue;
    if (field.omitDefault && value === optionSpec(ui.id, field.option).default) continue;
    options[field.option] = value;
  }
  let parameters: RunParameters | null = null;
  if (valid()) {
    const finish = ui.fields.finish as ((options: object, state: ParametersInput) => void) | undefined;
    finish?.(options, state);
    parameters = { ...common, ...options } as unknown as RunParameters;
  }
  return { parameters, columnsNeeded: ui.fields.columnsNeeded(text), statedRows, errors: withStated() };
}

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * What the store derives from the fields' text, whenever an input of readParameters changes: the
 * run's options, the columns they need and the stated n. A prediction target that is no longer
 * among the chosen columns becomes none (and stays none when its column comes back). Unchanged
 * values keep their identity, so that views that compare them do not redraw.
 */
export function withParameters(next: AppState, previous: AppState | null): Partial<AppState> {
  const keys = [
    'fields',
    'automatic',
    'mechanism',
    'columns',
    'schemaAdvice',
    'input',
    'comparedData',
    'persons',
  ] as const;
  if (previous && keys.every((key) => next[key] === previous[key])) return {};
  let fields = next.fields;
  const target = fields[ML_TARGET] ?? '';
  if (target !== '' && !predictableTargets(next).includes(target)) fields = { ...fields, [ML_TARGET]: '' };
  const read = readParameters({ ...next, fields });
  return {
    fields,
    parameters: sameJson(read.parameters, next.parameters) ? next.parameters : read.parameters,
    columnsNeeded: sameJson(read.columnsNeeded, next.columnsNeeded) ? next.columnsNeeded : read.columnsNeeded,
    statedRows: read.statedRows,
  };
}
