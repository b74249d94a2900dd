// discoverSchema() through the library: a private schema for Adult from the data, then a run with
// it whose receipt's headline epsilon and delta include the discovery's cost (the run's own part in
// privacy.thisRun); and a clear error for a request the core refuses.
import { describe, expect, it } from 'vitest';

import * as privsynth from 'privsynth';
import { adultCsv } from './helpers';

const { discoverSchema, synthesize, PrivsynthError } = privsynth;

describe('discoverSchema', () => {
  const csv = adultCsv();
  const columns: privsynth.DiscoveryColumn[] = [
    { name: 'age', type: 'numeric', range: [0, 150], integer: true, bins: 8 },
    { name: 'education', type: 'categorical' },
    { name: 'sex', type: 'categorical' },
    { name: 'income', type: 'categorical' },
  ];

  it('finds a schema privately, and the headline of a run with it is the whole release’s, discovery included', async () => {
    const { schema, receipt } = await discoverSchema({
      csv,
      epsilon: 1,
      delta: 1e-6,
      columns,
      missing: ['?', ''],
      testSeed: 3,
    });
    expect(schema.provenance).toBe('dp-discovered');
    // A seeded discovery carries that fact into every schema and receipt built on it.
    expect(schema.discovery).toEqual({
      epsilon: 1,
      delta: 1e-6,
      notPrivateReasons: ['a fixed test seed replaced the secure random number generator'],
    });
    const age = schema.columns[0];
    if (age.type !== 'numeric') throw new Error('age must be numeric');
    expect(age.min).toBeGreaterThanOrEqual(16);
    expect(age.min).toBeLessThanOrEqual(19);
    expect(age.max).toBeGreaterThanOrEqual(70);
    expect(age.max).toBeLessThanOrEqual(90);
    const sex = schema.columns[2];
    if (sex.type !== 'categorical') throw new Error('sex must be categorical');
    expect([...sex.categories].sort()).toEqual(['Female', 'Male']);
    expect((receipt.ledger as unknown[]).length).toBe(5); // age's two bounds, one release per categorical column

    const run = await synthesize({ csv, schema, mechanism: 'reduced-space-lp', epsilon: 1 });
    expect(run.receipt.private).toBe(false);
    expect(run.receipt.notPrivateReasons.join(' ')).toContain("the schema's private discovery was not private");
    // The headline is the whole release's: the run's ε = 1 and the discovery's (1, 1e-6), added.
    const { privacy } = run.receipt;
    expect(privacy.epsilonSpent).toBeCloseTo(2, 12);
    expect(privacy.delta).toBeCloseTo(1e-6, 15);
    expect(privacy.definition).toBe(
      "(epsilon, delta)-differential privacy, this run and the schema's private discovery together",
    );
    expect(privacy.epsilonBudget).toBe(1);
    expect(privacy.thisRun).toEqual({ epsilonSpent: 1, delta: 0, definition: 'pure epsilon-differential privacy' });
    expect(privacy.domainDiscovery).toMatchObject({ epsilon: 1, delta: 1e-6 });
    expect(privacy).not.toHaveProperty('total');
    expect(run.columns).toEqual(['age', 'education', 'sex', 'income']);

    // Under replace-one neighbours (the sampler) the discovery counts as (2ε, (1 + e^ε) δ).
    const sampled = await synthesize({
      csv,
      schema,
      epsilon: 1,
      mechanism: 'sampler',
      sampler: 'laplace-histogram',
      columns: ['sex', 'income'],
      evaluate: false,
    });
    expect(sampled.receipt.privacy.domainDiscovery).toMatchObject({ epsilon: 2, delta: (1 + Math.E) * 1e-6 });
    expect(sampled.receipt.privacy.thisRun).toMatchObject({ epsilonSpent: 1, delta: 0 });
    expect(sampled.receipt.privacy.epsilonSpent).toBeCloseTo(3, 12);
    expect(sampled.receipt.privacy.delta).toBeCloseTo((1 + Math.E) * 1e-6, 15);
  });

  it('refuses categorical columns without delta, naming the reason', async () => {
    const failure = await discoverSchema({ csv, epsilon: 1, columns: [{ name: 'sex', type: 'categorical' }] }).catch(
      (e: unknown) => e,
    );
    expect(failure).toBeInstanceOf(PrivsynthError);
    expect((failure as InstanceType<typeof PrivsynthError>).code).toBe('INVALID_ARGUMENT');
    expect((failure as Error).message).toContain('delta');
  });
});
