// The row path reads Parquet (parquet-stream.ts): each value becomes the text cell a CSV of the
// table would hold (numbers in their shortest exact form -- a FLOAT's as a float32, a DECIMAL's
// nearest double -- dates and timestamps as an SQL engine prints them, a null as the schema's
// first missing token), so a seeded release from a Parquet file is byte for byte the release from
// the same table as CSV, whatever the codec or the number of row groups, and for a mechanism that
// reads count tables also DuckDB's. Every mechanism runs, the rows-only ones included. Nested columns and broken files are refused, naming why.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, openAsBlob, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  discoverSchema,
  inferSchema,
  inferSchemaFromFile,
  summarizeData,
  synthesize,
  synthesizeWithDuckDb,
} from '../../web/lib/src/node';
import { unpackRows } from '../../web/lib/src/csv';
import { readTableChunks, type TableReadHints } from '../../web/lib/src/table-stream';
import { duckdb } from './duckdb-sql';
import type { DiscoveryColumn } from '../../web/lib/src/schema-types';
import { TRICKY_SCHEMA, float32Texts, trickyCsv } from './engine-fixture';
import { adultCsv, adultSchemaText, expectSameRelease, repoFile } from './helpers';

let dir: string;
const tricky = trickyCsv(3000);
const trickySchema = JSON.stringify(TRICKY_SCHEMA);

/** The header and every cell as the reader hands them over, with the progress reported. */
async function readCells(
  path: string,
  hints: TableReadHints = {},
): Promise<{ header: string[]; rows: string[][]; progress: number[] }> {
  let header: string[] = [];
  const rows: string[][] = [];
  const progress: number[] = [];
  await readTableChunks(
    await openAsBlob(path),
    {
      header: (names) => (header = names),
      rows: (chunk) => {
        for (const row of unpackRows(chunk)) rows.push(row);
      },
    },
    (fraction) => progress.push(fraction),
    hints,
  );
  return { header, rows, progress };
}

const ADULT_COLUMNS = ['age', 'workclass', 'education', 'marital-status', 'sex', 'hours-per-week', 'income'];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'privsynth-parquet-'));
  writeFileSync(join(dir, 'tricky.csv'), tricky);
  // Every value as text (read_csv's empty cells become nulls): the CSV's own cells come back.
  await duckdb(
    `COPY (SELECT * FROM read_csv('${join(dir, 'tricky.csv')}', header = true, all_varchar = true)) TO '${join(dir, 'tricky.parquet')}' (FORMAT parquet)`,
  );
  // Typed columns, written with each codec and in row groups of 10,000 rows (5 of them).
  for (const codec of ['uncompressed', 'snappy', 'gzip', 'zstd', 'brotli', 'lz4']) {
    await duckdb(
      `COPY (SELECT * FROM read_csv('${repoFile('data/adult/adult.csv')}', header = true)) TO '${join(dir, `adult-${codec}.parquet`)}' (FORMAT parquet, COMPRESSION ${codec}, ROW_GROUP_SIZE 10000)`,
    );
  }
  await duckdb(
    `COPY (SELECT i::BIGINT AS big, (i / 4)::DOUBLE AS dbl, (i / 3)::FLOAT AS flt, (i / 8)::DECIMAL(10, 3) AS dec,
       i % 2 = 0 AS bool, DATE '2020-02-27' + i::INTEGER AS day,
       TIMESTAMP '1969-12-31 23:59:58' + INTERVAL (i * 1500) MILLISECOND AS ts,
       CASE WHEN i % 3 = 0 THEN NULL ELSE 'v' || i END AS txt, CASE WHEN i = 1 THEN 'NaN'::DOUBLE WHEN i = 2 THEN 'inf'::DOUBLE END AS odd,
       [i, i + 1] AS " list ", {'a': i} AS st FROM range(5) t(i)) TO '${join(dir, 'types.parquet')}' (FORMAT parquet)`,
  );
}, 120_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('reading Parquet as rows', () => {
  it('writes each type as the text a CSV of the table would hold, a null as the first missing token', async () => {
    const flat = ['big', 'dbl', 'flt', 'dec', 'bool', 'day', 'ts', 'txt', 'odd'];
    const { header, rows, progress } = await readCells(join(dir, 'types.parquet'), {
      columns: flat,
      missingTokens: ['NA', ''],
    });
    expect(header).toEqual(flat);
    expect(rows).toEqual([
      ['0', '0', '0', '0', 'true', '2020-02-27', '1969-12-31 23:59:58', 'NA', 'NA'],
      ['1', '0.25', '0.33333334', '0.125', 'false', '2020-02-28', '1969-12-31 23:59:59.5', 'v1', 'NaN'],
      ['2', '0.5', '0.6666667', '0.25', 'true', '2020-02-29', '1970-01-01 00:00:01', 'v2', 'Infinity'],
      ['3', '0.75', '1', '0.375', 'false', '2020-03-01', '1970-01-01 00:00:02.5', 'NA', 'NA'],
      ['4', '1', '1.3333334', '0.5', 'true', '2020-03-02', '1970-01-01 00:00:04', 'v4', 'NA'],
    ]);
    expect(progress.at(-1)).toBe(1);
  });

  it("writes a FLOAT as its float32's shortest text and a DECIMAL as its nearest double", async () => {
    // DECIMAL(38, 20)s of 38 random digits: the double nearest each, as its exact text reads (DuckDB's
    // CAST(d AS DOUBLE) is off by one unit in the last place for about 3% of them).
    let state = 12345;
    const digit = () => {
      state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
      return Math.floor((state / 2 ** 32) * 10);
    };
    const floats = float32Texts(20_000);
    const decimals = floats.map(() => {
      const digits = Array.from({ length: 38 }, digit).join('');
      return `${digit() % 2 ? '-' : ''}${digits.slice(0, 18)}.${digits.slice(18)}`;
    });
    const source = join(dir, 'numbers.csv');
    writeFileSync(source, `f,d\n${floats.map((f, i) => `${f},${decimals[i]}`).join('\n')}\n`);
    const file = join(dir, 'numbers.parquet');
    await duckdb(
      `COPY (SELECT CAST(f AS FLOAT) AS f, CAST(d AS DECIMAL(38, 20)) AS d FROM read_csv('${source}', header = true, all_varchar = true)) TO '${file}' (FORMAT parquet)`,
    );
    const instance = await DuckDBInstance.create(':memory:');
    const connection = await instance.connect();
    const engine = (
      await connection.runAndReadAll(
        `SELECT CAST(f AS VARCHAR) AS f, CAST(CAST(d AS VARCHAR) AS DOUBLE) AS d FROM '${file}'`,
      )
    ).getRowObjectsJS() as Array<{ f: string; d: number }>;
    connection.closeSync();
    instance.closeSync();
    const { rows } = await readCells(file);
    expect(rows.map((row) => row[1])).toEqual(engine.map(({ d }) => String(d)));
    // Each float32's text reads back as it, in no more digits than DuckDB prints (DuckDB's are not
    // always the fewest: 2097152.25 for 2097152.2); PostgreSQL's are the same texts
    // (sql-engines.test.ts).
    const significant = (text: string) => text.replace(/e.*$|^-|\./g, '').replace(/^0+|0+$/g, '').length;
    const wrong = rows.filter(
      ([text], i) =>
        Math.fround(Number(text)) !== Math.fround(Number(floats[i])) || significant(text) > significant(engine[i].f),
    );
    expect(wrong).toEqual([]);
    const examples = ['0.1', '0.7', '2097152.25', '390695.625', '235000992', '0.000244140625', '1e-45'];
    await duckdb(
      `COPY (SELECT CAST(f AS FLOAT) AS f FROM (VALUES ${examples.map((f) => `('${f}')`).join(', ')}) AS t(f)) TO '${file}' (FORMAT parquet)`,
    );
    expect((await readCells(file)).rows.map(([text]) => text)).toEqual([
      '0.1',
      '0.7',
      '2097152.2',
      '390695.62',
      '235000990',
      '0.00024414062',
      '1e-45',
    ]);
  }, 60_000);

  it('refuses a nested column it must read, naming it, and skips one it need not', async () => {
    for (const [columns, name] of [
      [undefined, 'list'],
      [['big', 'st'], 'st'],
    ] as const) {
      await expect(readCells(join(dir, 'types.parquet'), { columns })).rejects.toMatchObject({
        code: 'INVALID_DATA',
        message: expect.stringContaining(`column "${name}" holds nested values`),
      });
    }
    expect((await readCells(join(dir, 'types.parquet'), { columns: ['big', 'dbl'] })).header).toEqual(['big', 'dbl']);
  });

  it('reads every codec and every row group to the same cells', async () => {
    const reference = await readCells(join(dir, 'adult-uncompressed.parquet'));
    expect(reference.rows).toHaveLength(48842);
    // One report per chunk of at most 65,536 rows within each of the 5 row groups, rising to 1.
    expect(reference.progress).toHaveLength(5);
    expect(reference.progress).toEqual([...reference.progress].sort((a, b) => a - b));
    expect(reference.progress.at(-1)).toBe(1);
    for (const codec of ['snappy', 'gzip', 'zstd', 'brotli', 'lz4']) {
      const read = await readCells(join(dir, `adult-${codec}.parquet`));
      expect(read.header, codec).toEqual(reference.header);
      expect(read.rows, codec).toEqual(reference.rows);
    }
  }, 60_000);

  it('refuses a file that is not whole, and reads a CSV as before', async () => {
    const whole = readFileSync(join(dir, 'adult-snappy.parquet'));
    const broken = join(dir, 'broken.parquet');
    // The magic bytes at both ends, the footer's length pointing nowhere.
    writeFileSync(broken, Buffer.concat([whole.subarray(0, 4000), whole.subarray(whole.length - 4)]));
    await expect(
      synthesize({ csv: await openAsBlob(broken), schema: adultSchemaText(), epsilon: 1 }),
    ).rejects.toMatchObject({
      code: 'INVALID_DATA',
      message: expect.stringContaining('the Parquet file could not be read'),
    });
    // "PAR1" at the start only is not Parquet: read as CSV (and refused as one).
    writeFileSync(broken, Buffer.concat([whole.subarray(0, 4000)]));
    await expect(
      synthesize({ csv: await openAsBlob(broken), schema: adultSchemaText(), epsilon: 1 }),
    ).rejects.toThrow();
    const csv = await readCells(join(dir, 'tricky.csv'));
    expect(csv.rows).toHaveLength(3000);
  });
});

describe('a release from a Parquet file', () => {
  for (const outOfDomain of ['clamp', 'reject'] as const) {
    for (const mechanism of ['adaptive-marginals', 'space-partition'] as const) {
      it(`is the CSV's, byte for byte, on awkward cells: ${mechanism}, outOfDomain "${outOfDomain}"`, async () => {
        // space-partition reads rows, and only numeric columns without missing values.
        const columns = mechanism === 'space-partition' ? ['score', 'num_cat', 'flag'] : undefined;
        const options = { epsilon: 2, mechanism, outOfDomain, columns, testSeed: 17, evaluate: false };
        const fromCsv = await synthesize({ csv: tricky, schema: trickySchema, ...options });
        const fromParquet = await synthesize({
          csv: await openAsBlob(join(dir, 'tricky.parquet')),
          schema: trickySchema,
          ...options,
        });
        expectSameRelease(fromCsv, fromParquet, { expected: 'csv', other: 'parquet' });
        expect(fromParquet.report.encoding).toEqual(fromCsv.report.encoding);
      }, 60_000);
    }
  }

  it("with typed columns in row groups is the CSV's and DuckDB's, and its utility report the CSV's", async () => {
    const options = { epsilon: 1, mechanism: 'marginal-lp' as const, columns: ADULT_COLUMNS, testSeed: 3 };
    const fromCsv = await synthesize({ csv: adultCsv(), schema: adultSchemaText(), ...options });
    const file = join(dir, 'adult-zstd.parquet');
    const fromParquet = await synthesize({ csv: await openAsBlob(file), schema: adultSchemaText(), ...options });
    expectSameRelease(fromCsv, fromParquet, { expected: 'csv', other: 'parquet' });
    expect(fromParquet.report).toEqual(fromCsv.report);
    const fromDuckDb = await synthesizeWithDuckDb({ file, schema: adultSchemaText(), ...options, evaluate: false });
    expect(fromDuckDb.csv).toBe(fromCsv.csv);
  }, 120_000);

  it('serves discovery, the data summary and (not private) inference as the CSV does', async () => {
    const columns: DiscoveryColumn[] = [
      { name: 'age', type: 'numeric', range: [0, 120], integer: true, bins: 8 },
      { name: 'workclass', type: 'categorical', nullable: true },
    ];
    const request = { epsilon: 1, delta: 1e-6, columns, missing: ['?', ''], testSeed: 4 };
    const file = await openAsBlob(join(dir, 'adult-gzip.parquet'));
    const fromParquet = await discoverSchema({ csv: file, ...request });
    expect(fromParquet).toEqual(await discoverSchema({ csv: adultCsv(), ...request }));
    expect(await summarizeData({ csv: file, schema: adultSchemaText() })).toEqual(
      await summarizeData({ csv: adultCsv(), schema: adultSchemaText() }),
    );
    const inferred = await inferSchemaFromFile(file, { maxCategories: 50 });
    expect(inferred).toEqual(inferSchema(adultCsv(), { maxCategories: 50 }));
    expect(inferred.provenance).toBe('inferred-from-data');
    expect(inferred.columns.find((column) => column.name === 'age')).toMatchObject({ type: 'numeric', integer: true });
  }, 60_000);

  it('serves a release without a schema that names its columns, as the CSV does', async () => {
    // The discovery's request names the columns it finds (texts, not described columns): each is read.
    const options = { epsilon: 1, columns: ['age', 'sex', 'income'], evaluate: false, testSeed: 6 };
    const fromParquet = await synthesize({ csv: await openAsBlob(join(dir, 'adult-zstd.parquet')), ...options });
    expectSameRelease(await synthesize({ csv: adultCsv(), ...options }), fromParquet, {
      expected: 'csv',
      other: 'parquet',
    });
  });

  it('names a column the schema requires and the file lacks, as for a CSV', async () => {
    const schema = {
      ...TRICKY_SCHEMA,
      columns: [...TRICKY_SCHEMA.columns, { name: 'absent', type: 'categorical' as const, categories: ['a'] }],
    };
    const fromParquet = synthesize({ csv: await openAsBlob(join(dir, 'tricky.parquet')), schema, epsilon: 1 });
    await expect(fromParquet).rejects.toMatchObject({ message: expect.stringContaining('absent') });
  });

  it('runs from the command line: `discover`, and `synth` with a mechanism that reads rows', () => {
    const file = join(dir, 'adult-snappy.parquet');
    const spec = join(dir, 'spec.json');
    writeFileSync(spec, JSON.stringify({ columns: [{ name: 'sex', type: 'categorical' }] }));
    const discovered = cli([
      'discover',
      file,
      '--columns',
      spec,
      '--epsilon',
      '1',
      '--delta',
      '1e-6',
      '--out',
      join(dir, 'found.json'),
      '--receipt',
      join(dir, 'found-receipt.json'),
    ]);
    expect(discovered.status, discovered.stderr).toBe(0);
    expect(JSON.parse(readFileSync(join(dir, 'found.json'), 'utf8')).columns[0].categories.sort()).toEqual([
      'Female',
      'Male',
    ]);
    const schemaPath = join(dir, 'adult.schema.json');
    writeFileSync(schemaPath, adultSchemaText());
    const out = join(dir, 'space-partition.csv');
    // "auto" keeps the row path: space-partition reads rows, not count tables.
    const run = cli([
      'synth',
      file,
      '--schema',
      schemaPath,
      '--epsilon',
      '1',
      '--mechanism',
      'space-partition',
      '--columns',
      'age,hours-per-week',
      '--no-receipt',
      '--out',
      out,
      '-q',
    ]);
    expect(run.status, run.stderr).toBe(0);
    expect(readFileSync(out, 'utf8').split('\n')[0]).toBe('age,hours-per-week');
  }, 60_000);
});

function cli(args: string[]): { status: number | null; stderr: string } {
  return spawnSync(process.execPath, [repoFile('web/lib/dist/cli.js'), ...args], { encoding: 'utf8' });
}
