// "Forecast before you run": what a run with the current settings will release and how noisy each
// release is, from the core's forecastRun() (docs/forecast.md) on the engine's worker: the same
// option checks, noise scales and budget split as the run, computed from the schema, the options
// and n alone. No data is read and no budget is spent. n is the number of records the user states
// as public in step 4 (stated-rows.ts), or none; never the file's own count, which is private. The
// sampler's n is the file's number of data rows, public under its replace-one neighbours. It follows every change of the schema, the
// columns and the parameters (debounced; the latest request wins), keeps the last forecast on
// screen while the next one is computed, and shows the core's error inline when the settings are
// impossible (a run would stop with the same error).
import { forecastRun, type ForecastOptions, type MarginalForecast, type ReleaseForecast, type RunForecast, type SamplerParameters } from 'privsynth';

import { definitionList, h, panel, replaceChildren, show } from '../ui/dom';
import { queueEngineCall } from '../engine/engine-queue';
import { formatDecimal, formatInteger } from '../ui/format';
import {
  budgetSentence,
  budgetText,
  cellNoise,
  errorText,
  memoryText,
  noiseText,
  releaseSentence,
  runtimeText,
  sizeText,
} from './forecast-text';
import { partitionRows } from '../mechanisms/space-partition/text';
import { errorBarsPlot, WORST_PAIRS } from '../plots/error-bars-plot';
import { samplerRecords } from '../mechanisms/sampler/choice';
import { samplerForecastRows } from '../mechanisms/sampler/text';
import { failureOf, type AppState, type FailureInfo, type ForecastState, type Store } from '../store';

const DEBOUNCE_MS = 250;
/** The table of marginals starts open up to this many rows. */
const OPEN_MARGINALS = 8;
/** Above these the card warns that the run will be slow or heavy. */
const SLOW_SECONDS = 60;
const LARGE_BYTES = 1024 ** 3;

const NEEDS_N = 'needs n: state the number of records in step 4, if it is public';

const ERROR_HINT = 'A run with these settings would stop with this same error: the forecast runs the run’s own option checks. Change the settings above; the forecast follows.';

/** The forecast shown (or on its way) was asked for these: [schema, columns, parameters, rows]. */
type Key = readonly unknown[];
const same = (a: Key | null, b: Key) => a !== null && a.length === b.length && a.every((value, i) => value === b[i]);

/** A scrollable, focusable table with a caption and column headers; each body row starts with a row header. */
function forecastTable(caption: string, headers: string[], rows: HTMLTableRowElement[], testId: string, numericFrom = headers.length): HTMLElement {
  return h(
    'div',
    { class: 'table-scroll', tabindex: 0, role: 'region', 'aria-label': caption },
    h(
      'table',
      { class: 'data-table forecast__table', 'data-testid': testId },
      h('caption', {}, caption),
      h('thead', {}, h('tr', {}, ...headers.map((header, i) => h('th', { scope: 'col', class: i >= numericFrom ? 'numeric' : null }, header)))),
      h('tbody', {}, ...rows),
    ),
  );
}

/** The sampler's parameters, when the forecast is the sampler's and n was given. */
function samplerParametersOf(forecast: RunForecast): SamplerParameters | null {
  const parameters = forecast.fit.parameters;
  return forecast.mechanism === 'sampler' && parameters && 'obscuring' in parameters ? parameters : null;
}

/**
 * The reveal-or-obscure samplers add no noise to their samples: their error is the obscuring, so
 * the row states ROO's worst-case TV (needs n) instead of "±0 per value".
 */
function samplesError(forecast: RunForecast, release: ReleaseForecast): string | null {
  if (forecast.mechanism !== 'sampler' || release.scale !== undefined) return null;
  const sampler = samplerParametersOf(forecast);
  return sampler ? `worst-case TV ${formatDecimal(sampler.obscuring.worstCaseTv, 3)} per sample (γ = ${formatDecimal(sampler.obscuring.rooGamma, 3)})` : 'needs n';
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
    h('th', { scope: 'row' }, h('span', { class: 'forecast__release' }, release.release), h('span', { class: 'forecast__what' }, release.what)),
    noise,
    h('td', {}, budgetText(release)),
    h('td', {}, sizeText(release)),
    error,
  );
}

const isMarginals = (release: ReleaseForecast) => release.marginals !== undefined;

function releasesTable(forecast: RunForecast): HTMLElement {
  const rowsKnown = forecast.rows !== null;
  return forecastTable(
    `What the run releases: ${forecast.releases.length} ${forecast.releases.length === 1 ? 'release' : 'releases'} and the noise of each`,
    [
      'Release',
      'Noise of each value',
      forecast.rho !== undefined ? 'Budget (share of ρ)' : 'Budget (share of ε)',
      'Size',
      // Space partitioning measures bins, not marginals: its errors are per noisy value.
      forecast.releases.some(isMarginals) ? 'Expected TV per marginal (min – typical – max)' : 'Expected error',
    ],
    forecast.releases.map((release) => releaseRow(release, rowsKnown, samplesError(forecast, release))),
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
    h('td', { class: 'numeric', 'data-tv': expectedTv === null ? null : String(expectedTv) }, expectedTv === null ? 'needs n' : formatDecimal(expectedTv, 2)),
  );
}

/** Every marginal whose columns are known before the run, in a details element (open when short), with a bar chart of their expected TV. */
function marginalsDetails(forecast: RunForecast): HTMLElement | null {
  const measured: MeasuredMarginal[] = forecast.releases.flatMap((release) => (release.perMarginal ?? []).map((marginal) => ({ ...marginal, release })));
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
          (release.cellsEach ? `: ${formatInteger(release.cellsEach.min)}–${formatInteger(release.cellsEach.max)} cells each` : '') +
          (release.expectedTvEach ? `, expected TV ${formatDecimal(release.expectedTvEach.min, 2)}–${formatDecimal(release.expectedTvEach.max, 2)} (typical ${formatDecimal(release.expectedTvEach.typical, 2)})` : '') +
          ` with ${cellNoise(release)} per cell.`,
      ),
    ),
    withTv.length >= 2
      ? errorBarsPlot({
          testId: 'forecast-plot',
          title: withTv.length > WORST_PAIRS ? `Expected TV of the ${WORST_PAIRS} noisiest marginals known before the run` : 'Expected TV of each marginal known before the run',
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
  return `${[slow ? 'This run may take more than a minute' : '', large ? 'it may need more than 1 GB of memory' : ''].filter(Boolean).join(' and ')}. Choose fewer columns or a lower degree for a quick run.`.replace(/^it/, 'It');
}

/** Space partitioning: the partition the run will use, in plain words, and where its rows come from. */
function partitionDetails(forecast: RunForecast): HTMLElement | null {
  const parameters = forecast.fit.parameters;
  if (!parameters || !('partition' in parameters)) return null;
  const { syntheticRows } = forecast.fit;
  const rows = typeof syntheticRows === 'number' ? formatInteger(syntheticRows) : syntheticRows.charAt(0).toUpperCase() + syntheticRows.slice(1);
  return h(
    'div',
    { class: 'forecast__partition', 'data-testid': 'forecast-partition', 'data-partition': parameters.partition },
    h(
      'p',
      { class: 'hint' },
      `The ${parameters.partition === 'grid' ? 'grid' : 'KD-tree'} the run will use (Kreačić et al.); widths and edges are fractions of each numeric column’s public range. ` +
        'Its defaults follow the noisy record count, so the run’s values may differ slightly; the receipt states them.',
    ),
    definitionList([
      ...partitionRows(parameters),
      ['Synthetic rows', `${rows}, drawn from the released bins: a bin by its noisy count, a point uniformly inside it.`],
    ]),
  );
}

/**
 * The private sampler: ε per sample, ROO's obscuring probability and worst-case TV, the largest N,
 * and one Laplace histogram as the alternative, with which of the two is better for this N. All
 * from public inputs (n, the file's data rows, is public under replace-one neighbours); without n,
 * what is missing.
 */
function samplerDetails(forecast: RunForecast): HTMLElement | null {
  if (forecast.mechanism !== 'sampler') return null;
  const parameters = samplerParametersOf(forecast);
  if (!parameters) {
    return h(
      'p',
      { class: 'notice notice--warning', 'data-testid': 'forecast-sampler-needs-rows' },
      'The obscuring probability, the largest N and the better sampler depend on the number of records n (public for the sampler): load the data, or state an estimate in step 4.',
    );
  }
  return h(
    'div',
    { class: 'forecast__sampler', 'data-testid': 'forecast-sampler', 'data-sampler': parameters.sampler },
    h(
      'p',
      { class: 'hint' },
      'What the sampler will spend and how often a sample will be noise, from ε, N, the schema and n alone (Tasnim et al.). ' +
        'Here n is every data row of the loaded CSV, those outside the schema included: under the sampler’s replace-one neighbours the number of records is public, ' +
        'and the run’s receipt states it, so these numbers are public too. The comparison on your data in step 4 gives the exact distances.',
    ),
    definitionList(samplerForecastRows(parameters)),
  );
}

function forecastBody(forecast: RunForecast, totalColumns: number): Array<Node | null> {
  const memory = memoryText(forecast);
  const runtime = runtimeText(forecast);
  const warning = warningOf(forecast);
  const notes = [...forecast.notes, ...forecast.releases.flatMap((release) => (release.notes ?? []).map((note) => `${release.release}: ${note}`))];
  return [
    h('p', { class: 'forecast__sentence', 'data-testid': 'estimate' }, ...releaseSentence(forecast, totalColumns)),
    h('p', { class: 'forecast__sentence', 'data-testid': 'forecast-budget' }, ...budgetSentence(forecast)),
    partitionDetails(forecast),
    samplerDetails(forecast),
    releasesTable(forecast),
    h(
      'p',
      { class: 'hint', 'data-testid': 'forecast-error-label' },
      forecast.mechanism === 'sampler'
        ? 'The reveal-or-obscure samplers add no noise: a sample is a record’s symbol or, with probability γ, a uniform one. The histogram’s counts carry discrete Laplace noise. TV: the total-variation distance between each sample’s law and the data’s distribution (0 = exact, 1 = disjoint).'
        : 'Expected error of the noisy counts, before consistency and the fit (usually lower after). TV: the total-variation distance of a marginal as a distribution (0 = exact, 1 = disjoint).',
    ),
    definitionList([
      ['Memory', h('span', { 'data-testid': 'forecast-memory' }, memory ?? NEEDS_N)],
      ['Runtime', h('span', { 'data-testid': 'forecast-runtime' }, runtime ?? NEEDS_N)],
    ]),
    warning ? h('p', { class: 'notice notice--warning', 'data-testid': 'forecast-warning' }, warning) : null,
    marginalsDetails(forecast),
    notes.length ? h('ul', { class: 'forecast__notes', 'data-testid': 'forecast-notes', 'aria-label': 'Notes of the forecast' }, ...notes.map((note) => h('li', {}, note))) : null,
    h('details', { class: 'forecast__details' }, h('summary', {}, 'How the runtime is estimated'), h('p', { class: 'hint' }, forecast.runtimeSeconds.basis)),
  ];
}

export function forecastView(store: Store): HTMLElement {
  const rowsLine = h('p', { class: 'hint', 'data-testid': 'forecast-rows-source' });
  const status = h('p', { class: 'forecast__status', 'data-testid': 'forecast-status' });
  const body = h('div', { class: 'forecast__body', 'data-testid': 'forecast-body' });

  let timer: ReturnType<typeof setTimeout> | undefined;
  let latest = 0;
  let shownKey: Key | null = null;
  let pendingKey: Key | null = null;

  const setStatus = (kind: 'idle' | 'busy' | 'ok' | 'warning' | 'error', ...content: Array<Node | string>) => {
    status.dataset.state = kind;
    replaceChildren(status, ...content);
  };
  const setForecast = (forecast: ForecastState) => store.set({ forecast });
  const setBusy = (busy: boolean) => (busy ? element.setAttribute('aria-busy', 'true') : element.removeAttribute('aria-busy'));

  /** n and where it comes from, in a sentence: the sampler's public n, else the number the user stated, else none. */
  const rowsOf = (state: AppState): { rows: number | null; source: string } => {
    const records = state.mechanism === 'sampler' ? samplerRecords(state) : null;
    if (records !== null) {
      return {
        rows: records,
        source:
          `n = ${formatInteger(records)}: every data row of ${state.input?.sample ? 'the sample' : 'your file'}. For the sampler this number is public ` +
          '(its neighbouring datasets differ by replacing one record, so it is not protected) and its receipt states it.',
      };
    }
    if (state.statedRows !== null) {
      return {
        rows: state.statedRows,
        source: `n = ${formatInteger(state.statedRows)}: the number of records you stated in step 4${state.mechanism === 'sampler' ? '; the run uses your file’s data rows' : ''}.`,
      };
    }
    return {
      rows: null,
      source:
        state.mechanism === 'sampler'
          ? 'Without n: the sampler’s n is your file’s number of data rows (public for it), known once the data is loaded; or state an estimate in step 4.'
          : 'Without n: the expected errors, memory and time need the number of records. State it in step 4 if it is public; your file’s own count is private and not used here.',
    };
  };

  /** Nothing to forecast: a message, an empty body. */
  const idle = (message: string) => {
    clearTimeout(timer);
    latest += 1;
    shownKey = pendingKey = null;
    setStatus('idle', message);
    replaceChildren(body);
    setBusy(false);
    if (store.get().forecast.kind !== 'none') setForecast({ kind: 'none' });
  };

  const showForecast = (forecast: RunForecast, totalColumns: number) => {
    setStatus('ok', `Up to date for the settings above${forecast.rows !== null ? ` and n = ${formatInteger(forecast.rows)} records` : ', without n'}.`);
    replaceChildren(body, ...forecastBody(forecast, totalColumns));
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

  const request = async (mine: number, wanted: Key, options: ForecastOptions, totalColumns: number) => {
    if (mine !== latest) return;
    // A run holds the worker: this request is dropped, and made again when the run ends.
    if (store.get().running) {
      pendingKey = null;
      return;
    }
    try {
      // On the engine's one warm worker, after the calls queued before it; a superseded one is skipped.
      const forecast = await queueEngineCall(() => (mine === latest && !store.get().running ? forecastRun(options) : Promise.resolve(null)));
      if (mine !== latest) return;
      if (!forecast) {
        pendingKey = null;
        return;
      }
      shownKey = wanted;
      pendingKey = null;
      showForecast(forecast, totalColumns);
      setForecast({ kind: 'ready', report: forecast });
    } catch (error) {
      if (mine !== latest) return;
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
    const { schema, columns, parameters } = state;
    if (!schema) {
      idle(state.schemaBusy ? 'Checking the schema…' : 'Choose a schema (step 2) and columns (step 3) to see what a run will release, how noisy it will be, and its memory and time.');
      return;
    }
    if (columns.length === 0) {
      idle('Select at least one column (step 3) to see the forecast.');
      return;
    }
    if (!parameters) {
      // The last forecast stays, marked as such, until the fields are valid again.
      clearTimeout(timer);
      latest += 1;
      shownKey = pendingKey = null;
      setStatus('warning', 'Fix the parameters marked in step 4 to update the forecast; shown: the last valid settings.');
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
    latest += 1;
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
    const mine = latest;
    timer = setTimeout(() => void request(mine, wanted, options, schema.schema.columns.length), DEBOUNCE_MS);
  }

  const element = panel(
    'Forecast before you run',
    'forecast',
    h(
      'p',
      { class: 'hint forecast__intro' },
      'What a run with the settings of steps 3 and 4 will measure, with which noise and share of the budget, and how large its errors, memory and time will be. ' +
        'Computed by the engine from the schema and the options: no data is read and no privacy budget is spent.',
    ),
    rowsLine,
    status,
    body,
  );
  element.classList.add('forecast');
  element.setAttribute('aria-live', 'polite');
  store.watch(
    (state) => [state.schema, state.schemaBusy, state.columns, state.parameters, state.input, state.fileRows, state.statedRows, state.mechanism, state.engineReady, state.running],
    () => refresh(),
  );
  return element;
}
