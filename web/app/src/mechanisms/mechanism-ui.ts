// What the app knows of one mechanism, in one typed object: its names and hints, and its parts of
// the forecast, the receipt, the report and the downloads. The generic panels (forecast-view,
// receipt-view, report-view, results-panel) hold no mechanism's name: they look the mechanism up
// in registry.ts and call these. Each mechanism's folder (mechanisms/<id>/) exports one
// MechanismUi; adding a mechanism to the app is that folder and one entry in registry.ts.
import type { PrivacyReceipt, ReleaseForecast, RunForecast, SynthesisResult, UtilityReport } from 'privsynth';

import type { AppState, Mechanism } from '../store';
import type { DownloadFile } from '../ui/download';

/** A piece of a sentence: text, or an element (a number marked for the tests, a <strong>). */
export type Part = Node | string;

/** A label and its value, for a definition list (the receipt's parameters, the forecast's details). */
export type Row = [string, Node | string];

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
  /** n and its source. Default: the number the user stated as public in step 4, or none. */
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
  /** The mechanism select's option, e.g. "Reduced-space LP — pure ε-DP (Boedihardjo, Strohmer & Vershynin)". */
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
  forecast: ForecastUi;
  /** Its rows of the receipt's parameters, before the ones every mechanism may state. */
  receiptRows?(receipt: PrivacyReceipt): Row[];
  report?: ReportUi;
  /** Its own files of a run. */
  downloads?(result: SynthesisResult, baseName: string): ExtraDownload[];
}

/** Any one mechanism's MechanismUi (a union, so that each entry keeps its own id). */
export type MechanismUi = { [M in Mechanism]: MechanismUiOf<M> }[Mechanism];
