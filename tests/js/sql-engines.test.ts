// The count query on real engines: `privsynth sql` prints it for DuckDB and PostgreSQL, each engine
// runs it on the same awkward table (engine-fixture.ts) -- PostgreSQL a throwaway server started
// here -- and both give identical count tables, with GROUPING SETS and with UNION ALL. The
// warehouse path end to end: PostgreSQL's result as CSV through `privsynth release --counts` gives
// the release synthesize() makes from the rows at the same seed. Typed numeric columns too, and a
// table of typed cells (a Parquet file, a typed PostgreSQL table) read as the row path reads it.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, openAsBlob, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { unpackRows } from '../../web/lib/src/csv';
import {
  countsFromQueryResult,
  countTables,
  synthesize,
  synthesizeFromCounts,
  synthesizeWithDuckDb,
} from '../../web/lib/src/node';
import type { Schema } from '../../web/lib/src/generated/contract-types';
import { float32Text } from '../../web/lib/src/parquet-stream';
import { readHintsOfSchema, readTableChunks } from '../../web/lib/src/table-stream';
import type { CountTables } from '../../web/lib/src/types';
import { duckdb, duckdbRows } from './duckdb-sql';
import { TRICKY_SCHEMA, TYPED_NUMERIC, float32Texts, trickyCsv, typedSchema, typedTableSql } from './engine-fixture';
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

/** The cells the row path reads from a Parquet file (parquet-stream.ts), as the text of a CSV. */
async function rowPathCsv(file: string, schema: Schema): Promise<string> {
  let header: string[] = [];
  const rows: string[][] = [];
  await readTableChunks(
    await openAsBlob(file),
    { header: (names) => (header = names), rows: (chunk) => rows.push(...unpackRows(chunk)) },
    undefined,
    readHintsOfSchema(JSON.stringify(schema)),
  );
  return Papa.unparse([header, ...rows]);
}

describe('typed cells, read by SQL as the row path reads them', () => {
  let parquet: string;
  let cleanParquet: string;
  beforeAll(async () => {
    parquet = join(dir, 'typed.parquet');
    await duckdb(`COPY (${typedTableSql('duckdb', 4000)}) TO '${parquet}' (FORMAT parquet)`);
    postgres.query(`CREATE TABLE typed AS ${typedTableSql('postgres', 4000)};\n`);
    // The records whose every cell is inside the domain or null (in a nullable column): only nulls
    // can stop a run under "error".
    cleanParquet = join(dir, 'typed-clean.parquet');
    await duckdb(
      `COPY (SELECT * FROM read_parquet('${parquet}') WHERE coalesce(code BETWEEN 0 AND 10, true) AND ` +
        `coalesce(big >= 0, true) AND coalesce(dbl BETWEEN -1 AND 1, true) AND coalesce(flt BETWEEN 0 AND 1, true) ` +
        `AND coalesce(fcat IN (0.1::FLOAT, 0.7::FLOAT, 0.25::FLOAT), true) AND coalesce(dec BETWEEN 0 AND 1, true) ` +
        `AND coalesce(dcat IN (5, 2.5), true) AND coalesce(ncat IN (1, 2), true) AND flag IS NOT NULL) ` +
        `TO '${cleanParquet}' (FORMAT parquet)`,
    );
  }, 60_000);

  // missing: numeric tokens a typed cell can be (-999, NaN, the largest BIGINT and the double it
  // rounds to); []: no token, so a null reads as the empty text (a value outside the domain, or
  // the category "" of the text column).
  for (const missing of [undefined, []]) {
    for (const outOfDomain of ['clamp', 'reject'] as const) {
      it(`gives the row path's counts on DuckDB and PostgreSQL (missing ${JSON.stringify(missing ?? 'tokens')}, ${outOfDomain})`, async () => {
        const schema = typedSchema(missing);
        const run = { schema, epsilon: 2, mechanism: 'adaptive-marginals' as const, outOfDomain, testSeed: 21 };
        const query = (dialect: 'duckdb' | 'postgres', from: string, typedColumns: string[], nulls?: 'empty-text') =>
          countTables({ ...run, query: { dialect, from, typedColumns, nulls } });
        const duck = await query('duckdb', `read_parquet('${parquet}')`, TYPED_NUMERIC);
        const pg = await query('postgres', 'typed', TYPED_NUMERIC);
        const fromDuckDb = countsFromQueryResult(await duckdbRows(duck.sql as string), duck.tables);
        const fromPostgres = countsFromQueryResult(csvRows(postgres.query(pg.sql as string)), pg.tables);
        // The row path's own cells, counted as the text of a CSV.
        const textPath = join(dir, `typed-cells-${outOfDomain}-${missing ? 'none' : 'tokens'}.csv`);
        writeFileSync(textPath, await rowPathCsv(parquet, schema));
        const text = await query(
          'duckdb',
          `read_csv('${textPath}', header = true, all_varchar = true)`,
          [],
          'empty-text',
        );
        const fromText = countsFromQueryResult(await duckdbRows(text.sql as string), text.tables);
        const canonicalOf = (result: typeof fromText) => ({ ...result, counts: canonical(result.counts) });
        expect(canonicalOf(fromDuckDb)).toEqual(canonicalOf(fromText));
        expect(canonicalOf(fromPostgres)).toEqual(canonicalOf(fromText));

        const fromRows = await synthesize({ ...run, csv: await openAsBlob(parquet), evaluate: false });
        expect(fromText.keptRows).toBe(fromRows.report.encoding.keptRows);
        expect(fromText.keptRows).toBeGreaterThan(outOfDomain === 'clamp' ? 2000 : 0);
        expect((await synthesizeFromCounts({ ...run, counts: fromPostgres.counts })).csv).toBe(fromRows.csv);
        expect((await synthesizeWithDuckDb({ ...run, file: parquet, evaluate: false })).csv).toBe(fromRows.csv);
      }, 120_000);
    }
  }

  it("reads a float32 as PostgreSQL prints it: the row path's text of every kind of float32", () => {
    const floats = float32Texts(20_000);
    const printed = csvRows(
      postgres.query(
        `SELECT CAST(CAST(f AS real) AS text) AS f FROM (VALUES ${floats.map((f) => `('${f}')`).join(', ')}) AS t(f);\n`,
      ),
    ).map(({ f }) => String(Number(f)));
    expect(floats.map((f) => float32Text(Math.fround(Number(f))))).toEqual(printed);
  });

  it('stops under "error" on a null when no missing token says it is missing, as the row path does', async () => {
    const run = { epsilon: 2, mechanism: 'adaptive-marginals' as const, outOfDomain: 'error' as const, testSeed: 3 };
    const withTokens = typedSchema();
    const fromRows = await synthesize({ ...run, schema: withTokens, csv: await openAsBlob(cleanParquet) });
    const viaDuckDb = await synthesizeWithDuckDb({ ...run, schema: withTokens, file: cleanParquet, evaluate: false });
    expect(viaDuckDb.csv).toBe(fromRows.csv);

    const noTokens = typedSchema([]);
    await expect(synthesize({ ...run, schema: noTokens, csv: await openAsBlob(cleanParquet) })).rejects.toMatchObject({
      code: 'INVALID_DATA',
      message: expect.stringContaining('"" is not'),
    });
    await expect(synthesizeWithDuckDb({ ...run, schema: noTokens, file: cleanParquet })).rejects.toMatchObject({
      code: 'INVALID_DATA',
    });
  }, 120_000);
});
