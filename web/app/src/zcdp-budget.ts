// The zCDP budget of the marginal LP, forecast from public quantities before running. Mirrors the
// core (core/src/zcdp.cpp, as MST's cdp2adp.py): (epsilon, delta) becomes the largest rho whose
// conversion (Canonne, Kamath & Steinke 2020) gives delta, and rho is split in three equal parts:
// the 1-way marginals, the exponential mechanism that selects the tree, the tree's marginals.
// The receipt states the exact figures.

/** Doubles stop moving after about 60 halvings. */
const BISECTION_STEPS = 100;

/** The delta of rho-zCDP at this epsilon (core's cdp_delta). */
function zcdpDelta(rho: number, epsilon: number): number {
  if (rho === 0) return 0;
  let low = 1.01;
  let high = (epsilon + 1) / (2 * rho) + 2;
  let a = low;
  for (let i = 0; i < BISECTION_STEPS; ++i) {
    a = (low + high) / 2;
    const derivative = (2 * a - 1) * rho - epsilon + Math.log1p(-1 / a);
    if (derivative < 0) low = a;
    else high = a;
  }
  return Math.min(1, Math.exp((a - 1) * (a * rho - epsilon) + a * Math.log1p(-1 / a)) / (a - 1));
}

/** The zCDP budget rho that (epsilon, delta)-DP allows (core's cdp_rho). */
export function zcdpRho(epsilon: number, delta: number): number {
  let low = 0;
  let high = epsilon + 1;
  for (let i = 0; i < BISECTION_STEPS; ++i) {
    const rho = (low + high) / 2;
    if (zcdpDelta(rho, epsilon) <= delta) low = rho;
    else high = rho;
  }
  return low;
}

/** Each of the three parts: 1-way marginals, the tree's selection, the tree's marginals. */
export const MST_BUDGET_PARTS = 3;

/**
 * Standard deviation of the Gaussian noise on each 1-way cell count: all p marginals are measured
 * at once with rho / 3 (L2 sensitivity sqrt(p)), so sigma = sqrt(p / (2 rho / 3)).
 */
export function oneWayNoiseStd(columns: number, rho: number): number {
  return Math.sqrt(columns / ((2 * rho) / MST_BUDGET_PARTS));
}
