// The forecast's sentence for a run with a person column: its figures are per row, at the part of
// ε that the run gives the method, so that all k rows of a person together stay within the ε set
// (docs/privacy/privacy-unit.md). The core's forecast states that per-row budget as its own.
import type { RunForecast } from 'privsynth';

import { h } from '../ui/dom';
import { formatDecimal } from '../ui/format';

/** The person column and k of a forecast's run. */
export interface PersonScope {
  column: string;
  rowsPerPerson: number;
}

export function personsNote(forecast: RunForecast, scope: PersonScope | null): HTMLElement | null {
  if (!scope) return null;
  const k = scope.rowsPerPerson;
  return h(
    'p',
    { class: 'forecast__sentence', 'data-testid': 'forecast-persons' },
    `Each person (the rows with the same “${scope.column}”) keeps at most ${k} ${k === 1 ? 'row' : 'rows'}. ` +
      `The figures below are per row, at ε = ${formatDecimal(forecast.epsilon, 3)}: what is left of your ε after counting how many rows people have, ` +
      `shared so that all ${k} rows of a person together stay within it.`,
  );
}
