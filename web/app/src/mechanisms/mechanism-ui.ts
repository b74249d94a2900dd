// What the app knows of one mechanism, in one typed object: its names and hints, its fields in step
// 2 (generic fields of the catalogue's options, and parts of its own), what it asks of the columns,
// and its parts of the forecast, the receipt, the report and the downloads. The generic panels
// (params-panel, forecast-view, receipt-view, report-view, downloads-view, run-blockers) hold no
// mechanism's name: they look the chosen mechanism up in registry.ts and call these. Each
// mechanism's folder (mechanisms/<id>/)
// exports one MechanismUi; adding a mechanism to the app is that folder and one entry in registry.ts.
import type {
  AutoOptions,
  CommonOptions,
  MechanismOptions,
  PrivacyReceipt,
  ReleaseForecast,
  RunForecast,
  Schema,
  SynthesisResult,
  UtilityReport,
} from 'privsynth';

import type { JSX } from 'preact';

import type { AppState, ColumnsNeeded, Mechanism, Store } from '../store';
import type { DownloadFile } from '../ui/download';

/** A piece of a sentence: text, or an element (a number marked for the tests, a <strong>). */
export type Part = Node | string;

/** A label and its value, for a definition list (the receipt's parameters, the forecast's details). */
export type Row = [string, Node | string];

/** The options a mechanism's fields make: its own, and the choices made by looking at the data (if any). */
export type MechanismOptionsOf<M extends Mechanism> = Extract<
  Exclude<MechanismOptions, AutoOptions>,
  { mechanism?: M }
> &
  Pick<CommonOptions, 'choicesFromData'>;

/** The raw text of step 2's fields, by field id, with each field's initial text filled in. */
export type FieldText = (id: string) => string;

/**
 * One field of step 2 for an option of the catalogue (OPTION_CATALOGUE): the generic OptionField
 * takes its type, bounds, default and values from there; the words are the app's.
 */
export interface FieldSpec {
  /** The input's id and test id, and its key in AppState.fields. */
  id: string;
  /** The option it sets, as the catalogue names it. */
  option: string;
  label: string;
  /** The hint under the field; it may follow the field's own text or another's. */
  hint?: string | ((text: FieldText) => string);
  /** A blank number field's placeholder. Default: "automatic" for a computed default, else the default. */
  placeholder?: string;
  /** A select's labels, by value; values without a label are not offered. Default: the values themselves. */
  choices?: Record<string, string>;
  /** Values offered but disabled (a disabled value typed earlier reads as the initial one). */
  disabled?: readonly string[];
  /** The text at first. Default: a select's default value, else blank (the library's default). */
  initial?: string;
  /** A blank field is an error (a number the library needs from the page). */
  required?: boolean;
  step?: string;
  /** The option is left out while its value is the catalogue's default. */
  omitDefault?: boolean;
  /** A parse of the app's own, for a range stated otherwise than by the catalogue (δ). */
  parse?(text: string): { value?: number; error?: string };
  /** Shown and sent only when this holds. */
  when?(text: FieldText): boolean;
  /** Read here but drawn by one of the mechanism's own parts (a FieldPart component). */
  drawnBy?: 'part';
}

/** A piece of a mechanism's form: a generic field, or a component of its own (the planner, a notice). */
export type FieldPart = FieldSpec | ((props: { store: Store }) => JSX.Element | null);

/** A mechanism's fields in step 2: where they go, and what is not generic in reading them. */
export interface MechanismFields<M extends Mechanism> {
  /** After ε and the stated n: the mechanism's main choices. */
  main: FieldPart[];
  /** After the prediction target. */
  afterTarget?: FieldPart[];
  /** In the grid under "Advanced", before "Values outside the schema". */
  advanced: FieldPart[];
  /** Changes the options read from the fields (e.g. a label from the state, an option that does not apply). */
  finish?(options: MechanismOptionsOf<M>, state: Pick<AppState, 'input' | 'comparedData'>): void;
  /** The fewest columns a run needs with these settings (read while a field is invalid too). */
  columnsNeeded(text: FieldText): ColumnsNeeded;
  /** The note at the top of "Advanced" on which settings apply, or null for none. */
  advancedNote(text: FieldText): string | null;
}

/** The chosen columns that a mechanism refuses (the core would stop the run), in the run panel's words. */
export interface ColumnRefusal {
  columns: string[];
  /** Why the run cannot start, after "To run: ", e.g. "untick the nullable numeric column “age” (…)". */
  blocker: string;
}

/** n for the forecast, and where it comes from in a sentence. */
export interface RowsSource {
  rows: number | null;
  source: string;
}

/** A mechanism's part of the forecast (forecast-view.ts); every number comes from the core's forecastRun(). */
export interface ForecastUi {
  /** What the run releases, after "6 of 16 columns → " (the numbers the tests read marked estimate-*). */
  sentence(forecast: RunForecast): Part[];
  /** The budget in one sentence. Default: pure ε-DP, split over the releases by basic composition. */
  budget?(forecast: RunForecast): Part[];
  /** The mechanism's public parameters in words, under the two sentences, or null. */
  details?(forecast: RunForecast): HTMLElement | null;
  /** A release's "expected error" cell when the mechanism states it better than the noise does; null: the default. */
  releaseError?(forecast: RunForecast, release: ReleaseForecast): string | null;
  /** The hint under the table of releases. Default: the expected error of noisy counts. */
  errorLabel?: string;
  /** n and its source. Default: the number the user stated as public in step 2, or none. */
  rows?(state: AppState): RowsSource;
}

/** A mechanism's part of the utility report (computed on the real data: for the owner's eyes only). */
export interface ReportUi {
  /** Its sections, between the headline metrics and the plots. */
  sections(report: UtilityReport): HTMLElement[];
  /** The CSS its sections need in the standalone report file (report-export.ts). */
  exportCss?: string;
}

/** A file of a run besides the synthetic CSV, the receipt and the report, with what it is. */
export interface ExtraDownload {
  file: DownloadFile;
  /** Shown under the download buttons. */
  note?: HTMLElement;
}

/** Everything the app shows of mechanism M. */
export interface MechanismUiOf<M extends Mechanism> {
  id: M;
  /** The method select's option, short enough for a phone, e.g. "Reduced-space LP (few columns)"; the hint says what it keeps. */
  label: string;
  /** Its name alone, in bold in the recommendation, e.g. "Reduced-space LP". */
  shortLabel: string;
  /** The hint under the mechanism select: how it works and what it is good at. */
  hint: string;
  /** Step 3's note on what the chosen columns mean to it. */
  columnsNote: string;
  /**
   * Its neighbouring datasets. "replace-one": the number of records is public (its n is the file's
   * data rows, and a privately discovered schema's ε counts twice).
   */
  neighbours: PrivacyReceipt['privacy']['neighbourRelation'];
  /** The mechanism in a sentence, e.g. "the sampler" (for "… for the sampler, whose neighbours …"). */
  inSentence: string;
  /** The recommendation's lead while this mechanism is chosen. Default: "Recommended here: ". */
  recommendationLead?: string;
  /** Its fields in the parameter panel. */
  fields: MechanismFields<M>;
  /** The chosen columns it refuses, or null when it takes them all. */
  refusedColumns?(schema: Schema, columns: string[]): ColumnRefusal | null;
  /** Other reasons a run cannot start yet (e.g. a setting the forecast says the core refuses). */
  blockers?(state: AppState): string[];
  forecast: ForecastUi;
  /** Its rows of the receipt's parameters, before the ones every mechanism may state. */
  receiptRows?(receipt: PrivacyReceipt): Row[];
  report?: ReportUi;
  /** Its own files of a run. */
  downloads?(result: SynthesisResult, baseName: string): ExtraDownload[];
}

/** Any one mechanism's MechanismUi (a union, so that each entry keeps its own id and options). */
export type MechanismUi = { [M in Mechanism]: MechanismUiOf<M> }[Mechanism];
