// `privsynth plan`: reads no data and spends nothing. With --schema, the run forecast
// (forecastRun(): each release's noise and expected error, memory, runtime) for the options synth
// would take; without it, the theorem planner (planSynthesis()) on public sizes given as flags.
import { forecastRun, planSynthesis } from '../node.js';
import type { ForecastOptions, PlannerInputs } from '../node.js';
import {
  keyValuePairs,
  listFlag,
  numberFlag,
  parseCommandLine,
  stringFlag,
  type FlagSpecs,
  type FlagValues,
} from './args.js';
import { EXIT, UsageError } from './failure.js';
import { readInputText } from './files.js';
import { forecastText } from './forecast-text.js';
import { planText } from './plan-text.js';
import { readRunOptions, RUN_OPTION_FLAGS } from './synth-options.js';

/** Numeric flags and the PlannerInputs key each one sets. */
const NUMBER_FLAGS: Record<string, keyof PlannerInputs> = {
  statistics: 'statistics',
  epsilon: 'epsilon',
  delta: 'delta',
  gamma: 'gamma',
  n: 'n',
  'domain-size': 'domainSize',
  dimensions: 'dimensions',
  m: 'm',
  k: 'k',
  tau1: 'tau1',
  tau2: 'tau2',
  tau: 'tau',
};

const PLAN_FLAGS: FlagSpecs = {
  ...Object.fromEntries(Object.keys(NUMBER_FLAGS).map((flag) => [flag, { type: 'string' }])),
  reference: { type: 'string' },
  constant: { type: 'string', multiple: true },
  json: { type: 'boolean' },
};

/** Flags of the run forecast that the theorem planner does not take. */
const FORECAST_ONLY = ['schema', 'mechanism', 'columns', 'target', 'seed', 'option', 'options-json', 'rows'];
/** Flags of the theorem planner that the run forecast does not take. */
const THEOREM_ONLY = Object.keys(PLAN_FLAGS).filter((flag) => !['epsilon', 'delta', 'json', 'n'].includes(flag));

async function forecastCommand(flags: FlagValues): Promise<number> {
  const misplaced = THEOREM_ONLY.find((flag) => flags[flag] !== undefined);
  if (misplaced)
    throw new UsageError(
      `--${misplaced} belongs to the theorem planner; the run forecast (--schema) takes synth's options`,
    );
  if (flags.n !== undefined) throw new UsageError('the run forecast takes the number of records as --rows');
  const options = readRunOptions(flags);
  if (options.epsilon === undefined) throw new UsageError('--epsilon is required (the total privacy budget, > 0)');
  const schema = readInputText(stringFlag(flags, 'schema')!, 'schema');
  const forecast = await forecastRun({ ...options, schema, rows: numberFlag(flags, 'rows') } as ForecastOptions);
  process.stdout.write(flags.json ? `${JSON.stringify(forecast, null, 2)}\n` : forecastText(forecast));
  const unit = flags.json ? undefined : privacyUnitOf(schema);
  if (unit) process.stdout.write(`${personsNote(unit, options)}\n`);
  return EXIT.ok;
}

/** The schema's privacyUnit (the core has parsed and checked the schema already). */
function privacyUnitOf(schemaText: string): string | undefined {
  const unit = (JSON.parse(schemaText) as { privacyUnit?: unknown }).privacyUnit;
  return typeof unit === 'string' ? unit : undefined;
}

/**
 * With a privacy unit the forecast's figures are the mechanism's, at row level on the bounded rows:
 * the budget given is per person (docs/privacy/privacy-unit.md). Said in words, so that the smaller
 * epsilon above is not read as the release's.
 */
function personsNote(unit: string, options: Record<string, unknown>): string {
  const k =
    typeof options.rowsPerPerson === 'number'
      ? String(options.rowsPerPerson)
      : 'k (chosen privately near a quantile of rows per person; the figures above assume 4)';
  return (
    `\nPrivacy unit "${unit}": epsilon ${String(options.epsilon)} is per person, with all their rows. Each person keeps ` +
    `at most ${k} rows, a share of the budget releases how many persons have each number of rows, and the ` +
    'mechanism runs on the kept rows at the row-level budget above, charged per person by group privacy. ' +
    '--rows is best the number of rows kept (at most that many per person).'
  );
}

export async function planCommand(args: string[]): Promise<number> {
  const { flags } = parseCommandLine(args, { ...PLAN_FLAGS, ...RUN_OPTION_FLAGS, rows: { type: 'string' } }, 0);
  if (flags.schema !== undefined) return forecastCommand(flags);
  const misplaced = FORECAST_ONLY.find((flag) => flags[flag] !== undefined);
  if (misplaced)
    throw new UsageError(
      `--${misplaced} needs --schema (the run forecast); the theorem planner takes --statistics and sizes`,
    );
  const inputs: Record<string, unknown> = {};
  for (const [flag, key] of Object.entries(NUMBER_FLAGS)) inputs[key] = numberFlag(flags, flag);
  inputs.reference = stringFlag(flags, 'reference');
  const constants = listFlag(flags, 'constant');
  if (constants.length > 0) inputs.constants = keyValuePairs(constants, 'constant');
  for (const key of Object.keys(inputs)) if (inputs[key] === undefined) delete inputs[key];
  const report = await planSynthesis(inputs as unknown as PlannerInputs);
  process.stdout.write(flags.json ? `${JSON.stringify(report, null, 2)}\n` : planText(report));
  return EXIT.ok;
}
