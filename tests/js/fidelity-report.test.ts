// The utility report's fidelity section on the bundled Heart table, through the library on the
// built wasm module: the real side is the values as read, checked here against the CSV itself; out-of-
// range and unreadable cells show; and the section leaves the seeded release untouched.
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';

import { synthesize } from 'privsynth';
import type { FidelityReport } from 'privsynth';
import { fidelityLine } from '../../web/lib/src/cli/summary';
import { heartCsv, heartSchemaText } from './helpers';

const NUMERIC = ['age', 'trestbps', 'chol', 'thalach', 'oldpeak'];
const QUANTILES = [
  ['p1', 0.01],
  ['p5', 0.05],
  ['p25', 0.25],
  ['p50', 0.5],
  ['p75', 0.75],
  ['p95', 0.95],
  ['p99', 0.99],
] as const;

/** Linear interpolation between order statistics, as the report states it. */
function quantile(sorted: number[], q: number): number {
  const h = (sorted.length - 1) * q;
  const below = Math.floor(h);
  return below + 1 >= sorted.length ? sorted[below] : sorted[below] + (h - below) * (sorted[below + 1] - sorted[below]);
}

function columnOf(csv: string, name: string): string[] {
  const rows = Papa.parse<Record<string, string>>(csv.trim(), { header: true }).data;
  return rows.map((row) => row[name]);
}

async function heartReport(csv: string, extra: Record<string, unknown> = {}) {
  return synthesize({ csv, schema: heartSchemaText(), epsilon: 1, testSeed: 11, ...extra });
}

describe('the fidelity report', () => {
  it('measures every numeric column of Heart as read, with correlations and lost categories', async () => {
    const result = await heartReport(heartCsv());
    const fidelity: FidelityReport = result.report.fidelity!;
    expect(fidelity.rows).toMatchObject({ realRead: 303, realSample: 303, sampled: false });
    expect(fidelity.rows.synthetic).toBe(result.rows);
    expect(fidelity.numeric.map((c) => c.column)).toEqual(NUMERIC);
    for (const column of fidelity.numeric) {
      const cells = columnOf(heartCsv(), column.column);
      const values = cells.map(Number).sort((a, b) => a - b);
      expect(column.real.values + column.real.missing + column.real.unparsable).toBe(303);
      expect(column.real.values).toBe(values.length);
      for (const [name, q] of QUANTILES) expect(column.real.quantiles[name]).toBeCloseTo(quantile(values, q), 9);
      expect(column.real.min).toBe(values[0]);
      expect(column.real.max).toBe(values.at(-1));
      expect(column.real.mean).toBeCloseTo(values.reduce((a, b) => a + b, 0) / values.length, 9);
      // The synthetic side: inside the schema, its quantiles ordered; the distance small but not zero.
      const s = column.synthetic.quantiles;
      expect([s.p1!, s.p5!, s.p25!, s.p50!, s.p75!, s.p95!, s.p99!]).toEqual(
        [s.p1!, s.p5!, s.p25!, s.p50!, s.p75!, s.p95!, s.p99!].sort((a, b) => a - b),
      );
      expect(column.wasserstein1).toBeGreaterThan(0);
      expect(column.wasserstein1Normalized).toBeGreaterThan(0);
      expect(column.wasserstein1Normalized).toBeLessThan(0.5);
    }
    const correlation = fidelity.correlation!;
    expect(correlation.columns).toEqual(NUMERIC);
    expect(correlation.pairsCompared + correlation.pairsUndefined).toBe(10);
    for (let i = 0; i < NUMERIC.length; i++) {
      expect(correlation.real[i][i]).toBe(1);
      for (let j = 0; j < NUMERIC.length; j++) expect(correlation.real[i][j]).toBe(correlation.real[j][i]);
    }
    // Age and maximum heart rate are negatively correlated in the Cleveland data (about -0.4).
    expect(correlation.real[0][3]).toBeLessThan(-0.3);
    expect(correlation.meanAbsDifference).toBeGreaterThanOrEqual(0);
    expect(correlation.meanAbsDifference!).toBeLessThanOrEqual(correlation.maxAbsDifference!);
    expect(correlation.maxAbsDifference).toBeLessThan(1);
    expect(fidelity.categoriesLost.map((c) => c.column)).toEqual([
      'sex',
      'cp',
      'fbs',
      'restecg',
      'exang',
      'slope',
      'ca',
      'thal',
      'num',
    ]);
    for (const lost of fidelity.categoriesLost) {
      expect(lost.realRows).toBe(303);
      expect(lost.lostShare).toBeGreaterThanOrEqual(0);
      expect(lost.lostShare).toBeLessThan(0.2);
    }

    // The CLI's summary line: the correlations' mean and worst difference, and the worst column's W1.
    const worst = [...fidelity.numeric].sort((a, b) => b.wasserstein1Normalized! - a.wasserstein1Normalized!)[0];
    expect(fidelityLine(result)).toBe(
      'Fidelity against the real values as read (for your eyes only, as the report): mean |Δ correlation| ' +
        `${correlation.meanAbsDifference!.toFixed(2)} (worst: ${correlation.worstPair!.join(' × ')} ` +
        `${correlation.maxAbsDifference!.toFixed(2)}); worst W1 / real p1-p99 range ` +
        `${worst.wasserstein1Normalized!.toFixed(3)} (${worst.column}).`,
    );
  });

  it('shows values outside the schema and unreadable cells, also from rows the encoding rejected', async () => {
    const [header, ...rows] = heartCsv().trim().split('\n');
    const chol = header.split(',').indexOf('chol');
    const edited = rows.map((row, index) => {
      const cells = row.split(',');
      if (index < 6) cells[chol] = '5000'; // the schema's max is 600
      if (index === 6) cells[chol] = 'high';
      return cells.join(',');
    });
    const csv = [header, ...edited].join('\n');
    for (const outOfDomain of ['clamp', 'reject'] as const) {
      const { report } = await heartReport(csv, { outOfDomain });
      const column = report.fidelity!.numeric.find((c) => c.column === 'chol')!;
      expect(column.real.aboveMax).toBe(6);
      expect(column.real.unparsable).toBe(1);
      expect(column.real.values).toBe(302);
      expect(column.real.max).toBe(5000);
      // 6 of 302 values (2%) at 5000: the real p99 is 5000, and W1 is at least 2% of 5000 - 600.
      expect(column.real.quantiles.p99).toBe(5000);
      expect(column.synthetic.max).toBeLessThanOrEqual(600);
      expect(column.wasserstein1).toBeGreaterThan((6 / 302) * 4400);
      const encoding = report.encoding.columns.find((c) => c.name === 'chol')!;
      if (outOfDomain === 'reject') expect(report.encoding.rejectedRows).toBe(7);
      else expect(encoding.clamped).toBe(6);
    }
  });

  it('leaves the seeded release as it is without the report', async () => {
    const withReport = await heartReport(heartCsv());
    const without = await heartReport(heartCsv(), { evaluate: false });
    expect(without.report.fidelity).toBeUndefined();
    expect(withReport.csv).toBe(without.csv);
    expect(withReport.receipt).toEqual(without.receipt);
  });
});
