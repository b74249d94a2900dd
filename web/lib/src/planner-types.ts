// Inputs of planSynthesis(): the conditions of the theorems behind the reduced-space LP
// (Boedihardjo, Strohmer & Vershynin; Bojkovic & Loh), from public inputs only. docs/planner.md.
// The report, PlannerReport, is generated from the core's schema (generated/contract-types.ts).

export interface PlannerInputs {
  /** Records (may be a noisy count). Absent: a forecast of the sizes only. */
  n?: number;
  /** |F|, the number of test functions. */
  statistics: number;
  /** Privacy parameter of each private step (> 0). */
  epsilon: number;
  /** Accuracy target delta in (0, 1/2]; the guarantee is 8 delta. */
  delta: number;
  /** Failure probability gamma in (0, 1/4). */
  gamma: number;
  /** |Omega| of a discrete domain. */
  domainSize?: number;
  /** p of the continuous domain [0,1]^p. */
  dimensions?: number;
  reference?: 'uniform' | 'histogram' | 'bernstein-kde';
  m?: number;
  k?: number;
  tau1?: number;
  tau2?: number;
  tau?: number;
  /** The theorems' unspecified constants; each absent one is taken as 1 and labelled "assumed". */
  constants?: { C1?: number; C2?: number; c?: number; C1prime?: number; C0?: number; Cprime?: number };
}
