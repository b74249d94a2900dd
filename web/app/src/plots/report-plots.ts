// The plots of a utility report, in reading order: each column's distribution, the worst pairs'
// heatmaps, then the error of every marginal. Computed on the real data: NOT private.
import type { UtilityReport } from 'privsynth';

import { marginalErrorPlots } from './error-bars-plot';
import { heatmapPlot } from './heatmap-plot';
import { oneWayPlot } from './one-way-plot';

export function reportPlots(report: UtilityReport): HTMLElement[] {
  const { distributions, marginals } = report;
  return [
    distributions?.oneWay.length ? oneWayPlot(distributions.oneWay, marginals?.oneWay ?? []) : null,
    distributions?.twoWay.length ? heatmapPlot(distributions.twoWay) : null,
    ...(marginals?.oneWay.length ? marginalErrorPlots(marginals) : []),
  ].filter((plot): plot is HTMLElement => plot !== null);
}
