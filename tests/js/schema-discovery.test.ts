// discoverSchema() through the library: a private schema for Adult from the data, then a run with
// it whose receipt adds the discovery's cost; and a clear error for a request the core refuses.
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

  it('finds a schema privately, and a run with it states the total cost', async () => {
    const { schema, receipt } = await discoverSchema({ csv, epsilon: 1, delta: 1e-6, columns, missing: ['?', ''], testSeed: 3 });
    expect(schema.provenance).toBe('dp-discovered');
    // A seeded discovery carries that fact into every schema and receipt built on it.
    expect(schema.discovery).toEqual({ epsilon: 1, delta: 1e-6, notPrivateReasons: ['a fixed test seed replaced the secure random number generator'] });
    const age = schema.columns[0];
    if (age.type !== 'numeric') throw new Error('age must be numeric');
    expect(age.min).toBeGreaterThanOrEqual(16);
    expect(age.min).toBeLessThanOrEqual(19);
    expect(age.max).toBeGreaterThanOrEqual(70);
    expect(age.max).toBeLessThanOrEqual(90);
    const sex = schema.columns[2];
    if (sex.type !== 'categorical') throw new Error('sex must be categorical');
    expect([...sex.categories].sort()).toEqual(['Female', 'Male']);
    expect((receipt.ledger as unknown[]).length).toBe(5);  // age's two bounds, one release per categorical column

    const run = await synthesize({ csv, schema, epsilon: 1 });
    expect(run.receipt.private).toBe(false);
    expect(run.receipt.notPrivateReasons.join(' ')).toContain("the schema's private discovery was not private");
    expect(run.receipt.privacy.domainDiscovery?.epsilon).toBe(1);
    expect(run.receipt.privacy.total?.epsilon).toBeCloseTo(2, 12);
    expect(run.receipt.privacy.total?.delta).toBeCloseTo(1e-6, 15);
    expect(run.columns).toEqual(['age', 'education', 'sex', 'income']);
  });

  it('refuses categorical columns without delta, naming the reason', async () => {
    const failure = await discoverSchema({ csv, epsilon: 1, columns: [{ name: 'sex', type: 'categorical' }] }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(PrivsynthError);
    expect((failure as InstanceType<typeof PrivsynthError>).code).toBe('INVALID_ARGUMENT');
    expect((failure as Error).message).toContain('delta');
  });
});
