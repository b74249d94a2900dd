// A release from a CSV alone (docs/privacy/domain-discovery.md, "One release, no schema"): the
// library and the command line find the schema privately with a share of epsilon, the run spends
// the rest, and one receipt states the whole release -- the epsilon that was asked for.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import Papa from 'papaparse';
import { afterAll, describe, expect, it } from 'vitest';

import { discoverSchema, synthesize } from '../../web/lib/src/node';
import type { PrivacyReceipt, Schema } from '../../web/lib/src/node';
import { repoFile } from './helpers';

const PEOPLE = repoFile('data/people/people.csv');
const peopleCsv = () => readFileSync(PEOPLE, 'utf8');
const header = (csv: string) => Papa.parse<string[]>(csv, { preview: 1 }).data[0];

describe('synthesize() with no schema', () => {
  it('finds the schema privately and states the whole release in one receipt', async () => {
    const csv = peopleCsv();
    const result = await synthesize({ csv, epsilon: 1, testSeed: 3, evaluate: false });
    const { privacy } = result.receipt;
    // The headline is the epsilon asked for: the discovery's rho and the run's add up to cdp_rho(1, delta / 2).
    expect(privacy.epsilonSpent).toBeCloseTo(1, 6);
    expect(privacy.epsilonSpent).toBeLessThanOrEqual(1 + 1e-9);
    expect(privacy.delta).toBeCloseTo(1e-9, 15);
    expect(privacy.domainDiscovery?.rho).toBeGreaterThan(0);
    // At most its 30% share: what a column did not need (a narrow range skips its edges) goes to the run.
    const share = privacy.domainDiscovery!.rho! / privacy.rhoSpent!;
    expect(share).toBeLessThanOrEqual(0.3 + 1e-12);
    expect(share).toBeGreaterThan(0.2);
    expect(result.receipt.private).toBe(false); // a test seed, in both parts
    // One receipt: the discovery's own, with what it found per column, inside the run's.
    const columns = result.receipt.schemaDiscovery?.columns as Array<{ name: string; found: string }>;
    expect(columns.map((column) => column.name)).toEqual(header(csv));
    const found = Object.fromEntries(columns.map((column) => [column.name, column.found]));
    expect(found.record_id).toBe('an identifier');
    expect(found.age).toBe('numbers');
    expect(found.interview_date).toBe('dates');
    expect(found.last_seen).toBe('date-times');
    expect(found.workclass).toBe('categories');
    expect(found.notes).toBe('free text');
    // The output keeps the table's columns, in order; the identifier gets fresh values.
    expect(header(result.csv)).toEqual(header(csv));
    const schema = result.discoveredSchema!;
    expect(schema.provenance).toBe('dp-discovered');
    expect(schema.discovery?.rho).toBe(privacy.domainDiscovery?.rho);
  });

  it('is reproducible with a test seed, and a partial schema keeps its columns as given', async () => {
    const csv = peopleCsv();
    const options = { csv, epsilon: 2, testSeed: 9, evaluate: false, columns: undefined } as const;
    const first = await synthesize(options);
    const second = await synthesize(options);
    expect(second.csv).toBe(first.csv);
    const age = { name: 'age', type: 'numeric', min: 0, max: 100, integer: true, bins: 10 } as const;
    const partial: Schema = { version: 1, name: 'mine', columns: [age] };
    const withAge = await synthesize({ ...options, schema: partial, discoveryShare: 0.2 });
    const ageColumn = withAge.discoveredSchema!.columns.find((column) => column.name === 'age');
    expect(ageColumn).toMatchObject({ min: 0, max: 100, bins: 10 });
    expect(withAge.receipt.privacy.epsilonSpent).toBeCloseTo(2, 6);
  });

  it('finds only the columns it synthesizes, and spends nothing on the others', async () => {
    const csv = peopleCsv();
    const result = await synthesize({ csv, epsilon: 1, testSeed: 6, evaluate: false, columns: ['age', 'workclass'] });
    const found = result.receipt.schemaDiscovery?.columns as Array<{ name: string }>;
    expect(found.map((column) => column.name)).toEqual(['age', 'workclass']);
    expect(result.discoveredSchema!.columns.map((column) => column.name)).toEqual(['age', 'workclass']);
    expect(header(result.csv)).toEqual(['age', 'workclass']);
    expect(result.receipt.privacy.epsilonSpent).toBeCloseTo(1, 6);
    await expect(synthesize({ csv, epsilon: 1, columns: ['age', 'weight'] })).rejects.toThrow(
      /the CSV has no column "weight" to synthesize/,
    );
  });

  it('reuses a discovered schema for another release at the same epsilon', async () => {
    const csv = peopleCsv();
    const found = await discoverSchema({ csv, epsilon: 1, delta: 1e-9, share: 0.15, testSeed: 4 });
    const run = await synthesize({ csv, schema: found.schema, epsilon: 1, testSeed: 4, evaluate: false });
    expect(run.receipt.privacy.epsilonSpent).toBeCloseTo(1, 6);
    expect(run.receipt.privacy.thisRun?.epsilonSpent).toBeLessThan(1);
    // Asking for less than the discovery spent is refused, naming it.
    await expect(synthesize({ csv, schema: found.schema, epsilon: 0.1, testSeed: 4 })).rejects.toThrow(
      /nothing is left for the run/,
    );
  });

  it('gives a clear error, and no release, for a table too small or malformed', async () => {
    await expect(synthesize({ csv: 'a,b\n1,x\n', epsilon: 1 })).rejects.toThrow(
      /the table is too small for this epsilon/,
    );
    await expect(synthesize({ csv: 'a,a\n1,2\n', epsilon: 1 })).rejects.toThrow(/two columns named "a"/);
    await expect(synthesize({ csv: 'a,b\n', epsilon: 1 })).rejects.toThrow(/too small/);
    await expect(synthesize({ csv: peopleCsv(), epsilon: 1, discoveryShare: 1 })).rejects.toThrow(
      /strictly between 0 and 1/,
    );
  });
});

describe('privsynth synth with no --schema', () => {
  const dir = mkdtempSync(join(tmpdir(), 'privsynth-schema-free-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const cli = (args: string[]) =>
    spawnSync(process.execPath, [repoFile('web/lib/dist/cli.js'), ...args], { encoding: 'utf8' });

  it('writes the table, the receipt of the whole release and the schema it found', () => {
    const [out, receipt, schema] = ['out.csv', 'receipt.json', 'schema.json'].map((name) => join(dir, name));
    const run = cli([
      'synth',
      PEOPLE,
      '--epsilon',
      '1',
      '--receipt',
      receipt,
      '--out',
      out,
      '--schema-out',
      schema,
      '--seed',
      '5',
    ]);
    expect(run.stderr).toMatch(
      /the schema was found privately in your data with (2\d|30)% of it, the run used the rest/,
    );
    expect(run.stderr).toContain('not synthesized: record_id (an identifier)');
    expect(run.status).toBe(0);
    const written = JSON.parse(readFileSync(receipt, 'utf8')) as PrivacyReceipt;
    expect(written.privacy.epsilonSpent).toBeCloseTo(1, 6);
    expect((JSON.parse(readFileSync(schema, 'utf8')) as Schema).provenance).toBe('dp-discovered');
    expect(header(readFileSync(out, 'utf8'))).toEqual(header(peopleCsv()));
  });

  it('refuses DuckDB without a public schema, and writes nothing on a failed discovery', () => {
    const usage = cli(['synth', PEOPLE, '--epsilon', '1', '--no-receipt', '--engine', 'duckdb']);
    expect(usage.status).not.toBe(0);
    expect(usage.stderr).toContain('--engine duckdb counts the table with a public schema');
    const tiny = join(dir, 'tiny.csv');
    writeFileSync(tiny, 'a,b\n1,x\n');
    const out = join(dir, 'tiny-out.csv');
    const failed = cli(['synth', tiny, '--epsilon', '1', '--receipt', join(dir, 'tiny.json'), '--out', out]);
    expect(failed.status).not.toBe(0);
    expect(failed.stderr).toContain('the table is too small for this epsilon');
    expect(existsSync(out)).toBe(false);
    expect(existsSync(join(dir, 'tiny.json'))).toBe(false);
  });
});
