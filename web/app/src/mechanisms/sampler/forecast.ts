// The private sampler in the forecast (Tasnim et al.): the samples it draws and what each costs,
// its budget under replace-one neighbours, ε per sample, ROO's obscuring probability and worst-case
// TV, the largest N, and one Laplace histogram as the alternative. All from public inputs: its n is
// the file's number of data rows, public under replace-one neighbours (choice.ts, samplerRecords).
// Every number comes from the core's forecastRun().
import type { ReleaseForecast, RunForecast, SamplerParameters } from 'privsynth';

import { plural, round } from '../../forecast/forecast-text';
import type { AppState } from '../../store';
import { definitionList, h } from '../../ui/dom';
import { formatDecimal, formatInteger } from '../../ui/format';
import type { ForecastUi, Part, RowsSource } from '../mechanism-ui';
import { samplerRecords } from './choice';
import { samplerForecastRows } from './text';

/** The sampler's parameters, when n was given. */
function parametersOf(forecast: RunForecast): SamplerParameters | null {
  const parameters = forecast.fit.parameters;
  return parameters && 'obscuring' in parameters ? parameters : null;
}

/**
 * "draws 200 records of the chosen columns (their joint alphabet of 10 symbols), each by DS-ROO at
 * ε/N = 0.005", or "measures one noisy histogram of their 10 symbols and draws 200 records from
 * it". The number of samples is in estimate-samples.
 */
function sentence(forecast: RunForecast): Part[] {
  const parameters = forecast.fit.parameters as SamplerParameters | undefined;
  const samples = h(
    'strong',
    { 'data-testid': 'estimate-samples' },
    formatInteger(forecast.fit.syntheticRows as number),
  );
  const alphabet = parameters ? ` (their joint alphabet of ${plural(parameters.alphabet, 'symbol', 'symbols')})` : '';
  const histogram = forecast.releases.find((r) => r.scale !== undefined);
  if (histogram) {
    return [
      `measures one noisy histogram of the chosen columns${alphabet} and draws `,
      samples,
      ' records from it (post-processing: any number costs ε once).',
    ];
  }
  const perSample = parameters?.epsilonPerSample;
  return [
    'draws ',
    samples,
    ` records of the chosen columns${alphabet}, each at ε/N${perSample ? ` = ${round(perSample)}` : ''}, none perturbed: each is a record’s symbol or, with probability γ, a uniform one.`,
  ];
}

/** Pure ε-DP for replace-one neighbours: N samples at ε/N, or one histogram at ε. */
function budget(forecast: RunForecast): Part[] {
  const parameters = forecast.fit.parameters as SamplerParameters | undefined;
  const head = `Budget: ε = ${round(forecast.epsilon)}, pure ε-DP for replace-one neighbours (the number of records is public): `;
  const samples = forecast.fit.syntheticRows as number;
  if (forecast.releases.some((r) => r.scale !== undefined)) {
    return [
      head,
      h('strong', {}, `ε = ${round(forecast.epsilon)}`),
      ' for one noisy histogram; its samples are post-processing.',
    ];
  }
  const each = parameters?.epsilonPerSample;
  return [
    head,
    `${plural(samples, 'sample', 'samples')} at `,
    h('strong', {}, each ? `ε/N = ${round(each)}` : 'ε/N'),
    ' each, by basic composition.',
  ];
}

/**
 * ε per sample, ROO's obscuring probability and worst-case TV, the largest N, and one Laplace
 * histogram as the alternative, with which of the two is better for this N; without n, what is
 * missing.
 */
function details(forecast: RunForecast): HTMLElement {
  const parameters = parametersOf(forecast);
  if (!parameters) {
    return h(
      'p',
      { class: 'notice notice--warning', 'data-testid': 'forecast-sampler-needs-rows' },
      'The obscuring probability, the largest N and the better sampler depend on the number of records n (public for the sampler): load the data, or state an estimate in step 2.',
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
        'and the run’s receipt states it, so these numbers are public too. The comparison on your data in step 2 gives the exact distances.',
    ),
    definitionList(samplerForecastRows(parameters)),
  );
}

/**
 * The reveal-or-obscure samplers add no noise to their samples: their error is the obscuring, so
 * the row states ROO's worst-case TV (needs n) instead of "±0 per value".
 */
function releaseError(forecast: RunForecast, release: ReleaseForecast): string | null {
  if (release.scale !== undefined) return null;
  const sampler = parametersOf(forecast);
  return sampler
    ? `worst-case TV ${formatDecimal(sampler.obscuring.worstCaseTv, 3)} per sample (γ = ${formatDecimal(sampler.obscuring.rooGamma, 3)})`
    : 'needs n';
}

/** n: every data row of the loaded CSV (public for the sampler), else the number the user stated, else none. */
function rows(state: AppState): RowsSource {
  const records = samplerRecords(state);
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
      source: `n = ${formatInteger(state.statedRows)}: the number of records you stated in step 2; the run uses your file’s data rows.`,
    };
  }
  return {
    rows: null,
    source:
      'Without n: the sampler’s n is your file’s number of data rows (public for it), known once the data is loaded; or state an estimate in step 2.',
  };
}

export const samplerForecast: ForecastUi = {
  sentence,
  budget,
  details,
  releaseError,
  errorLabel:
    'The reveal-or-obscure samplers add no noise: a sample is a record’s symbol or, with probability γ, a uniform one. The histogram’s counts carry discrete Laplace noise. TV: the total-variation distance between each sample’s law and the data’s distribution (0 = exact, 1 = disjoint).',
  rows,
};
