// "Forecast before you run": what a run with the current settings will release and how noisy each
// release is, from the core's forecastRun() (docs/forecast.md) on the engine's worker: the same
// option checks, noise scales and budget split as the run, computed from the schema, the options
// and n alone. No data is read and no budget is spent. n is the number of records the user states
// as public in step 2 (method-fields/parameters.ts, STATED_ROWS), or none; never the file's own
// count, which is private (a mechanism whose neighbours replace one record states its own n:
// ForecastUi.rows). It follows
// every change of the schema, the columns and the parameters (debounced; the latest request wins),
// keeps the last forecast on screen while the next one is computed, and shows the core's error
// inline when the settings are impossible (a run would stop with the same error). The mechanism's
// own sentences and details come from its ForecastUi (mechanisms/<id>/forecast.ts).
import {
  forecastRun,
  type ForecastOptions,
  type MarginalForecast,
  type ReleaseForecast,
  type RunForecast,
} from 'privsynth';

import { LatestRequest, SUPERSEDED } from '../engine/latest-request';
import type { ForecastUi, Part, RowsSource } from '../mechanisms/mechanism-ui';
import { findMechanismUi, mechanismUi } from '../mechanisms/registry';
import { errorBarsPlot, WORST_PAIRS } from '../plots/error-bars-plot';
import { failureOf, type AppState, type FailureInfo, type ForecastState, type Store } from '../store';
import { definitionList, h, panel, replaceChildren, show } from '../ui/dom';
import { formatDecimal, formatInteger, formatList } from '../ui/format';
import { personsNote, type PersonScope } from './persons-note';
import {
  budgetText,
  cellNoise,
  errorText,
  memoryText,
  noiseText,
  pureBudgetSentence,
  runtimeText,
  sizeText,
} from './forecast-text';

const DEBOUNCE_MS = 250;
/** The table of marginals starts open up to this many rows. */
const OPEN_MARGINALS = 8;
/** Above these the card warns that the run will be slow or heavy. */
const SLOW_SECONDS = 60;
const LARGE_BYTES = 1024 ** 3;

const NEEDS_N = 'needs n: state the number of records in step 2, if it is public';

const ERROR_HINT =
  'A run with these settings would stop with this same error: the forecast runs the run’s own option checks. Change the settings above; the forecast follows.';

const ERROR_LABEL =
  'Expected error of the noisy counts, before consistency and the fit (usually lower after). TV: the total-variation distance of a marginal as a distribution (0 = exact, 1 = disjoint).';

/** What the forecast view shows of a mechanism the app does not know: the releases, and the defaults. */
const UNKNOWN: ForecastUi = {
  sentence: (forecast) => [`measures ${formatList(forecast.releases.map((r) => r.release))}.`],
};

/** The forecast shown (or on its way) was asked for these: [schema, columns, parameters, rows]. */
type Key = readonly unknown[];
const same = (a: Key | null, b: Key) => a !== null && a.length === b.length && a.every((value, i) => value === b[i]);

/** A scrollable, focusable table with a caption and column headers; each body row starts with a row header. */
function forecastTable(
  caption: string,
  headers: string[],
  rows: HTMLTableRowElement[],
  testId: string,
  numericFrom = headers.length,
): HTMLElement {
  return h(
    'div',
    { class: 'table-scroll', tabindex: 0, role: 'region', 'aria-label': caption },
    h(
      'table',
      { class: 'data-table forecast__table', 'data-testid': testId },
      h('caption', {}, caption),
      h(
        'thead',
        {},
        h(
          'tr',
          {},
          ...headers.map((header, i) => h('th', { scope: 'col', class: i >= numericFrom ? 'numeric' : null }, header)),
        ),
      ),
      h('tbody', {}, ...rows),
    ),
  );
}

function releaseRow(release: ReleaseForecast, rowsKnown: boolean, errorOverride: string | null): HTMLTableRowElement {
  const noise = h('td', { 'data-testid': 'forecast-noise' }, noiseText(release));
  if (release.std !== undefined) noise.dataset.std = String(release.std);
  if (release.scale !== undefined) noise.dataset.scale = String(release.scale);
  const error = h('td', { 'data-testid': 'forecast-expected' }, errorOverride ?? errorText(release, rowsKnown));
  if (release.expectedTvEach) error.dataset.tvTypical = String(release.expectedTvEach.typical);
  return h(
    'tr',
    { 'data-release': release.release },
    h(
      'th',
      { scope: 'row' },
      h('span', { class: 'forecast__release' }, release.release),
      h('span', { class: 'forecast__what' }, release.what),
    ),
    noise,
    h('td', {}, budgetText(release)),
    h('td', {}, sizeText(release)),
    error,
  );
}

const isMarginals = (release: ReleaseForecast) => release.marginals !== undefined;

function releasesTable(forecast: RunForecast, ui: ForecastUi): HTMLElement {
  const rowsKnown = forecast.rows !== null;
  return forecastTable(
    `What the run releases: ${forecast.releases.length} ${forecast.releases.length === 1 ? 'release' : 'releases'} and the noise of each`,
    [
      'Release',
      'Noise of each value',
      forecast.rho !== undefined ? 'Budget (share of ρ)' : 'Budget (share of ε)',
      'Size',
      // A mechanism that measures no marginals (bins, samples) has errors per noisy value.
      forecast.releases.some(isMarginals) ? 'Expected TV per marginal (min – typical – max)' : 'Expected error',
    ],
    forecast.releases.map((release) => releaseRow(release, rowsKnown, ui.releaseError?.(forecast, release) ?? null)),
    'forecast-releases',
  );
}

interface MeasuredMarginal extends MarginalForecast {
  release: ReleaseForecast;
}

const marginalName = (columns: string[]) => columns.join(' × ');

function marginalRow({ columns, cells, expectedL1Count, expectedTv, release }: MeasuredMarginal): HTMLTableRowElement {
  const noise = h('td', { class: 'numeric', 'data-testid': 'forecast-marginal-noise' }, cellNoise(release));
  if (release.std !== undefined) noise.dataset.std = String(release.std);
  if (release.scale !== undefined) noise.dataset.scale = String(release.scale);
  return h(
    'tr',
    { 'data-columns': marginalName(columns), 'data-release': release.release },
    h('th', { scope: 'row' }, marginalName(columns)),
    h('td', {}, release.release),
    h('td', { class: 'numeric' }, formatInteger(cells)),
    noise,
    h('td', { class: 'numeric' }, `±${formatInteger(Math.round(expectedL1Count))}`),
    h(
      'td',
      { class: 'numeric', 'data-tv': expectedTv === null ? null : String(expectedTv) },
      expectedTv === null ? 'needs n' : formatDecimal(expectedTv, 2),
    ),
  );
}

/** Every marginal whose columns are known before the run, in a details element (open when short), with a bar chart of their expected TV. */
function marginalsDetails(forecast: RunForecast): HTMLElement | null {
  const measured: MeasuredMarginal[] = forecast.releases.flatMap((release) =>
    (release.perMarginal ?? []).map((marginal) => ({ ...marginal, release })),
  );
  const later = forecast.releases.filter((release) => release.chosenAtRunTime);
  if (measured.length === 0 && later.length === 0) return null;
  const withTv = measured.filter((m) => m.expectedTv !== null);
  const mean = withTv.reduce((sum, m) => sum + m.expectedTv!, 0) / Math.max(1, withTv.length);
  const worst = [...withTv].sort((a, b) => b.expectedTv! - a.expectedTv!).slice(0, WORST_PAIRS);
  return h(
    'details',
    { class: 'forecast__details', 'data-testid': 'forecast-marginals', open: measured.length <= OPEN_MARGINALS },
    h('summary', {}, `Every marginal measured, known before the run (${formatInteger(measured.length)})`),
    measured.length
      ? forecastTable(
          `Each marginal known before the run: its cells, the noise of each cell, and its expected error`,
          ['Marginal', 'Release', 'Cells', 'Noise per cell', 'Expected L1 error (records)', 'Expected TV'],
          measured.map(marginalRow),
          'forecast-marginals-table',
          2,
        )
      : null,
    ...later.map((release) =>
      h(
        'p',
        { class: 'hint', 'data-testid': 'forecast-later' },
        `Plus ${formatInteger(release.chosenAtRunTime!)} ${release.release} chosen privately during the run` +
          (release.cellsEach
            ? `: ${formatInteger(release.cellsEach.min)}–${formatInteger(release.cellsEach.max)} cells each`
            : '') +
          (release.expectedTvEach
            ? `, expected TV ${formatDecimal(release.expectedTvEach.min, 2)}–${formatDecimal(release.expectedTvEach.max, 2)} (typical ${formatDecimal(release.expectedTvEach.typical, 2)})`
            : '') +
          ` with ${cellNoise(release)} per cell.`,
      ),
    ),
    withTv.length >= 2
      ? errorBarsPlot({
          testId: 'forecast-plot',
          title:
            withTv.length > WORST_PAIRS
              ? `Expected TV of the ${WORST_PAIRS} noisiest marginals known before the run`
              : 'Expected TV of each marginal known before the run',
          note: 'The noise of the measured counts, before consistency and the fit (usually lower after). Marginals with many cells get the largest errors: fewer columns, fewer levels or a larger ε shorten the bars.',
          distances: worst.map((m) => ({ columns: m.columns, tv: m.expectedTv! })),
          names: 'Marginal',
          mean,
          meanOf: `all ${formatInteger(withTv.length)} marginals`,
        })
      : null,
  );
}

function warningOf(forecast: RunForecast): string | null {
  const seconds = forecast.runtimeSeconds.wasm;
  const bytes = forecast.memoryBytes.total as number | null;
  const slow = seconds !== null && seconds > SLOW_SECONDS;
  const large = bytes !== null && bytes > LARGE_BYTES;
  if (!slow && !large) return null;
  return `${[slow ? 'This run may take more than a minute' : '', large ? 'it may need more than 1 GB of memory' : ''].filter(Boolean).join(' and ')}. Choose fewer columns or a lower degree for a quick run.`.replace(
    /^it/,
    'It',
  );
}

/** "6 of 16 columns → " and the mechanism's sentence, in one text where it starts with text. */
function releaseSentence(forecast: RunForecast, totalColumns: number, ui: ForecastUi): Part[] {
  const head = `${forecast.columns.length} of ${totalColumns} columns → `;
  const [first, ...rest] = ui.sentence(forecast);
  return typeof first === 'string' ? [head + first, ...rest] : [head, ...(first === undefined ? [] : [first]), ...rest];
}

function forecastBody(forecast: RunForecast, totalColumns: number, scope: PersonScope | null): Array<Node | null> {
  const ui = findMechanismUi(forecast.mechanism)?.forecast ?? UNKNOWN;
  const memory = memoryText(forecast);
  const runtime = runtimeText(forecast);
  const warning = warningOf(forecast);
  const notes = [
    ...forecast.notes,
    ...forecast.releases.flatMap((release) => (release.notes ?? []).map((note) => `${release.release}: ${note}`)),
  ];
  return [
    h('p', { class: 'forecast__sentence', 'data-testid': 'estimate' }, ...releaseSentence(forecast, totalColumns, ui)),
    h(
      'p',
      { class: 'forecast__sentence', 'data-testid': 'forecast-budget' },
      ...(ui.budget ?? pureBudgetSentence)(forecast),
    ),
    personsNote(forecast, scope),
    ui.details?.(forecast) ?? null,
    releasesTable(forecast, ui),
    h('p', { class: 'hint', 'data-testid': 'forecast-error-label' }, ui.errorLabel ?? ERROR_LABEL),
    definitionList([
      ['Memory', h('span', { 'data-testid': 'forecast-memory' }, memory ?? NEEDS_N)],
      ['Runtime', h('span', { 'data-testid': 'forecast-runtime' }, runtime ?? NEEDS_N)],
    ]),
    warning ? h('p', { class: 'notice notice--warning', 'data-testid': 'forecast-warning' }, warning) : null,
    marginalsDetails(forecast),
    notes.length
      ? h(
          'ul',
          { class: 'forecast__notes', 'data-testid': 'forecast-notes', 'aria-label': 'Notes of the forecast' },
          ...notes.map((note) => h('li', {}, note)),
        )
      : null,
    h(
      'details',
      { class: 'forecast__details' },
      h('summary', {}, 'How the runtime is estimated'),
      h('p', { class: 'hint' }, forecast.runtimeSeconds.basis),
    ),
  ];
}

export function forecastView(store: Store): HTMLElement {
  const rowsLine = h('p', { class: 'hint', 'data-testid': 'forecast-rows-source' });
  const status = h('p', { class: 'forecast__status', 'data-testid': 'forecast-status' });
  const body = h('div', { class: 'forecast__body', 'data-testid': 'forecast-body' });

  let timer: ReturnType<typeof setTimeout> | undefined;
  const requests = new LatestRequest();
  let shownKey: Key | null = null;
  let pendingKey: Key | null = null;

  const setStatus = (kind: 'idle' | 'busy' | 'ok' | 'warning' | 'error', ...content: Array<Node | string>) => {
    status.dataset.state = kind;
    replaceChildren(status, ...content);
  };
  const setForecast = (forecast: ForecastState) => store.set({ forecast });
  const setBusy = (busy: boolean) =>
    busy ? element.setAttribute('aria-busy', 'true') : element.removeAttribute('aria-busy');

  /** n and where it comes from, in a sentence: the chosen mechanism's own, else the number the user stated, else none. */
  const rowsOf = (state: AppState): RowsSource => {
    const own = mechanismUi(state.mechanism).forecast.rows;
    if (own) return own(state);
    if (state.statedRows !== null) {
      return {
        rows: state.statedRows,
        source: `n = ${formatInteger(state.statedRows)}: the number of records you stated in step 2.`,
      };
    }
    return {
      rows: null,
      source:
        'Without n: the expected errors, memory and time need the number of records. State it in step 2 if it is public; your file’s own count is private and not used here.',
    };
  };

  /** Nothing to forecast: a message, an empty body. */
  const idle = (message: string) => {
    clearTimeout(timer);
    requests.drop();
    shownKey = pendingKey = null;
    setStatus('idle', message);
    replaceChildren(body);
    setBusy(false);
    if (store.get().forecast.kind !== 'none') setForecast({ kind: 'none' });
  };

  const showForecast = (forecast: RunForecast, totalColumns: number, scope: PersonScope | null) => {
    setStatus(
      'ok',
      `Up to date for the settings above${forecast.rows !== null ? ` and n = ${formatInteger(forecast.rows)} records` : ', without n'}.`,
    );
    replaceChildren(body, ...forecastBody(forecast, totalColumns, scope));
    setBusy(false);
  };

  const showFailure = (failure: FailureInfo) => {
    setStatus(
      'error',
      'The forecast cannot be made: ',
      h('code', { class: 'error-code', 'data-testid': 'forecast-error-code' }, failure.code),
      ' ',
      h('span', { 'data-testid': 'forecast-error' }, failure.message),
    );
    replaceChildren(body, h('p', { class: 'hint' }, ERROR_HINT));
    setBusy(false);
  };

  const request = async (
    isLatest: () => boolean,
    wanted: Key,
    options: ForecastOptions,
    totalColumns: number,
    scope: PersonScope | null,
  ) => {
    if (!isLatest()) return;
    // A run holds the worker: this request is dropped, and made again when the run ends.
    if (store.get().running) {
      pendingKey = null;
      return;
    }
    try {
      // On the engine's one warm worker, after the calls queued before it; a superseded one is skipped.
      const forecast = await requests.ask(
        () => (store.get().running ? Promise.resolve(null) : forecastRun(options)),
        isLatest,
      );
      if (forecast === SUPERSEDED) return;
      if (!forecast) {
        pendingKey = null;
        return;
      }
      shownKey = wanted;
      pendingKey = null;
      showForecast(forecast, totalColumns, scope);
      setForecast({ kind: 'ready', report: forecast });
    } catch (error) {
      const failure = failureOf(error);
      shownKey = wanted;
      pendingKey = null;
      showFailure(failure);
      setForecast({ kind: 'failed', failure });
    }
  };

  function refresh(): void {
    const state = store.get();
    const { rows, source } = rowsOf(state);
    rowsLine.textContent = source;
    show(rowsLine, state.schema !== null);
    // The schema with who is a person written in (persons/person-choice.ts), as the run gets it.
    const { runSchema: schema, columns, parameters } = state;
    if (!schema) {
      idle(
        state.schemaBusy
          ? 'Checking the schema…'
          : state.schemaInRun
            ? 'The forecast needs each column’s kind and range, which the run finds privately when it starts. To see the forecast before you run, find them now (Column kinds, above).'
            : 'Choose a schema (step 2) and columns (step 2) to see what a run will release, how noisy it will be, and its memory and time.',
      );
      return;
    }
    if (columns.length === 0) {
      idle('Select at least one column (step 2) to see the forecast.');
      return;
    }
    if (!parameters) {
      // The last forecast stays, marked as such, until the fields are valid again.
      clearTimeout(timer);
      requests.drop();
      shownKey = pendingKey = null;
      setStatus(
        'warning',
        'Fix the parameters marked in step 2 to update the forecast; shown: the last valid settings.',
      );
      setForecast({ kind: 'none' });
      return;
    }
    if (!state.engineReady) {
      setStatus('busy', 'Waiting for the engine to start…');
      setBusy(true);
      return;
    }
    const wanted: Key = [schema, columns, parameters, rows];
    if (same(shownKey, wanted) || same(pendingKey, wanted)) return;
    clearTimeout(timer);
    const isLatest = requests.begin();
    if (state.running) {
      pendingKey = null;
      setStatus('busy', 'A run is in progress: the forecast of the new settings follows when it ends.');
      return;
    }
    pendingKey = wanted;
    setStatus('busy', 'Updating the forecast…');
    setBusy(true);
    setForecast({ kind: 'pending' });
    const options: ForecastOptions = {
      ...parameters,
      schema: schema.text,
      columns,
      ...(schema.kind === 'inferred' ? { schemaProvenance: 'inferred-from-data' as const } : {}),
      ...(rows !== null ? { rows } : {}),
    };
    const unit = schema.schema.privacyUnit;
    const scope = unit ? { column: unit } : null;
    timer = setTimeout(() => void request(isLatest, wanted, options, schema.schema.columns.length, scope), DEBOUNCE_MS);
  }

  const element = panel(
    'Forecast before you run',
    'forecast',
    h(
      'p',
      { class: 'hint forecast__intro' },
      'What a run with the columns and settings above will measure, with which noise and share of the budget, and how large its errors, memory and time will be. ' +
        'Computed by the engine from the schema and the options: no data is read and no privacy budget is spent.',
    ),
    rowsLine,
    status,
    body,
  );
  element.classList.add('forecast');
  element.setAttribute('aria-live', 'polite');
  store.watch(
    (state) => [
      state.runSchema,
      state.schemaBusy,
      state.columns,
      state.parameters,
      state.input,
      state.fileRows,
      state.statedRows,
      state.mechanism,
      state.engineReady,
      state.running,
    ],
    () => refresh(),
  );
  return element;
}
