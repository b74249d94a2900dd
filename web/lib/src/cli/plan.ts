// `privsynth plan`: planSynthesis() on public inputs given as flags; reads no data, spends nothing.
import { planSynthesis } from '../node.js';
import type { PlannerInputs } from '../node.js';
import { keyValuePairs, listFlag, numberFlag, parseCommandLine, stringFlag, type FlagSpecs } from './args.js';
import { EXIT } from './failure.js';
import { planText } from './plan-text.js';

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

export async function planCommand(args: string[]): Promise<number> {
  const { flags } = parseCommandLine(args, PLAN_FLAGS, 0);
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
