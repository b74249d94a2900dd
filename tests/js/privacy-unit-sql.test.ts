// A person-level release from count tables (docs/privacy/privacy-unit.md, docs/scale.md): the count
// query bounds each person's records to k in SQL with a window function, on DuckDB and PostgreSQL,
// and a second query counts the persons by their kept records. The figures that do not depend on
// which records the draw keeps are exact: the records kept (the sum over persons of min(records,
// k)), those beyond k, and the persons' counts. The same draw key keeps the same records in every
// pass; the DuckDB path releases synthetic people whose perPerson columns agree.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { countsFromQueryResult, countTables, synthesizeWithDuckDb } from '../../web/lib/src/node';
import { rowsPerPersonFromQueryResult } from '../../web/lib/src/count-query-result';
import type { Schema } from '../../web/lib/src/generated/contract-types';
import { duckdbRows } from './duckdb-sql';
import { repoFile } from './helpers';
import { startPostgres, type PostgresServer } from './postgres-server';
import { readFileSync } from 'node:fs';

const K = 3;
const visitsCsv = readFileSync(repoFile('data/visits/visits.csv'), 'utf8');
const visitsSchema = JSON.parse(readFileSync(repoFile('data/visits/visits.schema.json'), 'utf8')) as Schema;
// The count query does not read dates yet: the release leaves visit_date out.
const COLUMNS = ['patient_id', 'sex', 'birth_year', 'blood_group', 'department', 'emergency', 'length_of_stay', 'cost'];
const RUN = {
  schema: visitsSchema,
  epsilon: 2,
  mechanism: 'adaptive-marginals' as const,
  rowsPerPerson: K,
  columns: COLUMNS,
};
const records = Papa.parse<Record<string, string>>(visitsCsv.trim(), { header: true }).data;

// The exact figures: each person keeps min(records, K).
const recordsOf = new Map<string, number>();
for (const record of records) recordsOf.set(record.patient_id, (recordsOf.get(record.patient_id) ?? 0) + 1);
const expectedKept = [...recordsOf.values()].reduce((sum, n) => sum + Math.min(n, K), 0);
const expectedByCount = Array.from({ length: K }, (_, j) => [
  j + 1,
  [...recordsOf.values()].filter((n) => Math.min(n, K) === j + 1).length,
]);

let dir: string;
let csvPath: string;
let postgres: PostgresServer;

const csvRows = (text: string) => Papa.parse<Record<string, string>>(text.trim(), { header: true }).data;
const sorted = (pairs: Array<[number, number]>) => [...pairs].sort((a, b) => a[0] - b[0]);

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'privsynth-persons-sql-'));
  csvPath = join(dir, 'visits.csv');
  writeFileSync(csvPath, visitsCsv);
  postgres = startPostgres();
  postgres.loadCsv('visits', csvPath, Object.keys(records[0]));
}, 60_000);
afterAll(() => {
  postgres?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('the count query with a privacy unit', () => {
  it('bounds each person to k records on DuckDB and PostgreSQL, and counts the persons exactly', async () => {
    const duckFrom = `read_csv('${csvPath}', header = true, all_varchar = true)`;
    const duck = await countTables({ ...RUN, query: { dialect: 'duckdb', from: duckFrom, nulls: 'empty-text' } });
    const pg = await countTables({ ...RUN, query: { dialect: 'postgres', from: 'visits', nulls: 'empty-text' } });
    expect(duck.rowsPerPerson).toBe(K);
    for (const [sql, perPersonSql, run] of [
      [duck.sql!, duck.rowsPerPersonSql!, duckdbRows],
      [pg.sql!, pg.rowsPerPersonSql!, async (text: string) => csvRows(postgres.query(text))],
    ] as const) {
      const counted = countsFromQueryResult(await run(sql), duck.tables);
      expect(counted.inputRows).toBe(records.length);
      expect(counted.keptRows).toBe(expectedKept);
      expect(counted.beyondLimitRows).toBe(records.length - expectedKept);
      expect(counted.withoutPersonRows).toBe(0);
      // Every table counts the kept records, whichever the draw kept.
      for (const table of counted.counts.tables) {
        expect(table.cells.reduce((sum, cell) => sum + cell[cell.length - 1], 0)).toBe(expectedKept);
      }
      expect(sorted(rowsPerPersonFromQueryResult(await run(perPersonSql)))).toEqual(expectedByCount);
    }
  }, 120_000);

  it('keeps the same records in every pass with the same draw key, and other records with another', async () => {
    const from = `read_csv('${csvPath}', header = true, all_varchar = true)`;
    const query = (drawKey: string) => ({ dialect: 'duckdb' as const, from, nulls: 'empty-text' as const, drawKey });
    const first = await countTables({ ...RUN, query: query('a secret') });
    const again = await countTables({ ...RUN, query: query('a secret') });
    const other = await countTables({ ...RUN, query: query('another secret') });
    const cells = async (sql: string) =>
      JSON.stringify(
        countsFromQueryResult(await duckdbRows(sql), first.tables).counts.tables.map((t) => [...t.cells].sort()),
      );
    expect(await cells(again.sql!)).toBe(await cells(first.sql!));
    expect(await cells(other.sql!)).not.toBe(await cells(first.sql!));
  }, 120_000);

  it('a DuckDB release of synthetic people with consistent perPerson columns', async () => {
    const result = await synthesizeWithDuckDb({
      file: csvPath,
      schema: visitsSchema,
      epsilon: 2,
      rowsPerPerson: K,
      columns: COLUMNS,
      testSeed: 4,
    });
    expect(result.receipt.privacy.privacyUnit?.rowsPerPerson).toBe(K);
    expect(result.receipt.privacy.protects).toContain('one person');
    expect(result.counted.keptRows).toBe(expectedKept);
    expect(result.counted.beyondLimitRows).toBe(records.length - expectedKept);
    expect(result.counted.withoutPersonRows).toBe(0);
    const rows = Papa.parse<Record<string, string>>(result.csv.trim(), { header: true }).data;
    const byPerson = new Map<string, Array<Record<string, string>>>();
    for (const row of rows) byPerson.set(row.patient_id, [...(byPerson.get(row.patient_id) ?? []), row]);
    expect(byPerson.size).toBeGreaterThan(1000);
    for (const own of byPerson.values()) {
      expect(own.length).toBeLessThanOrEqual(K);
      for (const row of own) {
        for (const column of ['sex', 'birth_year', 'blood_group']) expect(row[column]).toBe(own[0][column]);
      }
    }
  }, 120_000);

  it("the CLI's DuckDB engine: a public k, and the owner's counts of records beyond it", () => {
    const run = spawnSync(
      process.execPath,
      [
        repoFile('web/lib/dist/cli.js'),
        'synth',
        csvPath,
        '--schema',
        repoFile('data/visits/visits.schema.json'),
        '--engine',
        'duckdb',
        '--columns',
        COLUMNS.join(','),
        '--option',
        `rowsPerPerson=${K}`,
        '--epsilon',
        '1',
        '--seed',
        '3',
        '--out',
        join(dir, 'duck.csv'),
        '--receipt',
        join(dir, 'duck-receipt.json'),
      ],
      { encoding: 'utf8' },
    );
    expect(run.status, run.stderr).toBe(0);
    expect(run.stderr).toContain(`at most ${K} kept per person`);
    expect(run.stderr).toContain(
      `${(records.length - expectedKept).toLocaleString('en-US')} beyond their person's rowsPerPerson`,
    );
  }, 120_000);
});
