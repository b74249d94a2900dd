// The synth command line as a request: the input and output paths, and synthesize()'s options
// gathered from --options-json, --option key=value and the dedicated flags, passed as the library
// defines them (it rejects unknown options itself).
import {
  commaList,
  jsonObjectFlag,
  keyValuePairs,
  listFlag,
  numberFlag,
  parseCommandLine,
  stringFlag,
  type FlagSpecs,
  type FlagValues,
} from './args.js';
import { UsageError } from './failure.js';
import { STDOUT } from './output.js';

/** The flags that set synthesize()'s options, shared by synth and plan's run forecast. */
export const RUN_OPTION_FLAGS: FlagSpecs = {
  schema: { type: 'string', short: 's' },
  epsilon: { type: 'string', short: 'e' },
  mechanism: { type: 'string' },
  delta: { type: 'string' },
  columns: { type: 'string' },
  target: { type: 'string' },
  'extra-targets': { type: 'string' },
  seed: { type: 'string' },
  option: { type: 'string', multiple: true },
  'options-json': { type: 'string' },
};

const SYNTH_FLAGS: FlagSpecs = {
  ...RUN_OPTION_FLAGS,
  out: { type: 'string', short: 'o' },
  receipt: { type: 'string' },
  'no-receipt': { type: 'boolean' },
  report: { type: 'string' },
  centres: { type: 'string' },
  'dp-model': { type: 'string' },
  'discovery-share': { type: 'string' },
  'schema-out': { type: 'string' },
  'privacy-unit': { type: 'string' },
  'per-person': { type: 'string' },
  engine: { type: 'string' },
  quiet: { type: 'boolean', short: 'q' },
};

export const ENGINES = ['auto', 'rows', 'duckdb'] as const;
/** rows: the CSV read in chunks into the core; duckdb: DuckDB counts the tables (docs/scale.md); auto: chosen by the file. */
export type Engine = (typeof ENGINES)[number];

export interface SynthRequest {
  dataPath: string;
  /** The public schema; without it the schema is found privately (a share of epsilon). */
  schemaPath?: string;
  /** Where to write the schema found privately (to reuse its domains). */
  schemaOut?: string;
  /** A file, or "-" for standard output. */
  out: string;
  receipt?: string;
  report?: string;
  /** space-partition's released bins as weighted centres (CSV). */
  centres?: string;
  /** The models trained directly under DP (JSON): a separate release. */
  dpModel?: string;
  engine: Engine;
  quiet: boolean;
  /** synthesize()'s options except csv, schema and the callbacks. */
  options: Record<string, unknown>;
}

/** The dedicated flags and the library option each one sets. */
const DEDICATED: Array<{ flag: string; key: string; read: (flags: FlagValues, flag: string) => unknown }> = [
  { flag: 'epsilon', key: 'epsilon', read: numberFlag },
  { flag: 'mechanism', key: 'mechanism', read: stringFlag },
  { flag: 'delta', key: 'delta', read: numberFlag },
  { flag: 'columns', key: 'columns', read: (flags, flag) => mapDefined(stringFlag(flags, flag), commaList) },
  { flag: 'target', key: 'mlTarget', read: stringFlag },
  {
    flag: 'extra-targets',
    key: 'mlExtraTargets',
    read: (flags, flag) => mapDefined(stringFlag(flags, flag), commaList),
  },
  { flag: 'seed', key: 'testSeed', read: numberFlag },
  { flag: 'discovery-share', key: 'discoveryShare', read: numberFlag },
  { flag: 'privacy-unit', key: 'privacyUnit', read: stringFlag },
  { flag: 'per-person', key: 'perPerson', read: (flags, flag) => mapDefined(stringFlag(flags, flag), commaList) },
];

/** Keys the command line sets itself. */
const RESERVED: Record<string, string> = {
  csv: "the data CSV is the command's argument",
  schema: 'use --schema',
  onProgress: 'progress is shown on stderr',
  signal: 'Ctrl-C cancels',
};

function mapDefined<T, U>(value: T | undefined, map: (value: T) => U): U | undefined {
  return value === undefined ? undefined : map(value);
}

/** Merges the sources in order; a key set by two of them is a usage error naming both. */
function mergeOptions(
  sources: Array<{ label: (key: string) => string; options: Record<string, unknown> }>,
): Record<string, unknown> {
  const merged: Record<string, unknown> = {};
  const setBy: Record<string, string> = {};
  for (const { label, options } of sources) {
    for (const [key, value] of Object.entries(options)) {
      if (value === undefined) continue;
      if (Object.hasOwn(RESERVED, key)) throw new UsageError(`"${key}" cannot be given as an option: ${RESERVED[key]}`);
      if (Object.hasOwn(setBy, key))
        throw new UsageError(`option "${key}" is set twice, by ${setBy[key]} and by ${label(key)}`);
      merged[key] = value;
      setBy[key] = label(key);
    }
  }
  return merged;
}

function fileOnly(flags: FlagValues, flag: string): string | undefined {
  const path = stringFlag(flags, flag);
  if (path === STDOUT) throw new UsageError(`--${flag} needs a file name (only --out can be "-", standard output)`);
  return path;
}

/** synthesize()'s options from --options-json, --option key=value and the dedicated flags (a key set twice is an error). */
export function readRunOptions(flags: FlagValues): Record<string, unknown> {
  const dedicated = Object.fromEntries(DEDICATED.map(({ flag, key, read }) => [key, read(flags, flag)]));
  const flagOf = Object.fromEntries(DEDICATED.map(({ flag, key }) => [key, `--${flag}`]));
  return mergeOptions([
    { label: () => '--options-json', options: jsonObjectFlag(flags, 'options-json') },
    { label: (key) => `--option ${key}`, options: keyValuePairs(listFlag(flags, 'option'), 'option') },
    { label: (key) => flagOf[key], options: dedicated },
  ]);
}

/**
 * --privacy-unit and --per-person describe a table without a schema, whose schema is then found one
 * row per person; a schema names its privacyUnit and marks its perPerson columns itself.
 */
function checkPersonFlags(flags: FlagValues, withSchema: boolean): void {
  const unit = stringFlag(flags, 'privacy-unit');
  const perPerson = stringFlag(flags, 'per-person');
  if (withSchema && (unit !== undefined || perPerson !== undefined)) {
    const flag = unit !== undefined ? '--privacy-unit' : '--per-person';
    throw new UsageError(
      `${flag} is for a run without --schema: with a schema, name the column that identifies a person as its ` +
        '"privacyUnit" and mark the columns that hold one value per person "perPerson": true (docs/schema.md)',
    );
  }
  if (unit !== undefined && unit.trim() === '') throw new UsageError('--privacy-unit needs a column name');
  if (perPerson !== undefined && unit === undefined) {
    throw new UsageError(
      '--per-person needs --privacy-unit: the column that identifies a person, whose rows share them',
    );
  }
  if (perPerson !== undefined && commaList(perPerson).length === 0) {
    throw new UsageError('--per-person needs column names: --per-person sex,birth_year');
  }
}

export function readSynthRequest(args: string[]): SynthRequest {
  const { flags, positionals } = parseCommandLine(args, SYNTH_FLAGS, 1);
  const dataPath = positionals[0];
  if (dataPath === undefined)
    throw new UsageError('missing the data CSV: privsynth synth data.csv --epsilon 1 --receipt r.json');
  const schemaPath = stringFlag(flags, 'schema');
  const schemaOut = fileOnly(flags, 'schema-out');
  if (schemaOut !== undefined && schemaPath !== undefined && flags['discovery-share'] === undefined) {
    throw new UsageError('--schema-out writes a schema found privately: leave out --schema, or add --discovery-share');
  }
  const receipt = fileOnly(flags, 'receipt');
  if (receipt !== undefined && flags['no-receipt'])
    throw new UsageError('--receipt and --no-receipt contradict each other');
  if (receipt === undefined && !flags['no-receipt']) {
    throw new UsageError(
      '--receipt is required: a DP release without its receipt is a mistake (--no-receipt to go without)',
    );
  }
  const options = readRunOptions(flags);
  if (options.epsilon === undefined) throw new UsageError('--epsilon is required (the total privacy budget, > 0)');
  checkPersonFlags(flags, schemaPath !== undefined);
  const centres = fileOnly(flags, 'centres');
  if (centres !== undefined && options.mechanism !== 'space-partition') {
    throw new UsageError('--centres needs --mechanism space-partition (only space partitioning releases bins)');
  }
  const dpModel = fileOnly(flags, 'dp-model');
  if (dpModel !== undefined && (options.mlTarget === undefined || options.mlDirectDp === false)) {
    throw new UsageError('--dp-model needs --target (and mlDirectDp left on): the model is trained for the target');
  }
  const engine = stringFlag(flags, 'engine') ?? 'auto';
  if (!(ENGINES as readonly string[]).includes(engine)) {
    throw new UsageError(`--engine must be ${ENGINES.join(', ')} (not "${engine}")`);
  }
  if (engine === 'duckdb' && (schemaPath === undefined || options.discoveryShare !== undefined)) {
    throw new UsageError(
      '--engine duckdb counts the table with a public schema: give --schema (without --discovery-share), or leave ' +
        'out --engine to find the schema privately in the rows',
    );
  }
  return {
    dataPath,
    schemaPath,
    schemaOut,
    engine: engine as Engine,
    out: stringFlag(flags, 'out') ?? STDOUT,
    receipt,
    report: fileOnly(flags, 'report'),
    centres,
    dpModel,
    quiet: flags.quiet === true,
    options,
  };
}
