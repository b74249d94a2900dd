// forecastRun() in Node: what a run will release, from the schema and options alone. Its noise
// must be the noise the run then uses (the receipt's ledger), its errors those synthesize() gives,
// and its expected errors must move the right way with n and epsilon.
import { describe, expect, it } from 'vitest';

import { forecastRun, synthesize } from 'privsynth';
import type { LedgerEntry, RunForecast, ZcdpLedgerEntry } from 'privsynth';
import { adultCsv, adultSchemaText, heartCsv, heartSchemaText } from './helpers';

const release = (forecast: RunForecast, name: string) => {
  const found = forecast.releases.find((r) => r.release === name);
  if (!found) throw new Error(`no release "${name}" in ${forecast.releases.map((r) => r.release).join(', ')}`);
  return found;
};

describe('forecastRun', () => {
  it('forecasts the reduced-space LP with the noise scales its run then uses', async () => {
    const options = {
      schema: heartSchemaText(),
      mechanism: 'reduced-space-lp' as const,
      epsilon: 1,
      degree: 1 as const,
      columns: ['age', 'sex', 'cp', 'num'],
    };
    const forecast = await forecastRun({ ...options, rows: 303 });
    expect(forecast).toMatchObject({
      kind: 'privsynth run forecast',
      mechanism: 'reduced-space-lp',
      rows: 303,
      columns: options.columns,
    });
    const count = release(forecast, 'record count');
    const marginals = release(forecast, 'marginals of degree 1..1');
    expect(marginals.marginals).toBe(4);
    expect(forecast.totals.epsilon).toBeCloseTo(1, 12);
    const result = await synthesize({ ...options, csv: heartCsv(), testSeed: 5 });
    const ledger = result.receipt.ledger as LedgerEntry[];
    const scales = ledger.map((entry) => entry.noiseScale);
    expect(scales).toContain(count.scale);
    expect(scales).toContain(marginals.scale);
    for (const marginal of marginals.perMarginal!) {
      expect(marginal.expectedTv).toBeCloseTo(Math.min(1, marginal.expectedL1Count / (2 * 303)), 12);
    }
  });

  it('forecasts marginal-lp with the sigma of its ledger, and lower errors with more records or more epsilon', async () => {
    const options = { schema: adultSchemaText(), epsilon: 1, mechanism: 'marginal-lp' as const };
    const forecast = await forecastRun({ ...options, rows: 48842 });
    expect(forecast.rho).toBeCloseTo(0.0149731, 6);
    expect(forecast.releases.map((r) => r.release)).toEqual([
      '1-way marginals',
      'tree selection',
      'tree edges (2-way marginals)',
    ]);
    expect(release(forecast, 'tree edges (2-way marginals)').chosenAtRunTime).toBe(15);
    const result = await synthesize({ ...options, csv: adultCsv(), testSeed: 2, evaluate: false });
    const stds = (result.receipt.ledger as ZcdpLedgerEntry[])
      .map((entry) => entry.noiseStd)
      .filter((std) => std !== undefined);
    expect(stds).toContain(release(forecast, '1-way marginals').std);
    expect(stds).toContain(release(forecast, 'tree edges (2-way marginals)').std);
    const tv = (f: RunForecast) => release(f, '1-way marginals').expectedTvEach!.typical;
    expect(tv(await forecastRun({ ...options, rows: 200000 }))).toBeLessThan(tv(forecast));
    expect(tv(await forecastRun({ ...options, epsilon: 4, rows: 48842 }))).toBeLessThan(tv(forecast));
    expect(forecast.runtimeSeconds.wasm).toBeGreaterThan(0);
    expect(forecast.memoryBytes.total).toBeGreaterThan(forecast.memoryBytes.table!);
  });

  it('gives counts but no TV or runtime without rows, ignores a csv, and refuses what synthesize() refuses', async () => {
    const forecast = await forecastRun({
      schema: heartSchemaText(),
      mechanism: 'reduced-space-lp',
      epsilon: 1,
      csv: 'never,read\n',
    } as never);
    expect(forecast.rows).toBeNull();
    expect(forecast.runtimeSeconds.native).toBeNull();
    expect(release(forecast, 'marginals of degree 1..2').expectedTvEach).toBeNull();
    for (const [bad, message] of [
      [{ epsilon: 0 }, '"epsilon"'],
      [{ mechanism: 'reduced-space-lp', epsilon: 1, degree: 9 }, 'degree'],
      [{ epsilon: 1, epsilom: 1 }, 'unknown option "epsilom"'],
    ] as const) {
      await expect(forecastRun({ schema: heartSchemaText(), ...bad } as never)).rejects.toMatchObject({
        code: 'INVALID_ARGUMENT',
      });
      await expect(synthesize({ schema: heartSchemaText(), csv: heartCsv(), ...bad } as never)).rejects.toThrow(
        message,
      );
    }
    await expect(forecastRun({ schema: heartSchemaText(), epsilon: 1, rows: -3 })).rejects.toMatchObject({
      code: 'INVALID_ARGUMENT',
    });
  });
});
