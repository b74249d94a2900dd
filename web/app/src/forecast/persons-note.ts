// The forecast's sentence for a run with a person column: its figures are per row, at the part of
// ε that the run gives the method, so that all k rows of a person together stay within the ε set
// (docs/privacy/privacy-unit.md). The core's forecast states that per-row budget as its own.
import type { RunForecast } from 'privsynth';

import { h } from '../ui/dom';
import { formatDecimal } from '../ui/format';

/** The person column of a forecast's run. */
export interface PersonScope {
  column: string;
}

export function personsNote(forecast: RunForecast, scope: PersonScope | null): HTMLElement | null {
  if (!scope || !forecast.privacyUnit) return null;
  const { rowsPerPerson: k, chosenPrivately } = forecast.privacyUnit;
  const rows = `${k} ${k === 1 ? 'row' : 'rows'}`;
  const kept = chosenPrivately
    ? `The most rows each person keeps is chosen when you run, privately, so that about three people in four keep all their rows; the figures below assume ${rows}. `
    : `Each person keeps at most ${rows}. `;
  return h(
    'p',
    { class: 'forecast__sentence', 'data-testid': 'forecast-persons' },
    `A person is all the rows with the same “${scope.column}”. ${kept}` +
      `The figures below are per row, at ε = ${formatDecimal(forecast.epsilon, 3)}: what is left of your ε after choosing and counting how many rows people have, ` +
      `shared so that all the rows of a person together stay within it.`,
  );
}
