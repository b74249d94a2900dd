// Words and numbers of the run forecast (forecast-view.ts): the releases in one sentence, the
// budget in one sentence, each release's noise, size and expected error, and the runtime. Every
// number comes from the core's forecastRun(); nothing here recomputes the core's formulas.
import type { PartitionParameters, ReleaseForecast, RunForecast, SamplerParameters, Spread } from 'privsynth';

import { h } from '../ui/dom';
import { formatBytes, formatDecimal, formatInteger, formatList, formatPercent } from '../ui/format';

type Part = Node | string;

/** Quantities of a budget (ε, ρ) and of noise: three significant digits. */
export const round = (x: number) => String(Number(x.toPrecision(3)));

const plural = (n: number, one: string, many: string) => `${formatInteger(n)} ${n === 1 ? one : many}`;

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
    const count = release.marginalsMax !== undefined && release.marginalsMax !== release.marginals ? `${release.marginals}–${release.marginalsMax}` : formatInteger(release.marginals);
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
  if (release.values !== undefined && release.expectedAbsNoise !== undefined) return `±${formatDecimal(release.expectedAbsNoise, 2)} per value`;
  return '—';
}

const isMarginals = (release: ReleaseForecast) => release.marginals !== undefined;

/**
 * The releases in one sentence, e.g. "6 of 16 columns → measures the record count and 21 marginals
 * of degree 1..2 (952 cells); the LP fits 953 statistics." The numbers that the tests read are in
 * elements named estimate-marginals and estimate-statistics.
 */
export function releaseSentence(forecast: RunForecast, totalColumns: number): Part[] {
  const p = forecast.columns.length;
  const head = `${p} of ${totalColumns} columns → measures `;
  if (forecast.mechanism === 'marginal-lp') return [head, ...marginalLpSentence(forecast)];
  if (forecast.mechanism === 'sampler') return [`${p} of ${totalColumns} columns → `, ...samplerSentence(forecast)];
  if (forecast.fit.parameters && 'partition' in forecast.fit.parameters) return [head, ...partitionSentence(forecast, forecast.fit.parameters)];
  const marginals = forecast.releases.find((r) => isMarginals(r) && r.release.startsWith('marginals'));
  const others = forecast.releases.filter((r) => r !== marginals && r.release !== 'record count').map((r) => r.release);
  if (!marginals) return [head, `${formatList(forecast.releases.map((r) => r.release))}.`];
  return [
    head,
    'the record count and ',
    h('strong', { 'data-testid': 'estimate-marginals' }, formatInteger(marginals.marginals ?? 0)),
    ` ${marginals.release} (${formatInteger(marginals.cells ?? 0)} cells)`,
    others.length ? `, plus the ${formatList(others)}` : '',
    '; the LP fits ',
    h('strong', { 'data-testid': 'estimate-statistics' }, formatInteger(forecast.fit.statistics + 1)),
    ' statistics (the cells and the total).',
  ];
}

function marginalLpSentence(forecast: RunForecast): Part[] {
  const oneWay = forecast.releases.find((r) => r.release === '1-way marginals');
  const selection = forecast.releases.find((r) => r.noise === 'exponential mechanism');
  const tree = forecast.releases.find((r) => r !== oneWay && isMarginals(r));
  const parts: Part[] = [];
  const ones = oneWay?.marginals ?? 0;
  parts.push(h('strong', { 'data-testid': 'estimate-marginals' }, formatInteger(ones)), ones === 1 ? ' one-way marginal' : ' one-way marginals');
  if (tree) {
    const count = tree.marginalsMax !== undefined && tree.marginalsMax !== tree.marginals ? `${tree.marginals}–${tree.marginalsMax}` : formatInteger(tree.marginals ?? 0);
    parts.push(tree.release.startsWith('tree edges (2-way') ? ` and a tree of ${count} two-way ${tree.marginals === 1 ? 'marginal' : 'marginals'}` : ` and ${count} ${tree.release}`);
    if (selection?.selections) {
      const some = tree.chosenAtRunTime !== undefined && tree.chosenAtRunTime !== tree.marginals ? ` ${formatInteger(tree.chosenAtRunTime)} of them` : '';
      parts.push(`,${some} chosen privately by ${plural(selection.selections, 'exponential-mechanism selection', 'exponential-mechanism selections')}`);
    }
  }
  parts.push(`; the ${forecast.fit.kind} fit makes the rows from ${plural(forecast.fit.marginals, 'marginal', 'marginals')}.`);
  return parts;
}

/**
 * Space partitioning: "the record count, up to 32,256 noisy split decisions of a KD-tree and the
 * noisy counts of its leaves (at most 32,768); the leaves whose noisy count reaches t = 27 are
 * released and the synthetic rows are drawn inside them." The bins' count is in estimate-bins.
 */
function partitionSentence(forecast: RunForecast, partition: PartitionParameters): Part[] {
  const released = ` whose noisy count reaches t = ${formatInteger(partition.threshold)} are released and the synthetic rows are drawn inside them.`;
  if (partition.partition === 'grid') {
    return ['the record count and the noisy counts of a grid’s ', h('strong', { 'data-testid': 'estimate-bins' }, formatInteger(partition.cells)), ' cells; the cells', released];
  }
  const decisions = forecast.releases.find((r) => r.release.includes('decision'));
  const leaves = forecast.releases[forecast.releases.length - 1];
  return [
    'the record count, ',
    decisions?.values ? `up to ${plural(decisions.values, 'noisy split decision', 'noisy split decisions')} of a KD-tree` : 'a KD-tree that splits without looking at the data',
    ' and the noisy counts of its leaves (at most ',
    h('strong', { 'data-testid': 'estimate-bins' }, formatInteger(leaves.values ?? 0)),
    '); the leaves',
    released,
  ];
}

/**
 * The sampler: "draws 200 records of the chosen columns (their joint alphabet of 10 symbols), each
 * by DS-ROO at ε/N = 0.005", or "measures one noisy histogram of their 10 symbols and draws 200
 * records from it". The number of samples is in estimate-samples.
 */
function samplerSentence(forecast: RunForecast): Part[] {
  const parameters = forecast.fit.parameters as SamplerParameters | undefined;
  const samples = h('strong', { 'data-testid': 'estimate-samples' }, formatInteger(forecast.fit.syntheticRows as number));
  const alphabet = parameters ? ` (their joint alphabet of ${plural(parameters.alphabet, 'symbol', 'symbols')})` : '';
  const histogram = forecast.releases.find((r) => r.scale !== undefined);
  if (histogram) {
    return [`measures one noisy histogram of the chosen columns${alphabet} and draws `, samples, ' records from it (post-processing: any number costs ε once).'];
  }
  const perSample = parameters?.epsilonPerSample;
  return ['draws ', samples, ` records of the chosen columns${alphabet}, each at ε/N${perSample ? ` = ${round(perSample)}` : ''}, none perturbed: each is a record’s symbol or, with probability γ, a uniform one.`];
}

/** The budget in one sentence: ε (and δ, ρ) and each release's share. */
export function budgetSentence(forecast: RunForecast): Part[] {
  if (forecast.rho !== undefined) {
    const parts: Part[] = [`Budget: (ε = ${round(forecast.epsilon)}, δ = ${forecast.delta}) allows `, h('strong', {}, `ρ = ${round(forecast.rho)}`), ' in zCDP, split as MST does: '];
    forecast.releases.forEach((release, i) => {
      if (i > 0) parts.push(' + ');
      const how = release.noise === 'exponential mechanism' ? 'by the exponential mechanism' : `with ${release.noise} noise`;
      parts.push(h('strong', {}, `${shareOf(release.budget.share, 'ρ')} = ${round(release.budget.rho ?? 0)}`), ` for the ${release.release} ${how}`);
    });
    parts.push('. zCDP costs add up; the receipt converts the total back to ε.');
    return parts;
  }
  if (forecast.mechanism === 'sampler') return samplerBudget(forecast);
  const parts: Part[] = [`Budget: ε = ${round(forecast.epsilon)}, pure ε-DP, split by basic composition: `];
  forecast.releases.forEach((release, i) => {
    if (i > 0) parts.push(' + ');
    parts.push(h('strong', {}, `ε = ${round(release.budget.epsilon ?? 0)}`), ` for the ${release.release}`);
  });
  parts.push('.');
  return parts;
}

/** The sampler's budget: pure ε-DP for replace-one neighbours, N samples at ε/N or one histogram at ε. */
function samplerBudget(forecast: RunForecast): Part[] {
  const parameters = forecast.fit.parameters as SamplerParameters | undefined;
  const head = `Budget: ε = ${round(forecast.epsilon)}, pure ε-DP for replace-one neighbours (the number of records is public): `;
  const samples = forecast.fit.syntheticRows as number;
  if (forecast.releases.some((r) => r.scale !== undefined)) {
    return [head, h('strong', {}, `ε = ${round(forecast.epsilon)}`), ' for one noisy histogram; its samples are post-processing.'];
  }
  const each = parameters?.epsilonPerSample;
  return [head, `${plural(samples, 'sample', 'samples')} at `, h('strong', {}, each ? `ε/N = ${round(each)}` : 'ε/N'), ' each, by basic composition.'];
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
  const range = nativeRange ? ` (${formatDuration(nativeRange[0] * wasmFactor)} – ${formatDuration(nativeRange[1] * wasmFactor)})` : '';
  return `about ${formatDuration(wasm)} in your browser${range}`;
}

/** "about 21.9 MB (table 4.5 MB, output 3.4 MB, marginals 14.9 KB, fit 14 MB)", or null without n. */
export function memoryText(forecast: RunForecast): string | null {
  const memory = forecast.memoryBytes as Record<keyof RunForecast['memoryBytes'], number | null>;
  if (memory.total === null) return null;
  const parts = (['table', 'output', 'marginals', 'fit'] as const).filter((key) => memory[key] !== null).map((key) => `${key} ${formatBytes(memory[key]!)}`);
  return `about ${formatBytes(memory.total)} (${parts.join(', ')})`;
}
