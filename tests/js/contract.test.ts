// The contract: every JSON the core writes has the shape its schema declares
// (web/lib/src/generated/contract.schema.json, assembled from core/src/**/*.schema.json), with no
// field the schema does not declare. Checked on the golden receipts, on what the library returns
// for every golden case (receipt, report, DP models, forecast), on the advice, the planner, the
// catalogue, discovery, the data summary and the bundled schemas, and on the files the CLI
// writes; and the generated files must be what the core's schemas give now.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  MECHANISMS,
  adviseRun,
  discoverSchema,
  forecastRun,
  mechanismCatalogue,
  planSynthesis,
  summarizeData,
  synthesize,
  validateSchema,
} from 'privsynth';
import type { RunAdviceRequest } from 'privsynth';
import { GOLDEN_CASES } from './golden-cases';
import { heartCsv, heartSchemaText, repoFile } from './helpers';

const CONTRACT = JSON.parse(readFileSync(repoFile('web/lib/src/generated/contract.schema.json'), 'utf8')) as {
  $id: string;
};
const ajv = new Ajv2020({ strict: true, allowUnionTypes: true, allErrors: true });
ajv.addSchema(CONTRACT);

/** Fails with every place where `value` departs from the definition `name` of the contract. */
function expectShape(name: string, value: unknown, what: string): void {
  const validate = ajv.getSchema(`${CONTRACT.$id}#/$defs/${name}`);
  if (!validate) throw new Error(`the contract declares no ${name}`);
  if (!validate(value)) {
    const errors = (validate.errors ?? []).map((error) => {
      const field = error.params.additionalProperty ?? error.params.unevaluatedProperty;
      return `${what}${error.instancePath} ${error.message}${field === undefined ? '' : `: "${field}"`}`;
    });
    expect.fail(`${what} is not a ${name}:\n${errors.join('\n')}`);
  }
}

const readJson = (path: string): unknown => JSON.parse(readFileSync(path, 'utf8'));
const heartRun = { csv: heartCsv(), schema: heartSchemaText(), epsilon: 1, testSeed: 17 };

describe('the generated contract files', () => {
  it('are what scripts/contract/build-schema.mjs makes of the core’s schemas now', () => {
    const run = spawnSync(process.execPath, [repoFile('scripts/contract/build-schema.mjs'), '--check'], {
      encoding: 'utf8',
    });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
  });
});

describe('golden receipts', () => {
  const dir = repoFile('tests/js/golden');
  const receipts = readdirSync(dir).filter((name) => name.endsWith('.receipt.json'));

  it('are there to check', () => expect(receipts.length).toBeGreaterThanOrEqual(21));

  for (const name of receipts) {
    it(`${name} is a PrivacyReceipt`, () => expectShape('PrivacyReceipt', readJson(join(dir, name)), name));
  }

  it('fail with a field the contract does not declare, or another mechanism’s parameters', () => {
    const receipt = readJson(join(dir, 'sampler.roo.receipt.json')) as Record<string, Record<string, unknown>>;
    const validate = ajv.getSchema(`${CONTRACT.$id}#/$defs/PrivacyReceipt`)!;
    expect(validate({ ...receipt, undeclared: 1 })).toBe(false);
    expect(validate({ ...receipt, privacy: { ...receipt.privacy, undeclared: 1 } })).toBe(false);
    expect(validate({ ...receipt, mechanism: { ...receipt.mechanism, name: 'marginal-lp' } })).toBe(false);
  });
});

describe('library outputs of the golden cases', () => {
  for (const [name, options] of Object.entries(GOLDEN_CASES)) {
    it(`${name}: receipt, report, DP models and forecasts`, async () => {
      const result = await synthesize({ ...heartRun, ...options });
      expectShape('PrivacyReceipt', result.receipt, `${name} receipt`);
      expectShape('UtilityReport', result.report, `${name} report`);
      if (result.directModels) expectShape('DirectDpModels', result.directModels, `${name} DP models`);
      for (const rows of [undefined, 303]) {
        const forecast = await forecastRun({ schema: heartSchemaText(), epsilon: 1, ...options, rows });
        expectShape('RunForecast', forecast, `${name} forecast (rows ${rows})`);
      }
    });
  }
});

// A mechanism added without a golden case is still checked: each one of the catalogue with its
// defaults, on columns every mechanism takes.
describe('library outputs of every mechanism with its defaults', () => {
  for (const mechanism of MECHANISMS) {
    it(`${mechanism}: receipt, report and forecasts`, async () => {
      const options = { mechanism, columns: ['sex', 'cp', 'fbs', 'num'] };
      const result = await synthesize({ ...heartRun, ...options });
      expectShape('PrivacyReceipt', result.receipt, `${mechanism} receipt`);
      expectShape('UtilityReport', result.report, `${mechanism} report`);
      for (const rows of [undefined, 303]) {
        const forecast = await forecastRun({ schema: heartSchemaText(), epsilon: 1, ...options, rows });
        expectShape('RunForecast', forecast, `${mechanism} forecast (rows ${rows})`);
      }
    });
  }
});

describe('other library outputs', () => {
  it('the run advice, with and without a budget and public rows', async () => {
    expectShape('RunAdvice', await adviseRun(heartSchemaText()), 'advice');
    const request: RunAdviceRequest = {
      columns: ['age', 'chol', 'thalach'],
      epsilon: 1,
      rows: 303,
      space: 'continuous',
    };
    expectShape('RunAdvice', await adviseRun(heartSchemaText(), request), 'advice (continuous)');
  });

  it('the planner report of each reference measure', async () => {
    const inputs = { statistics: 953, epsilon: 1, delta: 0.1, gamma: 0.1, n: 48842 };
    expectShape('PlannerReport', await planSynthesis({ ...inputs, reference: 'uniform', domainSize: 1e5 }), 'plan');
    expectShape('PlannerReport', await planSynthesis({ ...inputs, reference: 'histogram', domainSize: 1e5 }), 'plan');
    expectShape('PlannerReport', await planSynthesis({ ...inputs, reference: 'bernstein-kde', dimensions: 2 }), 'plan');
  });

  it('the mechanism catalogue', async () => {
    expectShape('MechanismCatalogue', await mechanismCatalogue(), 'catalogue');
  });

  it('a schema discovered privately, its receipt, and a run that finds its own schema', async () => {
    const found = await discoverSchema({
      csv: heartCsv(),
      epsilon: 1,
      delta: 1e-6,
      columns: [
        { name: 'age', type: 'numeric', range: [0, 120], integer: true },
        { name: 'sex', type: 'categorical' },
      ],
      testSeed: 3,
    });
    expectShape('Schema', found.schema, 'discovered schema');
    expectShape('DiscoveryReceipt', found.receipt, 'discovery receipt');
    const whole = await synthesize({ csv: heartCsv(), epsilon: 1, testSeed: 3, columns: ['age', 'sex', 'cp'] });
    expectShape('PrivacyReceipt', whole.receipt, 'receipt with its schema found in the release');
    expectShape('Schema', whole.discoveredSchema, 'schema found in the release');
  });

  it('the data summary', async () => {
    expectShape('DataSummary', await summarizeData({ csv: heartCsv(), schema: heartSchemaText() }), 'summary');
  });

  it('every bundled schema, as written and as the core normalizes it', async () => {
    const schemas = readdirSync(repoFile('data'), { recursive: true, encoding: 'utf8' }).filter((path) =>
      path.endsWith('.schema.json'),
    );
    expect(schemas.length).toBeGreaterThan(0);
    for (const path of schemas) {
      const text = readFileSync(repoFile(`data/${path}`), 'utf8');
      expectShape('Schema', JSON.parse(text), path);
      expectShape('Schema', await validateSchema(text), `${path} normalized`);
    }
  });
});

describe('files the CLI writes', () => {
  const CLI = repoFile('web/lib/dist/cli.js');
  const DATA = repoFile('data/adult/adult.csv');
  const SCHEMA = repoFile('data/adult/adult.schema.json');
  let dir: string;
  const at = (name: string) => join(dir, name);
  const cli = (args: string[]) => {
    const run = spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
    expect(run.stderr).not.toMatch(/error/i);
    expect(run.status).toBe(0);
    return run.stdout;
  };

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'privsynth-contract-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('synth: the receipt and the report, with a schema and with one found in the release', () => {
    const small = ['--columns', 'age,sex,race,income', '--seed', '7', '--epsilon', '1', '--out', at('synth.csv')];
    cli(['synth', DATA, '--schema', SCHEMA, ...small, '--receipt', at('r.json'), '--report', at('report.json')]);
    expectShape('PrivacyReceipt', readJson(at('r.json')), 'synth --receipt');
    expectShape('UtilityReport', readJson(at('report.json')), 'synth --report');
    cli(['synth', DATA, ...small, '--receipt', at('found-r.json'), '--report', at('found-report.json')]);
    expectShape('PrivacyReceipt', readJson(at('found-r.json')), 'synth --receipt (schema found in the release)');
    expectShape('UtilityReport', readJson(at('found-report.json')), 'synth --report (schema found in the release)');
  });

  it('plan --json: the run forecast and the planner report', () => {
    const forecast = cli(['plan', '--schema', SCHEMA, '--epsilon', '1', '--mechanism', 'marginal-lp', '--json']);
    expectShape('RunForecast', JSON.parse(forecast), 'plan --schema --json');
    const theorems = ['--statistics', '953', '--epsilon', '1', '--delta', '0.1', '--gamma', '0.1', '--n', '48842'];
    theorems.push('--reference', 'uniform', '--domain-size', '100000');
    expectShape('PlannerReport', JSON.parse(cli(['plan', ...theorems, '--json'])), 'plan --json');
  });

  it('discover: the schema and its receipt', () => {
    const columns = at('columns.json');
    const spec = {
      columns: [
        { name: 'age', type: 'numeric', range: [0, 150], integer: true },
        { name: 'workclass', type: 'categorical', nullable: true },
      ],
      missing: ['?', ''],
    };
    writeFileSync(columns, JSON.stringify(spec));
    const found = ['--out', at('found.schema.json'), '--receipt', at('found.receipt.json')];
    cli(['discover', DATA, '--columns', columns, '--epsilon', '1', '--delta', '1e-6', '--seed', '2', ...found]);
    expectShape('Schema', readJson(at('found.schema.json')), 'discover --out');
    expectShape('DiscoveryReceipt', readJson(at('found.receipt.json')), 'discover --receipt');
  });
});
