// "date" and "datetime" columns (docs/schema.md) through every mechanism with its defaults: each
// is numeric for the mechanism (binned where it bins, a point of the space where it places points),
// and its synthetic cells are written in the column's format, so the output parses with the schema
// (every value inside its bounds, nothing clamped). Their distribution is kept as any numeric
// column's: the share of records per year of the synthetic table follows the real one.
import { describe, expect, it } from 'vitest';

import { inferSchema, summarizeData, synthesize, validateSchema } from '../../web/lib/src/node';
import type { DateColumn, DateTimeColumn, Schema } from '../../web/lib/src/generated/contract-types';
import { formatTimeSteps } from '../../web/lib/src/time-text';
import type { SynthesisResult } from '../../web/lib/src/types';

const SCHEMA: Schema = {
  version: 1,
  name: 'visits',
  columns: [
    { name: 'admitted', type: 'date', min: '2016-01-01', max: '2023-12-31', bins: 32 },
    {
      name: 'seen',
      type: 'datetime',
      min: '2020-01-01T00:00:00Z',
      max: '2020-12-31T23:59:59Z',
      granularity: 'minute',
      timezone: 'utc',
    },
    { name: 'billed', type: 'date', min: '2016-01', max: '2023-12', granularity: 'month', format: 'MM/YYYY' },
    { name: 'ward', type: 'categorical', categories: ['A', 'B', 'C'] },
    { name: 'stay', type: 'numeric', min: 0, max: 60, integer: true },
  ],
} as unknown as Schema;

/** A seeded table: admissions rising over the years, ward A earlier, stays by ward. */
function visits(rows: number): string {
  let state = 12345;
  const random = () => (state = (state * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const lines = ['admitted,seen,billed,ward,stay'];
  for (let i = 0; i < rows; ++i) {
    const ward = random() < 0.5 ? 'A' : random() < 0.6 ? 'B' : 'C';
    const year = 2016 + Math.min(7, Math.floor(Math.sqrt(random()) * 8) - (ward === 'A' ? 1 : 0) + 1);
    const day = new Date(Date.UTC(Math.min(2023, year), 0, 1 + Math.floor(random() * 365)));
    const seen = new Date(Date.UTC(2020, 0, 1) + Math.floor(random() * 366 * 86400) * 1000);
    const billed = new Date(day.getTime() + Math.floor(random() * 20) * 86400000);
    const month = `${String(billed.getUTCMonth() + 1).padStart(2, '0')}/${Math.min(2023, billed.getUTCFullYear())}`;
    const stay = Math.min(60, Math.floor(random() * (ward === 'C' ? 30 : 8)));
    // Offsets in some cells: "+01:00" an hour ahead of UTC.
    const ahead = new Date(seen.getTime() + 3600_000).toISOString().slice(0, 19);
    const seenText =
      i % 3 === 0
        ? seen.toISOString().replace('.000Z', 'Z')
        : i % 3 === 1
          ? `${ahead}+01:00`
          : seen.toISOString().slice(0, 16);
    lines.push(`${day.toISOString().slice(0, 10)},${seenText},${month},${ward},${stay}`);
  }
  return `${lines.join('\n')}\n`;
}

const CSV = visits(3000);

async function expectParsesWithSchema(result: SynthesisResult): Promise<void> {
  const schema = { ...SCHEMA, columns: SCHEMA.columns.filter((column) => result.columns.includes(column.name)) };
  const summary = await summarizeData({ csv: result.csv, schema, outOfDomain: 'error' });
  expect(summary.rejectedRows).toBe(0);
  for (const column of summary.columns) {
    expect(column.clamped + column.mappedToMissing, column.name).toBe(0);
  }
  const rows = result.csv.trimEnd().split('\n').slice(1);
  for (const row of rows.slice(0, 200)) {
    const [admitted, seen, billed] = row.split(',');
    expect(admitted).toMatch(/^20(1[6-9]|2[0-3])-\d\d-\d\d$/);
    expect(seen).toMatch(/^2020-\d\d-\d\dT\d\d:\d\dZ$/);
    expect(billed).toMatch(/^\d\d\/20(1[6-9]|2[0-3])$/);
  }
}

/** The share of records per admission year. */
function yearShares(csv: string): number[] {
  const rows = csv.trimEnd().split('\n').slice(1);
  const counts = new Array(8).fill(0);
  for (const row of rows) counts[Number(row.slice(0, 4)) - 2016] += 1;
  return counts.map((count) => count / rows.length);
}

describe('date and datetime columns', () => {
  it('validate into their normalized form', async () => {
    const normalized = await validateSchema(SCHEMA);
    expect(normalized.columns[1]).toEqual({
      name: 'seen',
      type: 'datetime',
      min: '2020-01-01T00:00Z',
      max: '2020-12-31T23:59Z',
      granularity: 'minute',
      timezone: 'utc',
      bins: 16,
    });
    expect(normalized.columns[2]).toMatchObject({ min: '2016-01', max: '2023-12', format: 'MM/YYYY', bins: 16 });
  });

  it('are read from every cell the real table holds (offsets applied, nothing out of domain)', async () => {
    const summary = await summarizeData({ csv: CSV, schema: SCHEMA, outOfDomain: 'error' });
    expect(summary.keptRows).toBe(3000);
  });

  const RUNS: Array<[string, Record<string, unknown>]> = [
    ['auto', {}],
    ['adaptive-marginals', { mechanism: 'adaptive-marginals' }],
    ['marginal-lp', { mechanism: 'marginal-lp' }],
    ['reduced-space-lp', { mechanism: 'reduced-space-lp' }],
    [
      'reduced-space-lp, continuous space',
      { mechanism: 'reduced-space-lp', space: 'continuous', columns: ['admitted', 'seen', 'billed', 'stay'] },
    ],
    ['space-partition', { mechanism: 'space-partition' }],
    ['sampler', { mechanism: 'sampler', samples: 3, columns: ['admitted', 'ward'] }],
  ];
  for (const [label, options] of RUNS) {
    it(`go through ${label} with its defaults, and the output parses with the schema`, async () => {
      const result = await synthesize({ csv: CSV, schema: SCHEMA, epsilon: 2, testSeed: 9, ...options });
      if (label === 'sampler') {
        expect(result.rows).toBe(3);
        expect(result.csv.split('\n')[1]).toMatch(/^20(1[6-9]|2[0-3])-\d\d-\d\d,[ABC]$/);
        return;
      }
      expect(result.rows).toBeGreaterThan(2800);
      await expectParsesWithSchema(result);
      if (label === 'marginal-lp' || label === 'adaptive-marginals') {
        // Each year's share within 0.03 of the real one (1-way marginals of 32 bins at epsilon 2).
        const real = yearShares(CSV);
        yearShares(result.csv).forEach((share, year) =>
          expect(Math.abs(share - real[year]), `${2016 + year}`).toBeLessThan(0.03),
        );
      }
    }, 120_000);
  }

  it('are written by the library as the core reads them, from year 1 to 9999, in every layout', async () => {
    const layouts: Array<[Schema['columns'][number], number, string]> = [
      [{ name: 'd', type: 'date', min: '0001-01-01', max: '9999-12-31' }, 997, '2020-02-29'],
      [
        { name: 'd', type: 'date', min: '0001-01', max: '9999-12', granularity: 'month', format: 'MM/YYYY' },
        37,
        '02/2020',
      ],
      [{ name: 'd', type: 'date', min: '0001', max: '9999', granularity: 'year' }, 7, '2020'],
      [
        { name: 'd', type: 'datetime', min: '0001-01-01T00:00', max: '9999-12-31T23:59:59' },
        86_400 * 997 + 3_599,
        '2020-02-29T13:45:30',
      ],
      [
        {
          name: 'd',
          type: 'datetime',
          min: '0001-01-01T00:00Z',
          max: '9999-12-31T23:59Z',
          granularity: 'minute',
          timezone: 'utc',
          format: 'DD.MM.YYYY HH:mm',
        },
        1_440 * 997 + 59,
        '29.02.2020 13:45',
      ],
    ] as never;
    const known = { day: 18_321, month: 601, year: 50, second: 1_582_983_930, minute: 1_582_983_930 / 60 };
    const days = [-719_162, 2_932_896]; // 0001-01-01 and 9999-12-31
    const RANGE: Record<string, number[]> = {
      year: [-1969, 8029],
      month: [-23_628, 96_359],
      day: days,
      minute: [days[0] * 1_440, days[1] * 1_440 + 1_439],
      second: [days[0] * 86_400, days[1] * 86_400 + 86_399],
    };
    for (const [column, stride, expected] of layouts) {
      const schema = { version: 1, columns: [column] } as Schema;
      const normalized = (await validateSchema(schema)).columns[0] as DateColumn | DateTimeColumn;
      const granularity = normalized.granularity!;
      expect(formatTimeSteps(known[granularity as keyof typeof known], normalized)).toBe(expected);
      // Every stride-th step from 0001-01-01 to 9999-12-31, written here and read back by the core.
      const [first, last] = RANGE[granularity];
      const lines = ['d'];
      for (let steps = first; steps <= last; steps += stride) lines.push(formatTimeSteps(steps, normalized));
      lines.push(formatTimeSteps(last, normalized));
      const summary = await summarizeData({
        csv: lines.join('\n'),
        schema: { version: 1, columns: [normalized] } as Schema,
        outOfDomain: 'error',
      });
      expect(summary.keptRows, column.type).toBe(lines.length - 1);
    }
  });

  it('are inferred (not private) from ISO 8601 cells, and the inferred schema reads its own table', async () => {
    const csv = [
      'day,at,zoned,mixed,impossible',
      '2020-02-29,2020-01-01 08:00,2020-01-01T08:00:00+01:00,2020-01-01T08:00Z,2021-02-30',
      '2019-12-31,2020-01-02T09:30,2020-01-01T06:30:15Z,2020-01-01T08:00,2021-02-28',
      ',2020-01-03T23:59,2020-01-01T07:00:00Z,2020-01-02T08:00Z,2021-03-01',
    ].join('\n');
    const schema = inferSchema(csv, { maxCategories: 5 });
    expect(schema.provenance).toBe('inferred-from-data');
    expect(schema.columns).toEqual([
      { name: 'day', type: 'date', min: '2019-12-31', max: '2020-02-29', nullable: true },
      { name: 'at', type: 'datetime', min: '2020-01-01T08:00', max: '2020-01-03T23:59', granularity: 'minute' },
      {
        name: 'zoned',
        type: 'datetime',
        min: '2020-01-01T06:30:15Z',
        max: '2020-01-01T07:00:00Z',
        granularity: 'second',
        timezone: 'utc',
      },
      // Some cells with a time zone, some without; an impossible date: categories, as before.
      {
        name: 'mixed',
        type: 'categorical',
        categories: ['2020-01-01T08:00', '2020-01-01T08:00Z', '2020-01-02T08:00Z'],
      },
      { name: 'impossible', type: 'categorical', categories: ['2021-02-28', '2021-02-30', '2021-03-01'] },
    ]);
    const summary = await summarizeData({ csv, schema, outOfDomain: 'error' });
    expect(summary.keptRows).toBe(3);
  });

  it('refuse the SQL count query, naming the column, so that DuckDB is not chosen for them', async () => {
    const { countTables } = await import('../../web/lib/src/node');
    await expect(
      countTables({ schema: SCHEMA, epsilon: 1, mechanism: 'marginal-lp', query: { dialect: 'duckdb', from: 't' } }),
    ).rejects.toThrow(/column "admitted" is a date: the count query does not read dates in SQL yet/);
  });
});
