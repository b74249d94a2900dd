// Adaptive marginals in the forecast: the 1-way marginals, then at most so many rounds of a private
// selection and a measurement each, and the zCDP budget split as AIM splits it. Every number comes
// from the core's forecastRun().
import type { RunForecast } from 'privsynth';

import { plural, pureBudgetSentence, round } from '../../forecast/forecast-text';
import { h } from '../../ui/dom';
import { formatInteger } from '../../ui/format';
import type { ForecastUi, Part } from '../mechanism-ui';

/**
 * "measures 6 one-way marginals, then in at most 27 rounds one marginal each, chosen privately
 * among 21 candidates; the graphical model makes the rows from every measurement." The number of
 * one-way marginals is in estimate-marginals.
 */
function sentence(forecast: RunForecast): Part[] {
  const oneWay = forecast.releases.find((r) => r.release === '1-way marginals');
  const selection = forecast.releases.find((r) => r.noise === 'exponential mechanism');
  const ones = oneWay?.marginals ?? 0;
  const rounds = selection?.selections ?? 0;
  return [
    'measures ',
    h('strong', { 'data-testid': 'estimate-marginals' }, formatInteger(ones)),
    ones === 1 ? ' one-way marginal' : ' one-way marginals',
    `, then in at most ${plural(rounds, 'round', 'rounds')} one marginal each, chosen privately by the exponential mechanism; `,
    'the graphical model fitted to every measurement makes the rows.',
  ];
}

/** (ε, δ) as ρ in zCDP: the 1-way marginals' share, and the rest over the rounds (90% measuring, 10% choosing). */
function budget(forecast: RunForecast): Part[] {
  if (forecast.rho === undefined) return pureBudgetSentence(forecast);
  const oneWay = forecast.releases.find((r) => r.release === '1-way marginals');
  return [
    `Budget: (ε = ${round(forecast.epsilon)}, δ = ${forecast.delta}) allows `,
    h('strong', {}, `ρ = ${round(forecast.rho)}`),
    ' in zCDP: ',
    h('strong', {}, `ρ = ${round(oneWay?.budget.rho ?? 0)}`),
    ' for the one-way marginals, the rest spent round by round (90% on the measurement, 10% on the choice), ',
    'the noise halving whenever a measurement barely moves the model, and the last round spending what is left. ',
    'zCDP costs add up; the receipt converts the total back to ε.',
  ];
}

export const adaptiveMarginalsForecast: ForecastUi = { sentence, budget };
