// A privacy unit (docs/privacy/privacy-unit.md) through the library and the command line, on the
// bundled data/visits table (several visits per patient): the receipt is per person with its k, the
// synthetic people keep their perPerson columns and at most k rows, the report counts the bounding
// exactly, a table without a schema is discovered one row per person, and every misuse is refused
// with a clear error before anything is written.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, openAsBlob, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { Ajv2020 } from 'ajv/dist/2020.js';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { discoverSchema, synthesize, synthesizeWithDuckDb } from '../../web/lib/src/node';
import type { PrivacyReceipt, Schema, SynthesisResult, UtilityReport } from '../../web/lib/src/node';
import { runSynthesis, splitOptions } from '../../web/lib/src/pipeline';
import { loadWasmModule } from '../../web/lib/src/wasm-module';
import { duckdb } from './duckdb-sql';
import { expectSameRelease, repoFile } from './helpers';

const CLI = repoFile('web/lib/dist/cli.js');
const VISITS = repoFile('data/visits/visits.csv');
const VISITS_SCHEMA = repoFile('data/visits/visits.schema.json');
const visitsCsv = () => readFileSync(VISITS, 'utf8');
const visitsSchema = () => JSON.parse(readFileSync(VISITS_SCHEMA, 'utf8')) as Schema;
const UNIT = 'patient_id';
const PER_PERSON = ['sex', 'birth_year', 'blood_group'];

/** The visits schema without its unit: the id column stays an id column, every row a person. */
function rowLevelSchema(): Schema {
  const { privacyUnit: _unit, ...schema } = visitsSchema();
  const columns = schema.columns.map((column) => {
    const { perPerson: _perPerson, ...rest } = column as typeof column & { perPerson?: boolean };
    return rest;
  });
  return { ...schema, columns } as Schema;
}

type Row = Record<string, string>;
const rowsOf = (csv: string): Row[] => Papa.parse<Row>(csv, { header: true, skipEmptyLines: true }).data;

/** Rows grouped by their value in `column`. */
function groups(rows: Row[], column: string): Map<string, Row[]> {
  const byKey = new Map<string, Row[]>();
  for (const row of rows) {
    const key = row[column];
    byKey.set(key, [...(byKey.get(key) ?? []), row]);
  }
  return byKey;
}

/** Persons whose rows differ in one of the columns. */
function inconsistentPersons(persons: Map<string, Row[]>, columns: string[]): number {
  let count = 0;
  for (const rows of persons.values()) {
    if (columns.some((column) => rows.some((row) => row[column] !== rows[0][column]))) ++count;
  }
  return count;
}

/** The real table's persons: how many rows each has (the bounding's exact counts follow from them). */
function realRowCounts(): number[] {
  return [...groups(rowsOf(visitsCsv()), UNIT).values()].map((rows) => rows.length);
}

const CONTRACT = JSON.parse(readFileSync(repoFile('web/lib/src/generated/contract.schema.json'), 'utf8')) as {
  $id: string;
};
const ajv = new Ajv2020({ strict: true, allowUnionTypes: true, allErrors: true });
ajv.addSchema(CONTRACT);
function expectShape(name: string, value: unknown): void {
  const validate = ajv.getSchema(`${CONTRACT.$id}#/$defs/${name}`)!;
  const valid = validate(value);
  expect(valid ? [] : validate.errors, `${name} follows the contract`).toEqual([]);
}

/** The synthetic people of a result, checked: fresh numbers with the prefix, 1..k rows, one value per perPerson column. */
function expectSyntheticPeople(result: SynthesisResult, k: number, prefix: string): Map<string, Row[]> {
  const rows = rowsOf(result.csv);
  expect(rows.length).toBe(result.rows);
  const persons = groups(rows, UNIT);
  const sizes = [...persons.values()].map((personRows) => personRows.length);
  expect(Math.max(...sizes)).toBeLessThanOrEqual(k);
  // Several rows per synthetic person (else the consistency below would hold vacuously).
  expect(sizes.filter((size) => size > 1).length).toBeGreaterThan(persons.size / 10);
  expect(inconsistentPersons(persons, PER_PERSON)).toBe(0);
  for (const id of persons.keys()) expect(id).toMatch(new RegExp(`^${prefix}\\d+$`));
  return persons;
}

describe('synthesize() with a schema that names its privacy unit', () => {
  let result: SynthesisResult;
  beforeAll(async () => {
    // k public here (rowsPerPerson); left out, it is chosen privately (below).
    result = await synthesize({ csv: visitsCsv(), schema: visitsSchema(), epsilon: 1, rowsPerPerson: 4, testSeed: 11 });
  });

  it('states a person-level receipt with its k, the group charge and the row-level run', () => {
    const { privacy, ledger } = result.receipt;
    expect(privacy.protects).toBe(`one person: every row with the same "${UNIT}", at most 4 of them kept per person`);
    expect(privacy.neighbours).toContain('one person with all their rows');
    expect(privacy.privacyUnit).toMatchObject({
      column: UNIT,
      rowsPerPerson: 4,
      rowsPerPersonChosen: "by the run's option rowsPerPerson",
    });
    expect(privacy.epsilonSpent).toBeCloseTo(1, 6);
    // The mechanism ran at a fraction of the budget; group privacy over 4 rows is what the ledger charges.
    const rowLevel = privacy.privacyUnit!.rowLevel as { epsilonSpent: number };
    expect(rowLevel.epsilonSpent).toBeLessThan(0.5);
    expect(ledger.some((entry) => (entry as { groupSize?: number }).groupSize === 4)).toBe(true);
    expectShape('PrivacyReceipt', result.receipt);
  });

  it('makes synthetic people: at most k rows each, their perPerson columns the same in every row', () => {
    expectSyntheticPeople(result, 4, 'P');
    // The typed table says the same: one person number per row, one code per person in sex.
    const id = result.table.find((column) => column.name === UNIT)!;
    const sex = result.table.find((column) => column.name === 'sex')!;
    if (id.kind !== 'numeric' || sex.kind !== 'categorical') throw new Error('unexpected column kinds');
    const sexOf = new Map<number, number>();
    for (let row = 0; row < result.rows; ++row) {
      const person = id.values[row];
      expect(sexOf.get(person) ?? sex.codes[row]).toBe(sex.codes[row]);
      sexOf.set(person, sex.codes[row]);
    }
    expect(sexOf.size).toBeLessThan(result.rows);
  });

  it("reports the bounding's exact counts to the owner, in the contract's shape", () => {
    const counts = realRowCounts();
    const persons = (result.report as UtilityReport).persons!;
    expect(persons).toMatchObject({
      privacyUnit: UNIT,
      rowsPerPerson: 4,
      persons: counts.length,
      rowsRead: counts.reduce((a, b) => a + b, 0),
      rowsKept: counts.reduce((sum, n) => sum + Math.min(n, 4), 0),
      rowsWithoutPerson: 0,
      personsOverLimit: counts.filter((n) => n > 4).length,
      mostRowsOfAPerson: Math.max(...counts),
      // The generator keeps a patient's sex, birth year and blood group: nothing varied.
      personsWithVaryingPerPersonValue: { sex: 0, birth_year: 0, blood_group: 0 },
    });
    expect(persons.noisyPersonsByRowCount).toHaveLength(4);
    expect(persons.note).toContain('For your eyes only');
    expectShape('UtilityReport', result.report);
  });

  it('keeps at most rowsPerPerson rows of each person', async () => {
    const two = await synthesize({
      csv: visitsCsv(),
      schema: visitsSchema(),
      epsilon: 1,
      rowsPerPerson: 2,
      evaluate: false,
      testSeed: 11,
    });
    expect(two.receipt.privacy.privacyUnit?.rowsPerPerson).toBe(2);
    expect(two.receipt.privacy.protects).toContain('at most 2 of them');
    expectSyntheticPeople(two, 2, 'P');
    expect(two.report.persons?.rowsKept).toBe(realRowCounts().reduce((sum, n) => sum + Math.min(n, 2), 0));
  });

  it('without the unit the same table is protected per row, and the receipt says so', async () => {
    const rowLevel = await synthesize({
      csv: visitsCsv(),
      schema: rowLevelSchema(),
      epsilon: 1,
      evaluate: false,
      testSeed: 11,
    });
    expect(rowLevel.receipt.privacy.protects).toMatch(/^one row: each row is taken to be a different person/);
    expect(rowLevel.receipt.privacy.privacyUnit).toBeUndefined();
    expect(rowLevel.report.persons).toBeUndefined();
    // Fresh identifiers per row: every synthetic row its own "person".
    const ids = rowsOf(rowLevel.csv).map((row) => row[UNIT]);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe('synthesize() without a schema, with privacyUnit and perPerson', () => {
  it('discovers a schema that names the unit and marks the columns, then releases per person', async () => {
    const result = await synthesize({
      csv: visitsCsv(),
      epsilon: 1,
      privacyUnit: UNIT,
      perPerson: PER_PERSON,
      evaluate: false,
      testSeed: 5,
    });
    const schema = result.discoveredSchema!;
    expect(schema.privacyUnit).toBe(UNIT);
    expect(schema.columns.find((column) => column.name === UNIT)?.type).toBe('id');
    const marked = schema.columns.filter((column) => (column as { perPerson?: boolean }).perPerson);
    expect(marked.map((column) => column.name).sort()).toEqual([...PER_PERSON].sort());
    expect(result.receipt.schemaDiscovery?.privacyUnit?.column).toBe(UNIT);
    expect(result.receipt.privacy.protects).toMatch(/^one person: every row with the same "patient_id"/);
    // k left out: chosen privately near the 75th percentile of visits per patient (2 or 3 here).
    const k = result.receipt.privacy.privacyUnit!.rowsPerPerson;
    expect([2, 3]).toContain(k);
    expect(result.receipt.privacy.privacyUnit?.rowsPerPersonChosen).toMatch(/^privately/);
    expectSyntheticPeople(result, k, ''); // a discovered id column has no prefix
    expectShape('PrivacyReceipt', result.receipt);
  });

  it('crosses the worker boundary: the request a worker gets gives the same release', async () => {
    const options = {
      csv: visitsCsv(),
      epsilon: 1,
      privacyUnit: UNIT,
      perPerson: ['sex'],
      evaluate: false,
      testSeed: 9,
    };
    // browser.ts posts splitOptions()'s request to worker.ts, which runs runSynthesis() on it.
    const request = structuredClone(splitOptions(options));
    const inWorker = await runSynthesis(await loadWasmModule(), request, () => true);
    const inProcess = await synthesize(options);
    expect(inWorker.receipt.privacy.privacyUnit?.column).toBe(UNIT);
    expect(inWorker.csv).toBe(inProcess.csv);
  });
});

describe('discoverSchema() per person', () => {
  it('reads one row per person in the columns form, and names the unit in the schema', async () => {
    const found = await discoverSchema({
      csv: visitsCsv(),
      epsilon: 1,
      delta: 1e-6,
      columns: [
        { name: 'sex', type: 'categorical' },
        { name: 'department', type: 'categorical' },
      ],
      privacyUnit: UNIT,
      perPerson: ['sex'],
      testSeed: 3,
    });
    expect(found.schema.privacyUnit).toBe(UNIT);
    expect(found.schema.columns.map((column) => [column.name, column.type])).toEqual([
      [UNIT, 'id'],
      ['sex', 'categorical'],
      ['department', 'categorical'],
    ]);
    expect((found.schema.columns[1] as { perPerson?: boolean }).perPerson).toBe(true);
    expect((found.schema.columns[2] as { perPerson?: boolean }).perPerson).toBeUndefined();
    expect(found.receipt.privacyUnit?.column).toBe(UNIT);
  });
});

describe('a privacy unit in a Parquet file', () => {
  let dir: string;
  let parquet: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'privsynth-persons-parquet-'));
    parquet = join(dir, 'visits.parquet');
    await duckdb(
      `COPY (SELECT * FROM read_csv('${VISITS}', header = true, all_varchar = true)) TO '${parquet}' (FORMAT parquet)`,
    );
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  // Only the columns the core reads are read from Parquet; the unit is an id column, yet it is read.
  it("reads the unit's column: the release is the CSV's, with a schema and without", async () => {
    const withSchema = { schema: visitsSchema(), epsilon: 1, evaluate: false, testSeed: 8 };
    expectSameRelease(
      await synthesize({ csv: visitsCsv(), ...withSchema }),
      await synthesize({ csv: await openAsBlob(parquet), ...withSchema }),
      { expected: 'csv', other: 'parquet' },
    );
    const withoutSchema = { privacyUnit: UNIT, perPerson: ['sex'], epsilon: 1, evaluate: false, testSeed: 8 };
    expectSameRelease(
      await synthesize({ csv: visitsCsv(), ...withoutSchema }),
      await synthesize({ csv: await openAsBlob(parquet), ...withoutSchema }),
      { expected: 'csv', other: 'parquet' },
    );
  });

  it('discovers per person from its described columns', async () => {
    const request = {
      epsilon: 1,
      delta: 1e-6,
      columns: [{ name: 'sex', type: 'categorical' as const }],
      privacyUnit: UNIT,
      testSeed: 3,
    };
    const fromParquet = await discoverSchema({ csv: await openAsBlob(parquet), ...request });
    expect(fromParquet).toEqual(await discoverSchema({ csv: visitsCsv(), ...request }));
  });
});

describe('misuse of a privacy unit is refused with a clear error', () => {
  const csv = visitsCsv();
  const refused = (call: () => Promise<unknown>, message: RegExp) =>
    expect(call()).rejects.toMatchObject({ code: 'INVALID_ARGUMENT', message: expect.stringMatching(message) });

  it('the options privacyUnit and perPerson with a schema, which names its own unit', async () => {
    await refused(
      () => synthesize({ csv, schema: visitsSchema(), epsilon: 1, privacyUnit: UNIT, testSeed: 1 }),
      /with a schema, name the column that identifies a person as its "privacyUnit"/,
    );
    await refused(
      () => synthesize({ csv, schema: rowLevelSchema(), epsilon: 1, perPerson: ['sex'], testSeed: 1 }),
      /with a schema/,
    );
  });

  it('perPerson without privacyUnit, in synthesize() and discoverSchema()', async () => {
    await refused(
      () => synthesize({ csv, epsilon: 1, perPerson: ['sex'], testSeed: 1 }),
      /"perPerson" needs "privacyUnit"/,
    );
    await refused(
      () =>
        discoverSchema({
          csv,
          epsilon: 1,
          delta: 1e-6,
          columns: [{ name: 'sex', type: 'categorical' }],
          perPerson: ['sex'],
        }),
      /"perPerson" needs "privacyUnit"/,
    );
    await refused(
      () =>
        discoverSchema({
          csv,
          epsilon: 1,
          delta: 1e-6,
          columns: [{ name: 'sex', type: 'categorical' }],
          privacyUnit: UNIT,
          perPerson: ['blood_group'],
        }),
      /"perPerson" names "blood_group", which "columns" does not describe/,
    );
  });

  it('a privacyUnit naming a column the CSV lacks, or listed among perPerson', async () => {
    await refused(() => synthesize({ csv, epsilon: 1, privacyUnit: 'person', testSeed: 1 }), /no column "person"/);
    await refused(
      () => synthesize({ csv, epsilon: 1, privacyUnit: UNIT, perPerson: [UNIT], testSeed: 1 }),
      /the privacyUnit itself/,
    );
  });

  it('rowsPerPerson outside 1..1000, or without a unit', async () => {
    for (const k of [0, 1001, 2.5]) {
      await refused(
        () => synthesize({ csv, schema: visitsSchema(), epsilon: 1, rowsPerPerson: k, testSeed: 1 }),
        /"rowsPerPerson" must be a whole number from 1 to 1000/,
      );
    }
    await refused(
      () => synthesize({ csv, schema: rowLevelSchema(), epsilon: 1, rowsPerPerson: 2, testSeed: 1 }),
      /"rowsPerPerson" needs the schema's "privacyUnit"/,
    );
  });

  it('the sampler; a partial schema naming a unit is completed reading one row per person', async () => {
    await refused(
      () => synthesize({ csv, epsilon: 3, privacyUnit: UNIT, mechanism: 'sampler', testSeed: 1 }),
      /"sampler" mechanism protects one row .* cannot protect a person/,
    );
    const partial = visitsSchema();
    partial.columns = partial.columns.filter((column) => column.name !== 'cost');
    const completed = await synthesize({ csv, schema: partial, discoveryShare: 0.3, epsilon: 1, testSeed: 1 });
    expect(completed.discoveredSchema?.privacyUnit).toBe(UNIT);
    expect(completed.receipt.schemaDiscovery?.privacyUnit?.column).toBe(UNIT);
    expect(completed.receipt.privacy.privacyUnit?.column).toBe(UNIT);
    const marked = completed.discoveredSchema!.columns.filter(
      (column) => (column as { perPerson?: boolean }).perPerson,
    );
    expect(marked.map((column) => column.name).sort()).toEqual([...PER_PERSON].sort());
  });

  it('DuckDB, which counts the table: k must be set, since the query bounds before anything is released', async () => {
    await refused(
      () => synthesizeWithDuckDb({ file: VISITS, schema: visitsSchema(), epsilon: 1, testSeed: 1 }),
      /a release from count tables needs "rowsPerPerson"/,
    );
  });
});

interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
}

function cli(args: string[]): Run {
  const run = spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

describe('privsynth with a privacy unit', () => {
  let dir: string;
  const at = (name: string) => join(dir, name);
  const readJson = <T>(name: string): T => JSON.parse(readFileSync(at(name), 'utf8')) as T;
  /** Nothing at the outputs and no temporary file left beside them. */
  const expectNothingWritten = (...names: string[]) => {
    for (const name of names) expect(existsSync(at(name)), name).toBe(false);
    expect(readdirSync(dir).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  };

  beforeAll(() => {
    if (!existsSync(CLI)) throw new Error(`${CLI} is missing: run "bash scripts/build.sh lib" first`);
    dir = mkdtempSync(join(tmpdir(), 'privsynth-persons-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('synth on data/visits: exit 0, the files written, the summary names the unit', () => {
    const run = cli([
      'synth',
      VISITS,
      '--schema',
      VISITS_SCHEMA,
      '--epsilon',
      '1',
      '--seed',
      '2',
      '--out',
      at('visits.csv'),
      '--receipt',
      at('receipt.json'),
      '--report',
      at('report.json'),
    ]);
    expect(run.stderr).not.toMatch(/error/);
    expect(run.status).toBe(0);
    const receipt = readJson<PrivacyReceipt>('receipt.json');
    const k = receipt.privacy.privacyUnit!.rowsPerPerson;
    expect(run.stderr).toContain(
      `the release protects each patient_id with all their rows, at most ${k} kept per person`,
    );
    // The owner's figures on people, from the report, as exact counts.
    const counts = realRowCounts();
    const kept = counts.reduce((sum, rows) => sum + Math.min(rows, k), 0);
    expect(run.stderr).toContain(
      `People (for your eyes only, as the report): 6,106 people in 21,072 rows; each kept at most ${k}: ` +
        `${kept.toLocaleString('en-US')} rows used, ${(21072 - kept).toLocaleString('en-US')} left out; ` +
        `${counts.filter((rows) => rows > k).length.toLocaleString('en-US')} had more than ${k} rows (the most: 60).`,
    );
    expect(receipt.privacy.privacyUnit?.column).toBe(UNIT);
    expect(readJson<UtilityReport>('report.json').persons?.privacyUnit).toBe(UNIT);
    const persons = groups(rowsOf(readFileSync(at('visits.csv'), 'utf8')), UNIT);
    expect(inconsistentPersons(persons, PER_PERSON)).toBe(0);
    expect(Math.max(...[...persons.values()].map((rows) => rows.length))).toBeLessThanOrEqual(4);
  });

  it('synth --privacy-unit --per-person without a schema; --option rowsPerPerson sets k', () => {
    const run = cli([
      'synth',
      VISITS,
      '--privacy-unit',
      UNIT,
      '--per-person',
      'sex,birth_year',
      '--option',
      'rowsPerPerson=3',
      '--epsilon',
      '1',
      '--seed',
      '2',
      '--out',
      at('found.csv'),
      '--receipt',
      at('found-receipt.json'),
      '--schema-out',
      at('found.schema.json'),
    ]);
    expect(run.stderr).not.toMatch(/error/);
    expect(run.status).toBe(0);
    expect(run.stderr).toContain('the release protects each patient_id with all their rows, at most 3 kept per person');
    const schema = readJson<Schema>('found.schema.json');
    expect(schema.privacyUnit).toBe(UNIT);
    const marked = schema.columns.filter((column) => (column as { perPerson?: boolean }).perPerson);
    expect(marked.map((column) => column.name)).toEqual(['sex', 'birth_year']);
    expect(readJson<PrivacyReceipt>('found-receipt.json').privacy.privacyUnit?.rowsPerPerson).toBe(3);
  });

  it('a row-level release with an id column hints at the unit; one without says nothing of persons', () => {
    writeFileSync(at('row-level.schema.json'), JSON.stringify(rowLevelSchema()));
    const common = ['--epsilon', '1', '--seed', '2', '--out', at('rows.csv'), '--receipt', at('rows-receipt.json')];
    const withId = cli(['synth', VISITS, '--schema', at('row-level.schema.json'), ...common]);
    expect(withId.status).toBe(0);
    expect(withId.stderr).toContain('the release protects each row as if it were a different person');
    expect(withId.stderr).toContain(`the schema's "privacyUnit": "${UNIT}"`);
    const withoutId = cli([
      'synth',
      VISITS,
      '--schema',
      at('row-level.schema.json'),
      '--columns',
      'sex,cost',
      ...common,
    ]);
    expect(withoutId.status).toBe(0);
    expect(withoutId.stderr).not.toMatch(/protects each/);
  });

  it('usage errors: the person flags with --schema, --per-person without --privacy-unit', () => {
    const base = ['synth', VISITS, '--epsilon', '1', '--receipt', at('u-receipt.json'), '--out', at('u.csv')];
    const withSchema = cli([...base, '--schema', VISITS_SCHEMA, '--privacy-unit', UNIT]);
    expect(withSchema.status).toBe(2);
    expect(withSchema.stderr).toContain('--privacy-unit is for a run without --schema');
    const perPersonAlone = cli([...base, '--per-person', 'sex']);
    expect(perPersonAlone.status).toBe(2);
    expect(perPersonAlone.stderr).toContain('--per-person needs --privacy-unit');
    expectNothingWritten('u.csv', 'u-receipt.json');
  });

  it('a --privacy-unit the CSV lacks, or --option rowsPerPerson=0: exit 1, a clear error, no output', () => {
    const outputs = ['--out', at('bad.csv'), '--receipt', at('bad-receipt.json'), '--report', at('bad-report.json')];
    const missing = cli(['synth', VISITS, '--privacy-unit', 'person', '--epsilon', '1', ...outputs]);
    expect(missing.status).toBe(1);
    expect(missing.stderr).toMatch(
      /error \[INVALID_ARGUMENT\]: .*the CSV has no column "person", named as the privacyUnit/,
    );
    const zero = cli([
      'synth',
      VISITS,
      '--schema',
      VISITS_SCHEMA,
      '--option',
      'rowsPerPerson=0',
      '--epsilon',
      '1',
      ...outputs,
    ]);
    expect(zero.status).toBe(1);
    expect(zero.stderr).toContain('option "rowsPerPerson" must be a whole number from 1 to 1000');
    expectNothingWritten('bad.csv', 'bad-receipt.json', 'bad-report.json');
  });

  it('--engine duckdb without rowsPerPerson fails with the core message before reading the file', () => {
    // A file that is not a valid CSV: read, it fails as INVALID_CSV.
    const header = readFileSync(VISITS, 'utf8').split('\n')[0];
    writeFileSync(at('broken.csv'), `${header}\nP1,"Female\n`);
    const read = cli([
      'synth',
      at('broken.csv'),
      '--schema',
      VISITS_SCHEMA,
      '--epsilon',
      '1',
      '--no-receipt',
      '--out',
      at('duck.csv'),
    ]);
    expect(read.status).toBe(1);
    expect(read.stderr).toContain('error [INVALID_CSV]');
    for (const data of [VISITS, at('broken.csv')]) {
      const run = cli([
        'synth',
        data,
        '--schema',
        VISITS_SCHEMA,
        '--engine',
        'duckdb',
        '--epsilon',
        '1',
        '--out',
        at('duck.csv'),
        '--receipt',
        at('duck-receipt.json'),
      ]);
      expect(run.status).toBe(1);
      expect(run.stderr).toContain('error [INVALID_ARGUMENT]: a release from count tables needs "rowsPerPerson"');
      expectNothingWritten('duck.csv', 'duck-receipt.json');
    }
  });

  it('discover --privacy-unit --per-person writes a schema that names the unit', () => {
    writeFileSync(
      at('spec.json'),
      JSON.stringify({
        columns: [
          { name: 'sex', type: 'categorical' },
          { name: 'emergency', type: 'categorical' },
        ],
      }),
    );
    const args = ['discover', VISITS, '--columns', at('spec.json'), '--epsilon', '1', '--delta', '1e-6', '--seed', '4'];
    const run = cli([
      ...args,
      '--privacy-unit',
      UNIT,
      '--per-person',
      'sex',
      '--out',
      at('d.json'),
      '--receipt',
      at('dr.json'),
    ]);
    expect(run.stderr).not.toMatch(/error/);
    expect(run.status).toBe(0);
    expect(run.stderr).toContain('reading one row of each patient_id');
    const schema = readJson<Schema>('d.json');
    expect(schema.privacyUnit).toBe(UNIT);
    expect((schema.columns.find((column) => column.name === 'sex') as { perPerson?: boolean }).perPerson).toBe(true);
    const alone = cli([...args, '--per-person', 'sex', '--out', at('d2.json'), '--receipt', at('dr2.json')]);
    expect(alone.status).toBe(2);
    expect(alone.stderr).toContain('--per-person needs --privacy-unit');
    expectNothingWritten('d2.json', 'dr2.json');
  });
});
