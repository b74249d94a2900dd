// Behaviour pinned byte for byte: for a fixed test seed, the synthetic CSV and the receipt of every
// mechanism, with each fit, reference measure, space, partition and sampler, on a small bundled
// table (Heart, Cleveland). The receipts pin structure and numbers; their sentences are pinned
// once, in golden/prose.json (golden-prose.ts). A refactoring that changes no behaviour leaves every
// file identical; a change that is meant to alter an output regenerates the files in its own commit
// (PRIVSYNTH_UPDATE_GOLDEN=1 npx vitest run --config tests/js/vitest.config.ts tests/js/golden.test.ts)
// and says why.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';

import { describe, expect, it } from 'vitest';

import { synthesize } from 'privsynth';
import type { SynthesizeOptions } from 'privsynth';
import { proseIndexText, withoutProse } from './golden-prose';
import type { ProseIndex } from './golden-prose';
import { heartCsv, heartSchemaText, repoFile } from './helpers';

const MIXED = ['age', 'sex', 'cp', 'chol', 'num'];
const NUMERIC = ['age', 'chol', 'thalach'];
const CATEGORICAL = ['sex', 'cp', 'fbs', 'num'];

/** One mechanism's options without the input (Omit on the union itself would keep only the common keys). */
type Case = SynthesizeOptions extends infer O
  ? O extends unknown
    ? Omit<O, 'csv' | 'schema' | 'epsilon'> & { epsilon?: number }
    : never
  : never;

const CASES: Record<string, Case> = {
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

const UPDATE = process.env.PRIVSYNTH_UPDATE_GOLDEN === '1';

describe('golden outputs (fixed test seed, Heart)', () => {
  const prose: ProseIndex = {};
  let casesRun = 0;
  for (const [name, options] of Object.entries(CASES)) {
    it(`${name}: the same CSV bytes and receipt`, async () => {
      const result = await synthesize({
        csv: heartCsv(),
        schema: heartSchemaText(),
        epsilon: 1,
        testSeed: 17,
        ...options,
      });
      const csvPath = repoFile(`tests/js/golden/${name}.csv`);
      const receiptPath = repoFile(`tests/js/golden/${name}.receipt.json`);
      const receipt = `${JSON.stringify(withoutProse(result.receipt, name, prose), null, 1)}\n`;
      if (UPDATE || !existsSync(csvPath)) {
        if (!UPDATE) throw new Error(`no golden file for ${name}: run with PRIVSYNTH_UPDATE_GOLDEN=1 once`);
        writeFileSync(csvPath, result.csv);
        writeFileSync(receiptPath, receipt);
      }
      expect(result.csv).toBe(readFileSync(csvPath, 'utf8'));
      expect(receipt).toBe(readFileSync(receiptPath, 'utf8'));
      casesRun += 1;
    });
  }
  // Every sentence the receipts state, and where: the cases above run first, in order.
  it('every sentence of the receipts, in golden/prose.json', () => {
    expect(casesRun, 'the sentences are compared once every case passed').toBe(Object.keys(CASES).length);
    const prosePath = repoFile('tests/js/golden/prose.json');
    if (UPDATE) writeFileSync(prosePath, proseIndexText(prose));
    expect(proseIndexText(prose)).toBe(readFileSync(prosePath, 'utf8'));
  });
});
