// The reduced-space LP's reference measure μ and budget split as the core resolves them for a run:
// the run advice (adviseRun, engine/run-advice.ts) asked with this run's reference options. "auto"
// (uniform up to 1,000,000 cells, else the tree), the default shares of ε and whether the kernel
// density can take the columns are the core's rules; fields.tsx and planner-view.ts show them.
import type { RunAdviceRequest } from 'privsynth';

import type { ReducedSpaceLpRun } from './options';

/** The advice request for these columns and this run's ε and reference options. */
export function referenceRequest(columns: string[], parameters: ReducedSpaceLpRun): RunAdviceRequest {
  const request: RunAdviceRequest = { columns, epsilon: parameters.epsilon };
  if (parameters.referenceMeasure !== undefined) request.referenceMeasure = parameters.referenceMeasure;
  if (parameters.referenceBudgetFraction !== undefined)
    request.referenceBudgetFraction = parameters.referenceBudgetFraction;
  if (parameters.space !== undefined) request.space = parameters.space;
  return request;
}
