// The page's state in one place. Panels read it, write patches, and re-render on change.
import { PrivsynthError } from 'privsynth';
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
  sample: 'adult' | 'heart' | null;
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
export type RunParameters = Omit<CommonOptions, 'columns'> & Exclude<MechanismOptions, AutoOptions>;

/** One mechanism's run options ("mechanism" may be left out for the library's default). */
export type RunParametersOf<M extends Mechanism> = Extract<RunParameters, { mechanism?: M }>;

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
}

export interface AppState {
  engineReady: boolean;
  input: DataInput | null;
  schema: SchemaChoice | null;
  /** Set while a schema is being read or validated. */
  schemaBusy: boolean;
  /**
   * The core's advice on every column of the schema (engine/run-advice.ts): their levels and which
   * can be a prediction target. Null until it arrives, and again when the schema changes.
   */
  schemaAdvice: RunAdvice | null;
  columns: string[];
  mechanism: Mechanism;
  parameters: RunParameters | null;
  /** What the chosen mechanism's settings need, kept while a field is invalid (parameters is then null). */
  columnsNeeded: ColumnsNeeded;
  /**
   * The number of records the user states as public (typed in step 4, empty at first, never read
   * from the data), or null: n for the forecast, the planner and the recommendation.
   */
  statedRows: number | null;
  fileRows: FileRows | null;
  forecast: ForecastState;
  running: boolean;
  result: SynthesisResult | null;
  /** The input label of the run that produced `result`. */
  resultBaseName: string;
  failure: FailureInfo | null;
}

type Listener = (state: AppState, previous: AppState) => void;

export class Store {
  private state: AppState;
  private readonly listeners = new Set<Listener>();

  constructor(initial: AppState) {
    this.state = initial;
  }

  get(): AppState {
    return this.state;
  }

  set(patch: Partial<AppState>): void {
    const previous = this.state;
    this.state = { ...previous, ...patch };
    for (const listener of this.listeners) listener(this.state, previous);
  }

  /** Calls `listener` on every change, and once now. */
  subscribe(listener: Listener): void {
    this.listeners.add(listener);
    listener(this.state, this.state);
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

/** The state at load: no data yet, `mechanism` chosen (the registry's first). */
export function initialState(mechanism: Mechanism): AppState {
  return {
    engineReady: false,
    input: null,
    schema: null,
    schemaBusy: false,
    schemaAdvice: null,
    columns: [],
    mechanism,
    parameters: null,
    // The parameter panel states the chosen mechanism's own as soon as it is built.
    columnsNeeded: { count: 1, reason: '' },
    statedRows: null,
    fileRows: null,
    forecast: { kind: 'none' },
    running: false,
    result: null,
    resultBaseName: '',
    failure: null,
  };
}

/** Plain failure info from anything thrown or rejected. */
export function failureOf(error: unknown): FailureInfo {
  if (error instanceof PrivsynthError) return { code: error.code, message: error.message };
  return { code: 'UNEXPECTED', message: error instanceof Error ? error.message : String(error) };
}
