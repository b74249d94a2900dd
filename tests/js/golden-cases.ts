// The runs that tests/js/golden.test.ts pins byte for byte (and tests/js/contract.test.ts checks
// against the contract): every mechanism with each fit, reference measure, space, partition and
// sampler, on the bundled Heart table at epsilon 1 unless a case says otherwise.
import type { SynthesizeOptions } from 'privsynth';

const MIXED = ['age', 'sex', 'cp', 'chol', 'num'];
const NUMERIC = ['age', 'chol', 'thalach'];
const CATEGORICAL = ['sex', 'cp', 'fbs', 'num'];

/** One mechanism's options without the input (Omit on the union itself would keep only the common keys). */
export type GoldenCase = SynthesizeOptions extends infer O
  ? O extends unknown
    ? Omit<O, 'csv' | 'schema' | 'epsilon'> & { epsilon?: number }
    : never
  : never;

export const GOLDEN_CASES: Record<string, GoldenCase> = {
  'reduced-space-lp.uniform': { mechanism: 'reduced-space-lp', columns: MIXED, referenceMeasure: 'uniform' },
  'reduced-space-lp.histogram': { mechanism: 'reduced-space-lp', columns: MIXED, referenceMeasure: 'histogram' },
  'reduced-space-lp.tree': { mechanism: 'reduced-space-lp', columns: MIXED, referenceMeasure: 'tree' },
  'reduced-space-lp.max-error': { mechanism: 'reduced-space-lp', columns: MIXED, lpObjective: 'max-error' },
  'reduced-space-lp.max-marginal-error': {
    mechanism: 'reduced-space-lp',
    columns: MIXED,
    lpObjective: 'max-marginal-error',
  },
  'reduced-space-lp.continuous': { mechanism: 'reduced-space-lp', columns: NUMERIC, space: 'continuous' },
  'reduced-space-lp.bernstein-kde': {
    mechanism: 'reduced-space-lp',
    columns: NUMERIC,
    referenceMeasure: 'bernstein-kde',
  },
  'marginal-lp.tree': { mechanism: 'marginal-lp', columns: MIXED, fit: 'tree' },
  'marginal-lp.target-tree': { mechanism: 'marginal-lp', columns: MIXED, fit: 'tree', mlTarget: 'sex' },
  'marginal-lp.lp': { mechanism: 'marginal-lp', columns: MIXED, fit: 'lp' },
  'adaptive-marginals.all-2-way': { mechanism: 'adaptive-marginals', columns: MIXED },
  'adaptive-marginals.target': { mechanism: 'adaptive-marginals', columns: MIXED, mlTarget: 'sex' },
  'adaptive-marginals.listed': {
    mechanism: 'adaptive-marginals',
    columns: MIXED,
    workloadMarginals: [['age', 'chol'], { columns: ['sex', 'cp', 'num'], weight: 2 }],
  },
  auto: { columns: MIXED },
  'space-partition.kd-tree': { mechanism: 'space-partition', columns: NUMERIC, partition: 'kd-tree' },
  'space-partition.grid': { mechanism: 'space-partition', columns: NUMERIC, partition: 'grid' },
  'space-partition.mixed': { mechanism: 'space-partition', columns: MIXED },
  'sampler.ds-roo': { mechanism: 'sampler', columns: CATEGORICAL, sampler: 'ds-roo', samples: 3 },
  'sampler.roo': { mechanism: 'sampler', columns: CATEGORICAL, sampler: 'roo', samples: 3 },
  'sampler.subsampled-rr': { mechanism: 'sampler', columns: CATEGORICAL, sampler: 'subsampled-rr', samples: 3 },
  'sampler.laplace-histogram': {
    mechanism: 'sampler',
    columns: CATEGORICAL,
    sampler: 'laplace-histogram',
    samples: 50,
  },
};
