// adviseRun() in Node: the rules a run applies, from public inputs only, as the core states them.
// The split it states must be the one the run's receipt then reports, and the levels those the
// forecast counts; bad inputs are refused with the library's errors.
import { describe, expect, it } from 'vitest';

import { adviseRun, forecastRun, synthesize } from 'privsynth';
import type { RunAdvice } from 'privsynth';
import {
  ADULT_DEMO_COLUMNS,
  adultSchema,
  adultSchemaText,
  heartCsv,
  heartSchemaText,
  mixtureSchemaText,
} from './helpers';

describe('adviseRun', () => {
  it('states levels, domain, reference and recommendation for the Adult demo columns', async () => {
    const advice: RunAdvice = await adviseRun(adultSchema(), { columns: ADULT_DEMO_COLUMNS, epsilon: 1 });
    expect(advice.kind).toBe('privsynth run advice');
    expect(advice.columns.map((c) => [c.name, c.type, c.levels, c.mlTargetPossible])).toEqual([
      ['age', 'numeric', 15, false],
      ['workclass', 'categorical', 9, true],
      ['education', 'categorical', 16, true],
      ['sex', 'categorical', 2, true],
      ['race', 'categorical', 5, true],
      ['income', 'categorical', 2, true],
    ]);
    expect(advice.domainCells).toBe(43200);
    expect(advice.continuousSpacePossible).toBe(false);
    expect(advice.reference).toEqual({
      choice: 'auto',
      measure: 'uniform',
      space: 'encoded',
      budgetFraction: 0,
      defaultBudgetFraction: 0,
      epsilon: 0,
      lpEpsilon: 1,
    });
    // The reason's words are pinned once, by the core's tests (tests/cpp/forecast/test_run_advice.cpp).
    expect(advice.recommendation.mechanism).toBe('adaptive-marginals');
    expect(advice.recommendation.reason).toMatch(/^6 columns: adaptive marginals measure/);
  });

  it('recommends from the stated n, the target and the columns, never from data', async () => {
    const schema = adultSchemaText();
    const few = await adviseRun(schema, { columns: ADULT_DEMO_COLUMNS, epsilon: 1, rows: 500 });
    expect(few.recommendation.mechanism).toBe('adaptive-marginals');
    const target = await adviseRun(schema, { columns: ADULT_DEMO_COLUMNS, epsilon: 1, mlTarget: 'income' });
    expect(target.recommendation.mechanism).toBe('adaptive-marginals');
    expect(target.recommendation.reason).toMatch(/^a prediction target is set: adaptive marginals weight/);
    const wide = await adviseRun(schema, { epsilon: 1 });
    expect(wide.columns).toHaveLength(16);
    expect(wide.reference).toMatchObject({ measure: 'tree', budgetFraction: 0.3, epsilon: 0.3, lpEpsilon: 0.7 });
    expect(wide.recommendation.reason).toMatch(/^16 columns: adaptive marginals/);
    const numeric = await adviseRun(mixtureSchemaText(), { epsilon: 2, referenceMeasure: 'bernstein-kde' });
    expect(numeric.continuousSpacePossible).toBe(true);
    expect(numeric.reference).toMatchObject({
      measure: 'bernstein-kde',
      space: 'continuous',
      epsilon: 1,
      lpEpsilon: 1,
    });
    expect(numeric.recommendation.mechanism).toBe('space-partition');
    const noEpsilon = await adviseRun(schema, { columns: ['age', 'sex'] });
    expect(noEpsilon.reference.epsilon).toBeNull();
    expect(noEpsilon.reference.lpEpsilon).toBeNull();
  });

  it('states the split the run then spends, and the levels the forecast counts', async () => {
    const options = { columns: ['age', 'sex', 'cp', 'thalach', 'num'], epsilon: 1, referenceMeasure: 'tree' as const };
    const advice = await adviseRun(heartSchemaText(), options);
    const run = { ...options, mechanism: 'reduced-space-lp' as const };
    const forecast = await forecastRun({ schema: heartSchemaText(), ...run });
    expect(advice.columns.map((c) => c.levels)).toEqual(forecast.levels);
    const result = await synthesize({
      schema: heartSchemaText(),
      csv: heartCsv(),
      ...run,
      degree: 1 as const,
      testSeed: 4,
    });
    const budget = (result.receipt.parameters as { budget: { referenceMeasure: number; lp: number } }).budget;
    expect(budget.referenceMeasure).toBe(advice.reference.epsilon);
    expect(budget.lp).toBe(advice.reference.lpEpsilon);
  });

  it('refuses what a run refuses, with the library errors', async () => {
    const schema = adultSchemaText();
    await expect(adviseRun(schema, { columns: ['agee'] })).rejects.toMatchObject({
      code: 'INVALID_ARGUMENT',
      message: 'option "columns": the schema has no column "agee"',
    });
    await expect(adviseRun(schema, { epsilon: 0 })).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
    await expect(adviseRun(schema, { rows: 0.5 })).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
    await expect(adviseRun(schema, { mlTarget: 'age' })).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
    await expect(adviseRun(schema, { columns: ['age', 'sex'], referenceMeasure: 'bernstein-kde' })).rejects.toThrow(
      '"sex" is categorical',
    );
    await expect(adviseRun(schema, { degree: 2 } as never)).rejects.toThrow('unknown option "degree"');
    await expect(adviseRun(schema, 'epsilon' as never)).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
    await expect(adviseRun('{"version":2}')).rejects.toMatchObject({ code: 'INVALID_SCHEMA' });
  });
});
