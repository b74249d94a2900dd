// `npm run bench -- own-table`: what a data owner gets from the defaults on their own table, with a
// hand-written public schema and with none (the core then discovers the schema privately, spending a
// share of epsilon). Per table, at epsilon = 1 in total, side by side: synthesize({ csv, schema,
// epsilon: 1 }) and synthesize({ csv, epsilon: 1 }), each scored by the same code from the real and
// the synthetic CSV (bench/own-table/metrics.mjs, never the library's report): mean 2-way TV on one
// evaluation binning per table, Wasserstein-1 of the numeric columns over their real p1-p99 range,
// mean |change| of Pearson's r over the numeric pairs, coverage of the real categories holding at
// least 0.5% of the rows, and the wall time of the call. Repetition r uses test seed r, so the figures
// are reproducible. A call that throws prints its message in its row and the bench carries on.
// Prints markdown tables; asserts nothing.
// Usage: npm run bench -- own-table [--quick] [--repetitions=3] [--tables=heart,zhou-compas]
//        [--share=0.1] (discoveryShare for the schema-free row; default: the library's)
//        npm run bench -- own-table --self-check   checks the scores on toy tables worked out by hand
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

import { MAX_PAIRS, evaluationBinning, scoreSynthetic, selfCheck } from './metrics.mjs';
import { readFlags } from '../flags.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const shared = fileURLToPath(new URL('../../../shared/data/zhou/', import.meta.url));

const TABLES = {
  adult: { csv: `${root}data/adult/adult.csv`, schema: `${root}data/adult/adult.schema.json` },
  heart: { csv: `${root}data/heart/heart_cleveland.csv`, schema: `${root}data/heart/heart_cleveland.schema.json` },
  people: { csv: `${root}data/people/people.csv`, schema: `${root}data/people/people.schema.json` },
  ...Object.fromEntries(
    [2, 5].map((d) => {
      const path = `${root}data/mixture-of-gaussians/mixture_of_Gaussians_N100000_D${d}`;
      return [`gaussians-d${d}`, { csv: `${path}.csv`, schema: `${path}.schema.json` }];
    }),
  ),
  ...Object.fromEntries(
    ['adult', 'churn', 'compas', 'dutch', 'heart', 'law'].map((name) => [
      `zhou-${name}`,
      { csv: `${shared}${name}.csv`, schema: `${shared}${name}.schema.json` },
    ]),
  ),
};
const QUICK_TABLES = ['heart', 'people', 'zhou-compas'];
const EPSILON = 1;

const flags = readFlags();
const quick = Boolean(flags.quick);
const repetitions = Number(flags.repetitions ?? (quick ? 1 : 3));
const tables = flags.tables ? String(flags.tables).split(',') : quick ? QUICK_TABLES : Object.keys(TABLES);
const share = flags.share === undefined ? undefined : Number(flags.share);
if (!(Number.isInteger(repetitions) && repetitions > 0) || (share !== undefined && !Number.isFinite(share))) {
  console.error('--repetitions takes a whole number > 0 and --share a number');
  process.exit(2);
}
for (const name of tables) {
  if (!TABLES[name]) {
    console.error(`unknown table "${name}"; choose from ${Object.keys(TABLES).join(', ')}`);
    process.exit(2);
  }
}
if (!existsSync(`${root}web/lib/dist/node.js`)) {
  console.error(`${root}web/lib/dist/node.js is missing: run "bash scripts/build.sh wasm lib"`);
  process.exit(2);
}
if (flags['self-check']) {
  const failures = selfCheck();
  console.log(failures.length ? `the scores' self-check failed:\n  ${failures.join('\n  ')}` : 'self-check: all hold');
  process.exit(failures.length ? 1 : 0);
}
const { parseCsv, synthesize, validateSchema } = await import('privsynth');

const progress = (text) => process.stderr.write(`${text}\n`);
const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;
const sd = (xs) => (xs.length > 1 ? Math.sqrt(xs.reduce((a, x) => a + (x - mean(xs)) ** 2, 0) / (xs.length - 1)) : 0);
const fixed = (x, digits = 3) => (typeof x === 'number' && Number.isFinite(x) ? x.toFixed(digits) : '-');
const spread = (xs, digits = 3) => {
  const known = xs.filter((x) => typeof x === 'number' && Number.isFinite(x));
  if (!known.length) return '-';
  return known.length > 1 ? `${fixed(mean(known), digits)} ± ${fixed(sd(known), digits)}` : fixed(known[0], digits);
};
/** An error message fit for one cell of a markdown table. */
const cell = (text) => String(text).replace(/\s+/g, ' ').replace(/\|/g, '\\|').slice(0, 200);

/** The row's runs over seeds 1..repetitions; stops at the first error (a retry would fail alike). */
async function runRow(label, real, binning, options) {
  const runs = [];
  for (let seed = 1; seed <= repetitions; ++seed) {
    progress(`  ${label}, seed ${seed}/${repetitions}`);
    const start = performance.now();
    let result;
    try {
      result = await synthesize({ ...options, epsilon: EPSILON, testSeed: seed });
    } catch (error) {
      const message = `${error.code ?? error.name}: ${error.message}`;
      progress(`    failed: ${message}`);
      return { runs, error: message };
    }
    const seconds = (performance.now() - start) / 1000;
    const synthetic = parseCsv(result.csv);
    const notMeasured = (result.receipt.schema?.notMeasured ?? []).map((column) => column.name);
    runs.push({ seconds, ...scoreSynthetic(binning, real, synthetic, notMeasured) });
  }
  return { runs };
}

const shareText = share === undefined ? 'the library default' : String(share);
console.log(
  `The defaults on each table at ε = ${EPSILON} in total, ${repetitions} repetition(s) (test seeds 1..${repetitions}; ` +
    'mean ± sd). Hand schema: synthesize({ csv, schema, epsilon }) with the schema file beside the table. ' +
    `No schema: synthesize({ csv, epsilon }), the schema discovered privately (discoveryShare: ${shareText}).\n\n` +
    'Both rows are scored by the bench from the real and the synthetic CSV, on one evaluation binning per ' +
    'table that depends on the real table only: a column whose present cells are all numbers with more than 20 ' +
    'distinct values is numeric, cut at the real deciles (synthetic numbers outside the real range go to the end ' +
    'bins); every other column (dates included) is categorical: its 30 most frequent real values, "other" ' +
    '(unseen values) and "missing" (empty, "?", "NA", "N/A", "NaN", "null"). 2-way TV: the mean total variation ' +
    `over the column pairs (at most ${MAX_PAIRS}, drawn with a fixed seed when a table has more). W1: the mean ` +
    'over numeric columns of the exact Wasserstein-1 distance between the real and synthetic values, over the ' +
    "real column's p1-p99 range. abs Δr: the mean over numeric pairs of |Pearson's r (real) - r (synthetic)|, each " +
    'on the rows where both are numbers. Coverage: the share of the real categories holding at least 0.5% of ' +
    'the rows (categorical columns, pooled) that the synthetic table holds at least once. Unmeasured: columns ' +
    'the synthetic table lacks or the receipt lists as not measured (id and text columns, which get fresh ' +
    "identifiers or a placeholder); they are left out of that row's scores. Seconds: the synthesize() call. " +
    "The zhou-* schemas hold Zhou et al.'s integer codes, whose domains came from the data (as their source " +
    'says): their hand-schema row is not a run with a public schema.',
);
console.log(
  '\n| table | rows × columns (numeric) | schema | unmeasured | 2-way TV | W1 / range | abs Δr | coverage | seconds |',
);
console.log('| --- | ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: |');

const ROWS = ['hand schema', 'no schema'];
const summary = Object.fromEntries(ROWS.map((row) => [row, []]));
const notes = [];
for (const name of tables) {
  const table = TABLES[name];
  if (!existsSync(table.csv)) {
    notes.push(`${name}: skipped, ${table.csv} is missing`);
    console.log(`| ${name} | - | - | - | skipped: ${cell(table.csv)} is missing | - | - | - | - |`);
    continue;
  }
  progress(name);
  const csv = readFileSync(table.csv, 'utf8');
  const real = parseCsv(csv);
  const binning = evaluationBinning(real);
  const numeric = binning.columns.filter((column) => column.numeric).length;
  if (binning.sampledPairs) notes.push(`${name}: 2-way TV over ${binning.pairs.length} sampled column pairs`);
  const shape = `${real.rows.length.toLocaleString('en-US')} × ${real.header.length} (${numeric})`;

  let schema;
  let schemaProblem;
  try {
    schema = readFileSync(table.schema, 'utf8');
    await validateSchema(schema);
  } catch (error) {
    schemaProblem = `the schema file is not a privsynth schema: ${error.message}`;
  }
  const rows = {
    'hand schema': schemaProblem
      ? { runs: [], skipped: schemaProblem }
      : await runRow('hand schema', real, binning, { csv, schema }),
    'no schema': await runRow('no schema', real, binning, {
      csv,
      ...(share === undefined ? {} : { discoveryShare: share }),
    }),
  };
  for (const label of ROWS) {
    const { runs, error, skipped } = rows[label];
    const first = label === ROWS[0] ? `${name} | ${shape}` : ' | ';
    if (!runs.length) {
      console.log(
        `| ${first} | ${label} | - | ${skipped ? 'skipped' : 'error'}: ${cell(skipped ?? error)} | - | - | - | - |`,
      );
      continue;
    }
    const of = (key, digits) =>
      spread(
        runs.map((run) => run[key]),
        digits,
      );
    const failed = error ? ` (seed ${runs.length + 1} failed: ${cell(error)})` : '';
    console.log(
      `| ${first} | ${label} | ${runs[0].unmeasured} | ${of('tv')} | ${of('w1')} | ${of('pearson')} | ` +
        `${of('coverage')} | ${of('seconds', 1)}${failed} |`,
    );
    summary[label].push(runs);
  }
}

console.log('\nMeans over the tables each row ran on:\n');
console.log('| schema | tables | unmeasured (total) | 2-way TV | W1 / range | abs Δr | coverage | seconds |');
console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
for (const label of ROWS) {
  const perTable = summary[label];
  if (!perTable.length) {
    console.log(`| ${label} | 0 | - | - | - | - | - | - |`);
    continue;
  }
  const of = (key, digits = 3) => {
    const means = perTable
      .map((runs) => runs.map((run) => run[key]).filter(Number.isFinite))
      .filter((xs) => xs.length)
      .map(mean);
    return means.length ? fixed(mean(means), digits) : '-';
  };
  const unmeasured = perTable.reduce((total, runs) => total + runs[0].unmeasured, 0);
  console.log(
    `| ${label} | ${perTable.length} | ${unmeasured} | ${of('tv')} | ${of('w1')} | ${of('pearson')} | ` +
      `${of('coverage')} | ${of('seconds', 1)} |`,
  );
}
if (notes.length) console.log(`\n${notes.map((note) => `- ${note}`).join('\n')}`);
