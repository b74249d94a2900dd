// The marginal LP in the forecast: its 1-way marginals and the tree of 2-way marginals chosen
// privately during the run, and its zCDP budget split as MST splits it. Every number comes from the
// core's forecastRun().
import type { RunForecast } from 'privsynth';

import { plural, pureBudgetSentence, round, shareOf } from '../../forecast/forecast-text';
import { h } from '../../ui/dom';
import { formatInteger } from '../../ui/format';
import type { ForecastUi, Part } from '../mechanism-ui';

/**
 * "measures 6 one-way marginals and a tree of 5 two-way marginals, chosen privately by 5
 * exponential-mechanism selections; the tree fit makes the rows from 11 marginals." The number of
 * one-way marginals is in estimate-marginals.
 */
function sentence(forecast: RunForecast): Part[] {
  const oneWay = forecast.releases.find((r) => r.release === '1-way marginals');
  const selection = forecast.releases.find((r) => r.noise === 'exponential mechanism');
  const tree = forecast.releases.find((r) => r !== oneWay && r.marginals !== undefined);
  const parts: Part[] = ['measures '];
  const ones = oneWay?.marginals ?? 0;
  parts.push(
    h('strong', { 'data-testid': 'estimate-marginals' }, formatInteger(ones)),
    ones === 1 ? ' one-way marginal' : ' one-way marginals',
  );
  if (tree) {
    const count =
      tree.marginalsMax !== undefined && tree.marginalsMax !== tree.marginals
        ? `${tree.marginals}–${tree.marginalsMax}`
        : formatInteger(tree.marginals ?? 0);
    parts.push(
      tree.release.startsWith('tree edges (2-way')
        ? ` and a tree of ${count} two-way ${tree.marginals === 1 ? 'marginal' : 'marginals'}`
        : ` and ${count} ${tree.release}`,
    );
    if (selection?.selections) {
      const some =
        tree.chosenAtRunTime !== undefined && tree.chosenAtRunTime !== tree.marginals
          ? ` ${formatInteger(tree.chosenAtRunTime)} of them`
          : '';
      parts.push(
        `,${some} chosen privately by ${plural(selection.selections, 'exponential-mechanism selection', 'exponential-mechanism selections')}`,
      );
    }
  }
  parts.push(
    `; the ${forecast.fit.kind} fit makes the rows from ${plural(forecast.fit.marginals, 'marginal', 'marginals')}.`,
  );
  return parts;
}

/** (ε, δ) as ρ in zCDP, and each release's share of ρ. */
function budget(forecast: RunForecast): Part[] {
  if (forecast.rho === undefined) return pureBudgetSentence(forecast);
  const parts: Part[] = [
    `Budget: (ε = ${round(forecast.epsilon)}, δ = ${forecast.delta}) allows `,
    h('strong', {}, `ρ = ${round(forecast.rho)}`),
    ' in zCDP, split as MST does: ',
  ];
  forecast.releases.forEach((release, i) => {
    if (i > 0) parts.push(' + ');
    const how =
      release.noise === 'exponential mechanism' ? 'by the exponential mechanism' : `with ${release.noise} noise`;
    parts.push(
      h('strong', {}, `${shareOf(release.budget.share, 'ρ')} = ${round(release.budget.rho ?? 0)}`),
      ` for the ${release.release} ${how}`,
    );
  });
  parts.push('. zCDP costs add up; the receipt converts the total back to ε.');
  return parts;
}

export const marginalLpForecast: ForecastUi = { sentence, budget };
