// Real vs synthetic share of every level of one column (grouped bars), with a selector for the
// column. Long level lists keep at least MIN_STEP px per level: the plot then grows wider than
// the card and scrolls sideways, and long names are cut and turned by 45°. Levels are shown in
// their natural order with short names (labels.ts); a tick's tooltip gives the full name.
import * as Plot from '@observablehq/plot';
import type { MarginalDistance, OneWayDistribution } from 'privsynth';

import { selectField } from '../ui/fields';
import { formatDecimal, formatPercent } from '../ui/format';
import { axisLevels, horizontalTicks, thinned } from './labels';
import { REAL_COLOUR, seriesLegend, SYNTHETIC_COLOUR, syntheticStripes } from './palette';
import { plotFrame, plotStyle } from './plot-frame';

const HEIGHT = 380;
/** Room per level for two bars and a gap (px). */
const MIN_STEP = 26;
// Room for a range of dates across two years, "2020-12-31–2021-04-01".
const MAX_LABEL = 21;
const MARGIN_LEFT = 48;
const MARGIN_RIGHT = 12;

type Source = 'Real' | 'Synthetic';

interface Bar {
  level: string;
  source: Source;
  share: number;
}

const bars = (d: OneWayDistribution, source: Source): Bar[] =>
  d.levels.map((level, i) => ({ level, source, share: (source === 'Real' ? d.real : d.synthetic)[i] }));

function render(d: OneWayDistribution, available: number): Node {
  const levels = axisLevels(d.levels);
  const width = Math.max(available, MARGIN_LEFT + MARGIN_RIGHT + d.levels.length * MIN_STEP);
  const ticks = horizontalTicks(
    levels.domain.map((level) => levels.label(level)),
    (width - MARGIN_LEFT - MARGIN_RIGHT) / d.levels.length,
    MAX_LABEL,
  );
  const stripes = syntheticStripes();
  const barTitle = (bar: Bar) => `${levels.title(bar.level)}\n${bar.source}: ${formatPercent(bar.share)} of rows`;
  const bar = { fx: 'level', x: 'source', y: 'share', title: barTitle };
  return Plot.plot({
    width,
    height: HEIGHT,
    marginLeft: MARGIN_LEFT,
    marginRight: MARGIN_RIGHT,
    marginBottom: ticks.margin,
    style: plotStyle(width, available),
    ariaLabel: `Bar chart of the share of rows at each level of ${d.column}: real data next to synthetic data`,
    fx: { domain: levels.domain, label: d.column, padding: 0.15 },
    x: { domain: ['Real', 'Synthetic'], axis: null, padding: 0.05 },
    y: { label: 'Share of rows (%)', percent: true, grid: true },
    marks: [
      Plot.axisFx({
        ticks: thinned(levels.domain, ticks.every),
        anchor: 'bottom',
        label: d.column,
        tickRotate: ticks.rotate,
        tickFormat: (level: string) => levels.label(level, MAX_LABEL),
        title: (level: string) => levels.title(level),
      }),
      stripes.defs,
      Plot.barY(bars(d, 'Real'), { ...bar, fill: REAL_COLOUR }),
      Plot.barY(bars(d, 'Synthetic'), { ...bar, fill: stripes.fill, stroke: SYNTHETIC_COLOUR, strokeWidth: 1 }),
      Plot.ruleY([0]),
    ],
  });
}

export function oneWayPlot(distributions: OneWayDistribution[], distances: MarginalDistance[]): HTMLElement {
  const tv = new Map(distances.map((d) => [d.columns[0], d.tv]));
  const choice = selectField({
    id: 'one-way-column',
    label: 'Column',
    choices: distributions.map((d) => [
      d.column,
      tv.has(d.column) ? `${d.column} (TV ${formatDecimal(tv.get(d.column)!, 3)})` : d.column,
    ]),
    value: distributions[0].column,
    hint: `${distributions.length} columns. TV: the total-variation distance between the real and synthetic distributions (0 = identical, 1 = disjoint).`,
    onChange: () => frame.redraw(),
  });
  const selected = () => distributions.find((d) => d.column === choice.select.value) ?? distributions[0];
  const frame = plotFrame({
    testId: 'one-way-plot',
    title: 'Real vs synthetic distribution of each column',
    note: 'Look for levels where the striped synthetic bar is much taller or shorter than the solid real bar beside it: the synthetic data over- or under-represents them.',
    render: (width) => render(selected(), width),
    height: HEIGHT,
    controls: [choice.element, seriesLegend()],
  });
  return frame.element;
}
