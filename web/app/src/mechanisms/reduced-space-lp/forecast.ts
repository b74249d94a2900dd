// The reduced-space LP in the forecast: the record count and every marginal up to the degree it
// measures, and the statistics its LP fits. Every number comes from the core's forecastRun().
import type { RunForecast } from 'privsynth';

import { h } from '../../ui/dom';
import { formatInteger, formatList } from '../../ui/format';
import type { ForecastUi, Part } from '../mechanism-ui';

/**
 * "measures the record count and 21 marginals of degree 1..2 (952 cells); the LP fits 953
 * statistics." The numbers that the tests read are in elements named estimate-marginals and
 * estimate-statistics.
 */
function sentence(forecast: RunForecast): Part[] {
  const marginals = forecast.releases.find((r) => r.marginals !== undefined && r.release.startsWith('marginals'));
  const others = forecast.releases.filter((r) => r !== marginals && r.release !== 'record count').map((r) => r.release);
  if (!marginals) return [`measures ${formatList(forecast.releases.map((r) => r.release))}.`];
  return [
    'measures the record count and ',
    h('strong', { 'data-testid': 'estimate-marginals' }, formatInteger(marginals.marginals ?? 0)),
    ` ${marginals.release} (${formatInteger(marginals.cells ?? 0)} cells)`,
    others.length ? `, plus the ${formatList(others)}` : '',
    '; the LP fits ',
    h('strong', { 'data-testid': 'estimate-statistics' }, formatInteger(forecast.fit.statistics + 1)),
    ' statistics (the cells and the total).',
  ];
}

export const reducedSpaceLpForecast: ForecastUi = { sentence };
