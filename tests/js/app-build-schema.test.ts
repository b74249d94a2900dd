// The schema form's cost of discovery (web/app/src/schema-form/build-schema.ts): a discovery that
// is not private (a fixed test seed) keeps its reasons through every sum of costs and into every
// schema the form builds, whose receipts the core then labels not private (review finding M3).
import { describe, expect, it } from 'vitest';

import { addCost, buildSchema, commonValuesProblem, isFree, NO_COST } from '../../web/app/src/schema-form/build-schema';

const SEED = 'a fixed test seed replaced the secure random number generator';
const meta = { name: 's', source: '', missing: [''], discovered: [] };
const column = { name: 'sex', type: 'categorical' as const, categories: ['Female', 'Male'] };

describe('the schema form’s cost of discovery', () => {
  it('keeps a seeded discovery’s reasons in sums, once each, and in the schema it builds', () => {
    const seeded = { epsilon: 1, delta: 1e-6, notPrivateReasons: [SEED] };
    const sum = addCost(addCost({ epsilon: 0.5, delta: 0 }, seeded), seeded);
    expect(sum).toEqual({ epsilon: 2.5, delta: 2e-6, notPrivateReasons: [SEED] });
    expect(addCost(NO_COST, { epsilon: 1, delta: 0 })).toEqual({ epsilon: 1, delta: 0 });
    expect(buildSchema({ ...meta, spent: addCost(NO_COST, seeded) }, [column])).toMatchObject({
      provenance: 'dp-discovered',
      discovery: { epsilon: 1, delta: 1e-6, notPrivateReasons: [SEED] },
    });
    expect(buildSchema({ ...meta, spent: { epsilon: 1, delta: 0 } }, [column]).discovery).toEqual({
      epsilon: 1,
      delta: 0,
    });
  });

  it('never builds a public schema from a cost that carries reasons', () => {
    const reasonsOnly = { epsilon: 0, delta: 0, notPrivateReasons: [SEED] };
    expect(isFree(reasonsOnly)).toBe(false);
    expect(buildSchema({ ...meta, spent: reasonsOnly }, [column])).toMatchObject({
      provenance: 'dp-discovered',
      discovery: { notPrivateReasons: [SEED] },
    });
    expect(buildSchema({ ...meta, spent: NO_COST }, [column]).provenance).toBe('public');
  });
});

describe('the schema form’s common values', () => {
  const problem = (text: string, whole = true, discovering = false) =>
    commonValuesProblem(
      text.trim()
        ? text
            .split(/[\s,;]+/)
            .filter(Boolean)
            .map(Number)
        : [],
      text,
      1,
      99,
      whole,
      discovering,
    );
  it('takes numbers in the range, whole in a column of whole numbers, once each', () => {
    expect(problem('')).toBe('');
    expect(problem('40, 1 99')).toBe('');
    expect(problem('40.5', false)).toBe('');
    expect(problem('40.5')).toBe('Common values: 40.5 is not a whole number between the minimum and the maximum.');
    expect(problem('0')).toBe('Common values: 0 is not a whole number between the minimum and the maximum.');
    expect(problem('forty')).toBe('Common values: “forty” is not a number.');
    expect(problem('40, 40')).toBe('Common values: 40 is listed twice.');
    expect(problem('40', true, true)).toMatch(/need a known range/);
  });
});
