// Words and numbers of the run forecast (forecast-view.ts): the budget of pure ε-DP in one
// sentence, each release's noise, size and expected error, the runtime and the memory, and helpers
// for the mechanisms' own sentences (mechanisms/<id>/forecast.ts). Every number comes from the
// core's forecastRun(); nothing here recomputes the core's formulas.
import type { ReleaseForecast, RunForecast, Spread } from 'privsynth';

import type { Part } from '../mechanisms/mechanism-ui';
import { h } from '../ui/dom';
import { formatBytes, formatDecimal, formatInteger, formatPercent } from '../ui/format';

/** Quantities of a budget (ε, ρ) and of noise: three significant digits. */
export const round = (x: number) => String(Number(x.toPrecision(3)));

/** "1 marginal", "21 marginals". */
export const plural = (n: number, one: string, many: string) => `${formatInteger(n)} ${n === 1 ? one : many}`;

/** The noise of each value, as the receipt's ledger writes it (same rounding: σ = 24.52, 25.58). */
export function noiseText(release: ReleaseForecast): string {
  if (release.std !== undefined) return `${release.noise}, σ = ${formatDecimal(release.std)}`;
  if (release.scale !== undefined) return `${release.noise}, scale b = ${formatDecimal(release.scale)}`;
  if (release.selections !== undefined && release.epsilonEach !== undefined) {
    return `${release.noise}: ${plural(release.selections, 'selection', 'selections')}, ε = ${formatDecimal(release.epsilonEach)} each`;
  }
  return release.noise;
}

/** The per-value noise of a marginal release: "σ = 24.52" or "b = 25.58". */
export function cellNoise(release: ReleaseForecast): string {
  if (release.std !== undefined) return `σ = ${formatDecimal(release.std)}`;
  if (release.scale !== undefined) return `b = ${formatDecimal(release.scale)}`;
  return '—';
}

/** "ρ/3" for a third of ρ, else "33.3% of ρ". */
export function shareOf(share: number, symbol: string): string {
  for (let parts = 1; parts <= 6; ++parts) {
    if (Math.abs(share - 1 / parts) < 1e-6) return parts === 1 ? symbol : `${symbol}/${parts}`;
  }
  return `${formatPercent(share)} of ${symbol}`;
}

export function budgetText(release: ReleaseForecast): string {
  const { epsilon, rho, share } = release.budget;
  const amount = rho !== undefined ? `ρ = ${round(rho)}` : `ε = ${round(epsilon ?? 0)}`;
  return `${amount} (${formatPercent(share)})`;
}

export function sizeText(release: ReleaseForecast): string {
  if (release.marginals !== undefined) {
    const count =
      release.marginalsMax !== undefined && release.marginalsMax !== release.marginals
        ? `${release.marginals}–${release.marginalsMax}`
        : formatInteger(release.marginals);
    const noun = `${count} ${release.marginals === 1 && release.marginalsMax === undefined ? 'marginal' : 'marginals'}`;
    if (release.cells !== null && release.cells !== undefined) return `${noun}, ${formatInteger(release.cells)} cells`;
    const chosen = !release.chosenAtRunTime
      ? ''
      : release.chosenAtRunTime === release.marginals
        ? ', chosen during the run'
        : ` (${formatInteger(release.chosenAtRunTime)} chosen during the run)`;
    const each = release.cellsEach ? `; ${cellRange(release.cellsEach)} each` : '';
    return `${noun}${chosen}${each}`;
  }
  if (release.values !== undefined) return plural(release.values, 'value', 'values');
  if (release.selections !== undefined) return plural(release.selections, 'selection', 'selections');
  return '—';
}

/** "4 to 240 cells (typical 32)", or "15 cells". */
function cellRange({ min, typical, max }: Spread): string {
  if (min === max) return `${formatInteger(min)} cells`;
  return `${formatInteger(min)} to ${formatInteger(max)} cells (typical ${formatInteger(typical)})`;
}

/** "0.0005 – 0.0047 – 0.063" (min – typical – max), or one number when they agree. */
export function spreadText(spread: Spread, format: (x: number) => string = (x) => formatDecimal(x, 2)): string {
  const values = [spread.min, spread.typical, spread.max].map(format);
  if (values.every((value) => value === values[0])) return values[0];
  return values.join(' – ');
}

/** The expected error of a release: TV per marginal, or ± records for single values. */
export function errorText(release: ReleaseForecast, rowsKnown: boolean): string {
  if (release.expectedTvEach) return spreadText(release.expectedTvEach);
  if (release.marginals !== undefined) return rowsKnown ? '—' : 'needs n';
  if (release.values !== undefined && release.expectedAbsNoise !== undefined)
    return `±${formatDecimal(release.expectedAbsNoise, 2)} per value`;
  return '—';
}

/** The budget in one sentence, for pure ε-DP split by basic composition (a mechanism may state its own). */
export function pureBudgetSentence(forecast: RunForecast): Part[] {
  const parts: Part[] = [`Budget: ε = ${round(forecast.epsilon)}, pure ε-DP, split by basic composition: `];
  forecast.releases.forEach((release, i) => {
    if (i > 0) parts.push(' + ');
    parts.push(h('strong', {}, `ε = ${round(release.budget.epsilon ?? 0)}`), ` for the ${release.release}`);
  });
  parts.push('.');
  return parts;
}

/** "1.1 s", "45 s", "3.2 min". */
export function formatDuration(seconds: number): string {
  if (seconds < 10) return `${formatDecimal(seconds, 2)} s`;
  if (seconds < 120) return `${Math.round(seconds)} s`;
  return `${formatDecimal(seconds / 60, 2)} min`;
}

/** "about 1.1 s in your browser (0.6 s – 2.2 s)", or null without n. */
export function runtimeText(forecast: RunForecast): string | null {
  const { wasm, nativeRange, wasmFactor } = forecast.runtimeSeconds;
  if (wasm === null) return null;
  const range = nativeRange
    ? ` (${formatDuration(nativeRange[0] * wasmFactor)} – ${formatDuration(nativeRange[1] * wasmFactor)})`
    : '';
  return `about ${formatDuration(wasm)} in your browser${range}`;
}

/** "about 21.9 MB (table 4.5 MB, output 3.4 MB, marginals 14.9 KB, fit 14 MB)", or null without n. */
export function memoryText(forecast: RunForecast): string | null {
  const memory = forecast.memoryBytes as Record<keyof RunForecast['memoryBytes'], number | null>;
  if (memory.total === null) return null;
  const parts = (['table', 'output', 'marginals', 'fit'] as const)
    .filter((key) => memory[key] !== null)
    .map((key) => `${key} ${formatBytes(memory[key]!)}`);
  return `about ${formatBytes(memory.total)} (${parts.join(', ')})`;
}
