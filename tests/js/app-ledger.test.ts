// The demo's privacy ledger (web/app/src/privacy-ledger/ledger.ts): how releases of one file add up,
// with exact sums.
import type { Schema, SynthesisResult } from 'privsynth';
import { describe, expect, it } from 'vitest';

import {
  failedRunEntry,
  ledgerTotal,
  plannedCost,
  recordDiscovery,
  recordEntry,
  recordRun,
} from '../../web/app/src/privacy-ledger/ledger';

const KEY = 'file:people.csv';
const LABEL = 'people.csv';

/** A schema found as the first part of one release (its discovery has a zCDP cost). */
const found = { version: 1, columns: [], discovery: { epsilon: 0.3, delta: 1e-10, rho: 0.001 } } as unknown as Schema;

/** A run's result, as far as the ledger reads it. */
function result(epsilonSpent: number, thisRun?: number): SynthesisResult {
  return {
    receipt: {
      private: true,
      mechanism: { title: 'Adaptive marginals' },
      privacy: {
        epsilonSpent,
        delta: 1e-9,
        ...(thisRun === undefined ? {} : { thisRun: { epsilonSpent: thisRun, delta: 5e-10 } }),
      },
    },
  } as unknown as SynthesisResult;
}

describe("the demo's privacy ledger", () => {
  it('counts a discovery once: the first run with it adds what its total has beyond it, later runs their own part', () => {
    let ledgers = recordDiscovery({}, KEY, LABEL, found.discovery!, found);
    expect(ledgerTotal(ledgers[KEY]).epsilon).toBeCloseTo(0.3, 12);
    // Before the first run: the run's ε of 1 covers the discovery, 0.7 is new.
    expect(plannedCost(ledgers[KEY], found, 1)).toBeCloseTo(0.7, 12);
    ledgers = recordRun(ledgers, KEY, LABEL, result(1, 0.8), found, true);
    expect(ledgerTotal(ledgers[KEY]).epsilon).toBeCloseTo(1, 12);
    // Later runs with the same schema: their own part.
    expect(plannedCost(ledgers[KEY], found, 1)).toBe(1);
    ledgers = recordRun(ledgers, KEY, LABEL, result(1, 0.8), found, true);
    expect(ledgerTotal(ledgers[KEY])).toMatchObject({ releases: 3 });
    expect(ledgerTotal(ledgers[KEY]).epsilon).toBeCloseTo(1.8, 12);
  });

  it('adds a run without a schema (its discovery inside it) at its whole total, and keeps files apart', () => {
    let ledgers = recordRun({}, KEY, LABEL, result(1, 0.8), null, false);
    ledgers = recordRun(ledgers, 'file:other.csv', 'other.csv', result(2), null, false);
    expect(ledgerTotal(ledgers[KEY]).epsilon).toBe(1);
    expect(ledgerTotal(ledgers['file:other.csv']).epsilon).toBe(2);
  });

  it('counts a run that stopped after spending at its whole budget, and nothing for one that spent nothing', () => {
    const cost = { epsilon: 1, delta: 1e-9 };
    const sought = failedRunEntry('EMPTY_DATA', true, cost);
    expect(sought).toMatchObject({ epsilon: 1, delta: 1e-9 });
    expect(failedRunEntry('LP_INFEASIBLE', false, cost)?.what).toBe(
      'A run that stopped after measuring (LP_INFEASIBLE)',
    );
    // With a schema, EMPTY_DATA means no data rows: refused before anything is spent.
    expect(failedRunEntry('EMPTY_DATA', false, cost)).toBeNull();
    expect(failedRunEntry('CANCELLED', true, cost)).toBeNull();
    expect(failedRunEntry('INVALID_CSV', true, cost)).toBeNull();
    expect(ledgerTotal(recordEntry({}, KEY, LABEL, sought!)[KEY]).epsilon).toBe(1);
  });
});
