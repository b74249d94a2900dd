// A record whose cells are all empty is a record (finding C1 of the privacy review). The sampler is
// ε-DP for replace-one neighbours with n public, n being every record of the file: replacing a
// record by an all-missing one (",", an empty line, or an empty cell in a one-column file) must not
// change n, or the receipt's privacy.publicRecords would reveal it (an unbounded loss). The reader
// once skipped such lines; now only one final line break, which ends the last record (RFC 4180),
// adds no record. The data summary, synthesize(), the app's sampler n (the summary's "rows read")
// and discoverSchema() share that reader.
import { describe, expect, it } from 'vitest';

import { discoverSchema, summarizeData, synthesize } from 'privsynth';
import type { Schema, SchemaColumn } from 'privsynth';

import { countDataRows } from '../../web/app/src/data/csv-peek';
import { adultCsv, adultSchemaText, heartCsv, heartSchemaText } from './helpers';

/** Two nullable columns: an all-missing record is valid. */
const NULLABLE: Schema = {
  version: 1,
  name: 'two nullable columns',
  missing: [''],
  columns: [
    { name: 'a', type: 'categorical', categories: ['x', 'y'], nullable: true },
    { name: 'b', type: 'categorical', categories: ['u', 'v'], nullable: true },
  ],
};
/** The same columns, not nullable: the sampler sets an unfixable cell to its column's first level. */
const NOT_NULLABLE: Schema = {
  ...NULLABLE,
  columns: (NULLABLE.columns as Array<SchemaColumn & { nullable?: boolean }>).map(
    ({ nullable: _nullable, ...column }) => column,
  ) as Schema['columns'],
};
const ONE_COLUMN: Schema = { version: 1, name: 'one column', missing: [''], columns: [NULLABLE.columns[0]] };

const RECORDS = 40;
/** Header and RECORDS records (`x,u`, `y,v`, ...), the record at `index` replaced by `replacement`. */
function table(newline: string, replacement?: { index: number; line: string }, columns = 2): string {
  const lines = Array.from({ length: RECORDS }, (_, i): string =>
    columns === 2 ? (i % 2 ? 'y,v' : 'x,u') : i % 2 ? 'y' : 'x',
  );
  if (replacement) lines[replacement.index] = replacement.line;
  return [columns === 2 ? 'a,b' : 'a', ...lines].join(newline);
}

/** n as the sampler's receipt states it and as the data summary counts it. */
async function publicRecords(csv: string, schema: Schema): Promise<{ receipt: number | undefined; summary: number }> {
  const run = await synthesize({
    csv,
    schema,
    epsilon: 1,
    mechanism: 'sampler',
    sampler: 'laplace-histogram',
    samples: 1,
    evaluate: false,
  });
  expect(run.receipt.privacy.neighbourRelation).toBe('replace-one');
  const summary = await summarizeData({ csv, schema });
  return { receipt: run.receipt.privacy.publicRecords, summary: summary.inputRows };
}

describe('an all-missing record counts in n', () => {
  for (const [name, newline] of [
    ['"\\n"', '\n'],
    ['"\\r\\n"', '\r\n'],
  ] as const) {
    it(`keeps n when a record in the middle or at the end is replaced by an all-missing one (${name} line breaks)`, async () => {
      const normal = { receipt: RECORDS, summary: RECORDS };
      for (const schema of [NULLABLE, NOT_NULLABLE]) {
        expect(await publicRecords(table(newline) + newline, schema)).toEqual(normal);
        for (const line of [',', '', '"",""', ' ']) {
          expect(
            await publicRecords(table(newline, { index: 20, line }) + newline, schema),
            `middle record ${JSON.stringify(line)}`,
          ).toEqual(normal);
        }
        // The last record an empty line: the file ends with two line breaks, one of them the record's.
        expect(
          await publicRecords(table(newline, { index: RECORDS - 1, line: '' }) + newline, schema),
          'last record empty',
        ).toEqual(normal);
        expect(
          await publicRecords(table(newline, { index: RECORDS - 1, line: ',' }), schema),
          'last record "," without a final line break',
        ).toEqual(normal);
      }
      // One column: any empty cell is an empty line.
      expect(await publicRecords(table(newline, { index: 20, line: '' }, 1) + newline, ONE_COLUMN)).toEqual(normal);
      expect(await publicRecords(table(newline, { index: RECORDS - 1, line: '' }, 1) + newline, ONE_COLUMN)).toEqual(
        normal,
      );
    });

    it(`adds no record for a single final line break, and one for each line before it (${name})`, async () => {
      expect(await publicRecords(table(newline), NULLABLE)).toEqual({ receipt: RECORDS, summary: RECORDS });
      expect(await publicRecords(table(newline) + newline, NULLABLE)).toEqual({ receipt: RECORDS, summary: RECORDS });
      expect(await publicRecords(table(newline) + newline.repeat(2), NULLABLE)).toEqual({
        receipt: RECORDS + 1,
        summary: RECORDS + 1,
      });
      expect(await publicRecords(table(newline) + newline.repeat(3), NULLABLE)).toEqual({
        receipt: RECORDS + 2,
        summary: RECORDS + 2,
      });
    });
  }

  it('counts an empty line wherever it falls around the reader’s 4 Mi-character piece boundary', async () => {
    // 4 Mi characters: the reader hands the text to PapaParse in pieces of that size.
    const PIECE = 4 * 1024 * 1024;
    const header = 'a,b\r\n';
    const line = 'x,u\r\n';
    for (let shift = -3; shift <= 3; ++shift) {
      // The empty line's "\r\n" starts `shift` characters after the boundary (0: the piece ends before it).
      const start = PIECE + shift;
      const full = Math.floor((start - 2 * header.length) / line.length);
      const first = start - header.length - full * line.length; // the first record's length, 5 to 9
      const records = 1 + full + 1 + 100;
      const csv = `${header}${'x'.repeat(first - 4)},u\r\n${line.repeat(full)}\r\n${line.repeat(100)}`;
      expect(csv.indexOf('\r\n\r\n', PIECE - 10) + 2, `shift ${shift}`).toBe(start);
      // "xx…x,u" with a long first cell is outside the schema: the summary counts it, as the run would.
      for (const source of [csv, new Blob([csv])]) {
        const summary = await summarizeData({ csv: source, schema: NULLABLE });
        expect(summary.inputRows, `shift ${shift}, ${typeof source === 'string' ? 'text' : 'a Blob'}`).toBe(records);
      }
      if (shift === 0) {
        const run = await synthesize({
          csv,
          schema: NULLABLE,
          epsilon: 1,
          mechanism: 'sampler',
          sampler: 'laplace-histogram',
          samples: 1,
          evaluate: false,
        });
        expect(run.receipt.privacy.publicRecords).toBe(records);
      }
    }
  });
});

describe('discoverSchema() reads the same records', () => {
  it('counts empty lines as records: with "NA" as the missing token, the empty value is a category', async () => {
    // 60 records "x" and 60 empty lines; with seeded randomness the discovery is reproducible.
    const csv = `a,b\n${'x,u\n'.repeat(60)}${'\n'.repeat(60)}`;
    const { schema } = await discoverSchema({
      csv,
      epsilon: 2,
      delta: 1e-6,
      columns: [{ name: 'a', type: 'categorical' }],
      missing: ['NA'],
      testSeed: 1,
    });
    expect(schema.columns[0]).toMatchObject({ name: 'a', categories: ['', 'x'] });
  });
});

describe('the app’s count of a bundled sample’s rows (its sampler n) is the run’s', () => {
  it('counts as the reader does: blank lines, one final line break, blank lines before the header', async () => {
    for (const [csv, schema] of [
      [adultCsv(), adultSchemaText()],
      [heartCsv(), heartSchemaText()],
    ]) {
      expect(countDataRows(csv)).toBe((await summarizeData({ csv, schema })).inputRows);
    }
    for (const newline of ['\n', '\r\n']) {
      for (const csv of [
        table(newline),
        table(newline) + newline,
        table(newline) + newline.repeat(3),
        table(newline, { index: 20, line: '' }),
        table(newline, { index: 20, line: ',' }) + newline,
        table(newline, { index: RECORDS - 1, line: ' ' }) + newline,
        newline + ' ,' + newline + table(newline) + newline,
        table(newline, { index: 20, line: '' }, 1) + newline,
      ]) {
        const schema = csv.includes(',') ? NULLABLE : ONE_COLUMN;
        expect(countDataRows(csv), JSON.stringify(csv.slice(-20))).toBe(
          (await summarizeData({ csv, schema })).inputRows,
        );
      }
    }
  });
});
