// The bundled people table (data/people, made by scripts/make-people-sample.mjs from Adult): an
// identifier, free text, a date, a UTC date-time, integer columns with missing values and declared
// common values, a 720-level job code grouped by occupation. Every mechanism runs on it with its
// defaults (the sampler on columns it suits), and every synthetic table reads back with the schema:
// no cell outside its domain, the identifiers fresh, the text the placeholder, dates and times
// written in their format.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';

import { forecastRun, summarizeData, synthesize } from '../../web/lib/src/node';
import type { Schema } from '../../web/lib/src/generated/contract-types';
import { repoFile } from './helpers';

const csv = readFileSync(repoFile('data/people/people.csv'), 'utf8');
const schema = JSON.parse(readFileSync(repoFile('data/people/people.schema.json'), 'utf8')) as Schema;
const HEADER = 'record_id,interview_date,last_seen,age,hours_per_week,capital_gain,workclass,job_code,income,notes';
type Row = Record<string, string>;
const parse = (text: string) => Papa.parse<Row>(text, { header: true, skipEmptyLines: true }).data;
const real = parse(csv);

/** The share of rows whose `column` is `value`, among those where it is present. */
function share(rows: Row[], column: string, value: string): number {
  const present = rows.filter((row) => row[column] !== '');
  return present.filter((row) => row[column] === value).length / present.length;
}

/** The synthetic CSV against the schema (of its columns): every row kept, nothing clamped or mapped to missing. */
async function expectReadsBack(text: string, columns: string[]): Promise<Row[]> {
  expect(text.split('\n', 1)[0]).toBe(columns.join(','));
  const chosen = { ...schema, columns: schema.columns.filter((column) => columns.includes(column.name)) };
  const summary = await summarizeData({ csv: text, schema: chosen, outOfDomain: 'reject' });
  expect(summary.rejectedRows).toBe(0);
  expect(summary.ignoredColumns).toEqual([]);
  for (const column of summary.columns) {
    expect(column.clamped + column.mappedToMissing, column.name).toBe(0);
  }
  const rows = parse(text);
  rows.forEach((row, index) => {
    if ('record_id' in row) expect(row.record_id).toBe(`R${index + 1}`);
    if ('notes' in row) expect(row.notes).toBe('(free text removed)');
    if ('interview_date' in row) expect(row.interview_date).toMatch(/^201[89]-\d\d-\d\d$/);
    if ('last_seen' in row) expect(row.last_seen).toMatch(/^2020-\d\d-\d\dT\d\d:\d\dZ$/);
  });
  return rows;
}

describe('a table with every kind of real-world column (data/people)', () => {
  const mechanisms = ['auto', 'adaptive-marginals', 'marginal-lp', 'reduced-space-lp', 'space-partition'] as const;
  for (const mechanism of mechanisms) {
    it(`goes through ${mechanism} with its defaults, and the output reads back with the schema`, async () => {
      const result = await synthesize({ csv, schema, epsilon: 1, mechanism, testSeed: 5 });
      const rows = await expectReadsBack(result.csv, HEADER.split(','));
      expect(Math.abs(rows.length - real.length)).toBeLessThan(200);
      expect(result.receipt.schema.notMeasured?.map((column) => column.name)).toEqual(['record_id', 'notes']);
      // The declared common values are spikes of the data, kept as spikes: 40 hours a week and a
      // capital gain of 0. A bin of 40 hours would hold 37 to 42, and a bin of 0 gains 0 to 6,249.
      const hours = { real: share(real, 'hours_per_week', '40'), synthetic: share(rows, 'hours_per_week', '40') };
      const gain = { real: share(real, 'capital_gain', '0'), synthetic: share(rows, 'capital_gain', '0') };
      console.log(
        `people, ${mechanism}: 40 hours ${hours.synthetic.toFixed(3)} (real ${hours.real.toFixed(3)}), ` +
          `no capital gain ${gain.synthetic.toFixed(3)} (real ${gain.real.toFixed(3)}), ` +
          `mean 1-way TV ${result.report.marginals?.meanOneWayTV.toFixed(3)}, 2-way ${result.report.marginals?.meanTwoWayTV.toFixed(3)}`,
      );
      // Measured with seed 5 (40 hours, real 0.470; no gain, real 0.913): 0.469 and 0.910 with
      // adaptive marginals, 0.465 and 0.907 with MST, 0.417 and 0.820 with the reduced-space LP,
      // 0.496 and 1.000 with space partitioning, whose KD-tree releases no leaf among the sparse
      // non-zero gains on this 8-column table (auto never picks it here).
      const close = mechanism === 'reduced-space-lp' || mechanism === 'space-partition' ? 0.1 : 0.02;
      expect(Math.abs(hours.synthetic - hours.real)).toBeLessThan(close);
      expect(Math.abs(gain.synthetic - gain.real)).toBeLessThan(close);
    }, 120_000);
  }

  it('goes through the continuous space on its numbers, dates and times', async () => {
    const columns = ['interview_date', 'last_seen', 'age', 'hours_per_week', 'capital_gain'];
    const result = await synthesize({
      csv,
      schema,
      epsilon: 1,
      mechanism: 'reduced-space-lp',
      space: 'continuous',
      columns,
      testSeed: 5,
    });
    const rows = await expectReadsBack(result.csv, columns);
    // Missing where the occupation is unknown in the data (5.7%): a special level of its own.
    const missing = (table: Row[]) => table.filter((row) => row.hours_per_week === '').length / table.length;
    expect(Math.abs(missing(rows) - missing(real))).toBeLessThan(0.03);
    expect(Math.abs(share(rows, 'hours_per_week', '40') - share(real, 'hours_per_week', '40'))).toBeLessThan(0.1);
  }, 120_000);

  it('writes a common value of a column of decimals exactly, however wide its range', async () => {
    // 9.99 in [0, 10000]: values are written to 1/100,000 of the range (1 decimal), a common value as it is.
    const prices: Schema = {
      version: 1,
      name: 'prices',
      columns: [{ name: 'price', type: 'numeric', min: 0, max: 10_000, bins: 10, commonValues: [9.99] }],
    };
    const text = ['price', ...Array.from({ length: 2000 }, (_, i) => (i % 2 ? '9.99' : String(i * 4.25)))].join('\n');
    const result = await synthesize({ csv: text, schema: prices, epsilon: 1, testSeed: 5 });
    const cells = result.csv.trimEnd().split('\n').slice(1);
    // Half the records; written with the range's decimals it would read "10".
    expect(cells.filter((cell) => cell === '9.99').length / cells.length).toBeGreaterThan(0.45);
  });

  it('goes through the sampler on a column group it suits', async () => {
    const result = await synthesize({
      csv,
      schema,
      epsilon: 1,
      mechanism: 'sampler',
      columns: ['workclass', 'income'],
      samples: 200,
      testSeed: 5,
    });
    expect((await expectReadsBack(result.csv, ['workclass', 'income'])).length).toBe(200);
  });

  it('goes through the CLI with its defaults', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'privsynth-people-'));
    try {
      const args = [
        'synth',
        repoFile('data/people/people.csv'),
        '--schema',
        repoFile('data/people/people.schema.json'),
      ];
      const out = join(dir, 'people.synthetic.csv');
      const run = spawnSync(
        process.execPath,
        [repoFile('web/lib/dist/cli.js'), ...args, '--epsilon', '1', '--receipt', join(dir, 'r.json'), '--out', out],
        { encoding: 'utf8' },
      );
      expect(run.status, run.stderr).toBe(0);
      expect(run.stderr).toContain('Mechanism adaptive-marginals');
      const rows = await expectReadsBack(readFileSync(out, 'utf8'), HEADER.split(','));
      expect(Math.abs(rows.length - real.length)).toBeLessThan(200);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);

  it('measures the job code by occupation, and says so in the forecast and the receipt', async () => {
    const forecast = await forecastRun({ schema, epsilon: 1, rows: real.length });
    expect(forecast.hierarchies).toEqual([
      {
        column: 'job_code',
        levels: 720,
        by: [
          { name: 'occupation', groups: 15 },
          { name: 'sector', groups: 5 },
        ],
      },
    ]);
    const notes = forecast.releases.flatMap((release) => release.notes ?? []);
    expect(notes).toContain(
      'job_code (720 levels) by occupation (15 groups) by sector (5 groups): a round may measure it at each coarser ' +
        'level of its ' +
        'hierarchy, and its values whose noisy 1-way count is below 3 std merge within their groups',
    );
    const result = await synthesize({ csv, schema, epsilon: 1, testSeed: 5 });
    const parameters = result.receipt.parameters as { compressDomain: unknown; selected: Array<{ grouping?: string }> };
    expect(parameters.compressDomain).toBe('columns with a hierarchy');
    expect(parameters.selected.map((round) => round.grouping)).toContain('job_code by occupation');
  }, 120_000);
});
