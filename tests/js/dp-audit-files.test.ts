// The end-to-end DP audit at the edges of the file readers (issue 33): two neighbouring files go
// through an engine as the CLI reads them, and the native audit (the hidden case "files as an
// engine read them", tests/cpp/audit/audit_count_tables.cpp) runs the seeded release thousands of
// times on each table's input: the sound path must stay within its receipt's claim and the broken
// variant -- the code before the finding -- must be caught.
//  1. The DuckDB path from file bytes: D holds 1,500 records of age and channel ("Room #1",
//     "Room #2", "Lobby"), D' adds "#N/A,Lobby". Sound: counted as synthesizeWithDuckDb counts
//     them (the library's reader). Broken: counted after DuckDB's own CSV sniffer read the file,
//     which takes a line starting with "#" for a comment and reads D' differently (finding 1).
//  2. The CLI's engine choice: D and D' are read by the engine chooseEngine() picks for each
//     ("auto": from the format and the options, the same for both). Broken: an engine chosen by
//     the file's size with a threshold between the two files' (finding 2), which reads D with the
//     row engine and D' with DuckDB.
// The native audit program is built by `npm test` (scripts/build.sh native).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { chooseEngine } from '../../web/lib/src/cli/engine';
import { countsFromQueryResult } from '../../web/lib/src/count-query-result';
import { countWithDuckDb } from '../../web/lib/src/duckdb-counts';
import { countTables, parseCsv } from '../../web/lib/src/node';
import type { CountTables } from '../../web/lib/src/options-types';
import { repoFile } from './helpers';

const AUDIT = repoFile('build/native/tests/cpp/privsynth_dp_audit');
const SCHEMA = JSON.stringify({
  version: 1,
  name: 'visits',
  columns: [
    { name: 'age', type: 'categorical', categories: ['20', '30', '40'], nullable: true },
    { name: 'channel', type: 'categorical', categories: ['Room #1', 'Room #2', 'Lobby'], nullable: true },
  ],
});
// Adaptive marginals with short fits (post-processing: only the audit's time changes).
const OPTIONS = {
  epsilon: 1,
  mechanism: 'adaptive-marginals' as const,
  delta: 1e-6,
  roundIterations: 10,
  finalIterations: 20,
};
const RUN = { schema: SCHEMA, ...OPTIONS, evaluate: false } as const;

const CHANNELS = ['Room #1', 'Room #2', 'Lobby'];
const D = `age,channel\n${Array.from({ length: 1500 }, (_, i) => `${['20', '30', '40'][i % 3]},${CHANNELS[Math.floor(i / 500)]}`).join('\n')}\n`;
const D_PRIME = `${D}#N/A,Lobby\n`;

type Input = { source: 'csv'; cells: string[][] } | { source: 'duckdb-csv'; counts: CountTables };

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'privsynth-audit-files-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function write(name: string, text: string): string {
  const file = join(dir, name);
  writeFileSync(file, text);
  return file;
}

/** The records the row engine reads from a CSV (header first). */
function asRows(text: string): Input {
  const { header, rows } = parseCsv(text);
  return { source: 'csv', cells: [header, ...rows] };
}

/** The count tables synthesizeWithDuckDb() releases from. */
async function asDuckDbCounts(file: string): Promise<Input> {
  const counted = await countWithDuckDb({ file, format: 'csv', run: RUN, countTables });
  return { source: 'duckdb-csv', counts: counted.counts };
}

/** The count tables of the file as DuckDB's sniffer reads it (the code before finding 1). */
async function asSniffedCounts(file: string): Promise<Input> {
  const query = { dialect: 'duckdb' as const, from: `read_csv('${file}', header = true, all_varchar = true)` };
  const request = await countTables({ ...RUN, query: { ...query, nulls: 'empty-text' } });
  const instance = await DuckDBInstance.create(':memory:');
  const connection = await instance.connect();
  try {
    const rows = (await connection.runAndReadAll(request.sql as string)).getRowObjectsJS();
    return { source: 'duckdb-csv', counts: countsFromQueryResult(rows, request.tables).counts };
  } finally {
    connection.closeSync();
    instance.closeSync();
  }
}

/** Runs the native audit's hidden case on the spec; returns its [dp-audit] lines. */
function audit(name: string, sound: Input[], broken: Input[]): string[] {
  const spec = write(
    `${name}.json`,
    JSON.stringify({ schema: SCHEMA, options: JSON.stringify(OPTIONS), sound, broken }),
  );
  const run = spawnSync(AUDIT, ['[files]', '--warn', 'NoAssertions'], {
    encoding: 'utf8',
    env: { ...process.env, PRIVSYNTH_AUDIT_FILES: spec },
    maxBuffer: 64 * 1024 * 1024,
  });
  const lines = run.stdout.split('\n').filter((line) => line.startsWith('[dp-audit]'));
  console.log(lines.join('\n'));
  expect(run.status, `${run.stdout}\n${run.stderr}`).toBe(0);
  return lines;
}

describe('the DP audit on files as the engines read them', () => {
  it('has the native audit program (npm test builds it: bash scripts/build.sh native)', () => {
    expect(existsSync(AUDIT), `${AUDIT} is missing`).toBe(true);
  });

  it('the DuckDB path from file bytes: within its claim; the sniffer that read "#" as a comment is caught', async () => {
    const d = write('d.csv', D);
    const dPrime = write('d-prime.csv', D_PRIME);
    const sniffed = await asSniffedCounts(dPrime);
    // The broken reader does read D' differently from the library's reader (the finding).
    expect(JSON.stringify(sniffed)).not.toBe(JSON.stringify(await asDuckDbCounts(dPrime)));
    const lines = audit(
      'duckdb-from-bytes',
      [await asDuckDbCounts(d), await asDuckDbCounts(dPrime)],
      [await asDuckDbCounts(d), sniffed],
    );
    expect(lines.filter((line) => line.includes('| broken |'))[0]).toContain('VIOLATES');
  });

  it("the CLI's engine choice: the same engine for neighbours; an engine chosen by size is caught", async () => {
    const d = write('choice-d.csv', D);
    const dPrime = write('choice-d-prime.csv', D_PRIME);
    const inputOf = async (file: string, text: string, engine: 'rows' | 'duckdb') =>
      engine === 'rows' ? asRows(text) : asDuckDbCounts(file);
    const chosen = [
      await chooseEngine('auto', 'csv', SCHEMA, OPTIONS),
      await chooseEngine('auto', 'csv', SCHEMA, OPTIONS),
    ] as const;
    expect(chosen).toEqual(['rows', 'rows']);
    // The code before finding 2: DuckDB above a size threshold, here between the two files' sizes.
    const threshold = statSync(d).size;
    const bySize = (file: string) => (statSync(file).size > threshold ? 'duckdb' : 'rows');
    const lines = audit(
      'engine-choice',
      [await inputOf(d, D, chosen[0]), await inputOf(dPrime, D_PRIME, chosen[1])],
      [await inputOf(d, D, bySize(d)), await inputOf(dPrime, D_PRIME, bySize(dPrime))],
    );
    expect(lines.filter((line) => line.includes('| broken |'))[0]).toContain('VIOLATES');
  });
});
