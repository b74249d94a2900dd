// The 2-way table of one pair of columns as three heatmaps side by side: the real shares, the
// synthetic shares (one colour scale for both) and their difference, synthetic − real, on a
// diverging scale centred at 0 (colour classes of colour-blind-safe ColorBrewer schemes). A
// selector picks the pair among the worst ones of the report. Both axes show the levels in their
// natural order with short names (labels.ts), cut with an ellipsis; a tick's tooltip gives the full
// name, and when the cells are too small for every name, only every n-th is written.
import * as Plot from '@observablehq/plot';
import type { TwoWayDistribution } from 'privsynth';

import { h } from '../ui/dom';
import { selectField } from '../ui/fields';
import { formatDecimal } from '../ui/format';
import { differenceThresholds, shareThresholds } from './colour-classes';
import { axisLevels, type AxisLevels, clamp, horizontalTicks, labelsWidth, thinned, tickEvery } from './labels';
import { plotFrame, plotStyle } from './plot-frame';

const MIN_CELL = 14;
const MAX_CELL = 28;
const MAX_LABEL = 16;
/** The gap between the heatmaps (px, as .heatmaps in style.css). */
const GAP = 16;
const MARGIN_TOP = 24;
const MARGIN_RIGHT = 8;
const LEGEND_WIDTH = 300;

interface Cell {
  row: string;
  column: string;
  /** Shares in percent, and their difference in percentage points. */
  real: number;
  synthetic: number;
  difference: number;
}

function cells(pair: TwoWayDistribution): Cell[] {
  const width = pair.columnLevels.length;
  return pair.rowLevels.flatMap((row, i) =>
    pair.columnLevels.map((column, j) => {
      const real = 100 * pair.real[i * width + j];
      const synthetic = 100 * pair.synthetic[i * width + j];
      return { row, column, real, synthetic, difference: synthetic - real };
    }),
  );
}

const points = (value: number) => `${value >= 0 ? '+' : '−'}${formatDecimal(Math.abs(value), 2)}`;

/** The levels of the pair's two columns on the heatmaps' axes. */
interface Axes {
  rows: AxisLevels;
  columns: AxisLevels;
}

const axesOf = (pair: TwoWayDistribution): Axes => ({
  rows: axisLevels(pair.rowLevels),
  columns: axisLevels(pair.columnLevels),
});
const shortLabels = (axis: AxisLevels) => axis.domain.map((level) => axis.label(level));

interface Layout {
  cell: number;
  marginLeft: number;
  width: number;
}

/** Square cells sized so that the three heatmaps sit side by side, or one under the other on narrow screens. */
function layout(pair: TwoWayDistribution, axes: Axes, available: number): Layout {
  const marginLeft = Math.ceil(labelsWidth(shortLabels(axes.rows), MAX_LABEL)) + 14;
  const columns = pair.columnLevels.length;
  const fit = (room: number) => Math.floor((room - marginLeft - MARGIN_RIGHT) / columns);
  const sideBySide = fit((available - 2 * GAP) / 3);
  const cell = clamp(sideBySide >= MIN_CELL ? sideBySide : fit(available), MIN_CELL, MAX_CELL);
  return { cell, marginLeft, width: marginLeft + columns * cell + MARGIN_RIGHT };
}

type Kind = 'real' | 'synthetic' | 'difference';

const KINDS: Record<Kind, { title: string; legend: string }> = {
  real: { title: 'Real data', legend: 'Share of rows (%)' },
  synthetic: { title: 'Synthetic data', legend: 'Share of rows (%)' },
  difference: { title: 'Difference (synthetic − real)', legend: 'Synthetic − real (percentage points)' },
};

function heatmap(
  pair: TwoWayDistribution,
  axes: Axes,
  data: Cell[],
  kind: Kind,
  color: Plot.ScaleOptions,
  box: Layout,
  available: number,
): HTMLElement {
  const [rowColumn, columnColumn] = pair.columns;
  const ticks = horizontalTicks(shortLabels(axes.columns), box.cell, MAX_LABEL);
  const { title, legend } = KINDS[kind];
  const cellTitle = (cell: Cell) =>
    `${axes.rows.label(cell.row)} × ${axes.columns.label(cell.column)}\n` +
    `real ${formatDecimal(cell.real, 3)}%, synthetic ${formatDecimal(cell.synthetic, 3)}% (${points(cell.difference)} points)`;
  const plot = Plot.plot({
    width: box.width,
    height: MARGIN_TOP + pair.rowLevels.length * box.cell + ticks.margin,
    marginLeft: box.marginLeft,
    marginRight: MARGIN_RIGHT,
    marginTop: MARGIN_TOP,
    marginBottom: ticks.margin,
    style: plotStyle(box.width, available),
    ariaLabel: `Heatmap, ${title.toLowerCase()}: ${rowColumn} (rows) by ${columnColumn} (columns)`,
    x: { domain: axes.columns.domain, padding: 0 },
    y: { domain: axes.rows.domain, padding: 0 },
    color,
    marks: [
      Plot.cell(data, { x: 'column', y: 'row', fill: kind, inset: 0.5, title: cellTitle }),
      Plot.axisX({
        ticks: thinned(axes.columns.domain, ticks.every),
        label: columnColumn,
        tickRotate: ticks.rotate,
        tickFormat: (level: string) => axes.columns.label(level, MAX_LABEL),
        title: (level: string) => axes.columns.title(level),
      }),
      Plot.axisY({
        ticks: thinned(axes.rows.domain, tickEvery(box.cell)),
        label: rowColumn,
        labelAnchor: 'top',
        tickFormat: (level: string) => axes.rows.label(level, MAX_LABEL),
        title: (level: string) => axes.rows.title(level),
      }),
    ],
  });
  return h(
    'figure',
    { class: 'heatmap', 'data-testid': `heatmap-${kind}` },
    h('figcaption', { class: 'heatmap__title' }, title),
    plot,
    plot.legend('color', {
      label: legend,
      width: Math.min(LEGEND_WIDTH, box.width),
      marginLeft: 10,
      marginRight: 10,
      tickFormat: (value: number) => formatDecimal(value, 2),
    }) ?? null,
  );
}

function heatmaps(pair: TwoWayDistribution, available: number): Node {
  const data = cells(pair);
  const axes = axesOf(pair);
  const box = layout(pair, axes, available);
  const shares: Plot.ScaleOptions = {
    type: 'threshold',
    scheme: 'blues',
    domain: shareThresholds(Math.max(...data.map((c) => Math.max(c.real, c.synthetic)))),
  };
  const difference: Plot.ScaleOptions = {
    type: 'threshold',
    scheme: 'puor',
    domain: differenceThresholds(Math.max(...data.map((c) => Math.abs(c.difference)))),
  };
  return h(
    'div',
    { class: 'heatmaps' },
    heatmap(pair, axes, data, 'real', shares, box, available),
    heatmap(pair, axes, data, 'synthetic', shares, box, available),
    heatmap(pair, axes, data, 'difference', difference, box, available),
  );
}

export function heatmapPlot(pairs: TwoWayDistribution[]): HTMLElement {
  const worstFirst = [...pairs].sort((a, b) => b.tv - a.tv);
  const choice = selectField({
    id: 'two-way-pair',
    label: 'Pair of columns',
    choices: worstFirst.map((pair, i) => [String(i), `${pair.columns.join(' × ')} (TV ${formatDecimal(pair.tv, 3)})`]),
    value: '0',
    hint: `The ${worstFirst.length === 1 ? 'pair' : `${worstFirst.length} pairs`} with the largest total-variation distance, worst first.`,
    onChange: () => frame.redraw(),
  });
  const selected = () => worstFirst[Number(choice.select.value)] ?? worstFirst[0];
  const frame = plotFrame({
    testId: 'heatmap-plot',
    title: 'Two-way associations: real, synthetic and their difference',
    note: 'Compare the real and synthetic heatmaps cell by cell (they share one colour scale). In the difference, orange cells hold more synthetic rows than real ones and purple cells fewer: strong colours there show where the association between the two columns was not kept.',
    render: (width) => heatmaps(selected(), width),
    height: MARGIN_TOP + 16 * worstFirst[0].rowLevels.length + 120,
    controls: [choice.element],
  });
  return frame.element;
}
