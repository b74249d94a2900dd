// The fidelity section of the utility report: the real numbers as they were read (before clamping
// and binning, every row read) against the synthetic ones, the correlations between numeric
// columns, and the categories the synthetic table never produced. Problems found while reading
// come first, in plain words, so that the section cannot look good while the data is bad; every
// figure is one click away in <details>. NOT private: for the data owner's eyes only.
import type { FidelityReport, FidelitySide, NumericFidelity, UtilityReport } from 'privsynth';

import { h, table } from '../ui/dom';
import { formatDecimal, formatInteger, formatList, formatPercent } from '../ui/format';

type Statistic = 'p1' | 'p5' | 'p25' | 'p50' | 'p75' | 'p95' | 'p99' | 'mean' | 'min' | 'max';
const QUANTILES = ['p1', 'p5', 'p25', 'p50', 'p75', 'p95', 'p99'] as const;

/** A value of one side in the column's units: a date or time column as text. */
function value(side: FidelitySide, statistic: Statistic): string {
  const text = side.text?.[statistic];
  if (text !== undefined) return text;
  const number =
    statistic === 'mean' || statistic === 'min' || statistic === 'max' ? side[statistic] : side.quantiles[statistic];
  return number === null ? '—' : formatDecimal(number, 4);
}

const range = (side: FidelitySide) => `${value(side, 'p5')} – ${value(side, 'p95')}`;
const distance = (column: NumericFidelity) =>
  column.wasserstein1Normalized === null ? '—' : formatPercent(column.wasserstein1Normalized);

/** The problems the reading found and what the synthetic table lost, one sentence each. */
function problems(fidelity: FidelityReport): string[] {
  const found: string[] = [];
  for (const column of fidelity.numeric) {
    const { real } = column;
    if (real.unparsable) {
      found.push(
        `${column.column}: ${formatInteger(real.unparsable)} cells could not be read as values (not measured).`,
      );
    }
    if (real.aboveMax) {
      found.push(
        `${column.column}: ${formatInteger(real.aboveMax)} values above the schema's maximum (largest ` +
          `${value(real, 'max')}); the synthetic data stay within the schema.`,
      );
    }
    if (real.belowMin) {
      found.push(
        `${column.column}: ${formatInteger(real.belowMin)} values below the schema's minimum (smallest ` +
          `${value(real, 'min')}); the synthetic data stay within the schema.`,
      );
    }
    if (real.values === 0) found.push(`${column.column}: no real value could be measured.`);
  }
  for (const lost of fidelity.categoriesLost) {
    if (!lost.lostRows) continue;
    const more = lost.lostCategoryCount > lost.lostCategories.length ? ' and more' : '';
    found.push(
      `${lost.column}: the synthetic table never produced ${formatList(lost.lostCategories.map((c) => `“${c}”`))}` +
        `${more}, ${formatPercent(lost.lostShare)} of the real rows.`,
    );
  }
  return found;
}

/** "mean |Δ correlation| 0.04 (worst: a × b 0.12)", or null with fewer than two numeric columns. */
export function correlationLine(fidelity: FidelityReport): string | null {
  const c = fidelity.correlation;
  if (!c) return null;
  if (c.meanAbsDifference === null || c.maxAbsDifference === null || !c.worstPair) {
    return 'mean |Δ correlation|: no pair of numeric columns could be compared';
  }
  const undefinedPairs = c.pairsUndefined ? `; ${formatInteger(c.pairsUndefined)} pairs not comparable` : '';
  return (
    `mean |Δ correlation| ${c.meanAbsDifference.toFixed(2)} (worst: ${c.worstPair.join(' × ')} ` +
    `${c.maxAbsDifference.toFixed(2)})${undefinedPairs}`
  );
}

function numericTable(fidelity: FidelityReport): HTMLElement | null {
  if (!fidelity.numeric.length) return null;
  return table(
    'Each numeric column: real against synthetic',
    [
      'Column',
      'Median (real / synthetic)',
      'p5 – p95 real',
      'p5 – p95 synthetic',
      'Mean (real / synthetic)',
      'Distance',
    ],
    fidelity.numeric.map((column) => [
      column.column,
      `${value(column.real, 'p50')} / ${value(column.synthetic, 'p50')}`,
      range(column.real),
      range(column.synthetic),
      `${value(column.real, 'mean')} / ${value(column.synthetic, 'mean')}`,
      distance(column),
    ]),
  );
}

function details(report: UtilityReport, fidelity: FidelityReport): HTMLElement {
  const encoding = new Map(report.encoding.columns.map((c) => [c.name, c]));
  const sd = (side: FidelitySide) => (side.standardDeviation === null ? '—' : formatDecimal(side.standardDeviation, 4));
  const c = fidelity.correlation;
  const pairs: Array<{ pair: string; real: number | null; synthetic: number | null }> = [];
  c?.columns.forEach((first, i) =>
    c.columns.slice(i + 1).forEach((second, offset) => {
      const j = i + 1 + offset;
      pairs.push({ pair: `${first} × ${second}`, real: c.real[i][j], synthetic: c.synthetic[i][j] });
    }),
  );
  const gap = (p: (typeof pairs)[number]) =>
    p.real === null || p.synthetic === null ? -1 : Math.abs(p.real - p.synthetic);
  pairs.sort((a, b) => gap(b) - gap(a));
  const correlation = (x: number | null) => (x === null ? '—' : formatDecimal(x, 3));
  return h(
    'details',
    { class: 'forecast__details', 'data-testid': 'fidelity-details' },
    h('summary', {}, 'Every figure: quantiles, spread, counts and correlations'),
    fidelity.numeric.length
      ? table(
          'Quantiles, mean and standard deviation of each numeric column',
          ['Column', 'Table', 'min', ...QUANTILES, 'max', 'mean', 'SD', 'W1'],
          fidelity.numeric.flatMap((column) => [
            [
              column.column,
              'real',
              ...(['min', ...QUANTILES, 'max', 'mean'] as const).map((s) => value(column.real, s)),
            ].concat(sd(column.real), column.wasserstein1 === null ? '—' : formatDecimal(column.wasserstein1, 4)),
            [
              column.column,
              'synthetic',
              ...(['min', ...QUANTILES, 'max', 'mean'] as const).map((s) => value(column.synthetic, s)),
            ].concat(sd(column.synthetic), ''),
          ]),
        )
      : null,
    fidelity.numeric.length
      ? table(
          'How the real cells of each numeric column were read (every row read)',
          ['Column', 'Values', 'Missing', 'Unreadable', 'Below min', 'Above max', 'Clamped', 'Rows rejected'],
          fidelity.numeric.map(({ column, real }) => [
            column,
            formatInteger(real.values),
            formatInteger(real.missing),
            formatInteger(real.unparsable),
            formatInteger(real.belowMin),
            formatInteger(real.aboveMax),
            formatInteger(encoding.get(column)?.clamped ?? 0),
            formatInteger(encoding.get(column)?.rejectedRows ?? 0),
          ]),
        )
      : null,
    pairs.length
      ? table(
          'Correlation of each pair of numeric columns (Pearson), largest difference first',
          ['Pair', 'Real', 'Synthetic'],
          pairs.map((p) => [p.pair, correlation(p.real), correlation(p.synthetic)]),
        )
      : null,
    fidelity.categoriesLost.length
      ? table(
          'Categories the synthetic table never produced',
          ['Column', 'Categories lost', 'Share of real rows'],
          fidelity.categoriesLost.map((lost) => [
            lost.column,
            lost.lostCategoryCount ? formatList(lost.lostCategories) : 'none',
            formatPercent(lost.lostShare),
          ]),
        )
      : null,
  );
}

export function fidelityView(report: UtilityReport): HTMLElement | null {
  const fidelity = report.fidelity;
  if (!fidelity) return null;
  const found = problems(fidelity);
  const { rows } = fidelity;
  const sample = rows.sampled
    ? ` Measured on a random sample of ${formatInteger(rows.realSample)} of the ${formatInteger(rows.realRead)} ` +
      `real rows and ${formatInteger(rows.syntheticSample)} of the ${formatInteger(rows.synthetic)} synthetic rows.`
    : '';
  const lost = fidelity.categoriesLost.filter((c) => c.lostRows > 0);
  return h(
    'section',
    { class: 'fidelity', 'data-testid': 'report-fidelity' },
    h('h4', {}, 'Your values against the synthetic values'),
    h(
      'p',
      { class: 'hint' },
      `Your numbers as they were read, before being clamped into the schema's bounds or grouped into bins, ` +
        `on every row read (also those left out). Distance: how far the synthetic values would have to move ` +
        `to match yours (Wasserstein-1), as a share of the range p1 – p99 of your values.${sample}`,
    ),
    found.length
      ? h(
          'div',
          { class: 'notice notice--warning', 'data-testid': 'fidelity-problems' },
          h('p', {}, 'What the figures below do not show:'),
          h('ul', {}, ...found.map((problem) => h('li', {}, problem))),
        )
      : null,
    numericTable(fidelity),
    fidelity.correlation ? h('p', { 'data-testid': 'fidelity-correlation' }, correlationLine(fidelity)) : null,
    fidelity.categoriesLost.length
      ? h(
          'p',
          { 'data-testid': 'fidelity-categories-lost' },
          lost.length
            ? `Categories lost: ${formatList(lost.map((c) => `${c.column} (${formatPercent(c.lostShare)} of rows)`))}`
            : 'Categories lost: none; every category of your rows appears in the synthetic table.',
        )
      : null,
    details(report, fidelity),
  );
}
