// "id" and "text" columns (docs/schema.md): nothing is read or measured from them, so a seeded
// release does not change when only their cells do; the synthetic table gets fresh identifiers and
// the placeholder in their places, in the output's column order; the receipt lists them. Every
// mechanism runs with them in the schema, and so does DuckDB's streamed output.
import { mkdtempSync, rmSync, writeFileSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { inferSchema, summarizeData, synthesize, synthesizeWithDuckDb, validateSchema } from '../../web/lib/src/node';
import type { Schema } from '../../web/lib/src/generated/contract-types';

const SCHEMA: Schema = {
  version: 1,
  name: 'patients',
  columns: [
    { name: 'patient', type: 'id', prefix: 'P-' },
    { name: 'age', type: 'numeric', min: 0, max: 100, integer: true, bins: 10 },
    { name: 'notes', type: 'text', placeholder: '(removed)' },
    { name: 'sex', type: 'categorical', categories: ['F', 'M'] },
    { name: 'admitted', type: 'date', min: '2020-01-01', max: '2020-12-31' },
    { name: 'comment', type: 'text' },
  ],
};

/** 2,000 patients; `secret` varies what only the id and text columns hold. */
function patients(secret: string): string {
  let state = 7;
  const random = () => (state = (state * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const rows = [['patient', 'age', 'notes', 'sex', 'admitted', 'comment']];
  for (let i = 0; i < 2000; ++i) {
    const sex = random() < 0.5 ? 'F' : 'M';
    const age = String(Math.floor(20 + random() * 60 + (sex === 'M' ? 5 : 0)));
    const day = new Date(Date.UTC(2020, 0, 1 + Math.floor(random() * 366))).toISOString().slice(0, 10);
    rows.push([`${secret}-${i}`, age, `said "${secret}", then left, ${i}`, sex, day, secret.repeat(i % 3)]);
  }
  return Papa.unparse(rows, { newline: '\n' });
}

const rowsOf = (csv: string) => Papa.parse<string[]>(csv.trimEnd(), { skipEmptyLines: false }).data;

describe('id and text columns', () => {
  it('validate in their places, with their prefix and placeholder', async () => {
    const normalized = await validateSchema(SCHEMA);
    expect(normalized.columns.map((column) => [column.name, column.type])).toEqual([
      ['patient', 'id'],
      ['age', 'numeric'],
      ['notes', 'text'],
      ['sex', 'categorical'],
      ['admitted', 'date'],
      ['comment', 'text'],
    ]);
    expect(normalized.columns[0]).toEqual({ name: 'patient', type: 'id', prefix: 'P-' });
    await expect(validateSchema({ version: 1, columns: [{ name: 'x', type: 'id' }] })).rejects.toThrow(
      /no column to synthesize/,
    );
  });

  it('are not read: a seeded release is the same whatever their cells hold', async () => {
    const options = { schema: SCHEMA, epsilon: 1, mechanism: 'marginal-lp' as const, testSeed: 4 };
    const first = await synthesize({ csv: patients('alice'), ...options });
    const second = await synthesize({ csv: patients('bob,"x"'), ...options });
    expect(second.csv).toBe(first.csv);
    expect(second.receipt).toEqual(first.receipt);
    expect(second.report.encoding).toEqual(first.report.encoding);
  });

  it('get fresh identifiers and the placeholder in the output, in the schema order; the receipt lists them', async () => {
    const result = await synthesize({ csv: patients('alice'), schema: SCHEMA, epsilon: 1, testSeed: 2 });
    const rows = rowsOf(result.csv);
    expect(rows[0]).toEqual(['patient', 'age', 'notes', 'sex', 'admitted', 'comment']);
    expect(result.columns).toEqual(rows[0]);
    expect(rows.length - 1).toBe(result.rows);
    rows.slice(1).forEach((row, i) => {
      expect(row[0]).toBe(`P-${i + 1}`);
      expect(row[2]).toBe('(removed)');
      expect(row[5]).toBe('');
    });
    const receipt = result.receipt as unknown as {
      schema: { columns: Array<{ name: string }>; notMeasured: Array<{ name: string; type: string; output: string }> };
    };
    expect(receipt.schema.columns.map((column) => column.name)).toEqual(['age', 'sex', 'admitted']);
    expect(receipt.schema.notMeasured).toEqual([
      { name: 'patient', type: 'id', output: 'fresh identifiers P-1, P-2, ... in row order, not read from the data' },
      { name: 'notes', type: 'text', output: '"(removed)" in every row, not read from the data' },
      { name: 'comment', type: 'text', output: 'left empty in every row, not read from the data' },
    ]);
    const summary = await summarizeData({ csv: patients('alice'), schema: SCHEMA });
    expect(summary.ignoredColumns).toEqual([]);
  });

  it('follow the order of "columns", and only those named there are output', async () => {
    const result = await synthesize({
      csv: patients('alice'),
      schema: SCHEMA,
      epsilon: 1,
      columns: ['sex', 'patient', 'age'],
      testSeed: 2,
    });
    expect(rowsOf(result.csv)[0]).toEqual(['sex', 'patient', 'age']);
    expect((result.receipt as unknown as { schema: { notMeasured: unknown[] } }).schema.notMeasured).toHaveLength(1);
    await expect(
      synthesize({ csv: patients('alice'), schema: SCHEMA, epsilon: 1, columns: ['patient', 'notes'] }),
    ).rejects.toThrow(/names only "id" and "text" columns/);
  });

  for (const mechanism of ['adaptive-marginals', 'reduced-space-lp', 'space-partition', 'sampler'] as const) {
    it(`leave ${mechanism} as it is`, async () => {
      const columns =
        mechanism === 'sampler'
          ? ['sex', 'patient']
          : mechanism === 'space-partition'
            ? ['age', 'patient', 'notes']
            : undefined;
      const options = {
        schema: SCHEMA,
        epsilon: 1,
        mechanism,
        columns,
        testSeed: 6,
        ...(mechanism === 'sampler' ? { samples: 2 } : {}),
      };
      const result = await synthesize({ csv: patients('alice'), ...options } as Parameters<typeof synthesize>[0]);
      const rows = rowsOf(result.csv);
      expect(rows[1][rows[0].indexOf('patient')]).toBe('P-1');
      expect(rows.at(-1)![rows[0].indexOf('patient')]).toBe(`P-${result.rows}`);
    }, 60_000);
  }
});

describe('inferSchema() (not private)', () => {
  it('makes a column of distinct values an id, one of long or worded values text, and refuses the rest', () => {
    const rows = ['code,remark,city'];
    for (let i = 0; i < 300; ++i)
      rows.push(`A${i * 7},"the visit went ${i % 2 ? 'well' : 'badly'} on day ${i}",C${i % 150}`);
    const csv = rows.join('\n');
    expect(() => inferSchema(csv)).toThrow(/column "city" has 150 distinct values .* as "id" or "text"/);
    const schema = inferSchema(csv, { maxCategories: 150 });
    expect(schema.columns).toEqual([
      { name: 'code', type: 'id' },
      { name: 'remark', type: 'text' },
      { name: 'city', type: 'categorical', categories: expect.arrayContaining(['C0', 'C149']) },
    ]);
  });
});

describe('id and text columns through DuckDB', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'privsynth-unmeasured-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('are written into the streamed output as into the row path’s', async () => {
    const schema = { ...SCHEMA, columns: SCHEMA.columns.filter((column) => column.type !== 'date') };
    const file = join(dir, 'patients.csv');
    writeFileSync(file, patients('alice'));
    const options = { schema, epsilon: 1, mechanism: 'marginal-lp' as const, testSeed: 5, evaluate: false };
    const fromRows = await synthesize({ csv: patients('alice'), ...options });
    const streamed = join(dir, 'out.csv');
    const fromDuckDb = await synthesizeWithDuckDb({ file, ...options, csvFile: streamed });
    expect(readFileSync(streamed, 'utf8')).toBe(fromRows.csv);
    expect(fromDuckDb.columns).toEqual(fromRows.columns);
  }, 60_000);
});
