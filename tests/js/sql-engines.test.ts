// The count query on real engines: `privsynth sql` prints it for DuckDB and PostgreSQL, each engine
// runs it on the same awkward table (engine-fixture.ts) -- PostgreSQL a throwaway server started
// here -- and both give identical count tables, with GROUPING SETS and with UNION ALL. The
// warehouse path end to end: PostgreSQL's result as CSV through `privsynth release --counts` gives
// the release synthesize() makes from the rows at the same seed. Typed numeric columns too.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { DuckDBInstance } from '@duckdb/node-api';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { countsFromQueryResult, countTables, synthesize } from '../../web/lib/src/node';
import type { CountTables } from '../../web/lib/src/types';
import { TRICKY_SCHEMA, trickyCsv } from './engine-fixture';
import { adultCsv, adultSchemaText, repoFile } from './helpers';
import { startPostgres, type PostgresServer } from './postgres-server';

const CLI = repoFile('web/lib/dist/cli.js');
const tricky = trickyCsv(3000, 19);
const NAMES = TRICKY_SCHEMA.columns.map((column) => column.name);
const RUN = ['--epsilon', '2', '--mechanism', 'adaptive-marginals'];

let dir: string;
let schemaPath: string;
let csvPath: string;
let postgres: PostgresServer;

function cli(args: string[]): string {
  const run = spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (run.status !== 0) throw new Error(`privsynth ${args[0]} failed (${run.status}): ${run.stderr}`);
  return run.stdout;
}

async function duckdbRows(sql: string): Promise<Record<string, unknown>[]> {
  const instance = await DuckDBInstance.create(':memory:');
  const connection = await instance.connect();
  try {
    return (await connection.runAndReadAll(sql)).getRowObjectsJS() as Record<string, unknown>[];
  } finally {
    connection.closeSync();
    instance.closeSync();
  }
}

const csvRows = (text: string) => Papa.parse<Record<string, string>>(text.trim(), { header: true }).data;

/** Each table's cells sorted, so two engines' results compare whatever their row order. */
function canonical(counts: CountTables): CountTables {
  return {
    tables: counts.tables.map(({ columns, cells }) => ({
      columns,
      cells: [...cells].sort((a, b) => a.join(',').localeCompare(b.join(','))),
    })),
  };
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'privsynth-sql-'));
  schemaPath = join(dir, 'tricky.schema.json');
  csvPath = join(dir, 'tricky.csv');
  writeFileSync(schemaPath, JSON.stringify(TRICKY_SCHEMA));
  writeFileSync(csvPath, tricky);
  postgres = startPostgres();
  postgres.loadCsv('tricky', csvPath, NAMES);
}, 60_000);
afterAll(() => {
  postgres?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('the count query on DuckDB and PostgreSQL', () => {
  for (const union of [false, true]) {
    it(`gives the same count tables on both engines (${union ? 'UNION ALL' : 'GROUPING SETS'})`, async () => {
      const extra = union ? ['--union-all'] : [];
      const base = ['sql', '--schema', schemaPath, ...RUN, '--nulls', 'empty-text', ...extra];
      const duckSql = cli([
        ...base,
        '--dialect',
        'duckdb',
        '--table',
        `read_csv('${csvPath}', header = true, all_varchar = true)`,
      ]);
      const pgSql = cli([...base, '--dialect', 'postgres', '--table', 'tricky']);
      expect(pgSql).toContain(union ? 'UNION ALL' : 'GROUPING SETS');
      const { tables } = await countTables({ schema: TRICKY_SCHEMA, epsilon: 2, mechanism: 'adaptive-marginals' });
      const fromDuckDb = countsFromQueryResult(await duckdbRows(duckSql), tables);
      const fromPostgres = countsFromQueryResult(csvRows(postgres.query(pgSql)), tables);
      expect(fromPostgres.inputRows).toBe(3000);
      expect(fromPostgres.leftOutRows).toBeGreaterThan(100); // the fixture's unfixable cells
      expect({ ...fromPostgres, counts: canonical(fromPostgres.counts) }).toEqual({
        ...fromDuckDb,
        counts: canonical(fromDuckDb.counts),
      });
    }, 60_000);
  }

  it("releases from PostgreSQL's result as privsynth releases from the rows (the warehouse path)", async () => {
    for (const outOfDomain of ['clamp', 'reject']) {
      const options = [...RUN, '--seed', '9', '--option', `outOfDomain=${outOfDomain}`];
      const sql = cli([
        'sql',
        '--schema',
        schemaPath,
        ...options,
        '--dialect',
        'postgres',
        '--table',
        'tricky',
        '--nulls',
        'empty-text',
      ]);
      const resultPath = join(dir, `result-${outOfDomain}.csv`);
      writeFileSync(resultPath, postgres.query(sql));
      const out = join(dir, `released-${outOfDomain}.csv`);
      const receipt = join(dir, `receipt-${outOfDomain}.json`);
      cli([
        'release',
        '--counts',
        resultPath,
        '--schema',
        schemaPath,
        ...options,
        '--out',
        out,
        '--receipt',
        receipt,
        '-q',
      ]);
      const fromRows = await synthesize({
        csv: tricky,
        schema: TRICKY_SCHEMA,
        epsilon: 2,
        mechanism: 'adaptive-marginals',
        outOfDomain: outOfDomain as 'clamp' | 'reject',
        testSeed: 9,
        evaluate: false,
      });
      expect(readFileSync(out, 'utf8')).toBe(fromRows.csv);
    }
  }, 120_000);

  it('reads typed numeric columns on PostgreSQL as the row path reads their text', async () => {
    const columns = ['age', 'hours-per-week', 'sex', 'income'];
    const adultPath = join(dir, 'adult.csv');
    const rows = Papa.parse<Record<string, string>>(adultCsv().trim(), { header: true }).data;
    writeFileSync(
      adultPath,
      Papa.unparse(
        rows.map((row) => columns.map((c) => row[c])),
        { header: false },
      ),
    );
    postgres.query(
      'CREATE TABLE adult ("age" integer, "hours-per-week" double precision, "sex" text, "income" text);\n' +
        `\\copy adult FROM '${adultPath}' WITH (FORMAT csv)\n`,
    );
    const options = { schema: adultSchemaText(), epsilon: 1, mechanism: 'marginal-lp' as const, columns, testSeed: 2 };
    const request = await countTables({
      ...options,
      query: { dialect: 'postgres', from: 'adult', typedColumns: ['age', 'hours-per-week'] },
    });
    const counted = countsFromQueryResult(csvRows(postgres.query(request.sql as string)), request.tables);
    const { synthesizeFromCounts } = await import('../../web/lib/src/node');
    const fromCounts = await synthesizeFromCounts({ ...options, counts: counted.counts });
    const fromRows = await synthesize({ ...options, csv: adultCsv(), evaluate: false });
    expect(fromCounts.csv).toBe(fromRows.csv);
    expect(counted.keptRows).toBe(fromRows.report.encoding.keptRows);
  }, 120_000);
});
