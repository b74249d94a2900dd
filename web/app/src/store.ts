// The page's state in one place: one signal holding the whole state. Preact components read
// `store.state.value` (and re-render when it changes); the older panels subscribe with `watch`.
import { signal, type ReadonlySignal, type Signal } from '@preact/signals';
import { PrivsynthError } from 'privsynth';
import type { BundledId } from './data/bundled';
import { EACH_ROW_A_PERSON, type PersonChoice } from './persons/person-choice';
import { DEFAULT_FILE_LIMIT, type Ledgers } from './privacy-ledger/ledger';
import type { RunRequest } from './results/reproduce';
import type {
  AutoOptions,
  CommonOptions,
  MechanismOptions,
  RunAdvice,
  RunForecast,
  Schema,
  SynthesisResult,
} from 'privsynth';

/** The table the user wants to synthesize. */
export interface DataInput {
  /** Shown to the user, e.g. "adult.csv (bundled sample)". */
  label: string;
  /** Used for download names: "<baseName>-synthetic.csv". */
  baseName: string;
  /** CSV text (bundled samples) or the user's File (read inside the worker). */
  csv: string | File;
  bytes: number;
  /**
   * Data rows, when known without reading a whole file (the bundled samples). Exact, so private,
   * except for a mechanism whose neighbours replace one record: the number of records is then public.
   */
  rows: number | null;
  /** The header row, when it could be read; null otherwise. */
  header: string[] | null;
  /** Which bundled sample this is, if any. */
  sample: BundledId | null;
  /** The file's key in the privacy ledger (privacy-ledger/ledger.ts, inputKey). */
  key: string;
}

export type SchemaKind = 'bundled' | 'uploaded' | 'inferred' | 'found-privately';

/** A schema that passed the library's validateSchema (normalized: defaults filled in). */
export interface SchemaChoice {
  kind: SchemaKind;
  /** "adult", "heart", "uploaded", "inferred" or "found-privately". */
  id: string;
  label: string;
  schema: Schema;
  /** The text handed to synthesize() (the user's own JSON, or the inferred schema). */
  text: string;
  /** Its domains were found privately in this page from the current file: that cost is on the file's ledger. */
  discoveredHere?: boolean;
}

/**
 * The mechanisms the demo offers: every mechanism of the library (mechanisms/registry.ts has one
 * entry each). The demo names one in every run; its recommendation is the core's, as "auto" would choose.
 */
export type Mechanism = Exclude<NonNullable<MechanismOptions['mechanism']>, 'auto'>;

/**
 * Options from the parameter panel (null while an input is invalid): the options every mechanism
 * takes (the columns come from the columns panel) and one mechanism's own, since the core rejects
 * an option that does not apply. The intersection distributes over the mechanisms' union, so each
 * member keeps its own keys (Omit over the union would keep only the common ones).
 */
export type RunParameters = Omit<CommonOptions, 'columns'> & MechanismOptions;

/** One mechanism's run options ("mechanism" may be left out for the library's default). */
export type RunParametersOf<M extends Mechanism> = Extract<
  Omit<CommonOptions, 'columns'> & Exclude<MechanismOptions, AutoOptions>,
  { mechanism?: M }
>;

/** The fewest columns a run with the chosen settings needs, and why ("degree 2", "the tree fit"). */
export interface ColumnsNeeded {
  count: number;
  reason: string;
}

export interface FailureInfo {
  code: string;
  message: string;
}

/** The core's forecast of the run with the current settings (forecast-view.ts); the planner reads its workload. */
export type ForecastState =
  | { kind: 'none' }
  | { kind: 'pending' }
  | { kind: 'ready'; report: RunForecast }
  | { kind: 'failed'; failure: FailureInfo };

/**
 * Every data row of `input`'s CSV, counted by the data summary (for files, whose rows are not
 * counted upfront). Exact, so private, except for a mechanism whose neighbours replace one record:
 * the number of records is then public and its run publishes it.
 */
export interface FileRows {
  input: DataInput;
  rows: number;
  /**
   * The rows the schema and the out-of-domain policy keep, for the schema whose text is `schema`:
   * only to stop a run that would keep none (never passed to a run).
   */
  keptRows: number;
  schema: string;
}

export interface AppState {
  engineReady: boolean;
  input: DataInput | null;
  /** Why the file given last cannot be used (shown in step 1; `input` is then null). */
  inputProblem: string | null;
  /** Every release made from each file, and its cost. */
  ledgers: Ledgers;
  /** The total ε the user allows for the current file's releases. */
  fileLimit: number;
  /** The user typed `fileLimit`; until then the allowance follows the ε set (one run's worth). */
  fileLimitSet: boolean;
  /** The user chose to run although the run takes the file's total past `fileLimit`. */
  overLimitAccepted: boolean;
  schema: SchemaChoice | null;
  /**
   * No schema is given: the run finds each column's kind and range privately, as the first part of
   * its release (the library's no-schema path). `schema` is then null.
   */
  schemaInRun: boolean;
  /** Set while a schema is being read or validated. */
  schemaBusy: boolean;
  /**
   * Who is a person (step 2): the column whose equal values are one person, and the columns with one
   * value per person. Derived from `fields` and the schema (persons/person-choice.ts).
   */
  persons: PersonChoice;
  /**
   * The schema the run, the forecast and the data check use: `schema` with `persons` written in as
   * its privacyUnit and perPerson columns (`schema` itself when that changes nothing). Derived.
   */
  runSchema: SchemaChoice | null;
  /**
   * The core's advice on every column of the schema (engine/run-advice.ts): their levels and which
   * can be a prediction target. Null until it arrives, and again when the schema changes.
   */
  schemaAdvice: RunAdvice | null;
  columns: string[];
  /**
   * True while the page lets the library choose ("mechanism": "auto", the default): the run names
   * "auto", and `mechanism` is the one the core recommends for the current public inputs.
   */
  automatic: boolean;
  /** The chosen mechanism, or the one "auto" chooses for the current inputs. */
  mechanism: Mechanism;
  /**
   * The raw text of step 2's fields, by field id (a select's value; a multiple select's values one a
   * line); a field not yet changed is absent and counts as its initial text. The one source of
   * `parameters`, `columnsNeeded` and `statedRows` (method-fields/parameters.ts derives them).
   */
  fields: Record<string, string>;
  /** The data (mechanisms/sampler/choice.ts, dataKeyOf) on which the samplers' comparison was shown. */
  comparedData: string[];
  /** The run's options, read from `fields`; null while a field is invalid. */
  parameters: RunParameters | null;
  /** What the chosen mechanism's settings need, kept while a field is invalid (parameters is then null). */
  columnsNeeded: ColumnsNeeded;
  /**
   * The number of records the user states as public (typed in step 2, empty at first, never read
   * from the data), or null: n for the forecast, the planner and the recommendation.
   */
  statedRows: number | null;
  fileRows: FileRows | null;
  forecast: ForecastState;
  running: boolean;
  result: SynthesisResult | null;
  /** The input label of the run that produced `result`. */
  resultBaseName: string;
  /** What the run that produced `result` was given, to make it again (results/reproduce.ts). */
  resultRun: { request: RunRequest; schemaText: string | null } | null;
  failure: FailureInfo | null;
}

type Listener = (state: AppState, previous: AppState) => void;

/** What the store computes from the state on every change (a patch; previous is null at first). */
export type Derive = (next: AppState, previous: AppState | null) => Partial<AppState>;

export class Store {
  private readonly current: Signal<AppState>;
  private readonly listeners = new Set<Listener>();

  constructor(
    initial: AppState,
    private readonly derive: Derive = () => ({}),
  ) {
    this.current = signal({ ...initial, ...derive(initial, null) });
  }

  /** The state as a signal: reading `.value` in a component re-renders it on every change. */
  get state(): ReadonlySignal<AppState> {
    return this.current;
  }

  get(): AppState {
    return this.current.peek();
  }

  set(patch: Partial<AppState>): void {
    const previous = this.current.peek();
    const next = { ...previous, ...patch };
    this.current.value = { ...next, ...this.derive(next, previous) };
    // Each listener gets the state as it is when called: a listener may itself set the state.
    for (const listener of this.listeners) listener(this.current.peek(), previous);
  }

  /** Calls `listener` on every change, and once now. */
  subscribe(listener: Listener): void {
    this.listeners.add(listener);
    const state = this.current.peek();
    listener(state, state);
  }

  /** Calls `render` now and whenever one of the selected values changes (compared with ===). */
  watch<T extends readonly unknown[]>(select: (state: AppState) => [...T], render: (state: AppState) => void): void {
    let last: unknown[] | null = null;
    this.subscribe((state) => {
      const next = select(state);
      if (last !== null && next.length === last.length && next.every((value, i) => value === last![i])) return;
      last = next;
      render(state);
    });
  }
}

/** The state at load: no data yet, "auto" chosen (`mechanism` stands for its choice until the core's advice names it). */
export function initialState(mechanism: Mechanism): AppState {
  return {
    engineReady: false,
    input: null,
    inputProblem: null,
    ledgers: {},
    fileLimit: DEFAULT_FILE_LIMIT,
    fileLimitSet: false,
    overLimitAccepted: false,
    schema: null,
    schemaInRun: false,
    schemaBusy: false,
    // Derived from `fields` and `schema` by the store's derive (persons/person-choice.ts).
    persons: EACH_ROW_A_PERSON,
    runSchema: null,
    schemaAdvice: null,
    columns: [],
    automatic: true,
    mechanism,
    fields: {},
    comparedData: [],
    parameters: null,
    // Derived from `fields` by the store's derive (method-fields/parameters.ts).
    columnsNeeded: { count: 1, reason: '' },
    statedRows: null,
    fileRows: null,
    forecast: { kind: 'none' },
    running: false,
    result: null,
    resultBaseName: '',
    resultRun: null,
    failure: null,
  };
}

/** Plain failure info from anything thrown or rejected. */
export function failureOf(error: unknown): FailureInfo {
  if (error instanceof PrivsynthError) return { code: error.code, message: error.message };
  return { code: 'UNEXPECTED', message: error instanceof Error ? error.message : String(error) };
}
