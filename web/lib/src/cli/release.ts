// `privsynth count-tables --schema s.json --epsilon 1 [run options]`: the exact count tables a run
// reads, as JSON, for an SQL engine inside the data owner's perimeter to compute (docs/scale.md).
// `privsynth release --counts counts.json --schema s.json --epsilon 1 --receipt r.json [--out f.csv]`:
// the release from those tables (synthesizeFromCounts()), the CSV and the receipt written both or
// neither. The count tables are as sensitive as the rows.
import { countTables, synthesizeFromCounts } from '../node.js';
import type { SynthesizeFromCountsOptions } from '../options-types.js';
import { parseCommandLine, stringFlag } from './args.js';
import { aboutFile, EXIT, UsageError } from './failure.js';
import { readInputText } from './files.js';
import { checkDestinations, PendingOutputs, STDOUT } from './output.js';
import { notPrivateWarning } from './summary.js';
import { readRunOptions, RUN_OPTION_FLAGS } from './synth-options.js';

function schemaTextOf(flags: ReturnType<typeof parseCommandLine>['flags']): { path: string; text: string } {
  const path = stringFlag(flags, 'schema');
  if (path === undefined) throw new UsageError('--schema is required (the public schema JSON)');
  return { path, text: readInputText(path, 'schema') };
}

export async function countTablesCommand(args: string[]): Promise<number> {
  const { flags } = parseCommandLine(args, RUN_OPTION_FLAGS, 0);
  const schema = schemaTextOf(flags);
  const options = readRunOptions(flags);
  if (options.epsilon === undefined) throw new UsageError('--epsilon is required (the run the tables are for)');
  const request = await countTables({ ...options, schema: schema.text } as Parameters<typeof countTables>[0]);
  process.stdout.write(`${JSON.stringify(request, null, 2)}\n`);
  return EXIT.ok;
}

const RELEASE_FLAGS = {
  ...RUN_OPTION_FLAGS,
  counts: { type: 'string' },
  out: { type: 'string', short: 'o' },
  receipt: { type: 'string' },
  quiet: { type: 'boolean', short: 'q' },
} as const;

export async function releaseCommand(args: string[]): Promise<number> {
  const { flags } = parseCommandLine(args, RELEASE_FLAGS, 0);
  const countsPath = stringFlag(flags, 'counts');
  if (countsPath === undefined) throw new UsageError('--counts <counts.json> is required (see count-tables)');
  const receipt = stringFlag(flags, 'receipt');
  if (receipt === undefined || receipt === STDOUT) throw new UsageError('--receipt <file> is required');
  const out = stringFlag(flags, 'out') ?? STDOUT;
  const schema = schemaTextOf(flags);
  const options = readRunOptions(flags);
  if (options.epsilon === undefined) throw new UsageError('--epsilon is required (the total privacy budget, > 0)');
  checkDestinations(
    [...(out === STDOUT ? [] : [{ flag: '--out', path: out }]), { flag: '--receipt', path: receipt }],
    [countsPath, schema.path],
  );
  const counts = readInputText(countsPath, 'count tables');
  let result;
  try {
    result = await synthesizeFromCounts({ ...options, schema: schema.text, counts } as SynthesizeFromCountsOptions);
  } catch (error) {
    throw aboutFile(error, countsPath);
  }
  new PendingOutputs().commit([
    ...(out === STDOUT ? [] : [{ path: out, text: result.csv }]),
    { path: receipt, text: `${JSON.stringify(result.receipt, null, 2)}\n` },
  ]);
  if (out === STDOUT) process.stdout.write(result.csv);
  if (!flags.quiet) {
    process.stderr.write(
      `privsynth: ${result.rows.toLocaleString('en-US')} synthetic rows from the count tables in ${countsPath} ` +
        `(epsilon ${result.receipt.privacy.epsilonSpent}); the receipt to ${receipt}.\n`,
    );
  }
  if (!result.receipt.private) process.stderr.write(`${notPrivateWarning(result)}\n`);
  return EXIT.ok;
}
