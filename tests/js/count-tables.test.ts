// A release from count tables (synthesizeFromCounts, and the CLI's count-tables and release): the
// tables an SQL engine would compute for Adult's categorical columns, counted here from the CSV by
// the schema's codes, give the same synthetic table as synthesize() on the rows at the same seed,
// and a receipt that says where the counts came from. Refusals name their reason.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { countTables, synthesize, synthesizeFromCounts } from '../../web/lib/src/node';
import type { Schema } from '../../web/lib/src/generated/contract-types';
import type { CountTables } from '../../web/lib/src/types';
import { adultCsv, adultSchema, adultSchemaText, expectSameRelease, repoFile } from './helpers';

const COLUMNS = ['workclass', 'education', 'race', 'sex', 'income'];
const OPTIONS = {
  epsilon: 1,
  mechanism: 'adaptive-marginals' as const,
  columns: COLUMNS,
  testSeed: 4,
  evaluate: false,
};

/** What `GROUP BY` over each requested table returns, in the schema's codes (missing: the last level). */
function countsFromCsv(csv: string, schema: Schema, tables: string[][]): CountTables {
  const rows = Papa.parse<Record<string, string>>(csv.trim(), { header: true, skipEmptyLines: true }).data;
  const codeOf = (name: string, value: string): number => {
    const column = schema.columns.find((c) => c.name === name);
    if (!column || column.type !== 'categorical') throw new Error(`${name} is not categorical`);
    const categories = column.categories.map(String);
    return (schema.missing ?? ['']).includes(value.trim()) ? categories.length : categories.indexOf(value.trim());
  };
  return {
    tables: tables.map((columns) => {
      const counts = new Map<string, number>();
      for (const row of rows) {
        const key = columns.map((c) => codeOf(c, row[c])).join(',');
        counts.set(key, (counts.get(key) ?? 0) + 1);
      }
      return { columns, cells: [...counts].map(([key, count]) => [...key.split(',').map(Number), count]) };
    }),
  };
}

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'privsynth-counts-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('a release from count tables', () => {
  it('equals the release from the rows at the same seed, and says where its counts came from', async () => {
    const request = await countTables({ schema: adultSchema(), ...OPTIONS });
    expect(request.tables).toHaveLength(10); // every pair of the five columns
    const counts = countsFromCsv(adultCsv(), adultSchema(), request.tables);
    const fromRows = await synthesize({ csv: adultCsv(), schema: adultSchemaText(), ...OPTIONS });
    const fromCounts = await synthesizeFromCounts({ counts, schema: adultSchemaText(), ...OPTIONS });
    expectSameRelease(fromRows, fromCounts, { expected: 'csv', other: 'count-tables' });
    expect(fromCounts.receipt.input.meaning).toContain('count tables computed by an SQL engine');
    expect(fromCounts.receipt.privacy.tablesCovered).toContain('the counts of one table');
  });

  it('refuses missing tables, bad codes, row-only mechanisms and mlTarget with the reason', async () => {
    const counts: CountTables = {
      tables: [
        {
          columns: ['sex'],
          cells: [
            [0, 10],
            [1, 12],
          ],
        },
      ],
    };
    const run = (extra: Record<string, unknown>, given: CountTables | string = counts) =>
      synthesizeFromCounts({ counts: given, schema: adultSchemaText(), ...OPTIONS, ...extra });
    await expect(run({})).rejects.toThrow('no given count table holds the columns workclass, education');
    await expect(run({}, { tables: [{ columns: ['sex'], cells: [[2, 10]] }] })).rejects.toThrow(
      'code 2 of "sex" is outside its 2 levels',
    );
    await expect(run({}, 'not json')).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
    await expect(run({ mechanism: 'space-partition' })).rejects.toThrow('reads the rows');
    await expect(run({ mechanism: 'marginal-lp' })).rejects.toThrow('no given count table holds the columns workclass');
    await expect(run({ mlTarget: 'income' })).rejects.toThrow('needs the rows');
  });

  it('runs through the CLI: count-tables prints the request, release writes the CSV and the receipt', () => {
    const cli = (args: string[]) =>
      spawnSync(process.execPath, [repoFile('web/lib/dist/cli.js'), ...args], { encoding: 'utf8' });
    const schemaPath = repoFile('data/adult/adult.schema.json');
    const flags = [
      '--schema',
      schemaPath,
      '--epsilon',
      '1',
      '--mechanism',
      'adaptive-marginals',
      '--columns',
      COLUMNS.join(','),
      '--seed',
      '4',
    ];
    const listed = cli(['count-tables', ...flags]);
    expect(listed.status, listed.stderr).toBe(0);
    const request = JSON.parse(listed.stdout) as { tables: string[][] };
    expect(request.tables).toHaveLength(10);
    const countsPath = join(dir, 'counts.json');
    writeFileSync(countsPath, JSON.stringify(countsFromCsv(adultCsv(), adultSchema(), request.tables)));
    const released = cli([
      'release',
      '--counts',
      countsPath,
      ...flags,
      '--out',
      join(dir, 'out.csv'),
      '--receipt',
      join(dir, 'receipt.json'),
    ]);
    expect(released.status, released.stderr).toBe(0);
    expect(released.stderr).toContain('synthetic rows from the count tables');
    expect(released.stderr).toContain('NOT PRIVATE'); // a test seed
    const receipt = JSON.parse(readFileSync(join(dir, 'receipt.json'), 'utf8'));
    expect(receipt.input.source).toBe('count-tables');
    expect(readFileSync(join(dir, 'out.csv'), 'utf8').split('\n')[0]).toBe(COLUMNS.join(','));
    const refused = cli(['release', '--counts', countsPath, ...flags]);
    expect(refused.status).toBe(2);
    expect(refused.stderr).toContain('--receipt');
  });
});
