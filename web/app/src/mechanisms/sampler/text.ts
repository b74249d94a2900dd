// The private sampler in plain words (Tasnim et al.): the public parameters that the forecast
// (fit.parameters) and the receipt (parameters) state with the same keys, and the comparison of the
// samplers computed on the data (report.sampler: NOT private, for the data owner only). Every number
// comes from the core; nothing is recomputed here.
import type { PrivacyReceipt, SamplerParameters, SamplerReport } from 'privsynth';

import { h } from '../../ui/dom';
import { formatDecimal, formatInteger } from '../../ui/format';
import { SAMPLER_NAMES, type Sampler } from './choice';

export type SamplerRow = [string, HTMLElement];

/** A quantity and its value, e.g. "γ = 0.0392", marked for tests (data-testid sampler-gamma). */
function symbol(text: string, testId: string, value: number | string): HTMLElement {
  return h('strong', { 'data-testid': `sampler-${testId}`, 'data-value': String(value) }, text);
}

const sentence = (...parts: Array<Node | string>) => h('span', {}, ...parts);
const decimal = (x: number) => formatDecimal(x, 3);

function recordsRow(p: SamplerParameters): SamplerRow {
  return [
    'Records and symbols',
    sentence(
      symbol(`n = ${formatInteger(p.records)}`, 'records', p.records),
      ' records, public: neighbouring datasets differ by replacing one record, so n itself is released (the receipt states it). ',
      symbol(`k = ${formatInteger(p.alphabet)}`, 'alphabet', p.alphabet),
      ' symbols: every combination of the chosen columns’ categories, numeric bins and missing levels.',
    ),
  ];
}

function epsilonRow(p: SamplerParameters): SamplerRow {
  const perSample = symbol(
    `ε/N = ${decimal(p.obscuring.epsilonPerSample)}`,
    'epsilon-per-sample',
    p.obscuring.epsilonPerSample,
  );
  if (p.epsilonPerSample === null) {
    return [
      'ε per sample',
      sentence(
        `None: the histogram spends ε = ${decimal(p.histogram.epsilon)} once and its ${formatInteger(p.samples)} samples are post-processing. `,
        'A reveal-or-obscure sampler would spend ',
        perSample,
        ' on each.',
      ),
    ];
  }
  return [
    'ε per sample',
    sentence(
      perSample,
      `: each of the ${formatInteger(p.samples)} samples is ${decimal(p.epsilonPerSample)}-DP; together ε by basic composition.`,
    ),
  ];
}

function obscuringRows(p: SamplerParameters): SamplerRow[] {
  const o = p.obscuring;
  return [
    [
      'Obscuring probability',
      sentence(
        symbol(`γ = ${decimal(o.rooGamma)}`, 'gamma', o.rooGamma),
        ': the chance that a sample is a uniformly random symbol instead of a record’s, for ROO and subsampled RR at ε/N ' +
          '(DS-ROO’s is at most this; it depends on the smallest count).',
      ),
    ],
    [
      'Worst-case TV',
      sentence(
        symbol(`TV = ${decimal(o.worstCaseTv)}`, 'worst-tv', o.worstCaseTv),
        ' = γ (1 − 1/k): the total-variation distance between each sample’s law and the data’s distribution when all records share one symbol (ROO).',
      ),
    ],
    [
      'Largest N',
      sentence(
        symbol(`N ≤ ${formatInteger(o.mostSamples)}`, 'most-samples', o.mostSamples),
        ` keeps γ ≤ ${o.maxObscuring}, the largest obscuring probability allowed; the reveal-or-obscure samplers refuse more.`,
      ),
    ],
  ];
}

function histogramRow(p: SamplerParameters, label: string): SamplerRow {
  return [
    label,
    sentence(
      `Noisy counts of all ${formatInteger(p.alphabet)} symbols, discrete Laplace of scale `,
      symbol(`b = ${decimal(p.histogram.scale)}`, 'histogram-scale', p.histogram.scale),
      ` at ε = ${decimal(p.histogram.epsilon)}, every sample drawn from them: expected TV ≤ `,
      symbol(decimal(p.histogram.tvBound), 'histogram-tv', p.histogram.tvBound),
      ' for any N.',
    ),
  ];
}

function betterRow(p: SamplerParameters): SamplerRow {
  const histogram = p.betterForTheseSamples === 'laplace-histogram';
  return [
    `Better for N = ${formatInteger(p.samples)}`,
    sentence(
      symbol(histogram ? 'one Laplace histogram' : 'a reveal-or-obscure sampler', 'better', p.betterForTheseSamples),
      histogram
        ? `: its TV bound (${decimal(p.histogram.tvBound)}) is below ROO’s worst case (${decimal(p.obscuring.worstCaseTv)}). `
        : `: ROO’s worst case (${decimal(p.obscuring.worstCaseTv)}) is below the histogram’s TV bound (${decimal(p.histogram.tvBound)}). `,
      'From public inputs only; the comparison on your data gives the exact distances.',
    ),
  ];
}

function extraRows(p: SamplerParameters): SamplerRow[] {
  const rows: SamplerRow[] = [];
  if (p.epsilon0 !== undefined) {
    rows.push([
      'Local ε0',
      sentence(
        'Subsampled RR passes a random record through k-ary randomized response at ',
        symbol(`ε0 = ${decimal(p.epsilon0)}`, 'epsilon0', p.epsilon0),
        '.',
      ),
    ]);
  }
  if (p.dsRooTable) {
    const { g0, zeroFrom } = p.dsRooTable;
    rows.push([
      'DS-ROO table',
      sentence(
        symbol(`g(0) = ${decimal(g0)}`, 'g0', g0),
        ', and no sample is obscured once every symbol appears at least ',
        symbol(formatInteger(zeroFrom), 'zero-from', zeroFrom),
        ' times (from n, k and ε alone).',
      ),
    ]);
  }
  return rows;
}

/** The forecast's sampler parameters: what a run will spend, its obscuring, its limit and the histogram alternative. */
export function samplerForecastRows(p: SamplerParameters): SamplerRow[] {
  return [
    recordsRow(p),
    epsilonRow(p),
    ...obscuringRows(p),
    histogramRow(p, 'One histogram instead'),
    betterRow(p),
    ...extraRows(p),
  ];
}

/** The receipt's sampler parameters: the sampler used, N, ε per sample, n, γ, DS-ROO's table or the histogram's scale. */
export function samplerReceiptRows(p: SamplerParameters): SamplerRow[] {
  const histogram = p.sampler === 'laplace-histogram';
  return [
    ['Sampler', sentence(symbol(SAMPLER_NAMES[p.sampler], 'used', p.sampler))],
    ['Samples N', sentence(symbol(formatInteger(p.samples), 'samples', p.samples))],
    epsilonRow(p),
    recordsRow(p),
    ...(histogram ? [histogramRow(p, 'Histogram')] : obscuringRows(p)),
    ...extraRows(p),
  ];
}

/** The receipt's parameters as a sampler's, when they are one. */
export function asSamplerParameters(parameters: PrivacyReceipt['parameters']): SamplerParameters | null {
  return 'sampler' in parameters ? parameters : null;
}

const tag = (text: string, className: string, testId: string) =>
  h('span', { class: `tag ${className}`, 'data-testid': testId }, text);

/**
 * The samplers compared on the data (NOT private): γ and the exact TV of each, the best marked and
 * the sampler of the run (or the one chosen) highlighted. `highlight` names what the highlighted
 * row is ("used in this run", "chosen").
 */
export function samplerComparisonTable(
  report: SamplerReport,
  highlighted: Sampler,
  highlight: string,
  testId: string,
): HTMLElement {
  const caption = `The four samplers on your ${formatInteger(report.records)} records: ε/N = ${decimal(report.perSampleEpsilon)} per sample, the histogram at ε = ${decimal(report.histogramEpsilon)}`;
  const rows = report.options.map((option) => {
    const best = option.sampler === report.best;
    const used = option.sampler === highlighted;
    return h(
      'tr',
      {
        'data-sampler': option.sampler,
        'data-best': best ? 'true' : null,
        'data-highlighted': used ? 'true' : null,
        class: used ? 'sampler-table__highlighted' : null,
      },
      h(
        'th',
        { scope: 'row' },
        SAMPLER_NAMES[option.sampler],
        best ? ' ' : null,
        best ? tag('best', 'tag--ok', 'sampler-best') : null,
        used ? ' ' : null,
        used ? tag(highlight, '', 'sampler-highlighted') : null,
      ),
      h(
        'td',
        { class: 'numeric', 'data-gamma': option.gamma === undefined ? null : String(option.gamma) },
        option.gamma === undefined ? '—' : decimal(option.gamma),
      ),
      h('td', { class: 'numeric', 'data-tv': String(option.tv), 'data-testid': 'sampler-tv' }, decimal(option.tv)),
    );
  });
  return h(
    'div',
    { class: 'table-scroll', tabindex: 0, role: 'region', 'aria-label': caption },
    h(
      'table',
      { class: 'data-table sampler-table', 'data-testid': testId },
      h('caption', {}, caption),
      h(
        'thead',
        {},
        h(
          'tr',
          {},
          h('th', { scope: 'col' }, 'Sampler'),
          h('th', { scope: 'col', class: 'numeric' }, 'γ (obscuring)'),
          h('th', { scope: 'col', class: 'numeric' }, 'Exact TV to your data'),
        ),
      ),
      h('tbody', {}, ...rows),
    ),
  );
}

/** What the table's numbers are, and the notes of DS-ROO and the histogram. */
export function comparisonNote(report: SamplerReport): string {
  const notes: string[] = [];
  for (const option of report.options) {
    if (option.everySymbolAtLeast !== undefined) {
      notes.push(
        `${SAMPLER_NAMES[option.sampler]}: no sample is obscured once every symbol appears ${formatInteger(option.everySymbolAtLeast)} times; ` +
          `the smallest count here is ${formatInteger(report.smallestCount)}.`,
      );
    } else if (option.tvStandardError !== undefined) {
      notes.push(
        `${SAMPLER_NAMES[option.sampler]}: TV by ${option.tvMethod}, standard error ${formatDecimal(option.tvStandardError, 2)}.`,
      );
    }
  }
  return [
    `TV: the total-variation distance between the law each sample is drawn from and your data’s distribution over the ${formatInteger(report.alphabet)} symbols (0 = exact);`,
    'exact for the reveal-or-obscure samplers, for the histogram the mean over its noise (all N samples share one released histogram).',
    'γ: the chance a sample is a uniformly random symbol.',
    ...notes,
  ].join(' ');
}
