// The TV distance of each marginal as a horizontal bar, worst first, with the mean marked by a
// dashed rule: one plot for the 1-way marginals (every column) and one for the worst 2-way pairs.
import * as Plot from '@observablehq/plot';
import type { MarginalDistance } from 'privsynth';

import { formatDecimal, formatInteger } from '../ui/format';
import { CHAR_WIDTH, clamp, labelsWidth, truncate } from './labels';
import { ERROR_COLOUR } from './palette';
import { plotFrame, plotStyle } from './plot-frame';

/** The 2-way plot shows this many pairs. */
export const WORST_PAIRS = 20;

const ROW = 22;
const MARGIN_TOP = 28;
const MARGIN_BOTTOM = 42;
const MARGIN_RIGHT = 44;
const MIN_WIDTH = 200;
/** Below this width (px) the axis label is shortened. */
const NARROW = 420;

interface Bar {
  name: string;
  tv: number;
}

export interface ErrorBarsOptions {
  testId: string;
  title: string;
  note: string;
  distances: MarginalDistance[];
  /** The label of the axis of names (short: it stands above them). */
  names: string;
  /** The mean to mark, and what it is the mean of ("all 15 pairs"). */
  mean: number;
  meanOf: string;
}

function render(options: ErrorBarsOptions, bars: Bar[], available: number): Node {
  const width = Math.max(available, MIN_WIDTH);
  // The names take at most 45% of the width.
  const maxLabel = clamp(Math.floor((0.45 * width - 12) / CHAR_WIDTH), 8, 28);
  const names = bars.map((bar) => bar.name);
  const top = Math.max(options.mean, ...bars.map((bar) => bar.tv), 1e-6);
  const meanText = `mean ${formatDecimal(options.mean, 3)}`;
  return Plot.plot({
    width,
    height: MARGIN_TOP + bars.length * ROW + MARGIN_BOTTOM,
    marginTop: MARGIN_TOP,
    marginBottom: MARGIN_BOTTOM,
    marginRight: MARGIN_RIGHT,
    marginLeft: Math.ceil(labelsWidth(names, maxLabel)) + 12,
    style: plotStyle(width, available),
    ariaLabel: `${options.title}, bar chart sorted worst first; ${meanText} (${options.meanOf})`,
    x: {
      domain: [0, top * 1.05],
      label: width < NARROW ? 'TV distance' : 'TV distance (0 = identical, 1 = disjoint)',
      grid: true,
      labelAnchor: 'center',
    },
    y: {
      domain: names,
      label: options.names,
      labelAnchor: 'top',
      tickFormat: (name: string) => truncate(name, maxLabel),
      padding: 0.2,
    },
    marks: [
      Plot.barX(bars, {
        x: 'tv',
        y: 'name',
        fill: ERROR_COLOUR,
        title: (bar: Bar) => `${bar.name}: TV ${formatDecimal(bar.tv, 3)}`,
      }),
      Plot.text(bars, { x: 'tv', y: 'name', text: (bar: Bar) => formatDecimal(bar.tv, 2), dx: 4, textAnchor: 'start' }),
      Plot.ruleX([0]),
      Plot.ruleX([options.mean], { stroke: 'currentColor', strokeWidth: 1.5, strokeDasharray: '5 3' }),
      Plot.text([meanText], {
        x: options.mean,
        frameAnchor: 'top',
        dy: -10,
        ...(options.mean > top / 2 ? { textAnchor: 'end', dx: -4 } : { textAnchor: 'start', dx: 4 }),
        fontWeight: 600,
      }),
    ],
  });
}

export function errorBarsPlot(options: ErrorBarsOptions): HTMLElement {
  const bars = options.distances.map((d) => ({ name: d.columns.join(' × '), tv: d.tv })).sort((a, b) => b.tv - a.tv);
  return plotFrame({
    testId: options.testId,
    title: options.title,
    note: `${options.note} The dashed line marks the mean of ${options.meanOf}.`,
    render: (width) => render(options, bars, width),
    height: MARGIN_TOP + bars.length * ROW + MARGIN_BOTTOM,
  }).element;
}

/** The error plots of a report's marginals: every column, and the worst pairs (if any). */
export function marginalErrorPlots(marginals: {
  meanOneWayTV: number;
  meanTwoWayTV: number;
  oneWay: MarginalDistance[];
  twoWay: MarginalDistance[];
}): HTMLElement[] {
  const worstPairs = [...marginals.twoWay].sort((a, b) => b.tv - a.tv).slice(0, WORST_PAIRS);
  return [
    errorBarsPlot({
      testId: 'error-bars-one-way',
      title: 'Error of each column (1-way marginals)',
      note: 'Longer bars are columns whose synthetic distribution is further from the real one; bars far beyond the dashed mean point at the columns to check first.',
      distances: marginals.oneWay,
      names: 'Column',
      mean: marginals.meanOneWayTV,
      meanOf: `all ${formatInteger(marginals.oneWay.length)} columns`,
    }),
    worstPairs.length
      ? errorBarsPlot({
          testId: 'error-bars-two-way',
          title: `Error of the ${worstPairs.length === marginals.twoWay.length ? '' : `${worstPairs.length} worst of ${formatInteger(marginals.twoWay.length)} `}pairs of columns (2-way marginals)`,
          note: 'The pairs whose joint distribution the synthetic data keeps worst; a few bars far beyond the dashed mean point at associations that were lost.',
          distances: worstPairs,
          names: 'Pair',
          mean: marginals.meanTwoWayTV,
          meanOf: `all ${formatInteger(marginals.twoWay.length)} pairs`,
        })
      : null,
  ].filter((plot): plot is HTMLElement => plot !== null);
}
