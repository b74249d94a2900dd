// The `privsynth` command line (web/lib/dist/cli.js), run as a child process on the bundled Adult
// sample: outputs, receipts, the planner, schema checks, usage and library errors, all-or-nothing
// outputs, standard output and Ctrl-C.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type {
  PlannerReport,
  PrivacyReceipt,
  ReducedSpaceLpParameters,
  RunForecast,
  SpacePartitionReleased,
  UtilityReport,
} from 'privsynth';
import { PendingOutputs } from '../../web/lib/src/cli/output';
import { repoFile } from './helpers';

const CLI = repoFile('web/lib/dist/cli.js');
const DATA = repoFile('data/adult/adult.csv');
const SCHEMA = repoFile('data/adult/adult.schema.json');
/** The arguments of `synth` on Adult with its schema at the given epsilon. */
const synthAdult = (epsilon: string): string[] => ['synth', DATA, '--schema', SCHEMA, '--epsilon', epsilon];
const COLUMNS = ['age', 'sex', 'race', 'income'];
/** A small, seeded run: about a second. */
const SMALL_RUN = ['--columns', COLUMNS.join(','), '--seed', '7'];
const PACKAGE_VERSION = (JSON.parse(readFileSync(repoFile('web/lib/package.json'), 'utf8')) as { version: string })
  .version;

interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
}

function cli(args: string[], cwd?: string): Run {
  const run = spawnSync(process.execPath, [CLI, ...args], { cwd, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

const readJson = <T>(path: string): T => JSON.parse(readFileSync(path, 'utf8')) as T;
const csvRows = (text: string) => Papa.parse<string[]>(text, { skipEmptyLines: true }).data;

let dir: string;
const at = (name: string) => join(dir, name);

beforeAll(() => {
  if (!existsSync(CLI)) throw new Error(`${CLI} is missing: run "bash scripts/build.sh lib" first`);
  dir = mkdtempSync(join(tmpdir(), 'privsynth-cli-'));
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('privsynth synth', () => {
  it('writes the synthetic CSV, the receipt and the report, with progress and a summary on stderr', () => {
    const run = cli([
      ...synthAdult('1'),
      ...SMALL_RUN,
      '--out',
      at('synth.csv'),
      '--receipt',
      at('receipt.json'),
      '--report',
      at('report.json'),
    ]);
    expect(run.stderr).not.toMatch(/error/);
    expect(run.status).toBe(0);
    expect(run.stdout).toBe('');

    const receipt = readJson<PrivacyReceipt>(at('receipt.json'));
    expect(receipt.kind).toBe('privsynth privacy receipt');
    // The default, "auto", chose adaptive marginals from public inputs, and says so.
    expect(receipt.mechanism.name).toBe('adaptive-marginals');
    expect(receipt.mechanismChoice).toMatchObject({ requested: 'auto', chosen: 'adaptive-marginals' });
    expect(receipt.privacy.epsilonBudget).toBe(1);
    expect(receipt.privacy.epsilonSpent).toBeCloseTo(1, 8);
    expect(receipt.private).toBe(false);
    expect(receipt.schema.columns.map((column) => column.name)).toEqual(COLUMNS);

    const rows = csvRows(readFileSync(at('synth.csv'), 'utf8'));
    expect(rows[0]).toEqual(COLUMNS);
    expect(rows.length - 1).toBe(receipt.output.rows);
    expect(receipt.output.rows).toBeGreaterThan(48000);
    expect(receipt.output.rows).toBeLessThan(49700);
    expect(rows.slice(1).every((row) => row.length === COLUMNS.length)).toBe(true);

    const report = readJson<UtilityReport>(at('report.json'));
    expect(report.rows).toMatchObject({ real: 48842, synthetic: receipt.output.rows });
    expect(report.rows.distinctSynthetic).toBeGreaterThan(0);
    expect(report.rows.distinctSynthetic).toBeLessThanOrEqual(receipt.output.rows);
    expect(report.marginals!.meanTwoWayTV).toBeLessThan(0.1);

    // Not a TTY: one line per phase, in order.
    const phases = run.stderr
      .split('\n')
      .filter((line) => line.startsWith('['))
      .map((line) => line.slice(1, line.indexOf(']')));
    expect(phases).toEqual(['parse', 'measure', 'fit', 'sample', 'evaluate', 'write']);
    expect(run.stderr).toContain(
      `${receipt.output.rows.toLocaleString('en-US')} synthetic rows x 4 columns (age, sex, race, income)`,
    );
    expect(run.stderr).toContain('Chosen by "auto": 4 columns: adaptive marginals measure');
    expect(run.stderr).toContain('epsilon 1 spent of 1');
    expect(run.stderr).toMatch(/Wall time \d+\.\d s/);
    expect(run.stderr).toContain('NOT PRIVATE: a fixed test seed replaced the secure random number generator');
    // With --report, one line of its fidelity section (one numeric column: no correlation to compare).
    const age = report.fidelity!.numeric[0];
    expect(age.column).toBe('age');
    expect(run.stderr).toContain(
      '\nFidelity against the real values as read (for your eyes only, as the report): worst W1 / real p1-p99 ' +
        `range ${age.wasserstein1Normalized!.toFixed(3)} (age).\n`,
    );
    // Renamed into place: no temporary file is left behind.
    expect(readdirSync(dir).sort()).toEqual(['receipt.json', 'report.json', 'synth.csv']);
  });

  it('runs the marginal mechanism with --delta and reports delta in the receipt and the summary', () => {
    const run = cli([
      ...synthAdult('0.5'),
      '--mechanism',
      'marginal-lp',
      '--delta',
      '1e-6',
      ...SMALL_RUN,
      '--out',
      at('marginal.csv'),
      '--receipt',
      at('marginal.json'),
    ]);
    expect(run.status).toBe(0);
    const receipt = readJson<PrivacyReceipt>(at('marginal.json'));
    expect(receipt.mechanism.name).toBe('marginal-lp');
    expect(receipt.privacy.delta).toBe(1e-6);
    expect(receipt.privacy.epsilonBudget).toBe(0.5);
    expect(receipt.privacy.rhoSpent).toBeGreaterThan(0);
    expect(run.stderr).toContain('delta 0.000001');
    expect(csvRows(readFileSync(at('marginal.csv'), 'utf8'))[0]).toEqual(COLUMNS);
  });

  it('writes the models trained directly under DP with --dp-model, for --target and --extra-targets', () => {
    const run = cli([
      ...synthAdult('1'),
      ...SMALL_RUN,
      '--target',
      'income',
      '--extra-targets',
      'race,sex',
      '--out',
      at('targets.csv'),
      '--receipt',
      at('targets-receipt.json'),
      '--report',
      at('targets-report.json'),
      '--dp-model',
      at('targets-model.json'),
    ]);
    expect(run.status, run.stderr).toBe(0);
    const file = readJson<{ models: Array<{ target: string; classes: unknown[] }>; receipt: PrivacyReceipt }>(
      at('targets-model.json'),
    );
    expect(file.models.map((m) => [m.target, m.classes.length])).toEqual([
      ['income', 1],
      ['race', 5],
      ['sex', 1],
    ]);
    // finding 3: the three targets' models share the run's epsilon, and one total covers both files.
    expect(file.receipt.privacy.epsilonSpent).toBeCloseTo(1, 6);
    const receipt = readJson<PrivacyReceipt>(at('targets-receipt.json'));
    const together = receipt.privacy.tableAndDpModels!;
    expect(file.receipt.privacy.tableAndDpModels).toEqual(together);
    expect(together.epsilon).toBeGreaterThan(1);
    expect(together.epsilon).toBeLessThan(2);
    const report = readJson<{ mlExtraTargets: Array<{ target: string }> }>(at('targets-report.json'));
    expect(report.mlExtraTargets.map((m) => m.target)).toEqual(['race', 'sex']);
    expect(run.stderr).toContain('3 model(s) trained directly under DP');
    expect(run.stderr).toContain(
      `PUBLISHING BOTH the table and the models costs epsilon ${Number(together.epsilon.toPrecision(6))}, delta`,
    );
    // Without a target there is no model to write: a usage error before anything runs.
    const refused = cli([
      ...synthAdult('1'),
      ...SMALL_RUN,
      '--out',
      at('x.csv'),
      '--no-receipt',
      '--dp-model',
      at('x.json'),
    ]);
    expect(refused.status).toBe(2);
    expect(refused.stderr).toContain('--dp-model needs --target');
    expect(existsSync(at('x.csv'))).toBe(false);
  });

  it('runs space partitioning and writes its weighted centres with --centres', () => {
    const run = cli([
      ...synthAdult('1'),
      '--mechanism',
      'space-partition',
      '--columns',
      'age,hours-per-week,sex',
      '--seed',
      '7',
      '--out',
      at('space.csv'),
      '--receipt',
      at('space.json'),
      '--centres',
      at('centres.csv'),
    ]);
    expect(run.status, run.stderr).toBe(0);
    const receipt = readJson<PrivacyReceipt>(at('space.json'));
    expect(receipt.mechanism.name).toBe('space-partition');
    const centres = csvRows(readFileSync(at('centres.csv'), 'utf8'));
    expect(centres[0]).toEqual(['age', 'hours-per-week', 'sex', 'weight']);
    expect(centres).toHaveLength((receipt.released as SpacePartitionReleased).releasedBins + 1);
    const weights = centres.slice(1).map((row) => Number(row[3]));
    expect(weights.reduce((sum, weight) => sum + weight, 0)).toBeCloseTo(
      (receipt.released as SpacePartitionReleased).releasedWeight,
      6,
    );
  });

  it('writes the CSV to standard output with --out - (or without --out), and --quiet keeps only the warning', () => {
    for (const out of [['--out', '-'], []]) {
      const run = cli([...synthAdult('1'), ...SMALL_RUN, ...out, '--no-receipt', '--quiet']);
      expect(run.status).toBe(0);
      const rows = csvRows(run.stdout);
      expect(rows[0]).toEqual(COLUMNS);
      expect(rows.length).toBeGreaterThan(48000);
      expect(run.stderr.trim().split('\n')).toEqual([
        'NOT PRIVATE: a fixed test seed replaced the secure random number generator. Do not publish this table as private data.',
      ]);
    }
  });

  it('warns, even with --quiet, when the table gave no record to learn from, and still releases', () => {
    const header = readFileSync(DATA, 'utf8').split('\n')[0];
    writeFileSync(at('header-only.csv'), `${header}\n`);
    // Every row left out: a sex the schema does not list, under "reject".
    writeFileSync(
      at('all-out.csv'),
      `${header}\n${readFileSync(DATA, 'utf8')
        .split('\n')[1]
        .replace(/,(Male|Female),/, ',X,')}\n`,
    );
    for (const [file, why] of [
      ['header-only.csv', 'it has no data rows'],
      ['all-out.csv', 'its one row was left out'],
    ] as const) {
      const args = ['synth', at(file), '--schema', SCHEMA, '--epsilon', '1', '--columns', 'age,sex'];
      const run = cli([...args, '--option', 'outOfDomain=reject', '--out', at('empty.csv'), '--no-receipt', '-q']);
      expect(run.status, run.stderr).toBe(0);
      expect(run.stderr).toMatch(
        new RegExp(
          `^warning: the table gave no record to learn from \\(${why}; for your eyes only\\): the [\\d,]+ synthetic rows come from the noise alone\n$`,
        ),
      );
      expect(csvRows(readFileSync(at('empty.csv'), 'utf8'))[0]).toEqual(['age', 'sex']);
    }
    const adult = cli([...synthAdult('1'), ...SMALL_RUN, '--out', at('not-empty.csv'), '--no-receipt', '-q']);
    expect(adult.stderr).not.toContain('no record to learn from');
  });

  it('passes --option and --options-json to synthesize() as typed values', () => {
    const run = cli([
      ...synthAdult('1'),
      ...SMALL_RUN,
      '--quiet',
      '--mechanism',
      'reduced-space-lp',
      '--option',
      'degree=1',
      '--option',
      'lpRelativeGap=0.05',
      '--options-json',
      '{"syntheticRows": 1000}',
      '--out',
      at('options.csv'),
      '--receipt',
      at('options.json'),
    ]);
    expect(run.status).toBe(0);
    const receipt = readJson<PrivacyReceipt>(at('options.json'));
    expect((receipt.parameters as ReducedSpaceLpParameters).degree).toBe(1);
    expect(receipt.output.rows).toBe(1000);
    expect((receipt.parameters as ReducedSpaceLpParameters).lp.relativeGapTarget).toBe(0.05);
    expect(csvRows(readFileSync(at('options.csv'), 'utf8'))).toHaveLength(1001);
  });
});

describe('all-or-nothing outputs', () => {
  it('renames nothing into place when one output cannot be written, and removes its temporary files', () => {
    writeFileSync(at('first.csv'), 'previous content\n');
    const before = readdirSync(dir).sort();
    const pending = new PendingOutputs();
    expect(() =>
      pending.commit([
        { path: at('first.csv'), text: 'new content\n' },
        { path: at('second.json'), text: '{}\n' },
        { path: at('no-such-directory/third.json'), text: '{}\n' },
      ]),
    ).toThrow(`cannot write "${at('no-such-directory/third.json')}": no such file`);
    expect(readFileSync(at('first.csv'), 'utf8')).toBe('previous content\n');
    expect(readdirSync(dir).sort()).toEqual(before);
  });
});

describe('library errors exit 1, name the code and leave no output', () => {
  const malformed = () => {
    writeFileSync(at('malformed.csv'), 'age,sex\n30,Male\n"41,Female\n');
    return at('malformed.csv');
  };
  const empty = () => {
    writeFileSync(at('empty.csv'), '');
    return at('empty.csv');
  };
  const cases: Array<{ name: string; args: () => string[]; error: string }> = [
    {
      name: 'epsilon 0',
      args: () => [DATA, '--epsilon', '0'],
      error: 'error [INVALID_ARGUMENT]: option "epsilon" must be a finite number greater than 0',
    },
    {
      name: 'a negative epsilon',
      args: () => [DATA, '--epsilon=-1'],
      error: 'error [INVALID_ARGUMENT]: option "epsilon" must be a finite number greater than 0',
    },
    {
      name: 'an unknown column',
      args: () => [DATA, '--epsilon', '1', '--columns', 'age,salary'],
      error: 'error [INVALID_ARGUMENT]: option "columns": the schema has no column "salary"',
    },
    {
      name: 'an unknown option',
      args: () => [DATA, '--epsilon', '1', '--option', 'epsilom=2'],
      error: 'error [INVALID_ARGUMENT]: unknown option "epsilom"',
    },
    {
      name: 'delta with the reduced-space LP',
      args: () => [DATA, '--mechanism', 'reduced-space-lp', '--epsilon', '1', '--delta', '1e-9'],
      error: 'error [INVALID_ARGUMENT]: unknown option "delta"',
    },
    {
      name: 'a malformed CSV',
      args: () => [malformed(), '--epsilon', '1', '--columns', 'age,sex'],
      error: 'malformed.csv: the CSV is malformed in row',
    },
    { name: 'an empty CSV', args: () => [empty(), '--epsilon', '1'], error: 'error [EMPTY_DATA]: ' },
  ];

  it.each(cases)('$name', ({ args, error }) => {
    writeFileSync(at('existing.csv'), 'previous content\n');
    const input = args();
    const before = readdirSync(dir).sort();
    const run = cli([
      'synth',
      ...input,
      '--schema',
      SCHEMA,
      '--out',
      at('existing.csv'),
      '--receipt',
      at('new-receipt.json'),
    ]);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(error);
    expect(run.stderr).not.toContain('    at '); // no stack trace
    expect(readFileSync(at('existing.csv'), 'utf8')).toBe('previous content\n');
    expect(existsSync(at('new-receipt.json'))).toBe(false);
    expect(readdirSync(dir).sort()).toEqual(before);
  });

  it('names a data CSV or schema that cannot be read', () => {
    const missingData = cli([
      'synth',
      at('nowhere.csv'),
      '--schema',
      SCHEMA,
      '--epsilon',
      '1',
      '--receipt',
      at('r.json'),
    ]);
    expect(missingData.status).toBe(1);
    expect(missingData.stderr).toBe(`error: cannot read the data CSV "${at('nowhere.csv')}": no such file\n`);
    const schemaIsDirectory = cli(['synth', DATA, '--schema', dir, '--epsilon', '1', '--receipt', at('r.json')]);
    expect(schemaIsDirectory.status).toBe(1);
    expect(schemaIsDirectory.stderr).toBe(`error: cannot read the schema "${dir}": it is a directory\n`);
    expect(existsSync(at('r.json'))).toBe(false);
  });

  it('refuses an output in a missing directory before running', () => {
    const run = cli(['synth', DATA, '--schema', SCHEMA, '--epsilon', '1', '--receipt', at('missing/receipt.json')]);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(`cannot write --receipt "${at('missing/receipt.json')}": the directory`);
    expect(run.stderr).not.toContain('[parse]');
  });
});

describe('usage errors exit 2 with a hint to --help', () => {
  const cases: Array<{ args: string[]; message: string; command?: string }> = [
    { args: [], message: 'Usage: privsynth <command>' },
    { args: ['synthesise'], message: 'privsynth: unknown command "synthesise"' },
    {
      args: ['synth', DATA, '--schema', SCHEMA, '--epsilon', '1', '--receipt', 'r.json', '--epsilom', '1'],
      message: "privsynth synth: Unknown option '--epsilom'",
      command: 'synth',
    },
    {
      args: ['synth', DATA, '--schema', SCHEMA, '--epsilon', 'one', '--receipt', 'r.json'],
      message: 'privsynth synth: --epsilon must be a number, got "one"',
      command: 'synth',
    },
    {
      args: ['synth', DATA, '--schema', SCHEMA, '--receipt', 'r.json'],
      message: 'privsynth synth: --epsilon is required',
      command: 'synth',
    },
    {
      args: ['synth', DATA, '--schema', SCHEMA, '--epsilon', '1'],
      message: 'privsynth synth: --receipt is required',
      command: 'synth',
    },
    {
      args: ['synth', DATA, '--schema', SCHEMA, '--schema-out', 's.json', '--epsilon', '1', '--receipt', 'r.json'],
      message: 'privsynth synth: --schema-out writes a schema found privately',
      command: 'synth',
    },
    {
      args: ['synth', '--schema', SCHEMA, '--epsilon', '1', '--receipt', 'r.json'],
      message: 'privsynth synth: missing the data CSV',
      command: 'synth',
    },
    {
      args: ['synth', DATA, '--schema', SCHEMA, '--epsilon'],
      message: "--epsilon <value>' argument missing",
      command: 'synth',
    },
    {
      args: ['synth', DATA, '--schema', SCHEMA, '--epsilon', '1', '--receipt', 'r.json', '--option', 'degree'],
      message: 'privsynth synth: --option needs key=value, got "degree"',
      command: 'synth',
    },
    {
      args: [...synthAdult('1'), '--receipt', 'r.json', '--options-json', '{"epsilon": 2}'],
      message: 'option "epsilon" is set twice, by --options-json and by --epsilon',
      command: 'synth',
    },
    {
      args: ['synth', DATA, '--schema', SCHEMA, '--epsilon', '1', '--receipt', 'same.json', '--report', 'same.json'],
      message: '--receipt and --report name the same file',
      command: 'synth',
    },
    {
      args: ['synth', DATA, '--schema', SCHEMA, '--epsilon', '1', '--receipt', 'r.json', '--out', DATA],
      message: `--out "${DATA}" would overwrite an input`,
      command: 'synth',
    },
    {
      args: ['synth', DATA, '--schema', SCHEMA, '--epsilon', '1', '--receipt', 'r.json', '--centres', 'c.csv'],
      message: '--centres needs --mechanism space-partition',
      command: 'synth',
    },
    {
      args: ['plan', '--statistics', 'many'],
      message: 'privsynth plan: --statistics must be a number, got "many"',
      command: 'plan',
    },
    { args: ['plan', DATA], message: `privsynth plan: unexpected argument "${DATA}"`, command: 'plan' },
    {
      args: ['validate-schema'],
      message: 'privsynth validate-schema: missing the schema file',
      command: 'validate-schema',
    },
  ];

  it.each(cases)('$message', ({ args, message, command }) => {
    const run = cli(args, dir);
    expect(run.status).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain(message);
    if (args.length > 0) {
      const lines = run.stderr.trim().split('\n');
      expect(lines).toHaveLength(2);
      expect(lines[1]).toBe(`Run "privsynth${command ? ` ${command}` : ''} --help" for usage.`);
    }
    expect(existsSync(join(dir, 'r.json'))).toBe(false);
  });
});

describe('privsynth plan', () => {
  const inputs = ['--statistics', '953', '--epsilon', '1', '--delta', '0.1', '--gamma', '0.1', '--n', '48842'];

  it('prints the forecast of the primary theorem first, from flags only (run in an empty directory)', () => {
    const empty = mkdtempSync(join(tmpdir(), 'privsynth-plan-'));
    try {
      const run = cli(['plan', ...inputs, '--reference', 'uniform', '--domain-size', '100000'], empty);
      expect(run.status).toBe(0);
      expect(run.stdout).toMatch(
        /^Planner forecast from public inputs only: no data read, no privacy budget spent\.\n/,
      );
      expect(run.stdout).toContain('sigma = 0.0109');
      expect(run.stdout.indexOf('B.1 (primary)')).toBeLessThan(run.stdout.indexOf('BSV-2.2'));
      expect(run.stdout).toContain('needs n >= 174,632, k >= 917');
      expect(run.stdout).toMatch(
        /n \(privacy\) +n >= 2\|F\| log\(\|F\|\/gamma\) \/ \(eps delta\) +>= 174,632 +48,842 +NOT MET/,
      );
      expect(readdirSync(empty)).toEqual([]);
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });

  it('prints planSynthesis() as JSON with --json, constants included', () => {
    const run = cli([
      'plan',
      ...inputs,
      '--reference',
      'bernstein-kde',
      '--dimensions',
      '2',
      '--constant',
      'C1prime=2',
      '--json',
    ]);
    expect(run.status).toBe(0);
    const report = JSON.parse(run.stdout) as PlannerReport;
    expect(report.primary).toBe('IV.1');
    expect(report.inputs).toMatchObject({ statistics: 953, n: 48842, dimensions: 2, constants: { C1prime: 2 } });
    expect(report.sigma).toBeCloseTo(0.1 / Math.log(953 / 0.1), 12);
    const primary = report.theorems.find((theorem) => theorem.id === 'IV.1')!;
    expect(primary.constants.find((constant) => constant.name === "C'1")).toMatchObject({ value: 2, assumed: false });
  });

  it("reports the planner's own errors with their code", () => {
    const run = cli(['plan', ...inputs]);
    expect(run.status).toBe(1);
    expect(run.stderr).toBe('error [INVALID_ARGUMENT]: option "reference" is required\n');
  });
});

describe('privsynth plan --schema (the run forecast)', () => {
  const forecastArgs = ['plan', '--schema', SCHEMA, '--epsilon', '1', '--mechanism', 'marginal-lp', '--rows', '48842'];

  it('prints each release with its noise and expected error, the marginals, memory and runtime, reading no data', () => {
    const empty = mkdtempSync(join(tmpdir(), 'privsynth-forecast-'));
    try {
      const run = cli(forecastArgs, empty);
      expect(run.status, run.stderr).toBe(0);
      expect(run.stdout).toMatch(/^Run forecast from public inputs only: no data read, no privacy budget spent\.\n/);
      expect(run.stdout).toContain(
        'Mechanism marginal-lp, (epsilon, delta)-DP accounted as rho-zCDP: epsilon 1, delta 1e-9 (rho 0.015); 16 columns; n = 48,842',
      );
      expect(run.stdout).toMatch(/1-way marginals +discrete Gaussian, sigma 40 +rho 0\.00499 \(33\.3%\) +16 marginals/);
      expect(run.stdout).toContain('15 marginals chosen at run time');
      expect(run.stdout).toMatch(/native-country +42 +1-way marginals/);
      expect(run.stdout).toMatch(/Memory: about [\d.]+ MB/);
      expect(run.stdout).toMatch(/Runtime: about [\d.]+ s native/);
      expect(readdirSync(empty)).toEqual([]);
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });

  it("prints space partitioning's grid or KD-tree: w, t, s1, s2 and tau", () => {
    const numeric = [
      'plan',
      '--schema',
      SCHEMA,
      '--epsilon',
      '1',
      '--mechanism',
      'space-partition',
      '--columns',
      'age,hours-per-week,sex',
      '--rows',
      '48842',
    ];
    const tree = cli(numeric);
    expect(tree.status, tree.stderr).toBe(0);
    expect(tree.stdout).toMatch(
      /Partition: KD-tree, split without the data while an edge is > s1 = [\d.]+ of its range \(h = \d+ levels\), then on noisy decisions "count > tau = [\d.]+" \(L = 6 on any path\) down to s2 = [\d.]+; leaf counts released at >= t = \d+/,
    );
    expect(tree.stdout).toMatch(/leaf counts +discrete Laplace, scale [\d.]+ .* [\d,]+ values/);
    const grid = cli([...numeric, '--option', 'partition=grid', '--option', 'gridCells=10']);
    expect(grid.status, grid.stderr).toBe(0);
    expect(grid.stdout).toContain(
      'Partition: grid of 10 cells per numeric axis (w = 0.1 of each range), 200 cells; counts released at >= t = ',
    );
  });

  it('prints the forecast as JSON, with the sigma the run then reports in its receipt', () => {
    const forecast = JSON.parse(cli([...forecastArgs, '--json']).stdout) as RunForecast;
    const run = cli([
      ...synthAdult('1'),
      '--mechanism',
      'marginal-lp',
      '--seed',
      '3',
      '--out',
      at('forecast-check.csv'),
      '--receipt',
      at('forecast-check.json'),
      '--quiet',
    ]);
    expect(run.status, run.stderr).toBe(0);
    const ledger = readJson<PrivacyReceipt>(at('forecast-check.json')).ledger as Array<{ noiseStd?: number }>;
    const stds = ledger.map((entry) => entry.noiseStd).filter((std) => std !== undefined);
    for (const release of forecast.releases.filter((r) => r.std !== undefined)) expect(stds).toContain(release.std);
  });

  it("refuses flags of the other mode, a missing epsilon, and passes the library's errors on", () => {
    expect(cli(['plan', '--schema', SCHEMA, '--epsilon', '1', '--statistics', '5'])).toMatchObject({ status: 2 });
    expect(cli(['plan', '--mechanism', 'marginal-lp', '--statistics', '5']).stderr).toContain(
      '--mechanism needs --schema',
    );
    expect(cli(['plan', '--schema', SCHEMA]).stderr).toContain('--epsilon is required');
    expect(cli(['plan', '--schema', SCHEMA, '--epsilon', '1', '--n', '5']).stderr).toContain('--rows');
    const bad = cli(['plan', '--schema', SCHEMA, '--epsilon', '1', '--option', 'degree=9']);
    expect(bad.status).toBe(1);
    expect(bad.stderr).toMatch(/^error \[INVALID_ARGUMENT\]: .*degree/);
  });
});

describe('privsynth validate-schema', () => {
  it('prints the normalized schema', () => {
    const run = cli(['validate-schema', SCHEMA]);
    expect(run.status).toBe(0);
    const normalized = JSON.parse(run.stdout) as { columns: Array<{ name: string; bins?: number }>; missing: string[] };
    const original = readJson<{ columns: Array<{ name: string }> }>(SCHEMA);
    expect(normalized.columns.map((column) => column.name)).toEqual(original.columns.map((column) => column.name));
    expect(normalized.columns[0]).toMatchObject({ name: 'age', bins: 15 });
  });

  it('prints the error that names the file and the column', () => {
    writeFileSync(
      at('bad.schema.json'),
      JSON.stringify({ version: 1, columns: [{ name: 'a', type: 'numeric', min: 3, max: 1 }] }),
    );
    const run = cli(['validate-schema', at('bad.schema.json')]);
    expect(run.status).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toBe(
      `error [INVALID_SCHEMA]: ${at('bad.schema.json')}: column 1 ("a"): "min" (3) must be less than "max" (1)\n`,
    );
  });
});

describe('privsynth discover', () => {
  const spec = () => {
    const path = at('spec.json');
    writeFileSync(
      path,
      JSON.stringify({
        columns: [
          { name: 'age', type: 'numeric', range: [0, 150], integer: true, bins: 8 },
          { name: 'sex', type: 'categorical' },
        ],
        missing: ['?', ''],
      }),
    );
    return path;
  };

  it('writes a dp-discovered schema and its receipt, and a run with it states the whole release’s cost', () => {
    const run = cli([
      'discover',
      DATA,
      '--columns',
      spec(),
      '--epsilon',
      '1',
      '--delta',
      '1e-6',
      '--seed',
      '2',
      '--out',
      at('found.schema.json'),
      '--receipt',
      at('found.receipt.json'),
    ]);
    expect(run.stderr).toContain('discovered 2 column domains privately');
    expect(run.status).toBe(0);
    const schema = readJson<{
      provenance: string;
      discovery: { epsilon: number };
      columns: Array<{ categories?: string[]; min?: number }>;
    }>(at('found.schema.json'));
    expect(schema.provenance).toBe('dp-discovered');
    expect(schema.discovery.epsilon).toBe(1);
    expect(schema.columns[1].categories).toEqual(['Female', 'Male']);
    expect(readJson<{ release: string }>(at('found.receipt.json')).release).toBe('schema discovery');

    const synth = cli([
      'synth',
      DATA,
      '--schema',
      at('found.schema.json'),
      '--mechanism',
      'reduced-space-lp',
      '--epsilon',
      '1',
      '--seed',
      '2',
      '--out',
      at('found.csv'),
      '--receipt',
      at('found-run.receipt.json'),
    ]);
    expect(synth.status).toBe(0);
    const { privacy } = readJson<PrivacyReceipt>(at('found-run.receipt.json'));
    expect(privacy.epsilonSpent).toBeCloseTo(2, 12);
    expect(privacy.thisRun?.epsilonSpent).toBe(1);
    expect(privacy.domainDiscovery?.epsilon).toBe(1);
    expect(privacy).not.toHaveProperty('total');
    // The summary states the whole release's figures, and how they split.
    expect(synth.stderr).toContain('Mechanism reduced-space-lp: epsilon 2, delta 0.000001 for the whole release (');
    expect(synth.stderr).toContain(
      "this run spent epsilon 1 of 1, the schema's private discovery epsilon 1, delta 0.000001.",
    );
  });

  it('refuses categorical columns without --delta (exit 1) and writes neither file', () => {
    const run = cli([
      'discover',
      DATA,
      '--columns',
      spec(),
      '--epsilon',
      '1',
      '--out',
      at('none.json'),
      '--receipt',
      at('none.receipt.json'),
    ]);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('error [INVALID_ARGUMENT]');
    expect(run.stderr).toContain('delta');
    expect(existsSync(at('none.json'))).toBe(false);
    expect(existsSync(at('none.receipt.json'))).toBe(false);
  });

  it('needs --columns, --epsilon, --out and --receipt (exit 2)', () => {
    expect(cli(['discover', DATA, '--epsilon', '1', '--out', at('x.json'), '--receipt', at('y.json')]).status).toBe(2);
    expect(cli(['discover', DATA, '--columns', spec(), '--out', at('x.json'), '--receipt', at('y.json')]).status).toBe(
      2,
    );
    expect(cli(['discover', DATA, '--columns', spec(), '--epsilon', '1', '--out', at('x.json')]).status).toBe(2);
  });
});

describe('help and version', () => {
  it('prints the help of the command line and of each command', () => {
    const main = cli(['--help']);
    expect(main.status).toBe(0);
    for (const command of ['synth <data.csv|.parquet>', 'plan', 'validate-schema <s.json>', '--version'])
      expect(main.stdout).toContain(command);
    const synth = cli(['synth', '--help']);
    expect(synth.status).toBe(0);
    for (const flag of [
      '--schema',
      '--epsilon',
      '--mechanism',
      '--delta',
      '--columns',
      '--target',
      '--seed',
      '--option',
      '--options-json',
      '--out',
      '--receipt',
      '--no-receipt',
      '--report',
      '--quiet',
    ]) {
      expect(synth.stdout).toContain(flag);
    }
    expect(synth.stdout).toContain('NOT private');
    expect(synth.stdout).toContain('AbortSignal');
    expect(cli(['help', 'plan']).stdout).toBe(cli(['plan', '-h']).stdout);
    expect(cli(['plan', '--help']).stdout).toContain('--reference');
    expect(cli(['validate-schema', '--help']).stdout).toContain('Usage: privsynth validate-schema <s.json>');
  });

  it('prints the package and core versions', () => {
    const run = cli(['--version']);
    expect(run.status).toBe(0);
    expect(run.stdout).toBe(`privsynth ${PACKAGE_VERSION} (core ${PACKAGE_VERSION})\n`);
  });

  it('runs as `npx privsynth` inside the repository once built (the workspace bin is linked)', () => {
    const run = spawnSync('npx', ['--no-install', 'privsynth', '--version'], { cwd: repoFile('.'), encoding: 'utf8' });
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toBe(`privsynth ${PACKAGE_VERSION} (core ${PACKAGE_VERSION})\n`);
  });
});

describe('Ctrl-C', () => {
  it('stops a long run at once with exit code 130 and leaves no output', async () => {
    writeFileSync(at('kept.csv'), 'previous content\n');
    const before = readdirSync(dir).sort();
    // Every column at degree 2 (the library's default): several seconds of LP after the measurements.
    const child = spawn(process.execPath, [
      CLI,
      ...synthAdult('1'),
      '--out',
      at('kept.csv'),
      '--receipt',
      at('interrupted.json'),
    ]);
    let stderr = '';
    let interruptedAt = 0;
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      stderr += chunk;
      if (!interruptedAt && stderr.includes('[measure]')) {
        interruptedAt = Date.now();
        child.kill('SIGINT');
      }
    });
    const [code, signal] = await new Promise<[number | null, NodeJS.Signals | null]>((resolve) =>
      child.on('exit', (...args) => resolve(args)),
    );
    const exitedAfter = Date.now() - interruptedAt;
    expect(interruptedAt).toBeGreaterThan(0);
    expect([code, signal]).toEqual([130, null]);
    expect(exitedAfter).toBeLessThan(2000);
    expect(stderr).toContain('privsynth: interrupted (SIGINT); no output written');
    expect(stderr).not.toContain('[write]');
    expect(readFileSync(at('kept.csv'), 'utf8')).toBe('previous content\n');
    expect(readdirSync(dir).sort()).toEqual(before);
  });
});
