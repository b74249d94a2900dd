// DuckDB as the engine (synthesizeWithDuckDb): the count query applies the schema's encoding in
// SQL exactly as the row path does, so a seeded release from a CSV or Parquet file through DuckDB
// equals synthesize() on the same rows -- on a table made of the cells where engines and the row
// encoder could disagree (engine-fixture.ts), under the clamp and reject policies, and on Adult
// read from a Parquet file with typed numeric columns. Refusals name their reason.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { countTables, synthesize, synthesizeWithDuckDb } from '../../web/lib/src/node';
import type { InputSource } from '../../web/lib/src/options-types';
import type { SynthesisResult } from '../../web/lib/src/types';
import { duckdb } from './duckdb-sql';
import { TRICKY_SCHEMA, trickyCsv } from './engine-fixture';
import { adultSchemaText, expectSameRelease, firstValueOutsideDomain, repoFile } from './helpers';

let dir: string;
let trickyPath: string;
const tricky = trickyCsv(4000);
const schema = JSON.stringify(TRICKY_SCHEMA);

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'privsynth-duckdb-'));
  trickyPath = join(dir, 'tricky.csv');
  writeFileSync(trickyPath, tricky);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The row engine's release of a CSV and DuckDB's of the same CSV (or of `other`'s format): the same, but for the input. */
function expectSameRows(
  fromRows: SynthesisResult,
  fromEngine: SynthesisResult,
  other: InputSource = 'duckdb-csv',
): void {
  expectSameRelease(fromRows, fromEngine, { expected: 'csv', other });
}

describe('synthesizeWithDuckDb', () => {
  for (const outOfDomain of ['clamp', 'reject'] as const) {
    for (const mechanism of ['adaptive-marginals', 'marginal-lp', 'reduced-space-lp'] as const) {
      it(`equals synthesize() on a table of awkward cells: ${mechanism}, outOfDomain "${outOfDomain}"`, async () => {
        const options = { epsilon: 2, mechanism, outOfDomain, testSeed: 11, evaluate: false };
        const fromRows = await synthesize({ csv: tricky, schema, ...options });
        const fromDuckDb = await synthesizeWithDuckDb({ file: trickyPath, schema, ...options });
        expectSameRows(fromRows, fromDuckDb);
        // The row path's own count of what it left out: the same records.
        const rowsReport = fromRows.report.encoding;
        expect(fromDuckDb.counted.inputRows).toBe(4000);
        expect(fromDuckDb.counted.keptRows).toBe(rowsReport.keptRows);
        expect(fromDuckDb.counted.leftOutRows).toBe(rowsReport.rejectedRows);
        expect(fromDuckDb.counted.leftOutRows).toBeGreaterThan(outOfDomain === 'clamp' ? 100 : 1000);
      }, 60_000);
    }
  }

  it('reads Parquet: text columns as the CSV, numeric columns typed, and gives the same release', async () => {
    const asText = join(dir, 'tricky.parquet');
    await duckdb(
      `COPY (SELECT * FROM read_csv('${trickyPath}', header = true, all_varchar = true)) TO '${asText}' (FORMAT parquet)`,
    );
    const options = { epsilon: 2, mechanism: 'adaptive-marginals' as const, testSeed: 5, evaluate: false };
    const fromRows = await synthesize({ csv: tricky, schema, ...options });
    expectSameRows(fromRows, await synthesizeWithDuckDb({ file: asText, schema, ...options }), 'duckdb-parquet');

    const adult = join(dir, 'adult.parquet');
    await duckdb(
      `COPY (SELECT * FROM read_csv('${repoFile('data/adult/adult.csv')}', header = true)) TO '${adult}' (FORMAT parquet)`,
    );
    // Nine columns: 36 pair tables, counted by DuckDB in two passes.
    const adultOptions = {
      ...options,
      columns: [
        'age',
        'workclass',
        'marital-status',
        'occupation',
        'relationship',
        'race',
        'sex',
        'hours-per-week',
        'income',
      ],
    };
    const adultRows = await synthesize({
      csv: await readText(repoFile('data/adult/adult.csv')),
      schema: adultSchemaText(),
      ...adultOptions,
    });
    const adultDuckDb = await synthesizeWithDuckDb({
      file: adult,
      format: 'parquet',
      schema: adultSchemaText(),
      ...adultOptions,
    });
    expectSameRows(adultRows, adultDuckDb, 'duckdb-parquet');
    const query = await countTables({
      schema: adultSchemaText(),
      ...adultOptions,
      query: { dialect: 'duckdb', from: 'adult', typedColumns: ['age', 'hours-per-week'] },
    });
    expect(query.sql).toContain('isfinite(CAST(t0 AS DOUBLE))'); // age read as a number, not through its text
  }, 120_000);

  it('is what `privsynth synth` uses for Parquet, and `--engine duckdb` for a CSV; `--engine rows` reads Parquet too', async () => {
    const parquet = join(dir, 'cli.parquet');
    await duckdb(
      `COPY (SELECT * FROM read_csv('${trickyPath}', header = true, all_varchar = true)) TO '${parquet}' (FORMAT parquet)`,
    );
    const schemaPath = join(dir, 'tricky.schema.json');
    writeFileSync(schemaPath, schema);
    const fromRows = await synthesize({
      csv: tricky,
      schema,
      epsilon: 2,
      mechanism: 'marginal-lp',
      testSeed: 8,
      evaluate: false,
    });
    for (const [input, engine] of [
      [parquet, []],
      [trickyPath, ['--engine', 'duckdb']],
      [parquet, ['--engine', 'rows']],
    ] as const) {
      const out = join(dir, 'cli-out.csv');
      const run = cli([
        'synth',
        input,
        '--schema',
        schemaPath,
        '--epsilon',
        '2',
        '--mechanism',
        'marginal-lp',
        '--seed',
        '8',
        '--receipt',
        join(dir, 'cli-receipt.json'),
        '--out',
        out,
        ...engine,
      ]);
      expect(run.status, run.stderr).toBe(0);
      if (engine[1] === 'rows') expect(run.stderr).not.toContain('records read');
      else expect(run.stderr).toMatch(/4,000 records read, \d[\d,]* left out .*for your eyes only/);
      expect(readFileSync(out, 'utf8')).toBe(fromRows.csv);
    }
  }, 120_000);

  it('streams the records to a file in chunks: the same release, every record, nothing partial on failure', async () => {
    // 600,000 records: three chunks of the stream.
    const options = {
      epsilon: 2,
      mechanism: 'adaptive-marginals' as const,
      testSeed: 13,
      evaluate: false,
      syntheticRows: 600_000,
    };
    const whole = await synthesizeWithDuckDb({ file: trickyPath, schema, ...options });
    const csvFile = join(dir, 'streamed.csv');
    const phases = new Set<string>();
    const streamed = await synthesizeWithDuckDb({
      file: trickyPath,
      schema,
      ...options,
      csvFile,
      onProgress: (progress) => phases.add(progress.phase),
    });
    expect(streamed.receipt).toEqual(whole.receipt);
    expect(streamed.rows).toBe(whole.rows);
    expect(streamed.csv).toBe('');
    expect(phases.has('write')).toBe(true);
    const written = readFileSync(csvFile, 'utf8');
    const lines = written.split('\n');
    expect(lines[0]).toBe(whole.csv.split('\n')[0]);
    expect(lines).toHaveLength(whole.rows + 1);
    expect(firstValueOutsideDomain(written, TRICKY_SCHEMA)).toBeNull();
    // A run cancelled while it writes leaves neither the file nor a temporary one.
    const cancel = new AbortController();
    const cancelledFile = join(dir, 'cancelled.csv');
    await expect(
      synthesizeWithDuckDb({
        file: trickyPath,
        schema,
        ...options,
        csvFile: cancelledFile,
        signal: cancel.signal,
        onProgress: (progress) => {
          if (progress.phase === 'write') cancel.abort();
        },
      }),
    ).rejects.toThrow(/cancelled/);
    expect(readdirSync(dir).filter((name) => name.includes('cancelled'))).toEqual([]);
  }, 60_000);

  it('refuses what the row path refuses, naming why', async () => {
    const options = { epsilon: 1, testSeed: 1, evaluate: false };
    await expect(
      synthesizeWithDuckDb({
        file: trickyPath,
        schema,
        ...options,
        mechanism: 'adaptive-marginals',
        outOfDomain: 'error',
      }),
    ).rejects.toThrow(/records have a value outside the schema \(outOfDomain "error"\)/);
    await expect(
      synthesize({ csv: tricky, schema, ...options, mechanism: 'adaptive-marginals', outOfDomain: 'error' }),
    ).rejects.toThrow(/row \d+, column/);
    await expect(
      synthesizeWithDuckDb({ file: trickyPath, schema, ...options, mechanism: 'space-partition', columns: ['score'] }),
    ).rejects.toThrow(/reads the rows/);
    const renamed = join(dir, 'renamed.csv');
    writeFileSync(renamed, tricky.replace('num_cat', 'number'));
    await expect(synthesizeWithDuckDb({ file: renamed, schema, ...options, mechanism: 'marginal-lp' })).rejects.toThrow(
      'the file has no column "num_cat" (the schema requires it)',
    );
    await expect(
      synthesizeWithDuckDb({ file: join(dir, 'absent.csv'), schema, ...options, mechanism: 'marginal-lp' }),
    ).rejects.toThrow(/could not read the file/);
    await expect(
      synthesizeWithDuckDb({ file: trickyPath, schema, ...options, mechanism: 'marginal-lp', memoryLimit: 'lots' }),
    ).rejects.toThrow(/DuckDB did not start with memoryLimit "lots"/);
  }, 60_000);
});

function cli(args: string[]): { status: number | null; stderr: string } {
  return spawnSync(process.execPath, [repoFile('web/lib/dist/cli.js'), ...args], { encoding: 'utf8' });
}

async function readText(path: string): Promise<string> {
  const { readFile } = await import('node:fs/promises');
  return readFile(path, 'utf8');
}
