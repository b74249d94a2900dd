// `privsynth count-tables --schema s.json --epsilon 1 [run options]`: the exact count tables a run
// reads, as JSON, for an SQL engine inside the data owner's perimeter to compute (docs/scale.md).
// `privsynth sql --schema s.json --epsilon 1 --table T [--dialect duckdb|postgres|spark]`: the one
// query that computes them on that engine, the schema's encoding applied in SQL.
// `privsynth release --counts counts.json|result.csv --schema s.json --epsilon 1 --receipt r.json
// [--out f.csv]`: the release from those tables (synthesizeFromCounts()) -- JSON, or the query's
// result as CSV -- the CSV and the receipt written both or neither. The count tables are as
// sensitive as the rows.
import Papa from 'papaparse';

import {
  checkNothingLeftOut,
  countsFromQueryResult,
  countTables,
  errorFromCode,
  synthesizeFromCounts,
} from '../node.js';
import type { CountQueryCounts, CountQueryTarget, CountTables, SynthesizeFromCountsOptions } from '../node.js';
import { commaList, parseCommandLine, stringFlag } from './args.js';
import { aboutFile, EXIT, UsageError } from './failure.js';
import { readInputText } from './files.js';
import { checkDestinations, PendingOutputs, STDOUT } from './output.js';
import { notPrivateWarning, ownerOnlyCounts } from './summary.js';
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

const SQL_FLAGS = {
  ...RUN_OPTION_FLAGS,
  table: { type: 'string' },
  dialect: { type: 'string' },
  typed: { type: 'string' },
  nulls: { type: 'string' },
  'union-all': { type: 'boolean' },
} as const;

const DIALECTS = ['duckdb', 'postgres', 'spark'];
const NULLS = ['missing', 'empty-text'];

export async function sqlCommand(args: string[]): Promise<number> {
  const { flags } = parseCommandLine(args, SQL_FLAGS, 0);
  const schema = schemaTextOf(flags);
  const options = readRunOptions(flags);
  if (options.epsilon === undefined) throw new UsageError('--epsilon is required (the run the tables are for)');
  const table = stringFlag(flags, 'table');
  if (table === undefined)
    throw new UsageError('--table is required: the table the engine reads (a name or an expression)');
  const dialect = stringFlag(flags, 'dialect') ?? 'duckdb';
  if (!DIALECTS.includes(dialect)) throw new UsageError(`--dialect must be ${DIALECTS.join(', ')} (not "${dialect}")`);
  const nulls = stringFlag(flags, 'nulls') ?? 'missing';
  if (!NULLS.includes(nulls)) throw new UsageError(`--nulls must be ${NULLS.join(' or ')} (not "${nulls}")`);
  const typed = stringFlag(flags, 'typed');
  const query: CountQueryTarget = {
    dialect: dialect as CountQueryTarget['dialect'],
    from: table,
    nulls: nulls as CountQueryTarget['nulls'],
    typedColumns: typed === undefined ? [] : commaList(typed),
    grouping: flags['union-all'] ? 'union-all' : 'grouping-sets',
  };
  const request = await countTables({ ...options, schema: schema.text, query } as Parameters<typeof countTables>[0]);
  process.stdout.write(request.sql as string);
  return EXIT.ok;
}

/** Count tables as JSON, or the count query's result as CSV (its header names the columns). */
async function readCounts(
  text: string,
  schema: string,
  options: Record<string, unknown>,
): Promise<{ counts: CountTables | string; counted?: CountQueryCounts }> {
  if (text.trimStart().startsWith('{')) return { counts: text };
  const parsed = Papa.parse<Record<string, string>>(text.trim(), { header: true, skipEmptyLines: true });
  const fatal = parsed.errors.find((error) => error.type === 'Quotes' || error.type === 'FieldMismatch');
  if (fatal) throw errorFromCode('INVALID_CSV', `the count query's result is not valid CSV: ${fatal.message}`);
  const { tables } = await countTables({ ...options, schema } as Parameters<typeof countTables>[0]);
  const counted = countsFromQueryResult(parsed.data, tables);
  checkNothingLeftOut(counted, options.outOfDomain as string | undefined);
  return { counts: counted.counts, counted };
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
  if (countsPath === undefined) {
    throw new UsageError('--counts <counts.json | result.csv> is required (see count-tables and sql)');
  }
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
  let result;
  let counted: CountQueryCounts | undefined;
  try {
    const read = await readCounts(readInputText(countsPath, 'count tables'), schema.text, options);
    counted = read.counted;
    result = await synthesizeFromCounts({
      ...options,
      schema: schema.text,
      counts: read.counts,
    } as SynthesizeFromCountsOptions);
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
        (counted ? `(${ownerOnlyCounts(counted)}) ` : '') +
        `(epsilon ${result.receipt.privacy.epsilonSpent}); the receipt to ${receipt}.\n`,
    );
  }
  if (!result.receipt.private) process.stderr.write(`${notPrivateWarning(result)}\n`);
  return EXIT.ok;
}
