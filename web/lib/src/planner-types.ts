// Inputs and report of planSynthesis(): the conditions of the theorems behind the reduced-space LP
// (Boedihardjo, Strohmer & Vershynin; Bojkovic & Loh), from public inputs only. docs/planner.md.

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

export interface PlannerCondition {
  name: string;
  theorem: string;
  formula: string;
  relation: '>=' | '<';
  required: number;
  actual: number | null;
  /** null when the input it constrains was not given. */
  met: boolean | null;
}

export interface TheoremPlan {
  /** "BSV-2.2", "BSV-2.3", "B.1", "III.1", "III.1.1", "IV.1", "IV.1.1" */
  id: string;
  theorem: string;
  reference: string;
  /** The main theorem of the chosen reference measure. */
  primary: boolean;
  conditions: PlannerCondition[];
  /** Smallest whole sizes meeting every condition (null: not constrained by this theorem). */
  required: { n: number | null; k: number | null; m: number | null };
  /** K, the bound on the Renyi condition number of the data against mu. */
  conditionNumberBound: number | null;
  conditionNumberFormula: string;
  privacy: { epsilon: number | null; formula: string };
  success: { probability: number | null; formula: string };
  accuracy: number | null;
  bandwidth: number | null;
  constants: Array<{ name: string; value: number; assumed: boolean; label: string }>;
  /** true: every condition holds; false: one fails; null: none fails but some are unknown. */
  allMet: boolean | null;
  notes: string[];
}

export interface PlannerReport {
  inputs: PlannerInputs;
  /** Laplace scale of Algorithm 1, delta / log(|F| / gamma). */
  sigma: number;
  logStatisticsOverGamma: number;
  statisticsEpsilonAtN: number | null;
  primary: string;
  theorems: TheoremPlan[];
  notes: string[];
}
