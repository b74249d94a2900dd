// The reduced-space LP's run options as the other views of this folder read them from the store.
import type { RunParameters, RunParametersOf } from '../../store';

export type ReducedSpaceLpRun = RunParametersOf<'reduced-space-lp'>;

/** The reduced-space LP's options (its runs leave "mechanism" out: the library's default). */
export function isReducedSpaceLp(parameters: RunParameters): parameters is ReducedSpaceLpRun {
  return parameters.mechanism === undefined || parameters.mechanism === 'reduced-space-lp';
}
