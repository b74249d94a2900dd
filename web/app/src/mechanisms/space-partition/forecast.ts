// Space partitioning in the forecast: the record count and the noisy counts of the grid's cells or
// the KD-tree's split decisions and leaves, and the partition the run will use in plain words
// (Kreačić et al.). Every number comes from the core's forecastRun().
import type { PartitionParameters, RunForecast } from 'privsynth';

import { plural } from '../../forecast/forecast-text';
import { definitionList, h } from '../../ui/dom';
import { formatInteger, formatList } from '../../ui/format';
import type { ForecastUi, Part } from '../mechanism-ui';
import { partitionRows } from './text';

const parametersOf = (forecast: RunForecast): PartitionParameters | null => {
  const parameters = forecast.fit.parameters;
  return parameters && 'partition' in parameters ? parameters : null;
};

/**
 * "measures the record count, up to 32,256 noisy split decisions of a KD-tree and the noisy counts
 * of its leaves (at most 32,768); the leaves whose noisy count reaches t = 27 are released and the
 * synthetic rows are drawn inside them." The bins' count is in estimate-bins.
 */
function sentence(forecast: RunForecast): Part[] {
  const partition = parametersOf(forecast);
  if (!partition) return [`measures ${formatList(forecast.releases.map((r) => r.release))}.`];
  const released = ` whose noisy count reaches t = ${formatInteger(partition.threshold)} are released and the synthetic rows are drawn inside them.`;
  if (partition.partition === 'grid') {
    return [
      'measures the record count and the noisy counts of a grid’s ',
      h('strong', { 'data-testid': 'estimate-bins' }, formatInteger(partition.cells)),
      ' cells; the cells',
      released,
    ];
  }
  const decisions = forecast.releases.find((r) => r.release.includes('decision'));
  const leaves = forecast.releases[forecast.releases.length - 1];
  return [
    'measures the record count, ',
    decisions?.values
      ? `up to ${plural(decisions.values, 'noisy split decision', 'noisy split decisions')} of a KD-tree`
      : 'a KD-tree that splits without looking at the data',
    ' and the noisy counts of its leaves (at most ',
    h('strong', { 'data-testid': 'estimate-bins' }, formatInteger(leaves.values ?? 0)),
    '); the leaves',
    released,
  ];
}

/** The partition the run will use, in plain words, and where its rows come from. */
function details(forecast: RunForecast): HTMLElement | null {
  const parameters = parametersOf(forecast);
  if (!parameters) return null;
  const { syntheticRows } = forecast.fit;
  const rows =
    typeof syntheticRows === 'number'
      ? formatInteger(syntheticRows)
      : syntheticRows.charAt(0).toUpperCase() + syntheticRows.slice(1);
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
      [
        'Synthetic rows',
        `${rows}, drawn from the released bins: a bin by its noisy count, a point uniformly inside it.`,
      ],
    ]),
  );
}

export const spacePartitionForecast: ForecastUi = { sentence, details };
