// The run forecast as text: the budget, each release with its noise and expected error, the
// measured marginals known before the run, the fit, memory and runtime. `plan --json` prints the
// forecast itself (docs/forecast.md).
import type { PartitionParameters, ReleaseForecast, RunForecast, SamplerParameters, Spread } from '../node.js';
import { textTable } from './text-table.js';

/** Per-marginal lines printed before "... N more". */
const MARGINAL_LINES = 30;

/** 3 significant digits: 0.000654, 1e-9, 48.8; 1.23e+6 from a million up. */
const number = (x: number): string => (Math.abs(x) >= 1e6 ? x.toExponential(2) : String(Number(x.toPrecision(3))));
const integer = (x: number): string => Math.round(x).toLocaleString('en-US');
const share = (x: number): string => `${number(x * 100)}%`;
const spread = (s: Spread | null | undefined, format = number): string =>
  s ? (s.min === s.max ? format(s.min) : `${format(s.min)} / ${format(s.typical)} / ${format(s.max)}`) : '-';

function bytes(x: number): string {
  if (x >= 1e9) return `${number(x / 1e9)} GB`;
  if (x >= 1e6) return `${number(x / 1e6)} MB`;
  return `${number(x / 1e3)} kB`;
}

function noiseOf(release: ReleaseForecast): string {
  if (release.std !== undefined) return `${release.noise}, sigma ${number(release.std)}`;
  if (release.scale !== undefined) return `${release.noise}, scale ${number(release.scale)}`;
  if (release.selections !== undefined)
    return `${release.noise}, ${release.selections} x eps ${number(release.epsilonEach ?? 0)}`;
  return release.noise;
}

function budgetOf(release: ReleaseForecast): string {
  const amount =
    release.budget.rho !== undefined
      ? `rho ${number(release.budget.rho)}`
      : `eps ${number(release.budget.epsilon ?? 0)}`;
  return `${amount} (${share(release.budget.share)})`;
}

function sizeOf(release: ReleaseForecast): string {
  if (release.marginals === undefined)
    return release.values !== undefined ? `${release.values} value${release.values === 1 ? '' : 's'}` : '-';
  const count =
    release.chosenAtRunTime !== undefined
      ? `${release.chosenAtRunTime} marginals chosen at run time`
      : `${release.marginals} marginals`;
  return `${count}, cells ${spread(release.cellsEach, integer)}`;
}

function releaseRows(forecast: RunForecast): string[][] {
  const withRows = forecast.rows !== null;
  return [
    [
      'release',
      'noise',
      'budget',
      'size',
      withRows ? 'expected TV (min / typical / max)' : 'expected L1 error, counts',
    ],
    ...forecast.releases.map((release) => [
      release.release,
      noiseOf(release),
      budgetOf(release),
      sizeOf(release),
      withRows ? spread(release.expectedTvEach) : spread(release.expectedL1CountEach),
    ]),
  ];
}

function marginalLines(forecast: RunForecast): string[] {
  const rows: string[][] = [];
  for (const release of forecast.releases) {
    for (const marginal of release.perMarginal ?? []) {
      rows.push([
        marginal.columns.join(' x '),
        integer(marginal.cells),
        release.release,
        number(marginal.expectedL1Count),
        marginal.expectedTv === null ? '-' : number(marginal.expectedTv),
      ]);
    }
  }
  if (rows.length === 0) return [];
  const shown = rows.slice(0, MARGINAL_LINES);
  return [
    '',
    'Each measured marginal known before the run (expected errors of the noisy counts):',
    ...textTable([['marginal', 'cells', 'release', 'expected L1 (counts)', 'expected TV'], ...shown], '  '),
    ...(rows.length > shown.length ? [`  ... ${rows.length - shown.length} more (--json lists all)`] : []),
  ];
}

/** space-partition's grid or tree (Kreačić et al.): w, t, s1, s2 and tau. */
export function partitionLine(p: PartitionParameters): string {
  if (p.partition === 'grid') {
    return (
      `Partition: grid of ${integer(p.cellsPerNumericAxis)} cells per numeric axis (w = ${number(p.cellWidth)} of each range), ` +
      `${integer(p.cells)} cells; counts released at >= t = ${p.threshold} (${p.thresholdNote}).`
    );
  }
  return (
    `Partition: KD-tree, split without the data while an edge is > s1 = ${number(p.maxEdge)} of its range (h = ${p.dataIndependentLevels} levels), ` +
    `then on noisy decisions "count > tau = ${number(p.tau)}" (L = ${p.decisionLevels} on any path) down to s2 = ${number(p.minEdge)}; ` +
    `leaf counts released at >= t = ${p.threshold} (${p.thresholdNote}).`
  );
}

/** The sampler (Tasnim et al.): per-sample epsilon, ROO's obscuring, eq. (9)'s limit, and the histogram alternative. */
export function samplerLines(p: SamplerParameters): string[] {
  const o = p.obscuring;
  const family =
    p.sampler === 'laplace-histogram'
      ? `Sampler: laplace-histogram, one noisy histogram of the ${integer(p.alphabet)} symbols at epsilon ${number(p.histogram.epsilon)} ` +
        `(scale ${number(p.histogram.scale)}), ${integer(p.samples)} samples drawn from it; expected TV <= ${number(p.histogram.tvBound)}.`
      : `Sampler: ${p.sampler}, ${integer(p.samples)} samples at epsilon ${number(o.epsilonPerSample)} each from ${integer(p.alphabet)} symbols ` +
        `and n = ${integer(p.records)} (public: replace-one neighbours); a sample is uniform noise with probability gamma <= ${number(o.rooGamma)}, ` +
        `TV to the data <= ${number(o.worstCaseTv)}.`;
  return [
    ...(p.refusal ? [`REFUSED: ${p.refusal}.`] : []),
    family,
    `Compare: ${p.sampler === 'laplace-histogram' ? 'ROO at epsilon / N' : 'one Laplace histogram'} ` +
      (p.sampler === 'laplace-histogram'
        ? `would obscure with gamma ${number(o.rooGamma)} (worst TV ${number(o.worstCaseTv)}); at most ${integer(o.mostSamples)} samples keep gamma <= ${number(o.maxObscuring)}.`
        : `at the whole epsilon has expected TV <= ${number(p.histogram.tvBound)} for any N.`) +
      ` Better for ${integer(p.samples)} samples: ${p.betterForTheseSamples}.`,
    `Records needed (eq. 9) for ROO's worst-case TV at epsilon ${number(o.epsilonPerSample)} per sample: ` +
      o.recordsForTv.map((t) => `${integer(t.records)} for ${number(t.tv)}`).join(', ') +
      '.',
  ];
}

function fitLine(fit: RunForecast['fit']): string {
  const rows = typeof fit.syntheticRows === 'number' ? integer(fit.syntheticRows) : fit.syntheticRows;
  if (fit.parameters && 'sampler' in fit.parameters) return samplerLines(fit.parameters).join('\n');
  if (fit.parameters && 'partition' in fit.parameters) {
    return `${partitionLine(fit.parameters)}\nSynthetic rows: ${rows}, drawn from the released bins.`;
  }
  const reduced =
    fit.reducedSpace === undefined
      ? ''
      : 'fullDomain' in fit.reducedSpace
        ? `, full domain of ${integer(fit.reducedSpace.fullDomain)} points`
        : `, reduced space ${integer(fit.reducedSpace.initial)} -> at most ${integer(fit.reducedSpace.max)} points`;
  return `Fit: ${fit.kind}${fit.solver ? ` (${fit.solver}, ${fit.objective})` : ''}, ${integer(fit.statistics)} statistics${reduced}; synthetic rows: ${rows}.`;
}

export function forecastText(forecast: RunForecast): string {
  const { fit, memoryBytes: memory, runtimeSeconds: runtime } = forecast;
  const budget =
    forecast.rho !== undefined
      ? `epsilon ${number(forecast.epsilon)}, delta ${number(forecast.delta ?? 0)} (rho ${number(forecast.rho)})`
      : `epsilon ${number(forecast.epsilon)}`;
  const rows =
    forecast.rows === null
      ? 'n not given (--rows): errors as counts, no TV, no runtime'
      : `n = ${integer(forecast.rows)} (your estimate)${forecast.mechanismRows !== forecast.rows && forecast.mechanismRows !== null ? `, ${integer(forecast.mechanismRows)} after the ML hold-out` : ''}`;
  const lines = [
    'Run forecast from public inputs only: no data read, no privacy budget spent.',
    `Mechanism ${forecast.mechanism}, ${forecast.privacy}: ${budget}; ${forecast.columns.length} columns; ${rows}.`,
    '',
    ...textTable(releaseRows(forecast), ''),
    `Total: ${forecast.totals.rho !== undefined ? `rho ${number(forecast.totals.rho)}` : `epsilon ${number(forecast.totals.epsilon ?? 0)}`} of ${number(forecast.totals.budget)}.`,
    ...marginalLines(forecast),
    '',
    fitLine(fit),
    memory.total === null || memory.table === null || memory.output === null
      ? `Memory: give --rows for an estimate (fit ${bytes(memory.fit)}).`
      : `Memory: about ${bytes(memory.total)} (table ${bytes(memory.table)}, output ${bytes(memory.output)}, fit ${bytes(memory.fit)}).`,
    runtime.native === null
      ? 'Runtime: give --rows for an estimate.'
      : `Runtime: about ${number(runtime.native)} s native (${number(runtime.nativeRange![0])}-${number(runtime.nativeRange![1])} s), ${number(runtime.wasm!)} s in WebAssembly. ${runtime.basis}`,
    ...forecast.notes.map((note) => `Note: ${note}`),
  ];
  return `${lines.join('\n')}\n`;
}
