// The private samplers' choices (Tasnim et al., "Differentially private sampling via
// Reveal-or-Obscure"): their labels and hints, and the one rule the page checks before a run: the
// reveal-or-obscure samplers refuse an N whose samples would be uniform noise with a probability
// above maxObscuring. That limit is the core's (the forecast runs the run's own check and its error
// names the largest N that passes); nothing is recomputed here, the error is only read.
import type { SamplerOptions } from 'privsynth';

import type { AppState, DataInput } from '../../store';
import { formatInteger } from '../../ui/format';

export type Sampler = NonNullable<SamplerOptions['sampler']>;

export const DEFAULT_SAMPLER: Sampler = 'ds-roo';

export const SAMPLER_LABELS: Record<Sampler, string> = {
  'ds-roo': 'DS-ROO: data-specific reveal-or-obscure (default)',
  roo: 'ROO: reveal-or-obscure',
  'subsampled-rr': 'subsampled randomized response',
  'laplace-histogram': 'one Laplace histogram (for many samples)',
};

/** Short names, for tables and sentences. */
export const SAMPLER_NAMES: Record<Sampler, string> = {
  'ds-roo': 'DS-ROO',
  roo: 'ROO',
  'subsampled-rr': 'subsampled RR',
  'laplace-histogram': 'Laplace histogram',
};

export const SAMPLER_HINTS: Record<Sampler, string> = {
  'ds-roo':
    'Like ROO, but the probability of a uniform symbol depends only on the smallest count of any symbol: never above ROO’s γ, ' +
    'and no sample is obscured once every symbol is common enough (Algorithm 2).',
  roo: 'Each sample is the symbol of a random record or, with probability γ = k / (k + n (e^(ε/N) − 1)), a uniform symbol (Algorithm 1).',
  'subsampled-rr':
    'A random record’s symbol passed through k-ary randomized response at a local ε0: the same law as ROO, so the same γ and TV.',
  'laplace-histogram':
    'One histogram of every symbol with discrete Laplace noise at the whole ε; all N samples are drawn from it (post-processing), ' +
    'so N costs nothing extra. Better than the others once N is large.',
};

/** Each input object once (an input whose data the page cannot name otherwise). */
const inputIds = new WeakMap<object, number>();
let inputCount = 0;

/**
 * Which data an input holds, as far as the page can tell: the same bundled sample, or a file of the
 * same name, size and date, is the same data (loading it again does not make the owner forget what
 * the samplers' comparison showed about it).
 */
export function dataKeyOf(input: DataInput): string {
  if (input.sample) return `sample:${input.sample}`;
  if (typeof input.csv !== 'string') return `file:${input.csv.name}:${input.csv.size}:${input.csv.lastModified}`;
  if (!inputIds.has(input)) inputIds.set(input, ++inputCount);
  return `input:${inputIds.get(input)}`;
}

export interface SamplerRefusal {
  /** The largest N the core accepts at this ε, n and maxObscuring. */
  mostSamples: number;
  /** γ at ε / N and the limit it exceeds, when the message states them. */
  gamma: number | null;
  maxObscuring: number | null;
  /** The core's own message. */
  message: string;
}

/**
 * The sampler's n: every data row of the loaded CSV (the bundled sample's, or an uploaded file's as
 * the data summary read them), null until it is known. Public for the sampler alone: its neighbours
 * replace one record, so the number of records is not protected, and its run publishes it in the
 * receipt. Never the rows that fit the schema: how many records were invalid is private.
 */
export function samplerRecords(state: AppState): number | null {
  if (!state.input) return null;
  if (state.input.rows !== null) return state.input.rows;
  return state.fileRows?.input === state.input ? state.fileRows.rows : null;
}

/**
 * The core's refusal of this N, from the forecast of the current settings (made with the sampler's
 * public n, samplerRecords): its parameters carry the reason and the largest N that passes. Null
 * when the run would go ahead, or while n is not the data's (a typed estimate: the run's n then
 * decides).
 */
export function samplerRefusal(state: AppState): SamplerRefusal | null {
  if (state.mechanism !== 'sampler' || state.forecast.kind !== 'ready') return null;
  if (samplerRecords(state) === null) return null;
  const parameters = state.forecast.report.fit.parameters;
  if (!parameters || !('sampler' in parameters) || parameters.refusal === undefined) return null;
  return {
    mostSamples: parameters.obscuring.mostSamples,
    gamma: parameters.obscuring.rooGamma,
    maxObscuring: parameters.obscuring.maxObscuring,
    message: parameters.refusal,
  };
}

/** The reason in one sentence: "draw at most 4,884 samples (with N = 10,000, each sample would be …), raise ε, or …". */
export function refusalText(refusal: SamplerRefusal, samples: number | undefined): string {
  const most = `draw at most ${formatInteger(refusal.mostSamples)} samples`;
  const why =
    refusal.gamma !== null && refusal.maxObscuring !== null
      ? ` (with N = ${samples === undefined ? 'this many' : formatInteger(samples)}, each sample would be uniform noise with probability ${Number(refusal.gamma.toPrecision(3))}, more than ${refusal.maxObscuring})`
      : '';
  return `${most}${why}, raise ε, or choose the Laplace-histogram sampler, whose N samples all come from one noisy histogram`;
}
