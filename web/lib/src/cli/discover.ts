// `privsynth discover data.csv --columns spec.json --epsilon 0.5 [--delta 1e-6] --out s.json
// --receipt r.json`: a schema found privately in the data (discoverSchema()), written with the
// discovery's own receipt, both or neither.
import { openAsBlob } from 'node:fs';

import { discoverSchema } from '../node.js';
import type { DiscoveryColumn } from '../schema-types.js';
import { commaList, numberFlag, parseCommandLine, stringFlag } from './args.js';
import { aboutFile, EXIT, UsageError } from './failure.js';
import { checkInputFile, readInputText } from './files.js';
import { checkDestinations, PendingOutputs } from './output.js';

const FLAGS = {
  columns: { type: 'string', short: 'c' },
  epsilon: { type: 'string', short: 'e' },
  delta: { type: 'string' },
  out: { type: 'string', short: 'o' },
  receipt: { type: 'string' },
  seed: { type: 'string' },
  'privacy-unit': { type: 'string' },
  'per-person': { type: 'string' },
} as const;

type ColumnSpec = {
  columns: DiscoveryColumn[];
  missing?: string[];
  name?: string;
  privacyUnit?: string;
  perPerson?: string[];
};

/** The column spec file: an array of columns, or {columns, missing?, name?, privacyUnit?, perPerson?}. */
function readSpec(path: string): ColumnSpec {
  let spec: unknown;
  try {
    spec = JSON.parse(readInputText(path, 'column spec'));
  } catch (error) {
    if (error instanceof SyntaxError) throw new UsageError(`--columns "${path}" is not JSON: ${error.message}`);
    throw error;
  }
  const object = Array.isArray(spec) ? { columns: spec } : (spec as Record<string, unknown>);
  if (!object || !Array.isArray(object.columns)) {
    throw new UsageError(`--columns "${path}" must hold an array of columns or {"columns": [...], "missing"?: [...]}`);
  }
  return object as ColumnSpec;
}

/**
 * The person flags, merged into the spec: the column that identifies a person (its rows are then read
 * one per person) and the columns that hold one value per person. Given in both places: a usage error.
 */
function withPersonFlags(spec: ColumnSpec, flags: Record<string, unknown>, specPath: string): ColumnSpec {
  const unit = flags['privacy-unit'] as string | undefined;
  const perPerson = flags['per-person'] as string | undefined;
  for (const [flag, key, value] of [
    ['--privacy-unit', 'privacyUnit', unit],
    ['--per-person', 'perPerson', perPerson],
  ] as const) {
    if (value !== undefined && spec[key] !== undefined) {
      throw new UsageError(`${flag} is given twice: by the flag and as "${key}" in --columns "${specPath}"`);
    }
  }
  if (unit !== undefined && unit.trim() === '') throw new UsageError('--privacy-unit needs a column name');
  if (perPerson !== undefined && unit === undefined && spec.privacyUnit === undefined) {
    throw new UsageError(
      '--per-person needs --privacy-unit: the column that identifies a person, whose rows share them',
    );
  }
  return {
    ...spec,
    ...(unit !== undefined && { privacyUnit: unit }),
    ...(perPerson !== undefined && { perPerson: commaList(perPerson) }),
  };
}

export async function discoverCommand(args: string[]): Promise<number> {
  const { flags, positionals } = parseCommandLine(args, FLAGS, 1);
  const data = positionals[0];
  if (data === undefined)
    throw new UsageError('missing the data file: privsynth discover data.csv --columns spec.json ...');
  const specPath = stringFlag(flags, 'columns');
  if (!specPath)
    throw new UsageError("--columns <spec.json> is required: each column's kind, and a public range for numbers");
  const epsilon = numberFlag(flags, 'epsilon');
  if (epsilon === undefined) throw new UsageError("--epsilon is required: the discovery's budget");
  const out = stringFlag(flags, 'out');
  const receipt = stringFlag(flags, 'receipt');
  if (!out || !receipt) throw new UsageError('--out <schema.json> and --receipt <receipt.json> are both required');
  checkDestinations(
    [
      { flag: '--out', path: out },
      { flag: '--receipt', path: receipt },
    ],
    [data, specPath],
  );
  const spec = withPersonFlags(readSpec(specPath), flags, specPath);
  checkInputFile(data, 'data file');
  const csv = await openAsBlob(data); // CSV or Parquet, read in chunks
  const delta = numberFlag(flags, 'delta');
  const seed = numberFlag(flags, 'seed');
  let found;
  try {
    found = await discoverSchema({
      csv,
      epsilon,
      ...spec,
      ...(delta !== undefined && { delta }),
      ...(seed !== undefined && { testSeed: seed }),
    });
  } catch (error) {
    throw aboutFile(error, data);
  }
  new PendingOutputs().commit([
    { path: out, text: `${JSON.stringify(found.schema, null, 2)}\n` },
    { path: receipt, text: `${JSON.stringify(found.receipt, null, 2)}\n` },
  ]);
  const cost = found.schema.discovery;
  const unit = found.schema.privacyUnit;
  const perPerson = found.schema.columns
    .filter((column) => 'perPerson' in column && column.perPerson)
    .map((column) => column.name);
  const personPart = unit
    ? `, reading one row of each ${unit} (the schema names it as its privacyUnit` +
      `${perPerson.length ? `, with ${perPerson.join(', ')} one value per person` : ''}: a run with it protects each ${unit} with all their rows)`
    : '';
  process.stderr.write(
    `privsynth: discovered ${found.schema.columns.length} column domains privately ` +
      `(epsilon ${cost?.epsilon}${cost?.delta ? `, delta ${cost.delta}` : ''})${personPart}; every run with ${out} adds this cost to its receipt.\n`,
  );
  if (seed !== undefined)
    process.stderr.write('privsynth: NOT PRIVATE: --seed replaced the secure random generator (tests only)\n');
  return EXIT.ok;
}
